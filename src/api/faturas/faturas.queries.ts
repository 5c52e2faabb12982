import { sql, type Expression, type SqlBool } from 'kysely';
import type { Reader } from '../../db/connection.js';
import type { InvoiceStatus } from '../../domain/enums.js';
import { afterKey, oneOf } from '../list-order.js';
import type { PageQuery } from '../list-pipeline.js';

export interface InvoiceFilters {
  status?: InvoiceStatus[];
  kind?: string[];
  paidFrom?: Date;
  /** Exclusive: the start of the day after `paid_to`. */
  paidBefore?: Date;
  updatedSince?: Date;
}

/**
 * A list filtered by a range is ordered by that range's column, so that every page is read from an index in
 * order however large the table (API-DESIGN §5); `updated_since` wins over `paid_from`/`paid_to`.
 */
export type InvoiceOrder = 'id' | 'pago_em' | 'atualizado_em';

/** The invoice list's filters, with the branch of the viewer it is narrowed to. */
export type InvoiceListFilters = InvoiceFilters & { regional: string | null };

/** The served status: an open invoice past its due date is `overdue`. */
function servedStatus(today: string) {
  return sql<InvoiceStatus>`case when f.status = 'open' and f.vencimento < ${today}::date then 'overdue' else f.status end`;
}

function statusCondition(status: InvoiceStatus, today: string): Expression<SqlBool> {
  switch (status) {
    case 'open':
      return sql<SqlBool>`(f.status = 'open' and f.vencimento >= ${today}::date)`;
    case 'overdue':
      return sql<SqlBool>`(f.status = 'open' and f.vencimento < ${today}::date)`;
    default:
      return sql<SqlBool>`f.status = ${status}`;
  }
}

/**
 * Where every query of invoices starts: those of the members a token may see, of its branch when it is
 * restricted to one (API-DESIGN §3), with the member as `a`.
 */
function visibleInvoices(db: Reader, regional: string | null) {
  const invoices = db.selectFrom('fatura as f').innerJoin('associado as a', 'a.matricula', 'f.associado');
  return regional ? invoices.where('a.regional', '=', regional) : invoices;
}

/**
 * The status filter as one or more branches, each a condition that one index serves in the list's order.
 * `open` alone and `overdue` alone read the open invoices marked, or not, as past due (migration 0007).
 * Invoices fallen due since the last marking (after midnight, for up to a minute) are still unmarked:
 * `overdue` reads them in a second branch, which runs only until the day's marking has.
 */
function statusBranches(statuses: InvoiceStatus[] | undefined, today: string): [Expression<SqlBool> | null, ...Expression<SqlBool>[]] {
  if (!statuses) return [null];
  if (statuses.length === 1 && statuses[0] === 'open') {
    return [sql<SqlBool>`(f.status = 'open' and not f.vencida and f.vencimento >= ${today}::date)`];
  }
  if (statuses.length === 1 && statuses[0] === 'overdue') {
    return [
      sql<SqlBool>`(f.status = 'open' and f.vencida and f.vencimento < ${today}::date)`,
      sql<SqlBool>`(f.status = 'open' and not f.vencida and f.vencimento < ${today}::date
        and ${today}::date > (select marcada_ate from fatura_marcacao))`,
    ];
  }
  return [
    sql<SqlBool>`(${sql.join(
      statuses.map((status) => statusCondition(status, today)),
      sql` or `,
    )})`,
  ];
}

/** An invoice's columns as served, with its member's name and CPF. */
function invoiceColumns(today: string) {
  return [
    'f.id',
    'f.numero',
    'f.kind',
    'f.descricao',
    'f.associado',
    'a.nome',
    'a.cpf',
    'f.ano_referencia',
    'f.curso_id',
    'f.prova_id',
    'f.valor',
    'f.vencimento',
    servedStatus(today).as('status'),
    'f.pago_em',
    'f.valor_pago',
    'f.forma_pagamento',
    'f.transacao_id',
    'f.nfse_numero',
    'f.nfse_codigo_verificacao',
    'f.nfse_emitida_em',
    'f.nfse_municipio',
    'f.atualizado_em',
  ] as const;
}

/** One invoice, if `regional` (the viewer's branch, when restricted) may see it. */
export async function findInvoice(db: Reader, id: number, regional: string | null, today: string) {
  return visibleInvoices(db, regional).select(invoiceColumns(today)).where('f.id', '=', id).executeTakeFirst();
}

/**
 * A page of invoices in `order`, starting after `after` (that order's key, from the last row's `sort_key`);
 * one row more than `limit` tells a next page exists. With `updated_since`, only invoices stamped before `before`.
 */
export async function listInvoices(
  { db, filters, order, after, limit, before }: PageQuery<InvoiceListFilters, InvoiceOrder>,
  today: string,
) {
  const column = order === 'id' ? null : sql.ref(`f.${order}`);
  const page = (status: Expression<SqlBool> | null) => {
    let query = visibleInvoices(db, filters.regional).select([
      ...invoiceColumns(today),
      // The exact timestamp (microseconds) of the order, for the cursor; a Date would round it to milliseconds.
      (column ? sql<string | null>`${column}::text` : sql<string | null>`null`).as('sort_key'),
    ]);
    if (after) query = query.where(afterKey(column, sql.ref('f.id'), after));
    if (status) query = query.where(status);
    if (filters.kind) query = query.where(oneOf(sql.ref('f.kind'), filters.kind));
    if (filters.paidFrom) query = query.where('f.pago_em', '>=', filters.paidFrom);
    if (filters.paidBefore) query = query.where('f.pago_em', '<', filters.paidBefore);
    if (filters.updatedSince) query = query.where('f.atualizado_em', '>=', filters.updatedSince);
    if (before) query = query.where('f.atualizado_em', '<', before);
    if (column) query = query.orderBy(column);
    return query.orderBy('f.id').limit(limit + 1);
  };
  const [status, ...otherStatuses] = statusBranches(filters.status, today);
  const first = page(status);
  if (otherStatuses.length === 0) return first.execute();
  // Each branch reads its own page in order; the pages are merged, in that order, into one.
  const merged = otherStatuses.reduce(
    (union, other) => union.unionAll(db.selectFrom(page(other).as('b')).selectAll()),
    db.selectFrom(first.as('b')).selectAll(),
  );
  let query = db.selectFrom(merged.as('p')).selectAll();
  if (column) query = query.orderBy(sql.ref(`p.${order}`));
  return query
    .orderBy('p.id')
    .limit(limit + 1)
    .execute();
}
