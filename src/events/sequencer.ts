import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** One sequencer at a time over every instance: the statement's advisory lock under this key ("Assoc"). */
const SEQUENCER_LOCK = 0x4173736f63;
/** Events numbered per statement: a burst goes in several short ones. */
const BATCH = 2000;

export interface Sequenced {
  numbered: number;
  deliveries: number;
}

/**
 * Numbers the events that have committed, in the order they became visible, and makes their webhook deliveries in
 * the same statement (API-DESIGN §13).
 *
 * Why a reader never misses one: an event is numbered only once its transaction has committed (the triggers insert
 * it unnumbered), one batch at a time: the statement numbers nothing unless it takes the advisory lock, which its
 * transaction holds until it commits, so each batch's numbers are drawn after the previous batch committed and are
 * above all of them. A statement whose snapshot predates the previous batch's commit finds those events numbered
 * when it updates them (PostgreSQL rechecks `sequencia is null` on the row's latest version) and leaves them. So an
 * event whose transaction commits late is numbered late, above every position a reader was served before, and a
 * write transaction held open holds back nothing but its own events.
 *
 * One statement, not a transaction of several: it never holds a connection between statements, which a server that
 * restarts meanwhile could leave waiting. A delivery goes to every active endpoint of a valid token that subscribed
 * to the type, of the event's branch or of every branch (a course concerns every branch).
 */
export async function sequenceEvents(db: Kysely<Schema>): Promise<Sequenced> {
  const { rows } = await sql<Sequenced>`
    with a_numerar as (
      select q.id, nextval('evento_sequencia_seq') as sequencia
        from (select id from evento where sequencia is null order by id limit ${BATCH}) q
       where (select pg_try_advisory_xact_lock(${SEQUENCER_LOCK}::bigint))
    ),
    numerados as (
      update evento e set sequencia = a.sequencia from a_numerar a
       where e.id = a.id and e.sequencia is null
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
    select (select count(*) from numerados)::int as numbered, (select count(*) from entregas)::int as deliveries`.execute(db);
  return rows[0]!;
}
