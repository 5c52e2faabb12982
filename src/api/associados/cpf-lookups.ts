import type { FastifyInstance } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Problem } from '../../http/problems.js';
import { sharedLimiter } from '../../plugins/redis.js';

interface Window {
  label: string;
  points: number;
  limiter: RateLimiterAbstract;
}

/**
 * Lookups by CPF that find nothing, counted per token over a minute and over a day (API-DESIGN §7), shared
 * by the instances through Redis. Past either limit, every lookup by CPF of that token gets 429
 * `cpf_lookup_limited` until the window ends, those that would find someone too: refusing only the misses
 * would leave the oracle in place, a 429 then meaning "no such CPF".
 */
export class CpfLookupLimit {
  private readonly windows: Window[];

  constructor(app: FastifyInstance) {
    const { perMinute, perDay } = app.config.cpfLookupLimits;
    const prefix = `associa:cpf-misses:${app.deploymentId}`;
    this.windows = [
      {
        label: `${perMinute} por minuto`,
        points: perMinute,
        limiter: sharedLimiter(app.redis, { points: perMinute, duration: 60, keyPrefix: `${prefix}:minuto` }),
      },
      {
        label: `${perDay} por dia`,
        points: perDay,
        limiter: sharedLimiter(app.redis, { points: perDay, duration: 86_400, keyPrefix: `${prefix}:dia` }),
      },
    ];
  }

  /** Refuses a lookup by CPF from a token past a limit. */
  async check(tokenId: number): Promise<void> {
    const states = await Promise.all(this.windows.map((window) => window.limiter.get(String(tokenId))));
    for (const [i, state] of states.entries()) {
      const window = this.windows[i]!;
      if (state && state.consumedPoints >= window.points) {
        const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
        throw new Problem(
          'cpf_lookup_limited',
          `Limite de consultas por CPF sem resultado atingido (${window.label}); as consultas por CPF deste token voltam em ${seconds} s.`,
          { headers: { 'retry-after': String(seconds) } },
        );
      }
    }
  }

  /** Counts a lookup that found nothing; returns the limits that this one reached (each is reached once a window). */
  async miss(tokenId: number): Promise<string[]> {
    const reached: string[] = [];
    for (const window of this.windows) {
      try {
        if ((await window.limiter.consume(String(tokenId))).consumedPoints === window.points) reached.push(window.label);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
      }
    }
    return reached;
  }
}
