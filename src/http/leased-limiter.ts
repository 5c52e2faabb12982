import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

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

/** A window counted in this process alone. */
interface LocalWindow {
  used: number;
  expiresAt: number;
}

/**
 * Reserves up to ARGV[1] points of the window KEYS[1] without passing the limit ARGV[2]; a new window
 * lasts ARGV[3] ms. Returns the points granted, the window's count and the ms it has left.
 */
const RESERVE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local grant = math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - used)
if grant > 0 then
  used = redis.call('INCRBY', KEYS[1], grant)
  if used == grant then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
else
  grant = 0
end
return {grant, used, redis.call('PTTL', KEYS[1])}`;

/** The share of a limit one reservation takes: the most an instance can hold unspent when the window ends. */
const LEASE_SHARE = 1 / 200;
const MAX_LEASE = 100;

/**
 * Fixed-window request limits shared by every instance through Redis, at a round trip per lease rather
 * than per request: an instance reserves a few points of a window at once (never past the limit, so
 * together the instances admit no more than it) and spends them in the process. A lease is 1/200 of the
 * limit, at most 100 points, so a limit of up to 399 a minute still asks Redis at every request, and
 * points reserved but unspent when a window ends (at most a lease per instance, or what a refused request
 * reserved) are lost to the caller.
 * Once a window is full, its refusals are answered in the process until it ends.
 *
 * A request may cost several points (a batch counts each of its items): it takes them all at once or none.
 * The lease then grows by what it lacks; refused, the request takes nothing, and what was reserved for it
 * stays in the lease for the next requests.
 *
 * Without Redis, or while it fails, each process counts alone, in fixed windows of its own.
 */
export class LeasedLimiter {
  private readonly leases = new LRUCache<string, Lease>({ max: 100_000 });
  private readonly reserving = new Map<string, Promise<void>>();
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

  /** Reserves until the lease holds `cost` points, or the window is full. */
  private async consumeAfterReserving(key: string, limit: number, cost: number): Promise<Decision> {
    for (;;) {
      let reservation = this.reserving.get(key);
      if (!reservation) {
        reservation = this.reserve(key, limit, cost).finally(() => this.reserving.delete(key));
        this.reserving.set(key, reservation);
      }
      try {
        await reservation;
      } catch {
        // Points taken in the process must be given back there (see refund).
        this.leases.delete(key);
        return this.consumeLocally(key, limit, cost);
      }
      const decision = this.fromLease(key, limit, cost);
      if (decision) return decision;
    }
  }

  /**
   * Gives back a point that `consume` took, for a request that turned out to cost nothing. A point from a
   * lease returns to it, for this process to spend (no round trip), unless its window has ended; one counted
   * in the process returns there.
   */
  refund(key: string): void {
    const now = Date.now();
    const lease = this.leases.get(key);
    if (lease) {
      if (lease.expiresAt > now) lease.left++;
      return;
    }
    const local = this.locals.get(key);
    if (local && local.expiresAt > now) local.used = Math.max(0, local.used - 1);
  }

  /** Adds to this process's lease of the window the points a request of `cost` lacks, or a lease's worth if more. */
  private async reserve(key: string, limit: number, cost: number): Promise<void> {
    const held = this.leases.get(key);
    const left = held && held.expiresAt > Date.now() ? held.left : 0;
    const size = Math.max(cost - left, Math.min(MAX_LEASE, Math.max(1, Math.floor(limit * LEASE_SHARE))));
    const windowMs = this.windowSeconds * 1000;
    const reply = await (
      this.redis as Redis & { associaReserve(key: string, ...args: number[]): Promise<[number, number, number]> }
    ).associaReserve(`${this.prefix}:${key}`, size, limit, windowMs);
    const [granted, used, ttl] = reply;
    const expiresAt = Date.now() + (ttl > 0 ? ttl : windowMs);
    // Points still held of the same window add up; a later window ends a whole window later, and they ended with theirs.
    const previous = this.leases.get(key);
    const kept = previous && Math.abs(expiresAt - previous.expiresAt) < windowMs / 2 ? previous.left : 0;
    this.leases.set(key, { left: kept + granted, used, expiresAt });
  }

  /** Taken synchronously, all or nothing: a refused request never counts, not even for a moment. */
  private consumeLocally(key: string, limit: number, cost: number): Decision {
    const now = Date.now();
    let window = this.locals.get(key);
    if (!window || window.expiresAt <= now) {
      window = { used: 0, expiresAt: now + this.windowSeconds * 1000 };
      this.locals.set(key, window);
    }
    const remaining = Math.max(0, limit - window.used);
    const msBeforeNext = window.expiresAt - now;
    if (cost > remaining) return { allowed: false, remaining, msBeforeNext };
    window.used += cost;
    return { allowed: true, remaining: remaining - cost, msBeforeNext };
  }
}
