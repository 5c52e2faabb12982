import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Counter, Gauge, type Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis when REDIS_URL is set; counters fall back to the process without it. */
    redis: Redis | null;
  }
}

/** How long ioredis keeps a command a hung Redis never answers; callers stop waiting sooner (src/limits/redis-answer.ts). */
const COMMAND_TIMEOUT_MS = 5000;

/**
 * Whether the counters every instance shares (rate limits, throttles, CPF lookups) are in Redis or in this process, read
 * at each scrape. Redis is connected and ready, so the counters are shared: every limit asks Redis only then
 * (`enableOfflineQueue` is off: a command sent meanwhile fails at once), and falls back to the process otherwise. A
 * Redis that hangs with its connection open still reads as shared while its commands time out, each falling back on
 * its own.
 */
function sharingMetrics(registry: Registry, client: Redis, fallbacks: () => number): void {
  new Gauge({
    name: 'associa_redis_shared',
    help:
      'With REDIS_URL: 1 while the limits are counted in Redis, shared by every instance; 0 while Redis is unreachable ' +
      'and each instance counts alone (its limits then admit up to one limit per instance). Absent without REDIS_URL.',
    registers: [registry],
    collect() {
      this.set(client.status === 'ready' ? 1 : 0);
    },
  });
  new Counter({
    name: 'associa_redis_fallbacks_total',
    help: 'With REDIS_URL: times the shared counters fell back to this process (Redis unreachable at start, or its connection lost).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(fallbacks());
    },
  });
}

/** One Redis connection per process, for the state every instance shares: the limits (src/limits/). */
export default fp(
  async function redis(app: FastifyInstance) {
    const client = app.config.redisUrl
      ? new Redis(app.config.redisUrl, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          commandTimeout: COMMAND_TIMEOUT_MS,
          lazyConnect: true,
          // The rate-limit calls of concurrent requests go out in one write instead of one each.
          enableAutoPipelining: true,
        })
      : null;
    // Without REDIS_URL nothing is shared and nothing can fall back: the Redis metrics are absent, not 0.
    if (client) {
      // A fallback is the end of a ready connection, or a start without one; ioredis's reconnection attempts in
      // between emit an error each, and are one fallback.
      let wasReady = false;
      let closing = false;
      let fallbacks = 0;
      sharingMetrics(app.metrics, client, () => fallbacks);
      // One line when Redis goes and one when it is back: ioredis reports each reconnection attempt that fails, every
      // second or two for as long as Redis is away.
      let away = false;
      client.on('ready', () => {
        wasReady = true;
        if (away) app.log.info('redis is back; the counters are shared again');
        away = false;
      });
      client.on('close', () => {
        if (wasReady && !closing) fallbacks++;
        wasReady = false;
      });
      client.on('error', (error) => {
        if (away) return;
        away = true;
        app.log.warn({ err: error }, 'redis unavailable; shared counters fall back to this process');
      });
      await client.connect().catch(() => {
        fallbacks++;
      });
      app.addHook('onClose', (_instance, done) => {
        closing = true;
        client.disconnect();
        done();
      });
    }
    app.decorate('redis', client);
  },
  { name: 'redis', fastify: '5.x', dependencies: ['metrics'] },
);
