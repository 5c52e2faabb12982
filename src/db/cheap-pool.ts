import type { Sql } from 'postgres';

/**
 * Cheap work answered this recently is still being served: a client between two requests is still there. Read for
 * cheap statements here, and for cheap requests by the list pages' turns (src/limits/lanes.ts).
 */
export const QUIET_AFTER_MS = 1000;

/**
 * The pool of cheap statements (a status, one record, a token's lookup; src/db/connection.ts), lent to list pages,
 * background work and writes while it is quiet: no cheap statement running, and none of a request answered for a
 * second. With DB_POOL_SIZE at the database server's cores, the second pool alone would leave cores idle while only
 * pages are asked for (two connections: one each; members by branch 412–482 req/s, 656–738 lent). One statement, or
 * one write's transaction, per connection is lent at a time, so a cheap statement that comes meanwhile waits behind
 * one at most.
 */
export class CheapPool {
  private running = 0;
  private lastAnswered = -Infinity;
  private lent = 0;

  constructor(
    readonly sql: Sql,
    private readonly connections: number,
  ) {}

  /** A cheap statement is sent: the pool is busy until QUIET_AFTER_MS after the last is answered (`answered`). */
  sent(): void {
    this.running++;
  }

  /**
   * A cheap statement is answered. A request's keeps the pool busy QUIET_AFTER_MS more; the instance's own (a token's
   * lookup, every half second whatever its requests are: list pages and writes too) does not, or the pool would never
   * be quiet while any token is in use.
   */
  answered(forRequest: boolean): void {
    this.running--;
    if (forRequest) this.lastAnswered = performance.now();
  }

  /**
   * The pool for one statement of a list page or background work, or one write's transaction, when it is quiet; to be
   * given back once answered.
   */
  lend(): Sql | undefined {
    if (this.running > 0 || this.lent >= this.connections || performance.now() - this.lastAnswered < QUIET_AFTER_MS) return undefined;
    this.lent++;
    return this.sql;
  }

  giveBack(): void {
    this.lent--;
  }
}
