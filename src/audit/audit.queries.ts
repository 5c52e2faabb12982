import { sql, type InferResult, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** Entries per page of the Auditoria page. */
export const AUDIT_PAGE_SIZE = 100;
/** Entries read per query while exporting, so an export of the whole trail never sits in memory. */
export const EXPORT_BATCH_SIZE = 1000;

/** Whose entries: one token's, the administration's (its admin area and command line), or API calls that presented no valid token. */
export type AuditWho = { tokenId: number } | 'admin' | 'sem-token';

export interface AuditFilters {
  who?: AuditWho;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  until?: Date;
  matricula?: number;
  rota?: string;
  /** Inclusive bounds: equal for an exact code, a hundred apart for a class like 4xx. */
  status?: { min: number; max: number };
}

/**
 * Where a page ends: the last entry's time and id. The time travels as text with microseconds because
 * timestamptz keeps them and a JavaScript Date does not; a truncated time would skip entries.
 */
export interface AuditCursor {
  at: string;
  id: number;
}

function auditEntries(db: Kysely<Schema>) {
  return db
    .selectFrom('auditoria as a')
    .leftJoin('api_token as t', 't.id', 'a.token_id')
    .leftJoin('admin_usuario as u', 'u.id', 'a.admin_id')
    .select([
      'a.id',
      'a.ocorrido_em',
      'a.origem',
      'a.token_id',
      't.nome as token_nome',
      't.prefixo as token_prefixo',
      'u.email as admin_email',
      'a.operador',
      'a.metodo',
      'a.rota',
      'a.status',
      'a.request_id',
      'a.request_id_cliente',
      'a.ip',
      'a.matriculas',
      'a.detalhe',
      'a.quantidade',
      'a.alerta',
      // `ocorrido_em` in UTC to the microsecond, for the cursor.
      sql<string>`to_char(a.ocorrido_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('posicao'),
    ]);
}

export type AuditRow = InferResult<ReturnType<typeof auditEntries>>[number];

/** The newest alerts since `since`, read from their partial index. */
export function latestAlerts(db: Kysely<Schema>, since: Date, limit: number): Promise<AuditRow[]> {
  return auditEntries(db)
    .where('a.alerta', '=', true)
    .where('a.ocorrido_em', '>=', since)
    .orderBy('a.ocorrido_em', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Entries newest first, after `cursor`. Every filter is one that an index serves: `token_id` (also for
 * the administration and token-less entries, which have none), `rota`, the GIN index on `matriculas`,
 * and `(ocorrido_em, id)` for the period and the keyset.
 */
export function listAudit(db: Kysely<Schema>, filters: AuditFilters, cursor: AuditCursor | null, limit: number): Promise<AuditRow[]> {
  let query = auditEntries(db).orderBy('a.ocorrido_em', 'desc').orderBy('a.id', 'desc').limit(limit);

  const { who, from, until, matricula, rota, status } = filters;
  if (who === 'admin') query = query.where('a.token_id', 'is', null).where('a.origem', 'in', ['admin', 'cli']);
  else if (who === 'sem-token') query = query.where('a.token_id', 'is', null).where('a.origem', '=', 'api');
  else if (who) query = query.where('a.token_id', '=', who.tokenId);
  if (from) query = query.where('a.ocorrido_em', '>=', from);
  if (until) query = query.where('a.ocorrido_em', '<', until);
  if (matricula !== undefined) query = query.where(sql<boolean>`a.matriculas @> array[${matricula}]::bigint[]`);
  if (rota !== undefined) query = query.where('a.rota', '=', rota);
  if (status) {
    query =
      status.min === status.max
        ? query.where('a.status', '=', status.min)
        : query.where('a.status', '>=', status.min).where('a.status', '<=', status.max);
  }
  if (cursor) {
    // The plain bound lets the (token_id, ocorrido_em) and (rota, ocorrido_em) indexes stop early too;
    // the row comparison alone only matches (ocorrido_em, id).
    const at = sql<Date>`${cursor.at}::timestamptz`;
    query = query.where('a.ocorrido_em', '<=', at).where(sql<boolean>`(a.ocorrido_em, a.id) < (${at}, ${cursor.id})`);
  }
  return query.execute();
}

/** Every entry the filters select, newest first, read in batches. */
export async function* allAudit(db: Kysely<Schema>, filters: AuditFilters): AsyncGenerator<AuditRow> {
  let cursor: AuditCursor | null = null;
  for (;;) {
    const batch = await listAudit(db, filters, cursor, EXPORT_BATCH_SIZE);
    yield* batch;
    const last = batch[batch.length - 1];
    if (!last || batch.length < EXPORT_BATCH_SIZE) return;
    cursor = { at: last.posicao, id: last.id };
  }
}

/**
 * The distinct routes in the trail. A loose index scan over `auditoria_rota_idx`: one index probe per
 * route, however many entries each has.
 */
export async function auditedRoutes(db: Kysely<Schema>): Promise<string[]> {
  const { rows } = await sql<{ rota: string }>`
    with recursive rotas (rota) as (
      (select rota from auditoria order by rota limit 1)
      union all
      select (select a.rota from auditoria a where a.rota > rotas.rota order by a.rota limit 1) from rotas where rotas.rota is not null
    )
    select rota from rotas where rota is not null`.execute(db);
  return rows.map((row) => row.rota);
}
