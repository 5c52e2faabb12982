import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { redisAnswer } from './redis-answer.js';

/**
 * What a request learns from its limit: whether it may go on, what is left (after it, when allowed; what it
 * found, when refused) and when the window ends.
 */
export interface Decision {
  allowed: boolean;
  remaining: number;
  msBeforeNext: number;
}

interface Lease {
  /** Points reserved in Redis and not yet spent by this process. */
  left: number;
  /** The window's count in Redis after this process's last reservation (its unspent points included). */
  used: number;
  expiresAt: number;
}

/** A window counted in this process alone: without Redis, or while it fails. */
interface LocalWindow {
  used: number;
  expiresAt: number;
  /** Points admitted here while Redis failed, that its count of the same window lacks. */
  owed: number;
}

/**
 * Adds the ARGV[4] points admitted while Redis failed to the window KEYS[1], then reserves up to ARGV[1] points
 * of it without passing the limit ARGV[2]; a new window lasts ARGV[3] ms. Returns the points granted, the
 * window's count and the ms it has left.
 */
const RESERVE = `
local function add(points)
  local used = redis.call('INCRBY', KEYS[1], points)
  if used == points then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
  return used
end
local owed = tonumber(ARGV[4])
local used = owed > 0 and add(owed) or tonumber(redis.call('GET', KEYS[1]) or '0')
local grant = math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - used)
if grant > 0 then used = add(grant) else grant = 0 end
return {grant, used, redis.call('PTTL', KEYS[1])}`;

/** The share of a limit one reservation takes: the most an instance can hold unspent when the window ends. */
const LEASE_SHARE = 1 / 200;
const MAX_LEASE = 100;

/**
 * Fixed-window limits (requests, failed authentications, failed logins) shared by every instance through Redis,
 * at a round trip per lease rather than per request: an instance reserves a few points of a window at once (never past the limit, so
 * together the instances admit no more than it) and spends them in the process. A lease is 1/200 of the
 * limit, at most 100 points, so a limit of up to 399 a window still asks Redis at every request, and
 * points reserved but unspent when a window ends (at most a lease per instance, or what a refused request
 * reserved) are lost to the caller.
 * Once a window is full, its refusals are answered in the process until it ends.
 *
 * A request may cost several points (a batch counts each of its items): it takes them all at once or none.
 * The lease then grows by what it lacks; refused, the request takes nothing, and what was reserved for it
 * stays in the lease for the next requests. Requests waiting together for a reservation are reserved for at once.
 *
 * Without Redis, each process counts alone, in fixed windows of its own. While Redis fails (unreachable, or no
 * answer within 0.5 s) a process spends what its lease holds, then counts alone from Redis's last count of the
 * window, and adds what it admitted meanwhile to Redis's count at its next reservation. A reservation that
 * failed may still have been counted by Redis: its points are lost to the caller, as a lease unspent is.
 */
export class LeasedLimiter {
  private readonly leases = new LRUCache<string, Lease>({ max: 100_000 });
  private readonly reserving = new Map<string, Promise<void>>();
  /** The points the requests waiting for a reservation of each key need, together. */
  private readonly waiting = new Map<string, number>();
  private readonly locals = new LRUCache<string, LocalWindow>({ max: 100_000 });

  constructor(
    private readonly redis: Redis | null,
    private readonly prefix: string,
    private readonly windowSeconds: number,
  ) {
    redis?.defineCommand('associaReserve', { numberOfKeys: 1, lua: RESERVE });
  }

  /**
   * The decision on a request costing `cost` points under `key`: given at once while this process holds enough
   * points of its window, as it mostly does.
   */
  consume(key: string, limit: number, cost = 1): Decision | Promise<Decision> {
    if (!this.redis) return this.consumeLocally(key, limit, cost);
    return this.fromLease(key, limit, cost) ?? this.consumeAfterReserving(key, limit, cost);
  }

  /** The decision this process can take alone, or undefined when it must reserve points first. */
  private fromLease(key: string, limit: number, cost: number): Decision | undefined {
    const now = Date.now();
    const lease = this.leases.get(key);
    if (!lease || lease.expiresAt <= now) return undefined;
    const msBeforeNext = lease.expiresAt - now;
    if (lease.left >= cost) {
      lease.left -= cost;
      return { allowed: true, remaining: Math.max(0, limit - lease.used + lease.left), msBeforeNext };
    }
    // The window is full: the points this process holds are all that is left of it.
    return lease.used >= limit ? { allowed: false, remaining: lease.left, msBeforeNext } : undefined;
  }

