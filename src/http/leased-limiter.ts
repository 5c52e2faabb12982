import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** What a request learns from its limit: whether it may go on, what is left and when the window ends. */
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
 * points reserved but unspent when a window ends (at most a lease per instance) are lost to the caller.
 * Once a window is full, its refusals are answered in the process until it ends.
 *
 * Without Redis, or while it fails, each process counts alone (rate-limiter-flexible's memory store).
 */
export class LeasedLimiter {
  private readonly leases = new LRUCache<string, Lease>({ max: 100_000 });
  private readonly reserving = new Map<string, Promise<void>>();
  private readonly locals = new Map<number, RateLimiterMemory>();

  constructor(
    private readonly redis: Redis | null,
    private readonly prefix: string,
    private readonly windowSeconds: number,
  ) {
    redis?.defineCommand('associaReserve', { numberOfKeys: 1, lua: RESERVE });
  }

  /** The decision on one more request under `key`: given at once while this process holds points of its window, as it mostly does. */
  consume(key: string, limit: number): Decision | Promise<Decision> {
    if (!this.redis) return this.consumeLocally(key, limit);
    return this.fromLease(key, limit) ?? this.consumeAfterReserving(key, limit);
  }

  /** The decision this process can take alone, or undefined when it must reserve points first. */
  private fromLease(key: string, limit: number): Decision | undefined {
    const now = Date.now();
    const lease = this.leases.get(key);
    if (!lease || lease.expiresAt <= now) return undefined;
    const msBeforeNext = lease.expiresAt - now;
    if (lease.left > 0) {
      lease.left--;
      return { allowed: true, remaining: Math.max(0, limit - lease.used + lease.left), msBeforeNext };
    }
    return lease.used >= limit ? { allowed: false, remaining: 0, msBeforeNext } : undefined;
  }

  private async consumeAfterReserving(key: string, limit: number): Promise<Decision> {
    for (;;) {
      let reservation = this.reserving.get(key);
      if (!reservation) {
        reservation = this.reserve(key, limit).finally(() => this.reserving.delete(key));
        this.reserving.set(key, reservation);
      }
      try {
        await reservation;
      } catch {
        // A point taken in the process must be given back there (see refund).
        this.leases.delete(key);
        return this.consumeLocally(key, limit);
      }
      const decision = this.fromLease(key, limit);
      if (decision) return decision;
    }
  }

  /**
   * Gives back a point that `consume` took, for a request that turned out to cost nothing. A point from a
   * lease returns to it, for this process to spend (no round trip), unless its window has ended; one counted
   * in the process returns there.
   */
  async refund(key: string, limit: number): Promise<void> {
    const lease = this.leases.get(key);
    if (lease) {
      if (lease.expiresAt > Date.now()) lease.left++;
      return;
    }
    await this.locals.get(limit)?.reward(key);
  }

  private async reserve(key: string, limit: number): Promise<void> {
    const size = Math.min(MAX_LEASE, Math.max(1, Math.floor(limit * LEASE_SHARE)));
    const windowMs = this.windowSeconds * 1000;
    const reply = await (
      this.redis as Redis & { associaReserve(key: string, ...args: number[]): Promise<[number, number, number]> }
    ).associaReserve(`${this.prefix}:${key}`, size, limit, windowMs);
    const [granted, used, ttl] = reply;
    this.leases.set(key, { left: granted, used, expiresAt: Date.now() + (ttl > 0 ? ttl : windowMs) });
  }

  private async consumeLocally(key: string, limit: number): Promise<Decision> {
    let local = this.locals.get(limit);
    if (!local) {
      local = new RateLimiterMemory({ points: limit, duration: this.windowSeconds });
      this.locals.set(limit, local);
    }
    try {
      const result = await local.consume(key);
      return { allowed: true, remaining: result.remainingPoints, msBeforeNext: result.msBeforeNext };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, remaining: 0, msBeforeNext: rejection.msBeforeNext };
    }
  }
}
