import type { FastifyInstance } from 'fastify';
import { LeasedLimiter } from './leased-limiter.js';
import { retryAfter } from './limit-reached.js';

const WINDOW_SECONDS = 15 * 60;
/** Failed logins allowed per client address, and per e-mail, in a 15-minute window. */
export const MAX_FAILURES_PER_ADDRESS = 20;
export const MAX_FAILURES_PER_EMAIL = 5;

/**
 * Slows password guessing in the administration area: after too many failures from one address or against one
 * e-mail, further attempts are refused until the window ends, without even checking the password. Shared through
 * Redis when there is one, so every instance counts the same failures.
 *
 * An attempt takes its point before the password is checked and gives it back when it turns out not to be
 * a failure, so concurrent attempts cannot check more passwords than the limits allow.
 */
export class LoginThrottle {
  constructor(
    private readonly byAddress: LeasedLimiter,
    private readonly byEmail: LeasedLimiter,
  ) {}

  static of(app: FastifyInstance): LoginThrottle {
    const limiter = (name: string) => new LeasedLimiter(app.redis, `associa:${app.deploymentId}:login:${name}`, WINDOW_SECONDS);
    return new LoginThrottle(limiter('ip'), limiter('email'));
  }

  /**
   * Takes an attempt's point from its address and its e-mail: 0 when the password may be checked, otherwise
   * the seconds to wait, with nothing taken. A failed attempt keeps its points; a successful one calls `succeeded`.
   */
  async reserve(address: string, email: string): Promise<number> {
    const [ip, mail] = await Promise.all([
      this.byAddress.consume(address, MAX_FAILURES_PER_ADDRESS),
      this.byEmail.consume(email, MAX_FAILURES_PER_EMAIL),
    ]);
    if (ip.allowed && mail.allowed) return 0;
    // A refused attempt is no failure: the point the other count gave it goes back.
    if (ip.allowed) this.byAddress.refund(address);
    if (mail.allowed) this.byEmail.refund(email);
    return retryAfter(Math.max(ip.allowed ? 0 : ip.msBeforeNext, mail.allowed ? 0 : mail.msBeforeNext));
  }

  /** The attempt succeeded: its address's point goes back, and the e-mail's failures are forgotten. */
  async succeeded(address: string, email: string): Promise<void> {
    this.byAddress.refund(address);
    await this.byEmail.forget(email);
  }
}
