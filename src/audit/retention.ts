import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import type { BackgroundShare } from '../db/background-share.js';

/** Rows of the trail from before its partitions deleted per statement: each a short transaction. */
const BATCH = 10_000;

export interface AuditRetentionResult {
  /** Partitions created for the coming months. */
  created: string[];
  /** Partitions dropped, every row of them older than the retention: the trail's, and its counts'. */
  dropped: string[];
  /** Rows deleted from the partition of the rows from before the trail was partitioned. */
  deleted: number;
}

/**
 * Keeps the audit trail's partitions (migration 0022) as of `now`: creates those of the months up to the one after
 * next, drops those whose every row is older than `months` months with the months of its counts by member (0026), and
 * deletes the expired rows left from before the trail was partitioned. Each statement waits at most 2 s for a lock: dropping a partition locks the whole trail,
 * and must not hold up its reads and writes behind a long export; a job that gave up is done again on its next run.
 */
export async function keepAuditTrail(
  db: Kysely<Schema>,
  months: number,
  now: Date,
  share?: BackgroundShare,
): Promise<AuditRetentionResult> {
  const inTransaction = <T>(statement: (trx: Kysely<Schema>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = '2s'`.execute(trx);
      return statement(trx);
    });
  const created = await inTransaction(async (trx) => {
    const { rows } = await sql<{ nome: string }>`select auditoria_prepara_particoes(${now}) as nome`.execute(trx);
    return rows.map((row) => row.nome);
  });
  const dropped = await inTransaction(async (trx) => {
    const { rows } = await sql<{ nome: string }>`
      select auditoria_expira_particoes(${now}, ${months}) as nome
      union all
      select auditoria_titular_expira(${now}, ${months})`.execute(trx);
    return rows.map((row) => row.nome);
  });
  let deleted = 0;
  for (;;) {
    const started = performance.now();
    const { rows } = await sql<{ n: number }>`select auditoria_apaga_expiradas_antigas(${now}, ${months}, ${BATCH}) as n`.execute(db);
    deleted += rows[0]!.n;
    if (rows[0]!.n < BATCH) return { created, dropped, deleted };
    await share?.yield('retention', performance.now() - started);
  }
}