  /**
   * Reserves until the lease holds `cost` points, or the window is full. Requests that wait together are
   * reserved for together: a flood on one key costs a round trip per reservation, not per request.
   */
  private async consumeAfterReserving(key: string, limit: number, cost: number): Promise<Decision> {
    this.waiting.set(key, (this.waiting.get(key) ?? 0) + cost);
    try {
      for (;;) {
        let reservation = this.reserving.get(key);
        if (!reservation) {
          reservation = this.reserve(key, limit).finally(() => this.reserving.delete(key));
          this.reserving.set(key, reservation);
        }
        try {
          await reservation;
        } catch {
          return this.fromLease(key, limit, cost) ?? this.consumeLocally(key, limit, cost);
        }
        const decision = this.fromLease(key, limit, cost);
        if (decision) return decision;
      }
    } finally {
      const still = this.waiting.get(key)! - cost;
      if (still > 0) this.waiting.set(key, still);
      else this.waiting.delete(key);
    }
  }

  /**
   * Gives back a point that `consume` took, for a request that turned out to cost nothing, unless its window
   * has ended: to the process's own count while it owes Redis points (or has no Redis), or else to the lease,
   * for this process to spend without a round trip. Either way one admission more is possible.
   */
  refund(key: string): void {
    const now = Date.now();
    const local = this.locals.get(key);
    if (local && local.expiresAt > now && local.used > 0 && (local.owed > 0 || !this.redis)) {
      local.used--;
      local.owed = Math.max(0, local.owed - 1);
      return;
    }
    const lease = this.leases.get(key);
    if (lease && lease.expiresAt > now) lease.left++;
  }

  /** Forgets what `key` has taken, in this process and in Redis: an administrator's failed logins, once one succeeds. */
  async forget(key: string): Promise<void> {
    this.leases.delete(key);
    this.locals.delete(key);
    // Redis unreachable: what it counted ends with its window.
    await this.redis?.del(`${this.prefix}:${key}`).catch(() => undefined);
  }

  /** Adds to this process's lease of the window the points the waiting requests lack, or a lease's worth if more. */
  private async reserve(key: string, limit: number): Promise<void> {
    const held = this.leases.get(key);
    const left = held && held.expiresAt > Date.now() ? held.left : 0;
    const size = Math.max(this.waiting.get(key)! - left, Math.min(MAX_LEASE, Math.max(1, Math.floor(limit * LEASE_SHARE))));
    const windowMs = this.windowSeconds * 1000;
    const local = this.locals.get(key);
    const owed = local && local.expiresAt > Date.now() ? local.owed : 0;
    const [granted, used, ttl] = await redisAnswer(
      (this.redis as Redis & { associaReserve(key: string, ...args: number[]): Promise<[number, number, number]> }).associaReserve(
        `${this.prefix}:${key}`,
        size,
        limit,
        windowMs,
        owed,
      ),
    );
    // What the process admitted alone is in Redis's count now; a later failure goes on from the new lease.
    if (local && (local.owed -= owed) === 0) this.locals.delete(key);
    const expiresAt = Date.now() + (ttl > 0 ? ttl : windowMs);
    // Points still held of the same window add up; a later window ends a whole window later, and they ended with theirs.
    const previous = this.leases.get(key);
    const kept = previous && Math.abs(expiresAt - previous.expiresAt) < windowMs / 2 ? previous.left : 0;
    this.leases.set(key, { left: kept + granted, used, expiresAt });
  }

  /**
   * Taken synchronously, all or nothing: a refused request never counts, not even for a moment. While Redis
   * fails, the window goes on from Redis's last count of it (every point reserved by then counted as spent).
   */
  private consumeLocally(key: string, limit: number, cost: number): Decision {
    const now = Date.now();
    let window = this.locals.get(key);
    if (!window || window.expiresAt <= now) {
      const lease = this.leases.get(key);
      window =
        lease && lease.expiresAt > now
          ? { used: lease.used, expiresAt: lease.expiresAt, owed: 0 }
          : { used: 0, expiresAt: now + this.windowSeconds * 1000, owed: 0 };
      this.locals.set(key, window);
    }
    const remaining = Math.max(0, limit - window.used);
    const msBeforeNext = window.expiresAt - now;
    if (cost > remaining) return { allowed: false, remaining, msBeforeNext };
    window.used += cost;
    if (this.redis) window.owed += cost;
    return { allowed: true, remaining: remaining - cost, msBeforeNext };
  }
}
