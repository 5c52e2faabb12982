import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** Events, with their deliveries and attempts, are kept at least this long (API-DESIGN §13: 30 days), then deleted. */
export const EVENT_RETENTION_DAYS = 31;
/** Rows deleted per statement, so that a backlog goes in short statements. */
const BATCH = 5000;

/**
 * Deletes events older than the retention with their deliveries, and cancels the pending deliveries of endpoints
 * that can no longer receive (a token expired since); returns how many events it deleted.
 */
export async function pruneEvents(db: Kysely<Schema>): Promise<number> {
  await sql`update webhook_entrega d set estado = 'cancelada', proxima_em = null, concluida_em = statement_timestamp()
     from webhook_endpoint w join api_token k on k.id = w.token_id
    where d.endpoint = w.id and d.estado = 'pendente'
      and not (w.ativo and k.revogado_em is null and k.expira_em > statement_timestamp())`.execute(db);
  let deleted = 0;
  for (;;) {
    const result = await sql`delete from evento where id in (
        select id from evento where ocorrido_em < statement_timestamp() - make_interval(days => ${EVENT_RETENTION_DAYS})
         order by ocorrido_em limit ${BATCH})`.execute(db);
    const rows = Number(result.numAffectedRows ?? 0);
    deleted += rows;
    if (rows < BATCH) return deleted;
  }
}
