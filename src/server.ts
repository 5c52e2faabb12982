import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { createDemoAdminIfNone } from './admin/admin-users.js';
import { buildApp } from './app.js';
import { VERSION } from './version.js';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { drain } from './observability/drain.js';
import { requestSerializer } from './observability/log-redaction.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { SCOPE_NAMES } from './tokens/scopes.js';
import { createToken } from './tokens/tokens.queries.js';

/** How long the requests in progress and the audit trail's last write may take once the drain is over. */
const SHUTDOWN_GRACE_MS = 10_000;
const DEMO_TOKEN_LIFETIME_SECONDS = 7 * 86400;

/**
 * Owns the process: database, migrations, (embedded) demo data, listening, graceful shutdown.
 * On the embedded database it is a demo: it seeds when empty and prints a token with every scope.
 */
export async function startServer(config: Config, opening: Promise<Database>): Promise<void> {
  const database = await opening;
  let app: FastifyInstance | undefined;
  let metricsServer: Server | undefined;
  let gracefulShutdown: { uninstall(): void } | undefined;
  // Once only: a signal may come while the process is starting, and the start then fails too.
  let stopping: Promise<void> | undefined;
  // Without `drainMs` (a start that failed, an error) it closes at once.
  const stop = (drainMs?: number) =>
    (stopping ??= (async () => {
      if (drainMs !== undefined && app?.server.listening) await drain(app.server, drainMs, app.log);
      metricsServer?.close();
      await app?.close();
      await database.close();
      app?.log.info('closed: every request answered, the database closed');
    })());
  try {
    app = await buildApp({
      config,
      database,
      logger: {
        level: config.logLevel,
        serializers: { req: requestSerializer },
        redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      },
    });
    gracefulShutdown = installGracefulShutdown(app, config.shutdownDrainMs, stop);
    const demo = config.databaseUrl ? null : await demoAccess(database, app);
    await app.listen({ port: config.port, host: config.host });
    if (typeof config.metrics === 'number') metricsServer = await listenForMetrics(app, config.metrics, config.metricsHost);
    process.stdout.write(config.production ? jsonBanner(config, app, metricsServer) : banner(config, app, metricsServer, demo));
  } catch (error) {
    // A service that cannot start (its port taken, say) must end, so that its supervisor sees it fail: the
    // database pool, Redis and the app's timers would otherwise keep the process running with no listener, and
    // the graceful shutdown, left installed, would end it with status 0 once they had closed.
    gracefulShutdown?.uninstall();
    await stop().catch(() => {});
    throw error;
  }
}

function installGracefulShutdown(app: FastifyInstance, drainMs: number, stop: (drainMs?: number) => Promise<void>): { uninstall(): void } {
  const delay = drainMs + SHUTDOWN_GRACE_MS;
  return closeWithGrace({ delay }, async ({ signal, err }) => {
    // A process that failed is not one to keep answering from: it stops without a drain.
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await stop(err ? undefined : drainMs);
  });
}

interface DemoAccess {
  token: string;
  admin: { email: string; password: string } | null;
}

/** The embedded demo's data, seeded when empty, a token with every scope and, the first time, an administrator. */
async function demoAccess(database: Database, app: FastifyInstance): Promise<DemoAccess> {
  const seeded = await seedDemoIfEmpty(database);
  if (seeded) app.log.info(seeded, 'demo data seeded');
  const { token } = await createToken(database.db, {
    nome: 'demo (npm start)',
    scopes: SCOPE_NAMES,
    criadoPor: 'npm start',
    lifetimeSeconds: DEMO_TOKEN_LIFETIME_SECONDS,
  });
  return { token, admin: await createDemoAdminIfNone(database.db) };
}

function banner(config: Config, app: FastifyInstance, metricsServer: Server | undefined, demo: DemoAccess | null): string {
  const base = config.publicBaseUrl ?? localBaseUrl(app.server.address());
  const lines = [
    '',
    `Associa is running on ${demo ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}.`,
    `  API:    ${base}/api/v1`,
    `  Docs:   ${base}/docs`,
    `  Admin:  ${base}/admin`,
    `  Health: ${base}/readyz`,
  ];
  if (config.metrics !== 'off') lines.push(`  Metrics: ${metricsServer ? localBaseUrl(metricsServer.address()) : base}/metrics`);
  if (demo) {
    lines.push(
      '',
      'Demo token (every scope, valid 7 days, shown only now):',
      `  ${demo.token}`,
      '',
      `Try: curl -H "Authorization: Bearer ${demo.token}" ${base}/api/v1/associados?limit=2`,
    );
  }
  if (demo?.admin) {
    lines.push(
      '',
      `Administrator (created now; the password is shown only this once) at ${base}/admin:`,
      `  E-mail:   ${demo.admin.email}`,
      `  Password: ${demo.admin.password}`,
    );
  }
  return `${lines.join('\n')}\n\n`;
}

/**
 * Production's banner: one JSON line, like the logs around it, with no secret in it (production has no demo).
 * It is written whatever LOG_LEVEL is: an operator looks for it at every start.
 */
function jsonBanner(config: Config, app: FastifyInstance, metricsServer: Server | undefined): string {
  const base = config.publicBaseUrl ?? localBaseUrl(app.server.address());
  const line = {
    level: 30,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    msg: 'Associa is running',
    version: VERSION,
    api: `${base}/api/v1`,
    health: `${base}/readyz`,
    listening: localBaseUrl(app.server.address()),
    metrics: config.metrics === 'off' ? null : `${metricsServer ? localBaseUrl(metricsServer.address()) : base}/metrics`,
    simulation: config.simulation,
    tracing: config.otlpEndpoint ?? null,
  };
  return `${JSON.stringify(line)}\n`;
}

/** METRICS=<port>: the metrics get a listener of their own, so the API's port need not expose them. */
async function listenForMetrics(app: FastifyInstance, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') return void response.writeHead(404).end();
    app.metrics.metrics().then(
      (text) => response.writeHead(200, { 'content-type': app.metrics.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  server.listen(port, host);
  await once(server, 'listening');
  return server;
}

function localBaseUrl(address: string | AddressInfo | null): string {
  if (!address || typeof address === 'string') return 'http://localhost';
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? 'localhost'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
