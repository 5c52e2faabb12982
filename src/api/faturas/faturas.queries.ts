import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Schema } from '../../db/schema.js';
import type { InvoiceStatus } from '../../domain/enums.js';

export interface InvoiceFilters {
  status?: InvoiceStatus[];
  kind?: string[];
  paidFrom?: Date;
  /** Exclusive: the start of the day after `paid_to`. */
  paidBefore?: Date;
  updatedSince?: Date;
}

/** The served status: an open invoice past its due date is `overdue`. */
function servedStatus(today: string) {
  return sql<string>`case when f.status = 'open' and f.vencimento < ${today}::date then 'overdue' else f.status end`;
}

function statusCondition(status: InvoiceStatus, today: string): Expression<SqlBool> {
  switch (status) {
    case 'open': return sql<SqlBool>`(f.status = 'open' and f.vencimento >= ${today}::date)`;
    case 'overdue': return sql<SqlBool>`(f.status = 'open' and f.vencimento < ${today}::date)`;
    default: return sql<SqlBool>`f.status = ${status}`;
  }
}

/** A page of invoices by id after `after`; one row more than `limit` tells a next page exists. */
export function listInvoices(db: Kysely<Schema>, filters: InvoiceFilters, regional: string | null, today: string, after: number, limit: number) {
  let query = db
    .selectFrom('fatura as f')
    .innerJoin('associado as a', 'a.matricula', 'f.associado')
    .select(['f.id', 'f.numero', 'f.kind', 'f.descricao', 'f.associado', 'a.nome', 'a.cpf', 'f.ano_referencia', 'f.curso_id', 'f.valor',
      'f.vencimento', servedStatus(today).as('status'), 'f.pago_em', 'f.valor_pago', 'f.forma_pagamento', 'f.transacao_id', 'f.nfse_numero',
      'f.nfse_codigo_verificacao', 'f.nfse_emitida_em', 'f.nfse_municipio', 'f.atualizado_em'])
    .where('f.id', '>', after);
  if (regional) query = query.where('a.regional', '=', regional);
  const statuses = filters.status;
  if (statuses) query = query.where((eb) => eb.or(statuses.map((status) => statusCondition(status, today))));
  if (filters.kind) query = query.where('f.kind', 'in', filters.kind);
  if (filters.paidFrom) query = query.where('f.pago_em', '>=', filters.paidFrom);
  if (filters.paidBefore) query = query.where('f.pago_em', '<', filters.paidBefore);
  if (filters.updatedSince) query = query.where('f.atualizado_em', '>=', filters.updatedSince);
  return query.orderBy('f.id').limit(limit + 1).execute();
}
