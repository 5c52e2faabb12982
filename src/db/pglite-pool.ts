import type { PGlite, Results } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Presents one PGlite instance as the `pg`-style pool Kysely's PostgresDialect expects, so the same
 * typed queries run on the embedded database. PGlite is a single session: a checked-out "client" holds
 * it exclusively until released, so transactions from concurrent requests never interleave.
 */
export function pglitePool(pglite: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

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
      await previous;
      // Kysely's streaming (cursor) overload is not offered: nothing here streams from the embedded database.
      return { query, release } as PostgresPoolClient;
    },
    async end() {
      await tail;
    },
  };
}
