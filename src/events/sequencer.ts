import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** One sequencer at a time over every instance: the transaction's advisory lock under this key ("Assoc"). */
const SEQUENCER_LOCK = 0x4173736f63;
/** Events numbered per transaction: a burst goes in several short ones. */
const BATCH = 2000;

export interface Sequenced {
  numbered: number;
  deliveries: number;
}

/**
 * Numbers the events that have committed, in the order they became visible, and makes their webhook deliveries in
 * the same transaction (API-DESIGN §13).
 *
 * Why a reader never misses one: an event is numbered only once its transaction has committed (the triggers insert
 * it unnumbered), one batch at a time under a lock, each batch with numbers above every earlier batch's and
 * committed whole. So an event whose transaction commits late is numbered late, above every position a reader was
 * served before, and a write transaction held open holds back nothing but its own events.
 *
 * A delivery goes to every active endpoint of a valid token that subscribed to the type, of the event's branch or
 * of every branch (a course concerns every branch). On the embedded database, whose one session this transaction
 * holds, the same statements run.
 */
export async function sequenceEvents(db: Kysely<Schema>): Promise<Sequenced> {
  return db.transaction().execute(async (tx) => {
    const { rows: locked } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${SEQUENCER_LOCK}::bigint) as ok`.execute(tx);
    if (!locked[0]?.ok) return { numbered: 0, deliveries: 0 };
    const { rows } = await sql<Sequenced>`
      with a_numerar as (
        select q.id, nextval('evento_sequencia_seq') as sequencia
          from (select id from evento
                 where sequencia is null
                 order by id limit ${BATCH}) q
      ),
      numerados as (
        update evento e set sequencia = a.sequencia from a_numerar a where e.id = a.id
        returning e.id, e.tipo, e.regional
      ),
      entregas as (
        insert into webhook_entrega (endpoint, evento, proxima_em)
        select w.id, n.id, statement_timestamp()
          from numerados n
          join webhook_endpoint w on w.ativo and n.tipo = any (w.tipos)
          join api_token t on t.id = w.token_id and t.revogado_em is null and t.expira_em > statement_timestamp()
         where n.regional is null or t.regional is null or t.regional = n.regional
        returning 1
      )
      select (select count(*) from numerados)::int as numbered, (select count(*) from entregas)::int as deliveries`.execute(tx);
    return rows[0]!;
  });
}
