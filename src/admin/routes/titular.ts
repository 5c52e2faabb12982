import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reportLine, summarize } from '../titular-report.js';
import {
  findTitular,
  titularAccessesQuery,
  titularAccessPage,
  titularSummary,
  type Period,
  type Titular,
  type TitularAccess,
  type TitularCursor,
} from '../../audit/titular.queries.js';
import { isValidCpf, parseCpf } from '../../domain/cpf.js';
import {
  brazilianDate,
  businessDate,
  dateOfDay,
  dayNumber,
  parseBrazilianDate,
  parseTimestamp,
  saoPauloTimestamp,
  startOfBusinessDay,
} from '../../domain/dates.js';
import { formatMatricula } from '../../domain/matricula.js';
import { pageContext, sendHtml } from '../pages.js';
import { AnyQuery } from '../route-schemas.js';
import { TITULAR_PAGE_LINES, titularPage, type TitularErrors, type TitularForm, type TitularReport } from '../views/titular.js';

/** The period's start when none is given: before any entry the trail holds. */
const FIRST_DAY = '2000-01-01';
/** PostgreSQL's code for a statement its timeout cancelled. */
const STATEMENT_TIMEOUT = '57014';
/** How long an export's connection may stay silent. */
const EXPORT_IDLE_MS = 5 * 60_000;
/** Entries read from the cursor at a time while exporting. */
const EXPORT_BATCH = 1000;
/** `2026-03-10T17:22:05.123456Z_1234`: the last line's time in UTC, to the microsecond, and its id. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([1-9][0-9]{0,15})$/;

const MESSAGES = {
  associado: 'Informe a matrícula (só algarismos) ou o CPF (11 algarismos, com ou sem pontuação) do associado.',
  cpf: 'CPF inválido: seus dígitos verificadores não conferem.',
  unknown: 'Nenhum associado tem esta matrícula ou este CPF.',
  de: 'Data inicial inválida: escreva DD/MM/AAAA, por exemplo 01/01/2026.',
  ate: 'Data final inválida: escreva DD/MM/AAAA, por exemplo 31/12/2026.',
  order: 'A data inicial é posterior à final.',
  depois: 'O marcador de página de “Seguintes” é inválido. Volte à primeira página e navegue de novo.',
} as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The member and the period asked for, or what is wrong with them. */
async function readRequest(app: FastifyInstance, query: Record<string, unknown>) {
  const form: TitularForm = { associado: text(query.associado), de: text(query.de), ate: text(query.ate) };
  const errors: TitularErrors = {};
  const cpf = parseCpf(form.associado);
  let titular: Titular | undefined;
  if (cpf !== null) {
    if (isValidCpf(cpf)) titular = await findTitular(app.database.db, { cpf });
    else errors.associado = MESSAGES.cpf;
  } else if (/^[0-9]{1,10}$/.test(form.associado) && Number(form.associado) > 0)
    titular = await findTitular(app.database.db, { matricula: Number(form.associado) });
  else errors.associado = MESSAGES.associado;
  if (!titular && !errors.associado) errors.associado = MESSAGES.unknown;

  const from = form.de === '' ? FIRST_DAY : parseBrazilianDate(form.de);
  if (from === null) errors.de = MESSAGES.de;
  const until = form.ate === '' ? businessDate(new Date()) : parseBrazilianDate(form.ate);
  if (until === null) errors.ate = MESSAGES.ate;
  if (from && until && from > until) errors.ate = MESSAGES.order;
  const period: Period | undefined =
    from && until ? { from: startOfBusinessDay(from), until: startOfBusinessDay(dateOfDay(dayNumber(until) + 1)) } : undefined;
  return { form, errors, titular, from, until, period };
}

function parseCursor(value: unknown): TitularCursor | null {
  const match = typeof value === 'string' ? CURSOR.exec(value) : null;
  if (!match || parseTimestamp(match[1]!) === null) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { at: match[1]!, id } : null;
}

/** The report's period, as it reads: "01/01/2026 a 31/12/2026", or "até …" without a start. */
const periodText = (from: string, until: string) =>
  from === FIRST_DAY ? `até ${brazilianDate(until)}` : `${brazilianDate(from)} a ${brazilianDate(until)}`;

const CSV_HEADER = ['quando', 'quem', 'operacao', 'dados', 'rota', 'status', 'quantidade'];

async function* csvRecords(batches: AsyncIterable<TitularAccess[]>): AsyncGenerator<(string | number)[]> {
  for await (const batch of batches) {
    for (const access of batch) {
      const line = reportLine(access);
      yield [saoPauloTimestamp(line.at), line.who, line.operation, line.kinds.join(', '), line.rota, line.status, line.count];
    }
  }
}

