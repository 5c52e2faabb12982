import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/**
 * Prometheus metrics: request durations by method, route and status, plus the process's own.
 * Served at /metrics only when METRICS is `on`; with a port, the server process serves them there instead.
 */
export default fp(
  function metrics(app: FastifyInstance, _options: unknown, done: () => void) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'associa_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    app.decorate('metrics', registry);

    // One child per method, route and status, kept, so that a request does not make a labels object and a child anew.
    const series = new Map<string, Histogram.Internal<'method' | 'route' | 'status'>>();
    app.addHook('onResponse', (request, reply, next) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let child = series.get(key);
      if (!child) {
        child = duration.labels({ method: request.method, route, status: String(reply.statusCode) });
        series.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
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
  { name: 'metrics', fastify: '5.x' },
);
