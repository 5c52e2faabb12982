import type { Sql } from 'postgres';

/** A cheap statement answered this recently means cheap requests are still being served: a client between two is still there. */
const QUIET_AFTER_MS = 1000;

/**
 * The pool of cheap statements (a status, one record, a token's lookup; src/db/connection.ts), lent to list pages and
 * background work while it is quiet: no cheap statement running or answered for a second. With DB_POOL_SIZE at the
 * database server's cores, the second pool alone would leave cores idle while only pages are asked for (two
 * connections: one each; members by branch 412–482 req/s, 656–738 lent). One statement per connection is lent at a
 * time, so a cheap statement that comes meanwhile waits behind one at most.
 */
export class CheapPool {
  private running = 0;
  private lastAnswered = -Infinity;
  private lent = 0;

  constructor(
    readonly sql: Sql,
    private readonly connections: number,
  ) {}

  /** Runs a cheap statement, which makes the pool busy until a second after its answer. */
  async run<T>(statement: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await statement();
    } finally {
      this.running--;
      this.lastAnswered = performance.now();
    }
  }

  /** The pool for one statement of a list page or background work when it is quiet, to be given back once answered. */
  lend(): Sql | undefined {
    if (this.running > 0 || this.lent >= this.connections || performance.now() - this.lastAnswered < QUIET_AFTER_MS) return undefined;
    this.lent++;
    return this.sql;
  }

  giveBack(): void {
    this.lent--;
  }
}
