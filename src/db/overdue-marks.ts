import { sql, type Kysely } from 'kysely';
import type { Schema } from './schema.js';

/** Rows marked per statement, so that a backlog (a restored database, days without marking) goes in short statements. */
const BATCH = 5_000;

/**
 * Marks as `vencida` (migration 0007) the open invoices due before `today`, a São Paulo date, then records
 * that every invoice due before it is marked; returns how many it marked. The mark lets lists of open and
 * of overdue invoices each read an index of their own. It is only a hint for them: the served status is
 * still derived from `vencimento` at query time, and marking leaves `atualizado_em` alone (API-DESIGN §5).
 */
export async function markOverdue(db: Kysely<Schema>, today: string): Promise<number> {
  let marked = 0;
  for (;;) {
    const result = await sql`update fatura set vencida = true
      where id in (select id from fatura where status = 'open' and not vencida and vencimento < ${today}::date limit ${BATCH})`.execute(db);
    const rows = Number(result.numAffectedRows ?? 0n);
    marked += rows;
    if (rows < BATCH) break;
  }
  await sql`update fatura_marcacao set marcada_ate = greatest(marcada_ate, ${today}::date)`.execute(db);
  return marked;
}
