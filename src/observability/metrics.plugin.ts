import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { registerPoolMetrics } from '../db/pool-metrics.js';
import { PROBLEM_TYPES } from '../errors/problems.js';
import type { TokenWarning } from '../auth/token-warning.js';
import { LIMIT_NAMES, limitCode } from '../limits/limit-reached.js';
import { VERSION } from '../version.js';
import { OMITTED } from '../omitted-parts.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
    /** Counts a response that carried a token's warning (Deprecation, Sunset), by why it was owed. */
    countTokenWarning(kind: TokenWarning['kind']): void;
  }
}

/**
 * Refusals that are not problems: the administration area answers with pages. Its only 429 is the login
 * throttle (src/limits/login-throttle.ts); its 401 and 403 are a failed login, a lapsed session or a form without
 * its CSRF code.
 */
const PAGE_REFUSALS: Record<number, { limit: string; code: string }> = {
  401: { limit: 'none', code: 'admin_unauthorized' },
  403: { limit: 'none', code: 'admin_forbidden' },
  429: { limit: 'login', code: 'login_throttled' },
};

/**
 * Every refusal the service can count, so that each series is scraped at 0 from the start: a dashboard's rate of a
 * series that does not exist yet is "No data", not 0. A refused credential or scope names no limit.
 */
const KNOWN_REFUSALS: readonly { limit: string; code: string }[] = [
  ...Object.entries(PROBLEM_TYPES)
    .filter(([, type]) => type.status === 401 || type.status === 403)
    .map(([code]) => ({ limit: 'none', code })),
  ...LIMIT_NAMES.map((limit) => ({ limit, code: limitCode(limit) })),
  ...Object.values(PAGE_REFUSALS),
];

/**
 * Prometheus metrics (docs/deployment.md): request durations by method, route and status; refusals (401, 403, 429)
 * by limit and code; token warnings served; the database pools (src/db/pool-metrics.ts); the build; and the process's
 * own. The registry (`app.metrics`) takes the other plugins' own: the audit trail's, Redis's, the jobs'. A request pays for its duration and, when refused or warned, a counter; everything else is read when Prometheus
 * scrapes. Served at /metrics only when METRICS is `on`; with a port, the server process serves them there instead.
 */
export default fp(
  function metrics(app: FastifyInstance, _options: unknown, done: () => void) {
    const registry = new Registry();
    const registers = [registry];
    collectDefaultMetrics({ register: registry });
    new Gauge({
      name: 'associa_build_info',
      help: 'Always 1, labelled with the version of Associa and of Node.js this instance runs: instances on different versions are a rolling deploy.',
      labelNames: ['version', 'node'] as const,
      registers,
    }).set({ version: VERSION, node: process.version }, 1);
    const duration = new Histogram({
      name: 'associa_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    const refusals = new Counter({
      name: 'associa_refusals_total',
      help:
        'Requests refused with 401, 403 or 429, by the limit that refused them (token, public, docs, auth_failures, cpf_lookup, concurrency, ' +
        "login; none for a refused credential or scope) and the problem's code (admin_* for the administration area's pages).",
      labelNames: ['limit', 'code'] as const,
      registers,
    });
    const concurrencyRefusals = new Counter({
      name: 'associa_concurrency_refusals_total',
      help:
        'Requests refused with 429 concurrency_limited: their token already had its limit of requests in flight at once in this instance ' +
        '(CONCURRENCY_LIMIT_TOKEN, or its own in Integrações). Also counted in associa_refusals_total{limit="concurrency"}.',
      registers,
    });
    const tokenWarnings = new Counter({
      name: 'associa_token_warnings_total',
      help: 'Responses that carried a token warning (Deprecation, Sunset): kind rotated (in its grace period after a rotation) or expiring (in its last 14 days).',
      labelNames: ['kind'] as const,
      registers,
    });
    registerPoolMetrics(registry, app.database);

    app.decorate('metrics', registry);
    const warned = { rotated: tokenWarnings.labels('rotated'), expiring: tokenWarnings.labels('expiring') };
    for (const child of Object.values(warned)) child.inc(0);
    app.decorate('countTokenWarning', (kind: TokenWarning['kind']) => warned[kind].inc());

    // One child per method, route and status, kept, so that a request does not make a labels object and a child anew;
    // likewise per limit and code.
    const series = new Map<string, Histogram.Internal<'method' | 'route' | 'status'>>();
    const refused = new Map<string, Counter.Internal>();
    for (const { limit, code } of KNOWN_REFUSALS) {
      const child = refusals.labels({ limit, code });
      child.inc(0);
      refused.set(`${limit} ${code}`, child);
    }
    const countRefusal = (reply: FastifyReply, status: number) => {
      const problem = reply.problem;
      const limit = problem ? (problem.options.limit ?? 'none') : PAGE_REFUSALS[status]!.limit;
      const code = problem ? problem.code : PAGE_REFUSALS[status]!.code;
      const key = `${limit} ${code}`;
      let child = refused.get(key);
      if (!child) {
        child = refusals.labels({ limit, code });
        refused.set(key, child);
      }
      child.inc();
      if (limit === 'concurrency') concurrencyRefusals.inc();
    };
    app.addHook('onResponse', (request, reply, next) => {
      if (OMITTED.metrics) return next();
      const status = reply.statusCode;
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${status} ${route}`;
      let child = series.get(key);
      if (!child) {
        child = duration.labels({ method: request.method, route, status: String(status) });
        series.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
      if (status === 429 || status === 401 || status === 403) countRefusal(reply, status);
      next();
    });

    if (app.config.metrics === 'on') {
      app.get('/metrics', async (_request, reply) =>
        reply
          .type(registry.contentType)
          .header('cache-control', 'no-store')
          .send(await registry.metrics()),
      );
    }
    done();
  },
  { name: 'metrics', fastify: '5.x', dependencies: ['errors'] },
);
