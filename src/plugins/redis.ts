import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis when REDIS_URL is set; counters fall back to the process without it. */
    redis: Redis | null;
  }
}

/** How long a Redis command may take before the request goes on without it. */
const COMMAND_TIMEOUT_MS = 500;

/** One Redis connection per process, for the state every instance shares (rate limits, login throttling). */
export default fp(
  async function redis(app: FastifyInstance) {
    const client = app.config.redisUrl
      ? new Redis(app.config.redisUrl, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          // A hung Redis (frozen, or its host gone without a reset) answers nothing: give up on a command soon, so
          // the counters fall back to the process or the database instead of holding the request.
          commandTimeout: COMMAND_TIMEOUT_MS,
          lazyConnect: true,
          // The rate-limit calls of concurrent requests go out in one write instead of one each.
          enableAutoPipelining: true,
        })
      : null;
    if (client) {
      client.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable; shared counters fall back to this process'));
      await client.connect().catch(() => {});
      app.addHook('onClose', (_instance, done) => {
        client.disconnect();
        done();
      });
    }
    app.decorate('redis', client);
  },
  { name: 'redis', fastify: '5.x' },
);

/**
 * A counter every instance shares through Redis when there is one, falling back to this process while
 * Redis is unreachable; in the process alone without Redis.
 */
export function sharedLimiter(
  redis: Redis | null,
  options: { points: number; duration: number; keyPrefix: string; blockDuration?: number },
): RateLimiterAbstract {
  return redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);
}
