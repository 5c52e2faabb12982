import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { isDraining } from './drain.js';

const READY_TIMEOUT_MS = 1500;

/** Operations endpoints, outside /api/v1 and without a token (API-DESIGN §11). */
export function healthRoutes(app: FastifyInstance, _options: unknown, done: () => void): void {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // The process is stopping: a balancer that probes takes it out before its listener closes.
    if (isDraining(app.server)) return reply.code(503).send({ status: 'draining' });
    try {
      const { db, read } = app.database;
      await withTimeout(
        Promise.all([sql`select 1`.execute(db), read === db ? undefined : read.selectNoFrom(sql`1`.as('one')).execute()]),
        READY_TIMEOUT_MS,
      );
      return { status: 'ready', database: 'ok' };
    } catch {
      return reply.code(503).header('retry-after', '5').send({ status: 'unavailable', database: 'unreachable' });
    }
  });
  done();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