/**
 * Relatório do titular (LGPD art. 18 VII and art. 19): every access to one member's data in a period — the API's
 * reads, the webhooks that carried it, the administration's pages — by integration and operation, printable and as
 * CSV. Opening or exporting it is itself in the trail, with the member's matrícula.
 *
 * A member an integration reads every few minutes has a million entries a year: the summary is read from the
 * member's counts by month (src/audit/titular-counts.ts), the detail comes a page at a time, and the CSV is streamed
 * from a cursor.
 */
export function titularRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;

  const show = (request: FastifyRequest, reply: FastifyReply, form: TitularForm, errors: TitularErrors, report?: TitularReport) => {
    const params = new URLSearchParams({ associado: form.associado, de: form.de, ate: form.ate });
    const links = report && {
      csv: `/admin/auditoria/titular.csv?${params.toString()}`,
      first: `/admin/auditoria/titular?${params.toString()}`,
    };
    return sendHtml(
      reply,
      titularPage({ context: pageContext(request, reply), form, errors, report, links }),
      Object.keys(errors).length > 0 ? 400 : 200,
    );
  };

  app.get('/auditoria/titular', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    if (Object.keys(request.query).length === 0) return show(request, reply, { associado: '', de: '', ate: '' }, {});
    const { form, errors, titular, from, until, period } = await readRequest(app, request.query);
    const after = request.query.depois === undefined ? null : parseCursor(request.query.depois);
    if (request.query.depois !== undefined && after === null) errors.depois = MESSAGES.depois;
    if (Object.keys(errors).length > 0 || !titular || !from || !until || !period) return show(request, reply, form, errors);

    const [summaryRows, accesses] = await Promise.all([
      // The summary reads the member's counts by month, and the entries of the days not yet counted: after an upgrade,
      // until the whole trail is, that can be a million entries (seconds). Past the statement timeout the page still
      // shows the detail, and says the summary is missing.
      titularSummary(db, titular.matricula, period).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === STATEMENT_TIMEOUT) return undefined;
        throw error;
      }),
      titularAccessPage(db, titular.matricula, period, after, TITULAR_PAGE_LINES + 1),
    ]);
    const shown = accesses.slice(0, TITULAR_PAGE_LINES);
    const last = shown.at(-1);
    const next =
      accesses.length > TITULAR_PAGE_LINES && last
        ? `/admin/auditoria/titular?${new URLSearchParams({ ...form, depois: `${last.posicao}_${last.id}` }).toString()}`
        : undefined;
    const report: TitularReport = {
      association: app.config.associationName,
      titular,
      period: periodText(from, until),
      generatedBy: request.session.adminEmail ?? 'administração',
      generatedAt: new Date(),
      summary: summaryRows && summarize(summaryRows),
      lines: shown.map(reportLine),
      page: { continued: after !== null, next },
    };
    request.adminAudit = {
      detalhe: `relatório do titular: matrícula ${formatMatricula(titular.matricula)}, ${report.period}`,
      matriculas: [titular.matricula],
    };
    return show(request, reply, form, errors, report);
  });

  app.get('/auditoria/titular.csv', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    const { form, errors, titular, from, until, period } = await readRequest(app, request.query);
    if (Object.keys(errors).length > 0 || !titular || !from || !until || !period) return show(request, reply, form, errors);
    request.adminAudit = {
      detalhe: `exportação do relatório do titular: matrícula ${formatMatricula(titular.matricula)}, ${periodText(from, until)}`,
      matriculas: [titular.matricula],
    };
    // The BOM makes spreadsheet programs read UTF-8; a cell that looks like a formula (a token's name) stays text.
    const csv = stringify({ header: true, columns: CSV_HEADER, bom: true, escape_formulas: true });
    // The cursor's first batch waits for the member's entries to be sorted (30 s for a million): the connection may
    // stay silent that long, where the server's inactivity timeout (10 s) would cut the download.
    // (A connection's socket: a request injected in-process has none to wait on.)
    if (request.raw.socket instanceof Socket) request.raw.socket.setTimeout(EXPORT_IDLE_MS);
    const rows = app.database.cursor(titularAccessesQuery(titular.matricula, period).compile(db), EXPORT_BATCH);
    pipeline(csvRecords(rows), csv).catch((error: unknown) => request.log.warn({ err: error }, 'titular export interrupted'));
    const filename = `titular-${formatMatricula(titular.matricula)}-${saoPauloTimestamp(new Date()).slice(0, 10)}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
  });
  done();
}
