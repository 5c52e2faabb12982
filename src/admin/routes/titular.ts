import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reportLine, summarize, type ReportLine } from '../titular-report.js';
import { findTitular, titularAccesses, type Titular } from '../../audit/titular.queries.js';
import { isValidCpf, parseCpf } from '../../domain/cpf.js';
import {
  brazilianDate,
  businessDate,
  dateOfDay,
  dayNumber,
  parseBrazilianDate,
  saoPauloTimestamp,
  startOfBusinessDay,
} from '../../domain/dates.js';
import { formatMatricula } from '../../domain/matricula.js';
import { pageContext, sendHtml } from '../pages.js';
import { AnyQuery } from '../route-schemas.js';
import { titularPage, type TitularErrors, type TitularForm, type TitularReport } from '../views/titular.js';

/** The period's start when none is given: before any entry the trail holds. */
const FIRST_DAY = '2000-01-01';

const MESSAGES = {
  associado: 'Informe a matrícula (só algarismos) ou o CPF (11 algarismos, com ou sem pontuação) do associado.',
  cpf: 'CPF inválido: seus dígitos verificadores não conferem.',
  unknown: 'Nenhum associado tem esta matrícula ou este CPF.',
  de: 'Data inicial inválida: escreva DD/MM/AAAA, por exemplo 01/01/2026.',
  ate: 'Data final inválida: escreva DD/MM/AAAA, por exemplo 31/12/2026.',
  order: 'A data inicial é posterior à final.',
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
  return { form, errors, titular, from, until };
}

/** The report's period, as it reads: "01/01/2026 a 31/12/2026", or "até …" without a start. */
const periodText = (from: string, until: string) =>
  from === FIRST_DAY ? `até ${brazilianDate(until)}` : `${brazilianDate(from)} a ${brazilianDate(until)}`;

const CSV_HEADER = ['quando', 'quem', 'operacao', 'dados', 'rota', 'status', 'quantidade'];
const csvRow = (line: ReportLine) => [
  saoPauloTimestamp(line.at),
  line.who,
  line.operation,
  line.kinds.join(', '),
  line.rota,
  line.status,
  line.count,
];

/**
 * Relatório do titular (LGPD art. 18 VII and art. 19): every access to one member's data in a period — the API's
 * reads, the webhooks that carried it, the administration's pages — by integration and operation, printable and as
 * CSV. Opening or exporting it is itself in the trail, with the member's matrícula.
 */
export function titularRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const build = async (request: FastifyRequest, query: Record<string, unknown>) => {
    const read = await readRequest(app, query);
    if (Object.keys(read.errors).length > 0 || !read.titular || !read.from || !read.until) return { ...read, report: undefined };
    const { titular, from, until } = read;
    const lines = (
      await titularAccesses(
        app.database.db,
        titular.matricula,
        startOfBusinessDay(from),
        startOfBusinessDay(dateOfDay(dayNumber(until) + 1)),
      )
    ).map(reportLine);
    const report: TitularReport = {
      association: app.config.associationName,
      titular,
      period: periodText(from, until),
      generatedBy: request.session.adminEmail ?? 'administração',
      generatedAt: new Date(),
      lines,
      groups: summarize(lines),
    };
    return { ...read, report };
  };

  const show = (request: FastifyRequest, reply: FastifyReply, form: TitularForm, errors: TitularErrors, report?: TitularReport) => {
    const csv =
      report && `/admin/auditoria/titular.csv?${new URLSearchParams({ associado: form.associado, de: form.de, ate: form.ate }).toString()}`;
    return sendHtml(
      reply,
      titularPage({ context: pageContext(request, reply), form, errors, report, csv }),
      Object.keys(errors).length > 0 ? 400 : 200,
    );
  };

  app.get('/auditoria/titular', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    if (Object.keys(request.query).length === 0) return show(request, reply, { associado: '', de: '', ate: '' }, {});
    const { form, errors, report } = await build(request, request.query);
    if (report) {
      request.adminAudit = {
        detalhe: `relatório do titular: matrícula ${formatMatricula(report.titular.matricula)}, ${report.period}`,
        matriculas: [report.titular.matricula],
      };
    }
    return show(request, reply, form, errors, report);
  });

  app.get('/auditoria/titular.csv', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    const { form, errors, report } = await build(request, request.query);
    if (!report) return show(request, reply, form, errors);
    request.adminAudit = {
      detalhe: `exportação do relatório do titular: matrícula ${formatMatricula(report.titular.matricula)}, ${report.period}`,
      matriculas: [report.titular.matricula],
    };
    // The BOM makes spreadsheet programs read UTF-8; a cell that looks like a formula (a token's name) stays text.
    const body = stringify([CSV_HEADER, ...report.lines.map(csvRow)], { bom: true, escape_formulas: true });
    const filename = `titular-${formatMatricula(report.titular.matricula)}-${saoPauloTimestamp(report.generatedAt).slice(0, 10)}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(body);
  });
  done();
}
