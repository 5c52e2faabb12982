import type { PGlite, Results } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { PoolState } from './driver-fix.js';

/**
 * Presents one PGlite instance as the `pg`-style pool Kysely's PostgresDialect expects, so the same
 * typed queries run on the embedded database. PGlite is a single session: a checked-out "client" holds
 * it exclusively until released, so transactions from concurrent requests never interleave.
 */
export function pglitePool(pglite: PGlite): PostgresPool & { state(): PoolState } {
  let tail: Promise<void> = Promise.resolve();
  // For metrics: whether the session is checked out, and how many wait for it.
  let held = 0;
  let waiting = 0;

  async function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    // Without parameters a statement may hold several commands (migrations): only exec() takes those.
    const result: Results<R> =
      parameters.length === 0
        ? (((await pglite.exec(sql)).at(-1) as Results<R>) ?? { rows: [], fields: [], affectedRows: 0 })
        : await pglite.query<R>(sql, parameters as unknown[]);
    const command = sql.trimStart().slice(0, 6).toUpperCase() as PostgresQueryResult<R>['command'];
    return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
  }

  return {
    async connect() {
      let release!: () => void;
      const previous = tail;
      tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      waiting++;
      await previous;
      waiting--;
      held = 1;
      // Kysely's streaming (cursor) overload is not offered: nothing here streams from the embedded database.
      return {
        query,
        release() {
          held = 0;
          release();
        },
      } as PostgresPoolClient;
    },
    /** The one session as a pool of one connection; the statements waiting for it are `queued`. */
    state: () => ({ idle: 1 - held, busy: held, full: 0, reserved: 0, connecting: 0, closed: 0, queued: waiting, pipelined: 0 }),
    async end() {
      await tail;
    },
  };
}
