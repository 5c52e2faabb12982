import { sql } from 'kysely';
import type { BackgroundShare } from './background-share.js';
import type { Database } from './connection.js';

/**
 * Rows marked per statement, so that a backlog (a restored database, days without marking, the annual fees' due
 * date) goes in short statements: each captures two events a row (fatura.vencida and the member's
 * situacao_alterada), and must end well within the statement timeout on a busy machine.
 */
const BATCH = 1_000;

/**
 * Marks as `vencida` (migration 0007) the open invoices due before `today`, a São Paulo date, then records
 * that every invoice due before it is marked; returns how many it marked. The mark lets lists of open and
 * of overdue invoices each read an index of their own. It is only a hint for them: the served status is
 * still derived from `vencimento` at query time, and marking leaves `atualizado_em` alone (API-DESIGN §5).
 * The statements go through `write`, off the API's pool, and on a day already marked they change no row, so
 * the run every minute writes nothing and commits nothing to flush. Between batches it gives requests being served
 * their share (a due date's 300,000 fees are 300 batches).
 */
export async function markOverdue(database: Pick<Database, 'db' | 'write'>, today: string, share?: BackgroundShare): Promise<number> {
  let marked = 0;
  for (;;) {
    const started = performance.now();
    const rows = await database.write(
      sql`update fatura set vencida = true
        where id in (select id from fatura where status = 'open' and not vencida and vencimento < ${today}::date limit ${BATCH})`.compile(
        database.db,
      ),
    );
    marked += rows;
    if (rows < BATCH) break;
    await share?.yield('marking', performance.now() - started);
  }
  await database.write(
    sql`update fatura_marcacao set marcada_ate = ${today}::date where marcada_ate < ${today}::date`.compile(database.db),
  );
  return marked;
}
