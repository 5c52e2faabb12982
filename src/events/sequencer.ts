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
 * when it locks them (`for update` rechecks `sequencia is null` on the row's latest version) and leaves them. So an
 * event whose transaction commits late is numbered late, above every position a reader was served before, and a
 * write transaction held open holds back nothing but its own events.
 *
 * The statement is the database's function `evento_numera` (migration 0025), whose plan reads the waiting events
 * in id order a batch at a time whatever the statistics say: after a burst (the annual fees' due date captures
 * 600,000 events at once) the estimate of waiting events is whatever the last ANALYZE saw, often none.
 *
 * One statement, not a transaction of several: it never holds a connection between statements, which a server that
 * restarts meanwhile could leave waiting. A delivery goes to every active endpoint of a valid token that subscribed
 * to the type, of the event's branch or of every branch (a course concerns every branch).
 */
export async function sequenceEvents(db: Kysely<Schema>): Promise<Sequenced> {
  const { rows } = await sql<Sequenced>`
    select numerados as numbered, entregas as deliveries from evento_numera(${BATCH}, ${SEQUENCER_LOCK}::bigint)`.execute(db);
  return rows[0]!;
}
