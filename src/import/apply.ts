import { dropIndexesAndConstraints } from '../db/bulk-indexes.js';
import type { BulkSession } from '../db/connection.js';
import { described, live } from './checks.js';
import type { Kind } from './formats.js';
import { COURSE_COLUMNS, differs, EXAM_COLUMNS, INVOICE_COLUMNS, PART_KINDS, PAYMENT_COLUMNS, TARGETS } from './tables.js';

/**
 * Writes the accepted lines, one transaction per batch: a batch is written whole or not at all, and every statement
 * matches rows by their natural keys and changes only those that differ, so an import interrupted halfway runs
 * again from the start to the same end. A row written as it was is not touched: its `atualizado_em` and events stay.
 */

const MEMBER_BATCH = 20_000;
const INVOICE_BATCH = 50_000;

export interface ApplyOptions {
  kinds: readonly Kind[];
  /** The database had no member before the import: its first load announces nothing (no events), as the seed does. */
  firstLoad: boolean;
}

async function transaction(session: BulkSession, firstLoad: boolean, work: () => Promise<void>): Promise<void> {
  await session.query('begin');
  try {
    if (firstLoad) await session.query("set local associa.eventos = 'off'");
    await work();
    await session.query('commit');
  } catch (error) {
    await session.query('rollback').catch(() => {});
    throw error;
  }
}

/** `insert … on conflict (key) do update` of the changed columns, only where they differ. */
function upsert(table: string, key: readonly string[], columns: readonly string[], select: string): string {
  const all = [...key, ...columns];
  return `insert into ${table} (${all.join(', ')}) ${select}
    on conflict (${key.join(', ')}) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}
    where ${differs(table, 'excluded', columns)}`;
}

async function applyReference(session: BulkSession, kind: 'regionais' | 'categorias'): Promise<void> {
  const target = TARGETS[kind]!;
  const all = [...target.key, ...target.columns];
  await session.query(upsert(target.table, target.key, target.columns, `select ${all.join(', ')} from ${live(kind)} s order by linha`));
}

async function applyCourses(session: BulkSession): Promise<void> {
  await session.query(
    upsert('curso', ['slug'], COURSE_COLUMNS, `select slug, ${COURSE_COLUMNS.join(', ')} from ${live('cursos')} s order by linha`),
  );
  const prices = `select c.id as curso, split_part(p, '=', 1) as categoria, split_part(p, '=', 2)::numeric(10, 2) as valor
      from ${live('cursos')} s join curso c on c.slug = s.slug cross join lateral regexp_split_to_table(nullif(s.precos, ''), ' ') as p`;
  await session.query(`delete from curso_preco t using curso c, ${live('cursos')} s
    where c.id = t.curso and s.slug = c.slug and (t.categoria, t.valor) not in (select categoria, valor from (${prices}) n where n.curso = t.curso)`);
  await session.query(upsert('curso_preco', ['curso', 'categoria'], ['valor'], `select curso, categoria, valor from (${prices}) n`));
}

/**
 * The members to write, numbered in batches, in `imp_escopo`: those of associados.csv that are new or differ, and
 * those whose parts differ (`imp_partes_alteradas`, from the counts). The others would be written as they are.
 */
async function memberBatches(session: BulkSession): Promise<number> {
  const member = TARGETS.associados!;
  const members = [
    `select s.matricula from ${live('associados')} s left join associado t on t.matricula = s.matricula
      where t.matricula is null or ${differs('t', 's', member.columns)}`,
    'select matricula from imp_partes_alteradas',
  ];
  await session.query('drop table if exists imp_escopo');
  await session.query(`create temp table imp_escopo as
    select matricula, ((row_number() over (order by matricula) - 1) / ${MEMBER_BATCH})::int as lote
      from (${members.join(' union ')}) m`);
  await session.query('create index on imp_escopo (lote, matricula)');
  const [row] = await session.query<{ lotes: number }>('select coalesce(max(lote) + 1, 0)::int as lotes from imp_escopo');
  return row!.lotes;
}

