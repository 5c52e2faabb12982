import postgres from 'postgres';

/**
 * postgres.js 3.4.9 as patched by patches/postgres+3.4.9.patch, applied by the install step
 * (scripts/apply-patches.js): its queue of busy connections no longer grows under steady load (throughput fell by
 * half within a minute), a pool tells its state for metrics, and (revision 2) a connection reset while statements
 * were queued on it settles them instead of waiting for their answers on its next session forever, and (revision 3)
 * a statement sent on a reserved connection after its close (a transaction's rollback) fails instead of throwing
 * out of a timer, the lost connection stays out of the open ones, and a transaction waiting for a connection when
 * one is lost is served instead of waiting for good, and (revision 4) a connection lost while it reads the array
 * types, its first statement, no longer drops that failure as an unhandled rejection (porsager/postgres#1192), which
 * ended any process without a handler for it (the CLI's, a test's). The patched
 * driver marks itself with the patch's revision; scripts/build.js makes the same check before it bundles the driver.
 */
const PATCH_REVISION = 4;

export interface PoolState {
  /** Connections open and waiting for a statement. */
  idle: number;
  /** Connections running statements, able to take more pipelined behind them. */
  busy: number;
  /** Busy connections that take no more (their pipeline is full, or a statement needs their answer first). */
  full: number;
  /** Connections held by a transaction or `reserve()`. */
  reserved: number;
  connecting: number;
  /** Places of the pool with no connection open. */
  closed: number;
  /** Statements waiting for a connection of the pool. */
  queued: number;
  /** Statements sent on a connection behind the one it is running. */
  pipelined: number;
}

// The patch's additions, merged into the driver's own declarations.
declare module 'postgres' {
  /** The patch's revision (above); absent from a driver without it. */
  const associaPatch: number | undefined;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type -- the driver's declaration's parameter, repeated as merging requires
  interface Sql<TTypes extends Record<string, unknown> = {}> {
    /** The pool's connections by state and the statements waiting, at this moment. */
    poolState(): PoolState;
  }
}

/** Why the service refuses to start without the patch: one line, with the way to get it. */
export const DRIVER_NOT_FIXED =
  "The PostgreSQL driver lacks Associa's fix (patches/postgres+3.4.9.patch): install with `npm ci`, whose install step applies it (not with --ignore-scripts).";

/** Throws when the driver lacks the patch: an install that skipped its scripts would run without the fix. */
export function assertDriverFixed(): void {
  if ((postgres.associaPatch ?? 0) < PATCH_REVISION) throw new Error(DRIVER_NOT_FIXED);
}
