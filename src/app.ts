import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { adminArea } from './admin/admin.plugin.js';
import { associadosRoutes } from './api/associados/associados.routes.js';
import { situacoesRoutes } from './api/associados/situacoes.routes.js';
import { cursosRoutes } from './api/cursos/cursos.routes.js';
import { provasRoutes } from './api/provas/provas.routes.js';
import { resultadosRoutes } from './api/provas/resultados.routes.js';
import { eventosRoutes } from './api/eventos/eventos.routes.js';
import { faturasRoutes } from './api/faturas/faturas.routes.js';
import { clientErrorHandler } from './errors/client-errors.js';
import { Problem } from './errors/problems.js';
import { sendProblem } from './errors/send-problem.js';
import { securityHeaders } from './headers/security-headers.js';
import { clientRequestId } from './observability/request-id.js';
import { healthRoutes } from './observability/health.routes.js';
import { faviconRoutes } from './pages/favicon.routes.js';
import { problemPages } from './pages/problem-pages.js';
import { API_PREFIX } from './routes/urls.js';
// The plugins, in the order of PLUGINS below.
import tracing from './observability/tracing.plugin.js';
import errors from './errors/errors.plugin.js';
import serviceKeys from './keys/service-keys.plugin.js';
import metrics from './observability/metrics.plugin.js';
import jobs from './jobs/jobs.plugin.js';
import caching from './caching/caching.plugin.js';
import cors from './headers/cors.plugin.js';
import redis from './limits/redis.plugin.js';
import auth from './auth/auth.plugin.js';
import audit from './audit/audit.plugin.js';
import sharing from './limits/sharing.plugin.js';
import overdueMarking from './jobs/overdue-marking.plugin.js';
import auditRetention from './audit/retention.plugin.js';
import titularCounts from './audit/titular-counts.plugin.js';
import events from './events/events.plugin.js';
import rateLimit from './limits/rate-limit.plugin.js';
import openapi from './api/openapi/openapi.js';
import cursors from './lists/cursors.plugin.js';
import { nullableSerializerFactory } from './api/nullable-serializer.js';

/**
 * The cross-cutting plugins, in the order they are registered. Each names those it needs (fastify-plugin
 * `dependencies`), so that one moved above a plugin it needs fails at start-up.
 */
const PLUGINS = [
  // First: its checks (Host, address length, Accept) answer before any other hook, and its onRoute hook sees every API route.
  errors,
  // The deployment's keys and id, which sign cursors and name the counters shared through Redis.
  serviceKeys,
  // Before auth, which counts the token warnings it serves.
  metrics,
  // The runner of every background job below (and the admin area's), counted by the metrics.
  jobs,
  // ETag, 304 and compression, on send: hooks of the whole app, which run before any route's own (the rate limit's reads the 304).
  caching,
  // Route config `cors`; its preflight answer needs nothing below.
  cors,
  // The connection the limits share, before the plugins that count.
  redis,
  // Its onRequest hook is each API route's first: nothing counts, audits or answers for a token before it is verified.
  auth,
  // Audits the token auth verified.
  audit,
  // The requests' lanes and the background work's share, which the timers below and the rate limit use.
  sharing,
  // Jobs of the runner, independent of each other.
  overdueMarking,
  auditRetention,
  titularCounts,
  // Its deliveries are audited: after the audit trail, which it must flush into before that closes.
  events,
  // After auth: a request is counted against its token once the token is known.
  rateLimit,
  // Last of those with onRoute hooks, so that its own routes (the document, /docs) meet them all.
  openapi,
  // Needs only the service keys.
  cursors,
];

/** The routes, after every plugin: a plugin's onRoute hook reaches only the routes registered after it. */
const ROUTES = [
  healthRoutes,
  faviconRoutes,
  problemPages,
  situacoesRoutes,
  associadosRoutes,
  cursosRoutes,
  faturasRoutes,
  provasRoutes,
  resultadosRoutes,
  eventosRoutes,
];

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the application; never listens (the process that owns it does). */
export async function buildApp({ config, database, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // Per-address limits and the audit trail need the client's address, which only a trusted proxy may tell.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Bound how long a client may take, so slow clients cannot hold connections open.
    requestTimeout: 10_000,
    connectionTimeout: 10_000,
    // Headers must arrive within 5 s; Node checks the deadlines every second instead of every 30.
    http: { headersTimeout: 5000, connectionsCheckingInterval: 1000 },
    // On SIGTERM the listener closes and idle connections are dropped; a request that still arrives on an
    // open connection is served, not refused, so nothing a client sent before the close fails.
    return503OnClosing: false,
    // An unknown query parameter must be refused, not silently dropped (API-DESIGN §2).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: true } },
    clientErrorHandler: clientErrorHandler(config.publicBaseUrl ?? ''),
    frameworkErrors: (_error, request, reply) => {
      void sendProblem(request, reply, new Problem('bad_request', 'O endereço tem uma codificação percentual inválida.'));
    },
    // The server's own id for every request, so audit rows and log lines can be told apart whatever clients send;
    // a client's X-Request-Id is kept beside it (request.clientRequestId).
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    schemaController: { compilersFactory: { buildSerializer: nullableSerializerFactory() } },
  });
  const security = securityHeaders({
    // The administration area sets its own policy; JSON needs none, and the docs UI runs its own scripts.
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    // The public course list is read by the association's website, from another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    hsts: config.publicBaseUrl?.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Read from the header when asked for: the request's first log line is written before any hook runs.
  app.decorateRequest('clientRequestId', {
    getter() {
      return clientRequestId(this.headers['x-request-id']);
    },
  });
  app.addHook('onRequest', (request, reply, next) => {
    reply
      .headers(request.url.startsWith(API_PREFIX) ? security.api : security.document)
      .header('x-request-id', request.clientRequestId ?? request.id);
    next();
  });
  app.decorate('config', config);
  app.decorate('database', database);
  // First, so that requests are traced through every plugin; without an endpoint OpenTelemetry is never even loaded.
  if (config.otlpEndpoint) await app.register(tracing);
  for (const plugin of PLUGINS) await app.register(plugin);
  for (const routes of ROUTES) await app.register(routes);
  await app.register(adminArea, { prefix: '/admin' });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}
