/**
 * What a statement is for, which decides how much of the pool it may hold: a request's cheap statement (a status, a
 * batch of statuses, one record, a token's lookup, the administration's pages), a request's page of a list, a request's
 * write (a batch of exam results: one transaction of tens of milliseconds), or work that no request waits for
 * (deliveries, numbering, retention, counting).
 */
export type Load = 'interactive' | 'bulk' | 'write' | 'background';
export const LOADS: readonly Load[] = ['interactive', 'bulk', 'write', 'background'];
const byLoad = (): Record<Load, number> => ({ interactive: 0, bulk: 0, write: 0, background: 0 });

/** What counts by load add up to, whichever loads they count. */
export function total(counts: Readonly<Record<string, number>>): number {
  let sum = 0;
  for (const load in counts) sum += counts[load]!;
  return sum;
}

/** Whose statements wait together: a token's, the public's, the instance's own; and for what. */
export interface Lane {
  readonly key: string;
  readonly load: Load;
  /** When (`performance.now()`) a request's statements must be answered by at the latest: a list page's. */
  readonly deadline?: number;
}

/** The lane of whatever names none: token lookups, the administration area, start-up. */
export const INSTANCE_LANE: Lane = { key: 'instance', load: 'interactive' };
export const BACKGROUND_LANE: Lane = { key: 'background', load: 'background' };

/** A statement refused at once because it would wait past its deadline anyway: answered 503 with Retry-After. */
export class StatementShed extends Error {
  readonly code = '57014';
  constructor(readonly load: Load) {
    super('canceling statement: the database is overloaded; list pages are refused first');
  }
}

interface Waiter {
  lane: Lane;
  queue: LaneQueue;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface LaneQueue {
  readonly key: string;
  readonly waiters: Waiter[];
}

export interface GateOptions {
  /** What may run at once, whatever its load. */
  slots: number;
  /** What list pages, writes and background work together may hold at once: a number, or one read at each decision. */
  sharedSlots: number | (() => number);
  /** What background work may hold at once, within `sharedSlots`. */
  backgroundSlots: number;
  /** How long a statement may wait for a slot before it fails as cancelled (57014: 503). */
  queueMs: number;
  /** What a statement that waited `queueMs` fails with: a cancelled statement's error when not given. */
  expired?: (load: Load) => Error;
}

/** A statement's typical time in a slot before the first is measured, and how fast the measure follows. */
const INITIAL_HOLD_MS = 5;
const HOLD_WEIGHT = 0.05;

/**
 * Shares what runs at once between whoever waits for it (API-DESIGN §9): the pool's connections, in front of the
 * driver's own queue (src/db/connection.ts), and the instance's turns at list pages (src/limits/lanes.ts):
 * - waiting work is served lane by lane in turn (one token's, another's, the public's, the instance's), not in the
 *   order it came, so a token with much waiting delays another's by one piece at most;
 * - list pages, writes and background work together hold at most `sharedSlots`, background work at most
 *   `backgroundSlots`; on the pool that leaves a connection free of them, on which cheap statements run, pipelined as
 *   the driver does;
 * - a list page that would wait past its deadline anyway is refused at once (`StatementShed`), other work never.
 * A slot is held by one statement, or by one transaction until it ends.
 */
export class FairGate {
  private readonly running = byLoad();
  private readonly waitingCounts = byLoad();
  private readonly lanes = new Map<string, LaneQueue>();
  /** Lanes with statements waiting, served in turn from `next`. */
  private readonly ring: LaneQueue[] = [];
  private next = 0;
  private holdMs = INITIAL_HOLD_MS;
  private readonly shedCounts = byLoad();
  private readonly slots: number;
  private readonly sharedSlots: number | (() => number);
  private readonly backgroundSlots: number;
  private readonly queueMs: number;
  private readonly expired: ((load: Load) => Error) | undefined;
  /** Writes waiting for a connection of their own, which no new list page or background statement is sent ahead of. */
  private draining = 0;

  constructor(options: GateOptions) {
    this.expired = options.expired;
    this.slots = options.slots;
    this.sharedSlots = options.sharedSlots;
    this.backgroundSlots = options.backgroundSlots;
    this.queueMs = options.queueMs;
  }

