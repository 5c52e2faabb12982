import type { BulkSession } from '../db/connection.js';
import { described, live } from './checks.js';
import type { Kind } from './formats.js';
import { COURSE_COLUMNS, differs, EXAM_COLUMNS, INVOICE_COLUMNS, PART_KINDS, PAYMENT_COLUMNS, TARGETS } from './tables.js';

/** What importing a file's accepted lines does to the database: rows it adds, changes and finds as they are. */
export interface Counts {
  novos: number;
  alterados: number;
  inalterados: number;
  /** CRMs, specialties and titles of the described members that the file no longer has. */
  removidos: number;
}

const PRICES_OF = (curso: string) =>
  `(select coalesce(string_agg(categoria || '=' || valor, ' ' order by categoria), '') from curso_preco where curso = ${curso})`;

/**
 * The staged invoices as they will be written: a payment from pagamentos.csv, or the one already recorded for a
 * paid or refunded invoice, or none; the course by its slug, the exam by its code.
 */
export async function createInvoiceView(session: BulkSession): Promise<void> {
  const payment = (column: string) =>
    `case when p.linha is not null then p.${column} when s.status in ('paid', 'refunded') then f.${column} end as ${column}`;
  await session.query(`create or replace temp view imp_fatura_final as
    select s.linha, s.numero, s.kind, s.descricao, s.associado, s.ano_referencia, c.id as curso_id, pr.id as prova_id, s.valor,
           s.vencimento, s.status,
           ${PAYMENT_COLUMNS.map(payment).join(', ')},
           s.cancelado_em, s.reembolsado_em
      from imp_faturas s
      left join imp_pagamentos p on p.fatura = s.numero and not p.recusada
      left join fatura f on f.numero = s.numero
      left join curso c on c.slug = s.curso
      left join prova pr on pr.codigo = s.prova
     where not s.recusada`);
}

/**
 * The members whose parts (CRMs, specialties, titles) differ from the files', in `imp_partes_alteradas`; none when the
 * database has no member (`firstLoad`), whose every member is new.
 */
export async function findChangedParts(session: BulkSession, kinds: readonly Kind[], firstLoad: boolean): Promise<void> {
  await session.query('drop table if exists imp_partes_alteradas');
  await session.query('create temp table imp_partes_alteradas (matricula bigint primary key)');
  if (firstLoad) return;
  for (const kind of PART_KINDS.filter((k) => kinds.includes(k))) {
    const target = TARGETS[kind]!;
    const columns = [...target.key, ...target.columns].filter((c) => c !== 'associado');
    const list = ['associado', ...columns].join(', ');
    await session.query(`insert into imp_partes_alteradas
      select distinct associado from (
        (select ${list} from ${target.table} where associado in (select matricula from ${described(kind)}) except select ${list} from ${live(kind)} s)
        union all
        (select ${list} from ${live(kind)} s except select ${list} from ${target.table})
      ) d
      on conflict do nothing`);
  }
}

async function one(session: BulkSession, sql: string): Promise<Counts> {
  const [row] = await session.query<Counts>(sql);
  return row!;
}

const COUNTS = (isNew: string, isChanged: string) => `count(*) filter (where ${isNew})::int as novos,
       count(*) filter (where not (${isNew}) and (${isChanged}))::int as alterados,
       count(*) filter (where not (${isNew}) and not (${isChanged}))::int as inalterados`;

export function countChanges(session: BulkSession, kind: Kind): Promise<Counts> {
  switch (kind) {
    case 'cursos':
      return one(
        session,
        `select ${COUNTS('t.id is null', `${differs('t', 's', COURSE_COLUMNS)} or s.precos <> ${PRICES_OF('t.id')}`)}, 0 as removidos
           from ${live('cursos')} s left join curso t on t.slug = s.slug`,
      );
    case 'provas':
      return one(
        session,
        `select ${COUNTS('t.id is null', differs('t', 's', EXAM_COLUMNS))}, 0 as removidos
           from ${live('provas')} s left join prova t on t.codigo = s.codigo`,
      );
    case 'faturas':
      return one(
        session,
        `select ${COUNTS('t.id is null', differs('t', 's', INVOICE_COLUMNS))}, 0 as removidos
           from imp_fatura_final s left join fatura t on t.numero = s.numero`,
      );
    case 'pagamentos':
      return one(
        session,
        `select ${COUNTS('t.pago_em is null', differs('t', 's', PAYMENT_COLUMNS))}, 0 as removidos
           from ${live('pagamentos')} s left join fatura t on t.numero = s.fatura`,
      );
    default: {
      const target = TARGETS[kind]!;
      const match = target.key.map((c) => `t.${c} = s.${c}`).join(' and ');
      const changed =
        kind === 'associados'
          ? `${differs('t', 's', target.columns)} or s.matricula in (select matricula from imp_partes_alteradas)`
          : differs('t', 's', target.columns);
      const removed = target.member
        ? `(select count(*)::int from ${target.table} t where t.${target.member} in (select matricula from ${described(kind)})
              and not exists (select 1 from ${live(kind)} s where ${match}))`
        : '0';
      return one(
        session,
        `select ${COUNTS(`t.${target.key[0]} is null`, changed)}, ${removed} as removidos
           from ${live(kind)} s left join ${target.table} t on ${match}`,
      );
    }
  }
}
