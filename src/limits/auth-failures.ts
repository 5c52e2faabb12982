import type { FastifyInstance } from 'fastify';
import type { Problem } from '../errors/problems.js';
import { LeasedLimiter } from './leased-limiter.js';
import { limitReached, retryAfter } from './limit-reached.js';

/**
 * Failed authentications per client address and minute (RATE_LIMIT_AUTH_FAILURES), requests without credentials
 * included: past the limit, that address's failures get 429 instead of 401. Only failures count, so a valid
 * token costs nothing here.
 */
export class AuthFailures {
  constructor(
    private readonly limiter: LeasedLimiter,
    private readonly perMinute: number,
  ) {}

  static of(app: FastifyInstance): AuthFailures {
    return new AuthFailures(
      new LeasedLimiter(app.redis, `associa:auth-failures:${app.deploymentId}`, 60),
      app.config.rateLimitAuthFailures,
    );
  }

  /** Counts a failed authentication from `address`: its own `problem`, or the 429 once the address has failed too often. */
  async failed(address: string, problem: Problem): Promise<Problem> {
    const decision = await this.limiter.consume(address, this.perMinute);
    if (decision.allowed) return problem;
    const seconds = retryAfter(decision.msBeforeNext);
    return limitReached('auth_failures', seconds, `Autenticações falhas demais deste endereço; tente de novo em ${seconds} s.`);
  }
}
