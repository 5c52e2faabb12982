import { setTimeout as sleep } from 'node:timers/promises';

/** Work no request waits for, as the metrics name it. */
export type BackgroundWork = 'marking' | 'numbering' | 'delivering' | 'retention' | 'counting';
export const BACKGROUND_WORK: readonly BackgroundWork[] = ['marking', 'numbering', 'delivering', 'retention', 'counting'];

/** 0 for each work. */
const byWork = () => Object.fromEntries(BACKGROUND_WORK.map((work) => [work, 0])) as Record<BackgroundWork, number>;

/** Requests answered this recently still count as being served: a client between two requests is still there. */
const QUIET_AFTER_MS = 1000;

type Account = 'batch' | 'delivering';
const ACCOUNTS: readonly Account[] = ['batch', 'delivering'];
/**
 * The longest a worker waits, and the most an account owes. Delivering's is short: an event's delivery must not wait
 * seconds behind a slice slowed by a busy database. Batch work's is long enough for its pieces (a marking batch of
 * half a second waits 1.5 s at a share of 0.25, 3.5 s when delivering shares it) to give requests their share whole.
 */
const MAX_WAIT_MS: Record<Account, number> = { batch: 10_000, delivering: 1000 };
/** An account counts as working from its last piece until this long after its wait ends. */
const ACTIVE_AFTER_MS = 2000;

/**
 * The share of the time that background work takes while requests are served (BACKGROUND_SHARE): after each piece
 * of work, the worker waits in proportion to what the piece took (a piece of 300 ms at a share of 0.25 waits 900 ms),
 * so that requests keep the rest of the processors, the database's included. Two accounts: the batch work (marking,
 * numbering, retention, counting, each waiting until what all of them took has been given back) and delivering, whose
 * events an integrator waits for within seconds. While both work, each has half the share: together they never take
 * more than BACKGROUND_SHARE. With no request in flight and none for a second, nothing waits: a backlog is worked off
 * at full speed when the API is quiet.
 */
export class BackgroundShare {
  private lastRequestEnded = 0;
  /** Until when requests have each account's time back. */
  private readonly resumeAt: Record<Account, number> = { batch: 0, delivering: 0 };
  /** Until when each account counts as working, and so takes its part of the share. */
  private readonly activeUntil: Record<Account, number> = { batch: -Infinity, delivering: -Infinity };
  readonly workedMs = byWork();
  readonly yieldedMs = byWork();

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

  /** After `workMs` of `work`: resolves at once when no request is served, else after its account's wait. */
  async yield(work: BackgroundWork, workMs: number): Promise<void> {
    this.workedMs[work] += workMs;
    const now = performance.now();
    const account: Account = work === 'delivering' ? 'delivering' : 'batch';
    this.activeUntil[account] = Math.max(this.activeUntil[account], now + ACTIVE_AFTER_MS);
    if (this.share >= 1 || workMs <= 0 || !this.busy()) return;
    const working = ACCOUNTS.filter((other) => other === account || this.activeUntil[other] > now).length;
    const share = this.share / working;
    const owed = (workMs * (1 - share)) / share;
    const resumeAt = Math.min(Math.max(this.resumeAt[account], now) + owed, now + MAX_WAIT_MS[account]);
    this.resumeAt[account] = resumeAt;
    this.activeUntil[account] = resumeAt + ACTIVE_AFTER_MS;
    const waitMs = resumeAt - now;
    this.yieldedMs[work] += waitMs;
    await sleep(waitMs);
  }
}
