import { QUIET_AFTER_MS } from '../db/cheap-pool.js';
import { FairGate, StatementShed, type Lane, type Load } from '../db/fair-gate.js';

/** What a route's requests cost the database: a page of a list, a write, or a cheap read (a status, a batch, one record). */
export type RouteLoad = Exclude<Load, 'background'>;

/** `key`'s lane for each load. */
const lanesOf = (key: string): Record<RouteLoad, Lane> => ({
  interactive: { key, load: 'interactive' },
  bulk: { key, load: 'bulk' },
  write: { key, load: 'write' },
});

const PUBLIC_LANES = lanesOf('public');

/**
 * List pages answered at once by an instance while cheap requests are being served: each costs the event loop
 * milliseconds of decoding and serialising (500 members: about 9 ms), which a status check would otherwise wait
 * behind. More wait their turn, token by token.
 */
const PAGES_AT_ONCE = 2;
/**
 * With no cheap request to make room for, pages use the database's connections for them (the second pool's, each
 * pipelining): two at a time would leave them idle while each page waits for its statement.
 */
const PAGES_ALONE = 8;
/** A page that would wait longer for its turn is refused (503, Retry-After: 1). */
const PAGE_QUEUE_MS = 2000;
/**
 * A page's statements are answered within this of its arrival, its wait for a turn included, or given up (503): every
 * request is still answered within 3 s, the database hung or not (docs/deployment.md, "Database faults").
 */
export const PAGE_DEADLINE_MS = 2400;
/**
 * While cheap requests are being served, a turn at a page is followed by a pause twice as long before the next: list
 * pages then take at most a third of the event loop for each of their turns, and a status check meets fewer of them.
 */
const PAUSE_PER_TURN = 2;

/**
 * Each request's lane of the database's gate (src/db/fair-gate.ts): its token's, or the public's for requests without
 * one, with its route's load; the list pages' turns; and the requests in flight by load, for the metrics.
 */
export class RequestLanes {
  private readonly tokens = new Map<number, Record<RouteLoad, Lane>>();
  readonly inFlight: Record<RouteLoad, number> = { interactive: 0, bulk: 0, write: 0 };
  /**
   * Turns at list pages: PAGES_AT_ONCE at a time while cheap requests are served, PAGES_ALONE otherwise, lanes in
   * turn; one that would wait past PAGE_QUEUE_MS is shed.
   */
  readonly pages = new FairGate({
    slots: PAGES_ALONE,
    sharedSlots: () => (this.cheapServed() ? PAGES_AT_ONCE : PAGES_ALONE),
    backgroundSlots: 0,
    queueMs: PAGE_QUEUE_MS,
    expired: (load) => new StatementShed(load),
  });
  /** When a cheap request was last answered. */
  private lastInteractive = 0;

  /** A request of `load` has been answered. */
  ended(load: RouteLoad): void {
    this.inFlight[load]--;
    if (load === 'interactive') this.lastInteractive = performance.now();
  }

  /** Whether cheap requests are being served, or were within QUIET_AFTER_MS. */
  private cheapServed(): boolean {
    return this.inFlight.interactive > 0 || performance.now() - this.lastInteractive < QUIET_AFTER_MS;
  }

  /**
   * Ends a list page's turn of `ms`; while cheap requests are being served, the next turn waits PAUSE_PER_TURN × `ms`.
   * A page not `answered` (given up while the database was away) took little of the event loop and says nothing of the
   * next page's time: its turn goes at once, unmeasured. Paused and counted, the pages given up at their deadline during
   * a fault would hold every turn for twice that deadline after the database is back, and the next pages would be shed.
   */
  endTurn(lane: Lane, ms: number, answered: boolean): void {
    if (!answered) return this.pages.release(lane);
    const pause = this.cheapServed() ? ms * PAUSE_PER_TURN : 0;
    if (pause < 1) return this.pages.release(lane, ms);
    setTimeout(() => this.pages.release(lane, ms), pause).unref();
  }

  /** A page's own lane: its token's, with the deadline of a request that arrived at `arrivedAt`. */
  withDeadline(lane: Lane, arrivedAt: number): Lane {
    return { ...lane, deadline: arrivedAt + PAGE_DEADLINE_MS };
  }

  of(tokenId: number | undefined, load: RouteLoad): Lane {
    if (tokenId === undefined) return PUBLIC_LANES[load];
    let lanes = this.tokens.get(tokenId);
    if (!lanes) {
      lanes = lanesOf(`token:${tokenId}`);
      this.tokens.set(tokenId, lanes);
    }
    return lanes[load];
  }
}
