import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LeasedLimiter } from '../http/leased-limiter.js';
import { Problem } from '../http/problems.js';
import { API_PREFIX } from './errors.js';

const WINDOW_SECONDS = 60;

/**
 * Requests per minute, per token (its own limit or RATE_LIMIT_TOKEN, 600 by default) and, on public
 * routes, per client address (RATE_LIMIT_PUBLIC, 120), announced with the IETF RateLimit and
 * RateLimit-Policy fields. With REDIS_URL every instance shares the counts (src/http/leased-limiter.ts);
 * in the process otherwise, and while Redis fails.
 */
export default fp(function rateLimit(app: FastifyInstance, _options: unknown, done: () => void) {
  // Counters are namespaced per deployment, so deployments (and test databases) sharing a Redis never mix.
  const limiter = new LeasedLimiter(app.redis, `associa:rl:${app.deploymentId}`, WINDOW_SECONDS);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!route.url.startsWith(API_PREFIX) || access === undefined) return;
    const hooks = Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : [];
    route.onRequest = [...hooks, async (request, reply) => {
      // Runs after authentication: a token is known on every protected route by now.
      const [policy, subject, points] = access === 'public'
        ? ['public', `ip:${request.ip}`, app.config.rateLimitPublic]
        : ['default', `token:${request.token!.id}`, request.token!.limitePorMinuto ?? app.config.rateLimitToken];
      reply.header('ratelimit-policy', `"${policy}";q=${points};w=${WINDOW_SECONDS}`);
      const decision = await limiter.consume(`${policy}:${points}:${subject}`, points);
      const seconds = Math.max(1, Math.ceil(decision.msBeforeNext / 1000));
      if (decision.allowed) {
        reply.header('ratelimit', `"${policy}";r=${decision.remaining};t=${seconds}`);
        return;
      }
      throw new Problem('rate_limited', `Limite de ${points} requisições por minuto atingido; tente de novo em ${seconds} s.`,
        { headers: { 'retry-after': String(seconds), ratelimit: `"${policy}";r=0;t=${seconds}` } });
    }];
  });
  done();
}, { name: 'rate-limit', fastify: '5.x', dependencies: ['auth', 'service-keys', 'redis'] });
