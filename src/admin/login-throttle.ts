import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedLimiter } from '../plugins/redis.js';

const WINDOW_SECONDS = 15 * 60;
/** Failed logins allowed per client address, and per e-mail, in a 15-minute window. */
export const MAX_FAILURES_PER_ADDRESS = 20;
export const MAX_FAILURES_PER_EMAIL = 5;

/**
 * Slows password guessing: after too many failures from one address or against one e-mail, further
 * attempts are refused until the window passes, without even checking the password. Shared through
 * Redis when there is one, so every instance counts the same failures.
 */
export class LoginThrottle {
  private readonly byAddress: RateLimiterAbstract;
  private readonly byEmail: RateLimiterAbstract;

  constructor(redis: Redis | null, namespace: string) {
    const limiter = (name: string, points: number) =>
      sharedLimiter(redis, { points, duration: WINDOW_SECONDS, blockDuration: WINDOW_SECONDS, keyPrefix: `${namespace}:login:${name}` });
    this.byAddress = limiter('ip', MAX_FAILURES_PER_ADDRESS);
    this.byEmail = limiter('email', MAX_FAILURES_PER_EMAIL);
  }

  /** Seconds to wait before another attempt, or 0 when one may be made now. */
  async waitSeconds(address: string, email: string): Promise<number> {
    const [ip, mail] = await Promise.all([this.byAddress.get(address), this.byEmail.get(email)]);
    const blocked = [
      ip && ip.consumedPoints >= MAX_FAILURES_PER_ADDRESS ? ip : null,
      mail && mail.consumedPoints >= MAX_FAILURES_PER_EMAIL ? mail : null,
    ];
    const waits = blocked.map((result) => (result ? Math.ceil(result.msBeforeNext / 1000) : 0));
    return Math.max(0, ...waits);
  }

  async failed(address: string, email: string): Promise<void> {
    // A rejection only means the limit is now reached; the next waitSeconds() reports it.
    await Promise.allSettled([this.byAddress.consume(address), this.byEmail.consume(email)]);
  }

  async succeeded(email: string): Promise<void> {
    await this.byEmail.delete(email);
  }
}
