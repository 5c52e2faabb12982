import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { asList } from '../http/route-hooks.js';
import { LeasedLimiter, type Decision } from '../http/leased-limiter.js';
import { servedFromCache } from '../http/page-cache.js';
import { Problem } from '../http/problems.js';
import { API_PREFIX } from '../http/urls.js';

const WINDOW_SECONDS = 60;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What an admitted request took from its limit (`cost`, in requests), so that a 304 of the public list served from
     * the page cache can give it back and a token's use can be summed.
     */
    rateLimitPoint: { key: string; policy: string; points: number; cost: number; remaining: number; seconds: number } | null;
  }
  interface FastifyContextConfig {
    /** A public route counted apart from the public list, under a policy and limit of its own (the OpenAPI document). */
    publicLimit?: { policy: string; perMinute: number };
    /**
     * What a request of the route counts against its limit, in requests (1 when not stated), read from the raw request:
     * it is taken before validation, like every request's point.
     */
    rateLimitCost?: (request: FastifyRequest) => number;
  }
}

/**
 * Requests per minute, per token (its own limit or RATE_LIMIT_TOKEN, 600 by default) and, on public
 * routes, per client address (RATE_LIMIT_PUBLIC, 120, or the route's own `publicLimit`), announced with
 * the IETF RateLimit and RateLimit-Policy fields. With REDIS_URL every instance shares the counts
 * (src/http/leased-limiter.ts); in the process otherwise, and while Redis fails. A route may count a request
 * as several (`rateLimitCost`: the batch status operation counts each id, API-DESIGN §9), taken all at once
 * or, refused, not at all.
 */
export default fp(
  function rateLimit(app: FastifyInstance, _options: unknown, done: () => void) {
    // Counters are namespaced per deployment, so deployments (and test databases) sharing a Redis never mix.
    const limiter = new LeasedLimiter(app.redis, `associa:rl:${app.deploymentId}`, WINDOW_SECONDS);
    app.decorateRequest('rateLimitPoint', null);

    // Hooks with callbacks rather than async functions: a decision is mostly taken without waiting, and
    // then costs no promise.
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!route.url.startsWith(API_PREFIX) || access === undefined) return;
      const own = route.config?.publicLimit;
      const costOf = route.config?.rateLimitCost;
      route.onRequest = [
        ...asList(route.onRequest),
        (request, reply, done) => {
          // Runs after authentication: a token is known on every protected route by now.
          const [policy, subject, points] =
            access === 'public'
              ? [own?.policy ?? 'public', `ip:${request.ip}`, own?.perMinute ?? app.config.rateLimitPublic]
              : ['default', `token:${request.token!.id}`, request.token!.limitePorMinuto ?? app.config.rateLimitToken];
          reply.header('ratelimit-policy', `"${policy}";q=${points};w=${WINDOW_SECONDS}`);
          const key = `${policy}:${points}:${subject}`;
          const cost = costOf?.(request) ?? 1;
          const decide = (decision: Decision) => {
            const seconds = Math.max(1, Math.ceil(decision.msBeforeNext / 1000));
            if (!decision.allowed) {
              return new Problem('rate_limited', refusal(points, cost, decision.remaining, seconds), {
                headers: { 'retry-after': String(seconds), ratelimit: `"${policy}";r=${decision.remaining};t=${seconds}` },
                limit: policy === 'default' ? 'token' : policy,
              });
            }
            reply.header('ratelimit', `"${policy}";r=${decision.remaining};t=${seconds}`);
            request.rateLimitPoint = { key, policy, points, cost, remaining: decision.remaining, seconds };
            return undefined;
          };
          const decision = limiter.consume(key, points, cost);
          if (decision instanceof Promise) decision.then((taken) => done(decide(taken)), done);
          else done(decide(decision));
        },
      ];
      // Every request counts, 304s included: the query behind them ran (API-DESIGN §9). Only a 304 of the public list whose
      // page came from the page cache, without a query, gives its point back, and never one that `If-None-Match: *` earned.
      // The route's own onSend runs after the caching plugin's, which turns a 200 into a 304.
      if (access !== 'public') return;
      route.onSend = [
        ...asList(route.onSend),
        (request, reply, payload, done) => {
          const point = request.rateLimitPoint;
          if (reply.statusCode !== 304 || !point || !servedFromCache(reply) || request.headers['if-none-match']?.trim() === '*') {
            return done(null, payload);
          }
          limiter.refund(point.key);
          reply.header('ratelimit', `"${point.policy}";r=${Math.min(point.points, point.remaining + 1)};t=${point.seconds}`);
          done(null, payload);
        },
      ];
    });
    done();
  },
  { name: 'rate-limit', fastify: '5.x', dependencies: ['auth', 'service-keys', 'redis', 'caching'] },
);

/** Why a request was refused: the limit reached, or, for a request counting as several, what it costs against what remains. */
function refusal(points: number, cost: number, remaining: number, seconds: number): string {
  if (cost === 1) return `Limite de ${points} requisições por minuto atingido; tente de novo em ${seconds} s.`;
  if (cost > points) {
    return `Esta requisição conta como ${cost} requisições, mais que o limite de ${points} por minuto: divida-a em requisições menores.`;
  }
  return `Esta requisição conta como ${cost} requisições e restam ${remaining} das ${points} deste minuto; tente de novo em ${seconds} s.`;
}
