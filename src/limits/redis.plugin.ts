import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis when REDIS_URL is set; counters fall back to the process without it. */
    redis: Redis | null;
    /** Whether the shared counters are in use, for the metrics; null without REDIS_URL. */
    sharedCounters: SharedCounters | null;
  }
}

export interface SharedCounters {
  /**
   * Redis is connected and ready, so the counters are shared: every limit asks Redis only then (`enableOfflineQueue`
   * is off: a command sent meanwhile fails at once), and falls back to the process otherwise. A Redis that hangs with its
   * connection open still reads as shared while its commands time out, each falling back on its own.
   */
  readonly shared: boolean;
  /** How many times the counters fell back to the process: Redis unreachable at start, or its connection lost. */
  readonly fallbacks: number;
}

/** How long ioredis keeps a command a hung Redis never answers; callers stop waiting sooner (src/limits/redis-answer.ts). */
const COMMAND_TIMEOUT_MS = 5000;

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
    let state: SharedCounters | null = null;
    if (client) {
      // A fallback is the end of a ready connection, or a start without one; ioredis's reconnection attempts in
      // between emit an error each, and are one fallback.
      let wasReady = false;
      let closing = false;
      let fallbacks = 0;
      state = {
        get shared() {
          return client.status === 'ready';
        },
        get fallbacks() {
          return fallbacks;
        },
      };
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
    app.decorate('sharedCounters', state);
  },
  { name: 'redis', fastify: '5.x' },
);
