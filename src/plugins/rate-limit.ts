import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Problem } from '../http/problems.js';
import { API_PREFIX } from './errors.js';
import { sharedLimiter } from './redis.js';

const WINDOW_SECONDS = 60;

/**
 * Requests per minute, per token (its own limit or RATE_LIMIT_TOKEN, 600 by default) and, on public
 * routes, per client address (RATE_LIMIT_PUBLIC, 120), announced with the IETF RateLimit and RateLimit-Policy fields. Counters live in Redis when
 * REDIS_URL is set, so every instance shares them; in the process otherwise, and if Redis fails.
 */
export default fp(function rateLimit(app: FastifyInstance, _options: unknown, done: () => void) {
  // Counters are namespaced per deployment, so deployments (and test databases) sharing a Redis never mix.
  const namespace = `associa:rl:${app.deploymentId}`;

  const limiters = new Map<string, RateLimiterAbstract>();
  function limiter(policy: string, points: number): RateLimiterAbstract {
    const name = `${policy}:${points}`;
    let found = limiters.get(name);
    if (!found) {
      found = sharedLimiter(app.redis, { points, duration: WINDOW_SECONDS, keyPrefix: `${namespace}:${name}` });
      limiters.set(name, found);
    }
    return found;
  }

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
      try {
        const result = await limiter(policy, points).consume(subject);
        reply.header('ratelimit', `"${policy}";r=${result.remainingPoints};t=${Math.ceil(result.msBeforeNext / 1000)}`);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const seconds = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        throw new Problem('rate_limited', `Limite de ${points} requisições por minuto atingido; tente de novo em ${seconds} s.`,
          { headers: { 'retry-after': seconds, ratelimit: `"${policy}";r=0;t=${seconds}` } });
      }
    }];
  });
  done();
}, { name: 'rate-limit', fastify: '5.x', dependencies: ['auth', 'service-keys', 'redis'] });