async function applyMemberBatch(session: BulkSession, lote: number, kinds: readonly Kind[]): Promise<void> {
  const inBatch = `(select matricula from imp_escopo where lote = ${lote})`;
  await session.query('truncate imp_tocado');
  const member = TARGETS.associados!;
  await session.query(`with escrito as (${upsert(
    'associado',
    member.key,
    member.columns,
    `select matricula, ${member.columns.join(', ')} from ${live('associados')} s where matricula in ${inBatch} order by matricula`,
  )} returning matricula)
    insert into imp_tocado select matricula, true from escrito`);

  // The parts' own statements announce nothing: the member's touch below announces each member once.
  await session.query("set local associa.eventos = 'off'");
  for (const kind of PART_KINDS.filter((k) => kinds.includes(k))) {
    const target = TARGETS[kind]!;
    const match = target.key.map((c) => `s.${c} = t.${c}`).join(' and ');
    await session.query(`with removido as (
        delete from ${target.table} t where t.associado in ${inBatch} and t.associado in (select matricula from ${described(kind)})
           and not exists (select 1 from ${live(kind)} s where ${match})
        returning t.associado)
      insert into imp_tocado select associado, false from removido`);
    await session.query(`with escrito as (${upsert(
      target.table,
      target.key,
      target.columns,
      `select ${[...target.key, ...target.columns].join(', ')} from ${live(kind)} s where associado in ${inBatch} order by linha`,
    )} returning associado)
      insert into imp_tocado select associado, false from escrito`);
  }
  await session.query("set local associa.eventos = 'on'");
  // A member whose parts changed, and nothing of its own row, is changed too: stamped (and announced) as one.
  await session.query(`update associado set atualizado_em = clock_timestamp()
    where matricula in (select matricula from imp_tocado group by matricula having not bool_or(proprio))`);
}

/** The lines of invoices that are new or differ, in `imp_fatura_mudada`; the batches' last lines. */
async function invoiceBatches(session: BulkSession): Promise<number[]> {
  await session.query('drop table if exists imp_fatura_mudada');
  await session.query(`create temp table imp_fatura_mudada as
    select s.linha from imp_fatura_final s left join fatura t on t.numero = s.numero
     where t.id is null or ${differs('t', 's', INVOICE_COLUMNS)}`);
  const rows = await session.query<{ ate: number }>(
    `select max(linha) as ate from (select linha, (row_number() over (order by linha) - 1) / ${INVOICE_BATCH} as lote from imp_fatura_mudada) b group by lote order by 1`,
  );
  return rows.map((row) => row.ate);
}

const INVOICE_UPSERT = (from: number, to: number) =>
  upsert(
    'fatura',
    ['numero'],
    INVOICE_COLUMNS,
    `select numero, ${INVOICE_COLUMNS.join(', ')} from imp_fatura_final
      where linha in (select linha from imp_fatura_mudada where linha > ${from} and linha <= ${to}) order by linha`,
  );

/** Payments of invoices that faturas.csv does not carry, onto the invoices already in the database. */
const PAYMENTS_ONLY = `update fatura t set ${PAYMENT_COLUMNS.map((c) => `${c} = s.${c}`).join(', ')}
  from ${live('pagamentos')} s
  where t.numero = s.fatura and not exists (select 1 from imp_faturas i where i.numero = s.fatura) and ${differs('t', 's', PAYMENT_COLUMNS)}`;

/** The member tables a load into an empty database fills, with what fills each. */
const FIRST_LOAD: readonly { kind: Kind; table: string; columns: readonly string[]; from: string }[] = [
  ...(['associados', ...PART_KINDS] as const).map((kind) => {
    const { table, key, columns } = TARGETS[kind]!;
    return { kind, table, columns: [...key, ...columns], from: `${live(kind)} s` };
  }),
  {
    kind: 'faturas',
    table: 'fatura',
    columns: ['numero', ...INVOICE_COLUMNS, 'vencida'],
    // What the trigger fatura_marca_vencida (migration 0007) sets, in one statement rather than a call per row.
    from: `(select *, status = 'open' and vencimento < (now() at time zone 'America/Sao_Paulo')::date as vencida
              from imp_fatura_final) f`,
  },
];

