import { setTimeout as sleep } from 'node:timers/promises';

/** Work no request waits for, as the metrics name it. */
export type BackgroundWork = 'marking' | 'numbering' | 'delivering' | 'retention' | 'counting';
export const BACKGROUND_WORK: readonly BackgroundWork[] = ['marking', 'numbering', 'delivering', 'retention', 'counting'];

/** 0 for each work. */
const byWork = () => Object.fromEntries(BACKGROUND_WORK.map((work) => [work, 0])) as Record<BackgroundWork, number>;

/** Requests answered this recently still count as being served: a client between two requests is still there. */
const QUIET_AFTER_MS = 1000;
/**
 * The longest a worker waits, and the most the account owes: a piece slowed by a busy database (a statement of 5 s)
 * must not hold an event's delivery for three times as long.
 */
const MAX_WAIT_MS = 1000;

/**
 * The share of the time that background work takes while requests are served (BACKGROUND_SHARE): after each piece
 * of work, the worker waits in proportion to what the piece took (a piece of 300 ms at a share of 0.25 waits 900 ms),
 * so that requests keep the rest of the processors, the database's included. Batch work running at once (marking
 * and numbering on a due date) shares one account, each waiting until what all of them took has been given back;
 * delivering has its own. With no request in flight and none for a second, nothing waits: a backlog is worked off at
 * full speed when the API is quiet.
 */
export class BackgroundShare {
  private lastRequestEnded = 0;
  /**
   * Until when requests have background work's time back: one account for the batch work (marking, numbering,
   * retention, counting), one for delivering, whose events an integrator waits for within seconds.
   */
  private readonly resumeAt = { batch: 0, delivering: 0 };
  readonly workedMs = byWork();
  readonly yieldedMs = byWork();
  /** When a piece of work last ended. */
  private lastWorked = -Infinity;

  constructor(
    readonly share: number,
    private readonly inFlight: () => number,
  ) {}

  /** A request has been answered. */
  requestEnded(): void {
    this.lastRequestEnded = Date.now();
  }

  /** Whether requests are being served now. */
  busy(): boolean {
    return this.inFlight() > 0 || Date.now() - this.lastRequestEnded < QUIET_AFTER_MS;
  }

  /** Whether a piece of work ended within `ms`: background work is being done. */
  workedWithin(ms: number): boolean {
    return performance.now() - this.lastWorked < ms;
  }

  /** After `workMs` of `work`: resolves at once when no request is served, else after its share's wait. */
  async yield(work: BackgroundWork, workMs: number): Promise<void> {
    this.workedMs[work] += workMs;
    this.lastWorked = performance.now();
    if (this.share >= 1 || workMs <= 0 || !this.busy()) return;
    const now = performance.now();
    const account = work === 'delivering' ? 'delivering' : 'batch';
    const resumeAt = Math.min(Math.max(this.resumeAt[account], now) + (workMs * (1 - this.share)) / this.share, now + MAX_WAIT_MS);
    this.resumeAt[account] = resumeAt;
    const waitMs = resumeAt - now;
    this.yieldedMs[work] += waitMs;
    await sleep(waitMs);
  }
}
