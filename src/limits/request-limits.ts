import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Problem } from '../errors/problems.js';
import type { TokenIdentity } from '../tokens/token-verifier.js';
import { LeasedLimiter, type Decision } from './leased-limiter.js';
import { limitReached, retryAfter, type LimitName } from './limit-reached.js';

const WINDOW_SECONDS = 60;

/** The policies of public routes, per client address: the public list's, and the OpenAPI document's apart from it. */
export type PublicPolicy = 'public' | 'docs';

/** What a request counts against: a policy (as the RateLimit fields name it), its requests a minute, and whose they are. */
export interface Policy {
  name: 'default' | PublicPolicy;
  points: number;
  key: string;
}

/** What an admitted request took from its policy (`cost`, in requests), and what remains of the window. */
export interface Taken extends Policy {
  cost: number;
  remaining: number;
  seconds: number;
}

/**
 * Requests per minute (API-DESIGN §9): per token (its own limit or RATE_LIMIT_TOKEN, 600 by default) and, on
 * public routes, per client address (RATE_LIMIT_PUBLIC, 120; the OpenAPI document RATE_LIMIT_DOCS, 600). With
 * REDIS_URL every instance shares the counts (src/limits/leased-limiter.ts); in the process otherwise, and while
 * Redis fails. A request may count as several (the batch status operation counts each id), taken all at once
 * or, refused, not at all.
 */
export class RequestLimits {
  constructor(
    private readonly limiter: LeasedLimiter,
    private readonly config: Pick<Config, 'rateLimitToken' | 'rateLimitPublic' | 'rateLimitDocs'>,
  ) {}

  static of(app: FastifyInstance): RequestLimits {
    // Counters are namespaced per deployment, so deployments (and test databases) sharing a Redis never mix.
    return new RequestLimits(new LeasedLimiter(app.redis, `associa:rl:${app.deploymentId}`, WINDOW_SECONDS), app.config);
  }

  perToken(token: Pick<TokenIdentity, 'id' | 'limitePorMinuto'>): Policy {
    return this.policy('default', token.limitePorMinuto ?? this.config.rateLimitToken, `token:${token.id}`);
  }

  perAddress(address: string, name: PublicPolicy): Policy {
    return this.policy(name, name === 'docs' ? this.config.rateLimitDocs : this.config.rateLimitPublic, `ip:${address}`);
  }

  /** Takes `cost` requests from the policy's window, all or none: what was taken, or the 429. Mostly without waiting. */
  take(policy: Policy, cost: number): Taken | Problem | Promise<Taken | Problem> {
    const decision = this.limiter.consume(policy.key, policy.points, cost);
    return decision instanceof Promise ? decision.then((taken) => outcome(policy, cost, taken)) : outcome(policy, cost, decision);
  }

  /** Gives back a request that turned out to cost nothing; what remains of its window then. */
  refund(taken: Taken): number {
    this.limiter.refund(taken.key);
    return Math.min(taken.points, taken.remaining + 1);
  }

  private policy(name: Policy['name'], points: number, subject: string): Policy {
    return { name, points, key: `${name}:${points}:${subject}` };
  }
}

/** `RateLimit-Policy`: the policy's requests a window, and the window in seconds. */
export function policyHeader(policy: Policy): string {
  return `"${policy.name}";q=${policy.points};w=${WINDOW_SECONDS}`;
}

/** `RateLimit`: what remains of the window, and the seconds before it ends. */
export function remainingHeader(policy: Policy, remaining: number, seconds: number): string {
  return `"${policy.name}";r=${remaining};t=${seconds}`;
}

function outcome(policy: Policy, cost: number, decision: Decision): Taken | Problem {
  const seconds = retryAfter(decision.msBeforeNext);
  if (decision.allowed) return { name: policy.name, points: policy.points, key: policy.key, cost, remaining: decision.remaining, seconds };
  const limit: LimitName = policy.name === 'default' ? 'token' : policy.name;
  return limitReached(limit, seconds, refusal(policy.points, cost, decision.remaining, seconds), {
    ratelimit: remainingHeader(policy, decision.remaining, seconds),
  });
}

/** Why a request was refused: the limit reached, or, for a request counting as several, what it costs against what remains. */
function refusal(points: number, cost: number, remaining: number, seconds: number): string {
  if (cost === 1) return `Limite de ${points} requisições por minuto atingido; tente de novo em ${seconds} s.`;
  if (cost > points) {
    return `Esta requisição conta como ${cost} requisições, mais que o limite de ${points} por minuto: divida-a em requisições menores.`;
  }
  return `Esta requisição conta como ${cost} requisições e restam ${remaining} das ${points} deste minuto; tente de novo em ${seconds} s.`;
}
