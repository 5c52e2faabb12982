import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatMatricula } from '../../domain/matricula.js';
import {
  AUDIT_PAGE_SIZE,
  allAudit,
  auditedRoutes,
  latestAlerts,
  listAudit,
  type AuditCursor,
  type AuditFilters,
  type AuditRow,
} from '../../audit/audit.queries.js';
import { hourlyOverview } from '../../audit/usage.queries.js';
import {
  dateOfDay,
  dayNumber,
  isCalendarDate,
  parseBrazilianDate,
  parseTimestamp,
  saoPauloTimestamp,
  startOfBusinessDay,
} from '../../domain/dates.js';
import { listTokens } from '../../tokens/tokens.queries.js';
import { pageContext, sendHtml } from '../pages.js';
import { AnyQuery } from '../route-schemas.js';
import {
  WHO_ADMIN,
  WHO_NO_TOKEN,
  auditPage,
  type AuditFilterErrors,
  type AuditFilterField,
  type AuditFilterForm,
  type AuditPageProps,
} from '../views/auditoria.js';

type Query = Record<string, unknown>;

const FIELDS: readonly AuditFilterField[] = ['token', 'de', 'ate', 'matricula', 'rota', 'status'];
const FIELD_NAMES: Record<AuditFilterField, string> = {
  token: 'quem',
  de: 'de',
  ate: 'até',
  matricula: 'matrícula',
  rota: 'rota',
  status: 'status',
};

