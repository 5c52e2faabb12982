import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { healthRoutes } from './plugins/health.js';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the application; never listens (the process that owns it does). */
export async function buildApp({ config, database, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: false,
    // Bound how long a client may take, so slow clients cannot hold connections open.
    requestTimeout: 10_000,
    connectionTimeout: 10_000,
    return503OnClosing: true,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  await app.register(healthRoutes);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}
