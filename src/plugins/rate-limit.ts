import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { asList } from '../http/route-hooks.js';
import { LeasedLimiter } from '../http/leased-limiter.js';
import { Problem } from '../http/problems.js';
import { API_PREFIX } from '../http/urls.js';

const WINDOW_SECONDS = 60;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public route counted apart from the public list, under a policy and limit of its own (the OpenAPI document). */
    publicLimit?: { policy: string; perMinute: number };
  }
}

/**
 * Requests per minute, per token (its own limit or RATE_LIMIT_TOKEN, 600 by default) and, on public
 * routes, per client address (RATE_LIMIT_PUBLIC, 120, or the route's own `publicLimit`), announced with
 * the IETF RateLimit and RateLimit-Policy fields. With REDIS_URL every instance shares the counts
 * (src/http/leased-limiter.ts); in the process otherwise, and while Redis fails.
 */
export default fp(
  function rateLimit(app: FastifyInstance, _options: unknown, done: () => void) {
    // Counters are namespaced per deployment, so deployments (and test databases) sharing a Redis never mix.
    const limiter = new LeasedLimiter(app.redis, `associa:rl:${app.deploymentId}`, WINDOW_SECONDS);

    /** What each admitted request took, so that a 304 can give it back. */
    const taken = new WeakMap<FastifyRequest, { key: string; points: number; announced: string }>();

    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!route.url.startsWith(API_PREFIX) || access === undefined) return;
      const own = route.config?.publicLimit;
      route.onRequest = [
        ...asList(route.onRequest),
        async (request, reply) => {
          // Runs after authentication: a token is known on every protected route by now.
          const [policy, subject, points] =
            access === 'public'
              ? [own?.policy ?? 'public', `ip:${request.ip}`, own?.perMinute ?? app.config.rateLimitPublic]
              : ['default', `token:${request.token!.id}`, request.token!.limitePorMinuto ?? app.config.rateLimitToken];
          reply.header('ratelimit-policy', `"${policy}";q=${points};w=${WINDOW_SECONDS}`);
          const key = `${policy}:${points}:${subject}`;
          const decision = await limiter.consume(key, points);
          const seconds = Math.max(1, Math.ceil(decision.msBeforeNext / 1000));
          if (decision.allowed) {
            reply.header('ratelimit', `"${policy}";r=${decision.remaining};t=${seconds}`);
            taken.set(request, { key, points, announced: `"${policy}";r=${Math.min(points, decision.remaining + 1)};t=${seconds}` });
            return;
          }
          throw new Problem('rate_limited', `Limite de ${points} requisições por minuto atingido; tente de novo em ${seconds} s.`, {
            headers: { 'retry-after': String(seconds), ratelimit: `"${policy}";r=0;t=${seconds}` },
          });
        },
      ];
      // A revalidation answered 304 costs the client nothing to read, so it costs no quota (API-DESIGN §8). The route's
      // own onSend runs after the caching plugin's, which turns a 200 into a 304.
      route.onSend = [
        ...asList(route.onSend),
        async (request, reply, payload) => {
          const point = taken.get(request);
          if (reply.statusCode !== 304 || !point) return payload;
          await limiter.refund(point.key, point.points);
          reply.header('ratelimit', point.announced);
          return payload;
        },
      ];
    });
    done();
  },
  { name: 'rate-limit', fastify: '5.x', dependencies: ['auth', 'service-keys', 'redis', 'caching'] },
);
