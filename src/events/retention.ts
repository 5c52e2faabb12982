import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import type { BackgroundShare } from '../db/background-share.js';

/** Rows deleted per statement, so that a backlog goes in short statements. */
const BATCH = 5000;

/**
 * Deletes events older than `retentionDays` (EVENT_RETENTION_DAYS; API-DESIGN §13 promises 30) with their deliveries
 * and attempts, and cancels the pending deliveries of endpoints that can no longer receive (a token expired since);
 * returns how many events it deleted.
 */
export async function pruneEvents(db: Kysely<Schema>, retentionDays: number, share?: BackgroundShare): Promise<number> {
  await sql`update webhook_entrega d set estado = 'cancelada', proxima_em = null, concluida_em = statement_timestamp()
     from webhook_endpoint w join api_token k on k.id = w.token_id
    where d.endpoint = w.id and d.estado = 'pendente'
      and not (w.ativo and k.revogado_em is null and k.expira_em > statement_timestamp())`.execute(db);
  let deleted = 0;
  for (;;) {
    const started = performance.now();
    const result = await sql`delete from evento where id in (
        select id from evento where ocorrido_em < statement_timestamp() - make_interval(days => ${retentionDays})
         order by ocorrido_em limit ${BATCH})`.execute(db);
    const rows = Number(result.numAffectedRows ?? 0);
    deleted += rows;
    if (rows < BATCH) return deleted;
    await share?.yield('retention', performance.now() - started);
  }
}
