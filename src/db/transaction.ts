import type { Kysely } from 'kysely';

/**
 * Runs `work` in a transaction: `db`'s own when it is one already (an operation that writes its audit row beside
 * what it calls), a new one otherwise.
 */
export function inTransaction<S, T>(db: Kysely<S>, work: (tx: Kysely<S>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