  /**
   * Takes a slot for `lane`: at once (undefined) when one is free for its load, else a promise that resolves
   * with the slot, or rejects when the statement is shed or waited `queueMs` (or until its lane's deadline, if sooner).
   * Every slot taken is given back with `release`.
   */
  acquire(lane: Lane): Promise<void> | undefined {
    // Whatever still waits once a slot is free cannot take it (its load is at its share): a statement that can, goes.
    if (this.fits(lane.load)) {
      this.running[lane.load]++;
      return undefined;
    }
    // A list page's deadline counts since its request arrived: it may leave less than `queueMs` to wait.
    const waitMs = lane.deadline === undefined ? this.queueMs : Math.max(0, Math.min(this.queueMs, lane.deadline - performance.now()));
    if (lane.load === 'bulk' && this.expectedWaitMs() > waitMs) {
      this.shedCounts.bulk++;
      return Promise.reject(new StatementShed('bulk'));
    }
    return new Promise<void>((resolve, reject) => {
      let queue = this.lanes.get(lane.key);
      if (!queue) {
        queue = { key: lane.key, waiters: [] };
        this.lanes.set(lane.key, queue);
      }
      if (queue.waiters.length === 0) this.ring.push(queue);
      const waiter: Waiter = {
        lane,
        queue,
        resolve,
        reject,
        timer: setTimeout(() => this.expire(waiter, waitMs), waitMs),
      };
      queue.waiters.push(waiter);
      this.waitingCounts[lane.load]++;
      this.dispatch();
    });
  }

  /**
   * Gives back a slot `lane` held, and hands it to the next lane's statement in turn. `heldMs` is how long its work took
   * when it was done; none for work given up or refused (the server away, frozen): the time it held says nothing of what
   * the next will take, and counted it would have list pages shed for seconds after the server is back.
   */
  release(lane: Lane, heldMs?: number): void {
    this.running[lane.load]--;
    if (heldMs !== undefined) this.holdMs += (heldMs - this.holdMs) * HOLD_WEIGHT;
    if (this.ring.length > 0) this.dispatch();
  }

  /**
   * A write's transaction, holding its slot, waits for a connection to itself: the driver gives one only once idle, which
   * a steady flow of pipelined pages would never leave it. Until `drained`, list pages and background work wait here
   * instead, so that what runs finishes and frees a connection (a few milliseconds).
   */
  drain(): void {
    this.draining++;
  }

  drained(): void {
    this.draining--;
    if (this.ring.length > 0) this.dispatch();
  }

  /** Statements running and waiting, by load, and those shed since start. */
  state(): { running: Record<Load, number>; waiting: Record<Load, number>; shed: Record<Load, number> } {
    return { running: { ...this.running }, waiting: { ...this.waitingCounts }, shed: { ...this.shedCounts } };
  }

  private shared(): number {
    return typeof this.sharedSlots === 'number' ? this.sharedSlots : this.sharedSlots();
  }

  private hasFreeSlot(): boolean {
    return total(this.running) < this.slots;
  }

  private fits(load: Load): boolean {
    const { bulk, write, background } = this.running;
    if (!this.hasFreeSlot()) return false;
    if (load === 'interactive') return true;
    if (this.draining > 0 && load !== 'write') return false;
    if (bulk + write + background >= this.shared()) return false;
    return load !== 'background' || background < this.backgroundSlots;
  }

  /** Every waiting statement ahead of a new one, served `slots` at a time at the typical hold. */
  private expectedWaitMs(): number {
    return ((total(this.waitingCounts) + 1) * this.holdMs) / this.shared();
  }

  /** Starts waiting statements while slots fit them, one lane after the other. */
  private dispatch(): void {
    let skipped = 0;
    while (this.ring.length > 0 && skipped < this.ring.length && this.hasFreeSlot()) {
      if (this.next >= this.ring.length) this.next = 0;
      const queue = this.ring[this.next]!;
      const waiter = queue.waiters[0]!;
      if (!this.fits(waiter.lane.load)) {
        this.next++;
        skipped++;
        continue;
      }
      skipped = 0;
      queue.waiters.shift();
      this.waitingCounts[waiter.lane.load]--;
      clearTimeout(waiter.timer);
      this.running[waiter.lane.load]++;
      if (queue.waiters.length === 0) this.leaveRing(queue);
      else this.next++;
      waiter.resolve();
    }
  }

  private expire(waiter: Waiter, waitedMs: number): void {
    const { waiters } = waiter.queue;
    const index = waiters.indexOf(waiter);
    if (index < 0) return;
    waiters.splice(index, 1);
    this.waitingCounts[waiter.lane.load]--;
    if (waiters.length === 0) this.leaveRing(waiter.queue);
    waiter.reject(
      this.expired?.(waiter.lane.load) ??
        Object.assign(new Error(`canceling statement: no connection to the database within ${Math.round(waitedMs)} ms`), { code: '57014' }),
    );
  }

  private leaveRing(queue: LaneQueue): void {
    const index = this.ring.indexOf(queue);
    this.ring.splice(index, 1);
    if (index < this.next) this.next--;
    this.lanes.delete(queue.key);
  }
}
