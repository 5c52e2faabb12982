import type { PGlite, Results } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { PoolState } from './driver-fix.js';
import { FairGate, total, type Lane } from './fair-gate.js';

/** How long a statement waits for the one session before it fails as cancelled (503): an import may hold it long. */
const EMBEDDED_QUEUE_MS = 30_000;

export interface EmbeddedPool {
  /** The `pg`-style pool Kysely's PostgresDialect expects, whose clients take the session in `lane`'s turn. */
  forLane(lane: Lane): PostgresPool;
  /** The one session as a pool of one connection. */
  state(): PoolState;
  readonly gate: FairGate;
}

/**
 * Presents one PGlite instance as pools of the kind Kysely's PostgresDialect expects, so the same typed queries run
 * on the embedded database. PGlite is a single session: a checked-out "client" holds it exclusively until released,
 * so transactions from concurrent requests never interleave. Who gets it next is the gate's to decide
 * (src/db/fair-gate.ts, one slot): lanes in turn, as on PostgreSQL.
 */
export function pglitePool(pglite: PGlite): EmbeddedPool {
  const gate = new FairGate({ slots: 1, sharedSlots: 1, backgroundSlots: 1, queueMs: EMBEDDED_QUEUE_MS });
  let held = 0;
  /** Who waits for the session to be free with nothing waiting for it (the database closing). */
  let onIdle: (() => void)[] = [];
  const waitingCount = () => total(gate.state().waiting);

  async function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    // Without parameters a statement may hold several commands (migrations): only exec() takes those.
    const result: Results<R> =
      parameters.length === 0
        ? (((await pglite.exec(sql)).at(-1) as Results<R>) ?? { rows: [], fields: [], affectedRows: 0 })
        : await pglite.query<R>(sql, parameters as unknown[]);
    const command = sql.trimStart().slice(0, 6).toUpperCase() as PostgresQueryResult<R>['command'];
    return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
  }

  const forLane = (lane: Lane): PostgresPool => ({
    async connect() {
      const waiting = gate.acquire(lane);
      if (waiting) await waiting;
      const taken = performance.now();
      held = 1;
      let released = false;
      // Kysely's streaming (cursor) overload is not offered: nothing here streams from the embedded database.
      return {
        query,
        release() {
          if (released) return;
          released = true;
          held = 0;
          gate.release(lane, performance.now() - taken);
          if (held === 0 && onIdle.length > 0 && waitingCount() === 0) {
            for (const resolve of onIdle) resolve();
            onIdle = [];
          }
        },
      } as PostgresPoolClient;
    },
    async end() {
      if (held === 0 && waitingCount() === 0) return;
      await new Promise<void>((resolve) => onIdle.push(resolve));
    },
  });

  return {
    forLane,
    gate,
    // What waits for the session waits at the gate, which reports it.
    state: () => ({ idle: 1 - held, busy: held, full: 0, reserved: 0, connecting: 0, closed: 0, queued: 0, pipelined: 0 }),
  };
}