/**
 * Members, their parts and invoices into empty tables, in one transaction: each index is built once at the end
 * instead of kept up row by row, as the seed does. The tables are locked meanwhile, which an empty database can
 * afford; interrupted, nothing is written and the next import is again a first load.
 */
async function loadIntoEmpty(session: BulkSession, kinds: readonly Kind[]): Promise<void> {
  const loads = FIRST_LOAD.filter((load) => kinds.includes(load.kind));
  if (loads.length === 0) return;
  await transaction(session, true, async () => {
    const rebuild = await dropIndexesAndConstraints(
      session,
      loads.map((load) => load.table),
    );
    for (const { table, columns, from } of loads) {
      // Capture is off (no events), but its triggers would still gather every row written for their transition tables;
      // the rows arrive as the triggers would leave them.
      await session.query(`alter table ${table} disable trigger user`);
      const list = columns.join(', ');
      await session.query(`insert into ${table} (${list}) select ${list} from ${from} order by linha`);
      await session.query(`alter table ${table} enable trigger user`);
    }
    await session.query("set local maintenance_work_mem = '512MB'");
    for (const statement of rebuild) await session.query(statement);
  });
}

async function applyInBatches(session: BulkSession, kinds: readonly Kind[]): Promise<void> {
  const has = (kind: Kind) => kinds.includes(kind);
  if (has('associados') || PART_KINDS.some(has)) {
    await session.query('drop table if exists imp_tocado');
    await session.query('create temp table imp_tocado (matricula bigint not null, proprio boolean not null)');
    const batches = await memberBatches(session);
    for (let lote = 0; lote < batches; lote++) {
      await transaction(session, false, () => applyMemberBatch(session, lote, kinds));
    }
  }
  if (has('faturas')) {
    let from = 0;
    for (const to of await invoiceBatches(session)) {
      await transaction(session, false, async () => {
        await session.query(INVOICE_UPSERT(from, to));
      });
      from = to;
    }
  }
  if (has('pagamentos')) await transaction(session, false, () => session.query(PAYMENTS_ONLY).then(() => undefined));
}

export async function applyImport(session: BulkSession, options: ApplyOptions): Promise<void> {
  const { kinds, firstLoad } = options;
  const has = (kind: Kind) => kinds.includes(kind);
  await transaction(session, firstLoad, async () => {
    if (has('regionais')) await applyReference(session, 'regionais');
    if (has('categorias')) await applyReference(session, 'categorias');
    if (has('cursos')) await applyCourses(session);
    // Before the invoices, which name their exam.
    if (has('provas')) {
      await session.query(
        upsert('prova', ['codigo'], EXAM_COLUMNS, `select codigo, ${EXAM_COLUMNS.join(', ')} from ${live('provas')} s order by linha`),
      );
    }
  });

  if (firstLoad) await loadIntoEmpty(session, kinds);
  else await applyInBatches(session, kinds);

  if (has('associados')) {
    await session.query(
      "select setval(pg_get_serial_sequence('associado', 'matricula'), greatest((select max(matricula) from associado), 1))",
    );
  }
  if (has('pagamentos')) {
    // The simulation numbers its NFS-e after the last one of each municipality, the imported ones included.
    await session.query(`insert into nfse_sequencia (municipio, ultimo_numero)
      select nfse_municipio, max(nfse_numero::bigint) from ${live('pagamentos')} s
       where nfse_numero ~ '^[0-9]{1,18}$' group by nfse_municipio
      on conflict (municipio) do update set ultimo_numero = greatest(nfse_sequencia.ultimo_numero, excluded.ultimo_numero)`);
  }
  if (firstLoad) await session.query('analyze associado, crm, associado_especialidade, titulo, curso, curso_preco, prova, fatura');
}
