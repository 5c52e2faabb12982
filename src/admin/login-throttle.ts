import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedLimiter } from '../plugins/redis.js';

const WINDOW_SECONDS = 15 * 60;
/** Failed logins allowed per client address, and per e-mail, in a 15-minute window. */
export const MAX_FAILURES_PER_ADDRESS = 20;
export const MAX_FAILURES_PER_EMAIL = 5;

/**
 * Slows password guessing: after too many failures from one address or against one e-mail, further
 * attempts are refused until the window passes, without even checking the password. Shared through
 * Redis when there is one, so every instance counts the same failures.
 *
 * An attempt takes its point before the password is checked and gives it back when it turns out not to be
 * a failure, so concurrent attempts cannot check more passwords than the limits allow.
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

  /**
   * Takes an attempt's point from its address and its e-mail: 0 when the password may be checked, otherwise
   * the seconds to wait, with nothing taken. A failed attempt keeps its points; a successful one calls `succeeded`.
   */
  async reserve(address: string, email: string): Promise<number> {
    const [ip, mail] = await Promise.allSettled([this.byAddress.consume(address), this.byEmail.consume(email)]);
    const reasons = [ip, mail].flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    if (reasons.length === 0) return 0;
    // A refused attempt is no failure: the point the other count gave it goes back.
    await Promise.all([
      ip.status === 'fulfilled' ? this.byAddress.reward(address) : undefined,
      mail.status === 'fulfilled' ? this.byEmail.reward(email) : undefined,
    ]);
    const limited = reasons.filter((reason) => reason instanceof RateLimiterRes);
    if (limited.length < reasons.length) throw reasons.find((reason) => !(reason instanceof RateLimiterRes)) as Error;
    return Math.max(1, ...limited.map((refusal) => Math.ceil(refusal.msBeforeNext / 1000)));
  }

  /** The attempt succeeded: its address's point goes back, and the e-mail's failures are forgotten. */
  async succeeded(address: string, email: string): Promise<void> {
    await Promise.all([this.byAddress.reward(address), this.byEmail.delete(email)]);
  }
}
