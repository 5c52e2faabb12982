import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../src/db/schema.js';
import { businessDate } from '../../src/domain/dates.js';
import { DEMO_FIXTURES, DEMO_MEMBERS, DEMO_SEED } from '../../src/seed/demo.js';
import { seed } from '../../src/seed/load.js';
import { payInvoice } from '../../src/simulation/payments.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/**
 * Date and timestamp columns that record something that happened: none may lie after the moment the data was
 * seeded, or an ERP's watermark (the largest `atualizado_em` it has seen) would run ahead of every real change.
 */
const HAPPENED = [
  'admin_usuario.criado_em',
  'admin_usuario.ultimo_login_em',
  'api_token.criado_em',
  'api_token.revogado_em',
  'api_token.rotacionado_em',
  'api_token.ultimo_uso_em',
  'associado.atualizado_em',
  'associado.criado_em',
  'associado.data_admissao',
  'auditoria.ocorrido_em',
  'auditoria_titular.mes',
  'auditoria_titular.primeiro',
  'auditoria_titular.ultimo',
  'auditoria_titular_ate.ate',
  'chave_idempotencia.criado_em',
  'chave_servico.criado_em',
  'consulta_cpf_sem_resultado.dia_desde',
  'consulta_cpf_sem_resultado.minuto_desde',
  'curso.atualizado_em',
  'curso.criado_em',
  'email_saida.criado_em',
  'evento.ocorrido_em',
  'fatura.atualizado_em',
  'fatura.cancelado_em',
  'fatura.criado_em',
  'fatura.nfse_emitida_em',
  'fatura.pago_em',
  'fatura.reembolsado_em',
  'fatura_marcacao.marcada_ate',
  'prova.atualizado_em',
  'prova.criado_em',
  'prova_resultado.atualizado_em',
  'prova_resultado.registrado_em',
  'uso_token_minuto.minuto',
  'uso_token_hora.hora',
  'webhook_endpoint.criado_em',
  'webhook_endpoint.desativado_em',
  'webhook_endpoint.falhando_desde',
  'webhook_entrega.concluida_em',
  'webhook_entrega.criado_em',
  'webhook_tentativa.iniciada_em',
];

/** The columns that hold what is planned or valid until, and why they may lie ahead. */
const FUTURE_FACTS: Readonly<Record<string, string>> = {
  'admin_sessao.expira_em': 'a session lasts until then',
  'api_token.expira_em': 'a token is valid until then',
  'curso.data_fim': 'a course is scheduled ahead',
  'curso.data_inicio': 'a course is scheduled ahead',
  'curso.inscricao_fim': 'enrolment windows are announced ahead',
  'curso.inscricao_inicio': 'enrolment windows are announced ahead',
  'fatura.vencimento': 'an invoice falls due after it is issued',
  'prova.data': 'an exam is scheduled ahead',
  'webhook_endpoint.segredo_anterior_ate': 'a rotated secret keeps signing until then',
  'webhook_entrega.proxima_em': 'a pending delivery is due then',
};

/** The columns of the tables the seed writes (the others it keeps as they were): the demo fills every one. */
const SEEDED = HAPPENED.filter((column) => /^(associado|curso|fatura)\./.test(column));

interface Column {
  table: string;
  column: string;
  isDate: boolean;
}

async function datedColumns(db: Kysely<Schema>): Promise<Column[]> {
  // Tables and partitioned tables, not their partitions (the audit trail's months): pg_class says which is which.
  const { rows } = await sql<{ table: string; column: string; type: string }>`
    select c.relname as table, a.attname as column, format_type(a.atttypid, null) as type
      from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
       and a.attnum > 0 and not a.attisdropped
       and a.atttypid in ('date'::regtype, 'timestamp with time zone'::regtype, 'timestamp without time zone'::regtype)
     order by 1, 2`.execute(db);
  return rows.map((row) => ({ table: row.table, column: row.column, isDate: row.type === 'date' }));
}