// Dates outside these years are typos; past 9999 the day after `ate` would not even be a date.
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;
const MAX_ROUTE_LENGTH = 200;
/** `2026-03-10T17:22:05.123456Z_1234`: the last entry's time in UTC, to the microsecond, and its id. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([1-9][0-9]{0,15})$/;

const MESSAGES = {
  repeated: 'Cada filtro deve aparecer uma só vez no endereço.',
  token: 'Escolha em “Quem” um dos tokens da lista, “Administração” ou “API sem token válido”.',
  de: `Data inicial inválida: use um dia que exista, no formato DD/MM/AAAA (ex.: 10/03/2026), entre ${FIRST_YEAR} e ${LAST_YEAR}.`,
  ate: `Data final inválida: use um dia que exista, no formato DD/MM/AAAA (ex.: 10/03/2026), entre ${FIRST_YEAR} e ${LAST_YEAR}.`,
  order: 'A data inicial é posterior à final.',
  matricula: 'Matrícula inválida: use só algarismos, até 10, com ou sem zeros à esquerda (ex.: 004217).',
  rota: `Rota inválida: ela começa com “/”, não tem espaços e tem até ${MAX_ROUTE_LENGTH} caracteres (ex.: /api/v1/associados/:id).`,
  status: 'Status inválido: use um código de 100 a 599 (ex.: 404) ou uma classe de 1xx a 5xx (ex.: 4xx).',
  antes: 'O marcador de página de “Mais antigos” é inválido. Volte à primeira página e navegue de novo.',
} as const;

interface ParsedFilters {
  form: AuditFilterForm;
  filters: AuditFilters;
  errors: AuditFilterErrors;
}

/** A query parameter as typed; a repeated one is an error rather than a silently dropped filter. */
function param(query: Query, name: string, errors: AuditFilterErrors, field: keyof AuditFilterErrors): string {
  const value = query[name];
  if (value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  errors[field] = MESSAGES.repeated;
  return '';
}

/** A day as the form takes it, DD/MM/AAAA, or as links made before took it, AAAA-MM-DD; as `YYYY-MM-DD`. */
function businessDay(text: string): string | null {
  const date = isCalendarDate(text) ? text : parseBrazilianDate(text);
  if (date === null) return null;
  const year = Number(date.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR ? date : null;
}

function parseFilters(query: Query, tokenIds: ReadonlySet<number>): ParsedFilters {
  const errors: AuditFilterErrors = {};
  const read = (field: AuditFilterField) => param(query, field, errors, field);
  const form: AuditFilterForm = {
    token: read('token'),
    de: read('de'),
    ate: read('ate'),
    matricula: read('matricula'),
    rota: read('rota'),
    status: read('status'),
  };
  const filters: AuditFilters = {};

  if (form.token === WHO_ADMIN || form.token === WHO_NO_TOKEN) filters.who = form.token;
  else if (form.token !== '') {
    const id = /^[1-9][0-9]{0,15}$/.test(form.token) ? Number(form.token) : NaN;
    if (tokenIds.has(id)) filters.who = { tokenId: id };
    else errors.token ??= MESSAGES.token;
  }

  const from = form.de === '' ? null : businessDay(form.de);
  if (form.de !== '' && from === null) errors.de ??= MESSAGES.de;
  const until = form.ate === '' ? null : businessDay(form.ate);
  if (form.ate !== '' && until === null) errors.ate ??= MESSAGES.ate;
  if (from && until && from > until) errors.ate ??= MESSAGES.order;
  if (from) filters.from = startOfBusinessDay(from);
  if (until) filters.until = startOfBusinessDay(dateOfDay(dayNumber(until) + 1));

  if (form.matricula !== '') {
    if (/^[0-9]{1,10}$/.test(form.matricula) && Number(form.matricula) > 0) filters.matricula = Number(form.matricula);
    else errors.matricula ??= MESSAGES.matricula;
  }

  if (form.rota !== '') {
    if (form.rota.startsWith('/') && form.rota.length <= MAX_ROUTE_LENGTH && !/\s/.test(form.rota)) filters.rota = form.rota;
    else errors.rota ??= MESSAGES.rota;
  }

  if (form.status !== '') {
    const exact = /^[1-5][0-9]{2}$/.test(form.status) ? Number(form.status) : null;
    const statusClass = /^([1-5])xx$/i.exec(form.status)?.[1];
    if (exact !== null) filters.status = { min: exact, max: exact };
    else if (statusClass) filters.status = { min: Number(statusClass) * 100, max: Number(statusClass) * 100 + 99 };
    else errors.status ??= MESSAGES.status;
  }
  return { form, filters, errors };
}

function parseCursor(text: string): AuditCursor | null {
  const match = CURSOR.exec(text);
  if (!match || parseTimestamp(match[1]!) === null) return null;
  const year = Number(match[1]!.slice(0, 4));
  const id = Number(match[2]);
  return year >= FIRST_YEAR && year <= LAST_YEAR && Number.isSafeInteger(id) ? { at: match[1]!, id } : null;
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

function filterParams(form: AuditFilterForm): URLSearchParams {
  return new URLSearchParams(FIELDS.filter((field) => form[field] !== '').map((field) => [field, form[field]]));
}

/** An instant as São Paulo wall-clock time with its offset and milliseconds, e.g. `2026-03-10T14:22:05.123-03:00`. */
function saoPauloIso(instant: Date): string {
  const seconds = saoPauloTimestamp(instant);
  return `${seconds.slice(0, 19)}.${String(instant.getUTCMilliseconds()).padStart(3, '0')}${seconds.slice(19)}`;
}

const CSV_COLUMNS = [
  'id',
  'quando',
  'origem',
  'token_id',
  'token_nome',
  'token_prefixo',
  'admin_email',
  'metodo',
  'rota',
  'status',
  'quantidade',
  'matriculas',
  'request_id',
  'request_id_cliente',
  'ip',
  'detalhe',
  'alerta',
];
/** How far back the page's list of alerts reaches, and how many it shows. */
const ALERT_DAYS = 7;
const SHOWN_ALERTS = 10;

async function* csvRecords(rows: AsyncIterable<AuditRow>): AsyncGenerator<(string | number)[]> {
  for await (const row of rows) {
    yield [
      row.id,
      saoPauloIso(row.ocorrido_em),
      row.origem,
      row.token_id ?? '',
      row.token_nome ?? '',
      row.token_prefixo ?? '',
      // The command line's operator (user@host) stands where an administrator's e-mail does.
      row.admin_email ?? row.operador ?? '',
      row.metodo,
      row.rota,
      row.status,
      row.quantidade,
      row.matriculas.map(formatMatricula).join(' '),
      row.request_id,
      row.request_id_cliente ?? '',
      row.ip ?? '',
      row.detalhe ?? '',
      row.alerta ? 'sim' : 'não',
    ];
  }
}

/** The API's audited route patterns, i.e. the operations that take a token, as the OpenAPI document lists them. */
function securedApiRoutes(app: FastifyInstance): string[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, { security?: unknown[] } | undefined>> };
  return Object.entries(document.paths ?? {})
    .filter(([, operations]) => Object.values(operations).some((operation) => (operation?.security?.length ?? 0) > 0))
    .map(([path]) => path.replace(/\{(\w+)\}/g, ':$1'));
}

/** Auditoria: the audit trail, filtered, paged and exported as CSV. */
export function auditoriaRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;
  let apiRoutes: string[] | undefined;
  // Every route with entries is in the trail; the API's own are offered even before their first call.
  const knownRoutes = async () => {
    apiRoutes ??= securedApiRoutes(app);
    return [...new Set([...apiRoutes, ...(await auditedRoutes(db))])].sort();
  };
  const readFilters = async (query: Query) => {
    const tokens = (await listTokens(db))
      .map(({ id, nome, prefixo }) => ({ id, nome, prefixo }))
      .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR') || a.id - b.id);
    return { tokens, ...parseFilters(query, new Set(tokens.map((token) => token.id))) };
  };
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    read: Awaited<ReturnType<typeof readFilters>>,
    rows: AuditRow[] = [],
    links: Omit<AuditPageProps['links'], 'export'> = {},
  ) => {
    const { tokens, form, errors } = read;
    const [alerts, overview] = await Promise.all([
      latestAlerts(db, new Date(Date.now() - ALERT_DAYS * 86_400_000), SHOWN_ALERTS),
      hourlyOverview(db),
    ]);
    return sendHtml(
      reply,
      auditPage({
        context: pageContext(request, reply),
        form,
        errors,
        tokens,
        rotas: await knownRoutes(),
        rows,
        alerts,
        alertDays: ALERT_DAYS,
        overview,
        links: { export: withQuery('/admin/auditoria.csv', filterParams(form)), ...links },
      }),
      Object.keys(errors).length > 0 ? 400 : 200,
    );
  };

  app.get('/auditoria', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    const read = await readFilters(request.query);
    const cursorText = param(request.query, 'antes', read.errors, 'antes');
    const cursor = cursorText === '' ? null : parseCursor(cursorText);
    if (cursorText !== '' && cursor === null) read.errors.antes ??= MESSAGES.antes;
    if (Object.keys(read.errors).length > 0) return page(request, reply, read);

    const rows = await listAudit(db, read.filters, cursor, AUDIT_PAGE_SIZE + 1);
    const shown = rows.slice(0, AUDIT_PAGE_SIZE);
    const last = shown.at(-1);
    const params = filterParams(read.form);
    const links: { older?: string; newest?: string } = {};
    if (rows.length > AUDIT_PAGE_SIZE && last)
      links.older = withQuery('/admin/auditoria', new URLSearchParams([...params, ['antes', `${last.posicao}_${last.id}`]]));
    if (cursor) links.newest = withQuery('/admin/auditoria', params);
    return page(request, reply, read, shown, links);
  });

  app.get('/auditoria.csv', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    const read = await readFilters(request.query);
    if (Object.keys(read.errors).length > 0) return page(request, reply, read);

    const { form, filters } = read;
    const described = FIELDS.filter((field) => form[field] !== '').map((field) => `${FIELD_NAMES[field]} ${form[field]}`);
    request.adminAudit = {
      detalhe: `exportação da auditoria (${described.length > 0 ? `filtros: ${described.join(', ')}` : 'sem filtros'})`,
    };
    // The BOM makes spreadsheet programs read the file as UTF-8; a cell that looks like a formula is
    // quoted so a token name like "=HYPERLINK(…)" stays text.
    const csv = stringify({ header: true, columns: CSV_COLUMNS, bom: true, escape_formulas: true });
    pipeline(csvRecords(allAudit(db, filters)), csv).catch((error: unknown) =>
      request.log.warn({ err: error }, 'audit export interrupted'),
    );
    const stamp = saoPauloTimestamp(new Date());
    const filename = `auditoria-${stamp.slice(0, 4)}${stamp.slice(5, 7)}${stamp.slice(8, 10)}-${stamp.slice(11, 13)}${stamp.slice(14, 16)}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
  });
  done();
}
