import { QUIET_AFTER_MS } from '../db/cheap-pool.js';
import { PAGES_PIPELINED } from '../db/connection.js';
import { FairGate, StatementShed, type Lane, type Load } from '../db/fair-gate.js';

/** What a route's requests cost the database: a page of a list, a write, or a cheap read (a status, a batch, one record). */
export type RouteLoad = Exclude<Load, 'background'>;

/** A request's lane. */
export interface RouteLane extends Lane {
  readonly load: RouteLoad;
}

/** `key`'s lane for each load. */
const lanesOf = (key: string): Record<RouteLoad, RouteLane> => ({
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
 * pipelining): two at a time would leave them idle while each page waits for its statement. Pages of several lanes
 * (tokens, the public), or pages beside background work, take turns eight at a time, so that another lane's page or a
 * background statement waits behind a few of them.
 */
const PAGES_SHARED = 8;
/**
 * One lane's pages, with no other lane's and no background work for a second, run as many at once as the second pool
 * takes.
 */
const PAGES_ONE_LANE = PAGES_PIPELINED;
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
  private readonly tokens = new Map<number, Record<RouteLoad, RouteLane>>();
  readonly inFlight: Record<RouteLoad, number> = { interactive: 0, bulk: 0, write: 0 };
  /** List pages in flight (waiting for a turn or holding one) by lane key. */
  private readonly paging = new Map<string, number>();
  /** When pages of several lanes were last in flight together. */
  private lastShared = -Infinity;
  /**
   * Turns at list pages: PAGES_AT_ONCE at a time while cheap requests are served, otherwise PAGES_SHARED while pages of
   * several lanes or background work are served and PAGES_ONE_LANE while one lane's pages alone are; lanes in turn;
   * one that would wait past PAGE_QUEUE_MS is shed.
   */
  readonly pages = new FairGate({
    slots: PAGES_ONE_LANE,
    sharedSlots: () => (this.cheapServed() ? PAGES_AT_ONCE : this.pagesShared() ? PAGES_SHARED : PAGES_ONE_LANE),
    backgroundSlots: 0,
    queueMs: PAGE_QUEUE_MS,
    expired: (load) => new StatementShed(load),
  });
  /** When a cheap request was last answered. */
  private lastInteractive = -Infinity;

  /** `backgroundWorked(ms)`: whether background work has been done within `ms` (src/db/background-share.ts). */
  constructor(private readonly backgroundWorked: (ms: number) => boolean = () => false) {}

  /** A request of `lane` has come. */
  entered(lane: RouteLane): void {
    this.inFlight[lane.load]++;
    if (lane.load !== 'bulk') return;
    this.paging.set(lane.key, (this.paging.get(lane.key) ?? 0) + 1);
    if (this.paging.size > 1) this.lastShared = performance.now();
  }

  /** A request of `lane` has been answered, or its client has gone. */
  ended(lane: RouteLane): void {
    this.inFlight[lane.load]--;
    if (lane.load === 'interactive') this.lastInteractive = performance.now();
    if (lane.load !== 'bulk') return;
    if (this.paging.size > 1) this.lastShared = performance.now();
    const left = this.paging.get(lane.key)! - 1;
    if (left > 0) this.paging.set(lane.key, left);
    else this.paging.delete(lane.key);
  }

  /**
   * Whether pages of several lanes are in flight, or were within QUIET_AFTER_MS: a client paging one page after the
   * other beside another's 64 would otherwise find them running at every page, and wait for 56 of them each time. Or
   * whether background work has been done within it: its statements (a delivery's, a numbering round's) would be
   * pipelined behind 64 pages, and take their share of the time in waiting.
   */
  private pagesShared(): boolean {
    return this.paging.size > 1 || performance.now() - this.lastShared < QUIET_AFTER_MS || this.backgroundWorked(QUIET_AFTER_MS);
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

  of(tokenId: number | undefined, load: RouteLoad): RouteLane {
    if (tokenId === undefined) return PUBLIC_LANES[load];
    let lanes = this.tokens.get(tokenId);
    if (!lanes) {
      lanes = lanesOf(`token:${tokenId}`);
      this.tokens.set(tokenId, lanes);
    }
    return lanes[load];
  }
}