/** Each of `happened` holding a value after `moment` (a date column: after its São Paulo date), and how many values each holds. */
async function afterMoment(
  db: Kysely<Schema>,
  moment: Date,
  happened: readonly string[] = HAPPENED,
): Promise<{ offenders: string[]; checked: Map<string, number> }> {
  const offenders: string[] = [];
  const checked = new Map<string, number>();
  for (const { table, column, isDate } of await datedColumns(db)) {
    const name = `${table}.${column}`;
    if (!happened.includes(name)) continue;
    const bound = isDate ? sql`cast(${businessDate(moment)} as date)` : sql`cast(${moment.toISOString()} as timestamptz)`;
    const { rows } = await sql<{ filled: number; later: number; latest: string | null }>`
      select count(${sql.ref(column)})::int as filled, count(*) filter (where ${sql.ref(column)} > ${bound})::int as later,
             max(${sql.ref(column)})::text as latest
        from ${sql.table(table)}`.execute(db);
    const { filled, later, latest } = rows[0]!;
    checked.set(name, filled);
    if (later > 0) offenders.push(`${name}: ${later} after ${moment.toISOString()}, the latest ${latest}`);
  }
  return { offenders, checked };
}

describe('seeded data never in the future', () => {
  let t: TestDatabase;
  let db: Kysely<Schema>;
  let seededAt: Date;

  before(async () => {
    t = await createTestDatabase();
    db = t.database.db;
    // The demo as `npm start` seeds it: around the moment it is created.
    seededAt = new Date();
    await seed(t.database, {
      members: DEMO_MEMBERS,
      seed: DEMO_SEED,
      now: seededAt,
      today: businessDate(seededAt),
      reset: false,
      fixtures: DEMO_FIXTURES,
    });
  });
  after(() => t.dispose());

  it('knows every date and timestamp column of the schema as either something that happened or a future fact', async () => {
    const columns = (await datedColumns(db)).map(({ table, column }) => `${table}.${column}`);
    const unknown = columns.filter((name) => !HAPPENED.includes(name) && !(name in FUTURE_FACTS));
    assert.deepEqual(unknown, [], 'add each to HAPPENED, or to FUTURE_FACTS with the reason it may lie ahead');
    const gone = [...HAPPENED, ...Object.keys(FUTURE_FACTS)].filter((name) => !columns.includes(name));
    assert.deepEqual(gone, [], 'columns listed here that the schema no longer has');
  });

  it('holds nothing that happened after the moment the demo was seeded, in any table', async () => {
    const { offenders, checked } = await afterMoment(db, seededAt);
    assert.deepEqual(offenders, []);
    assert.deepEqual(
      SEEDED.filter((name) => !checked.get(name)),
      [],
      'seeded columns without a single value to check',
    );
  });

  it('keeps the watermark an ERP takes from the seeded invoices behind the next payment', async () => {
    const latest = async () =>
      (await sql<{ watermark: Date }>`select max(atualizado_em) as watermark from fatura`.execute(db)).rows[0]!.watermark;
    const watermark = await latest();
    assert.ok(watermark.getTime() <= seededAt.getTime(), `watermark ${watermark.toISOString()} after ${seededAt.toISOString()}`);
    const open = await db.selectFrom('fatura').select('id').where('status', '=', 'open').orderBy('id').executeTakeFirstOrThrow();
    const result = await payInvoice(db, { faturaId: Number(open.id), forma: 'pix' });
    assert.ok(result.ok);
    assert.ok(result.fatura.atualizado_em.getTime() > watermark.getTime(), 'the payment is stamped after the watermark');
    const since = await db.selectFrom('fatura').select('id').where('atualizado_em', '>=', watermark).execute();
    assert.ok(
      since.some((row) => Number(row.id) === Number(open.id)),
      'the next sync from the watermark finds the payment',
    );
  });

  // Fixed instants, so that the same data is checked whatever the day the test runs, at times the seed stamps
  // around: before office hours in the week annual fees are issued, just after enrolment windows open at 09:00,
  // the last minute before annual fees fall due. The tables the seed keeps were written after these instants, so
  // only the seeded ones are checked.
  for (const instant of ['2026-01-05T06:00:00-03:00', '2025-09-15T09:00:30-03:00', '2026-03-31T23:59:00-03:00']) {
    it(`holds nothing that happened after the instant it is seeded at (${instant})`, async () => {
      const moment = new Date(instant);
      await seed(t.database, { members: 300, seed: DEMO_SEED, now: moment, today: businessDate(moment), reset: true });
      assert.deepEqual((await afterMoment(db, moment, SEEDED)).offenders, []);
    });
  }
});
