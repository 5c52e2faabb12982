import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from './log-redaction.js';
import { VERSION } from '../version.js';

/** How long an export may take: closing waits for the last one, within the process's 10 s to stop. */
const EXPORT_TIMEOUT_MS = 2000;
/** Probed every few seconds by the load balancer and Prometheus: their traces would only hide the requests'. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * OpenTelemetry traces of every request, sent with OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT: one span per
 * request named after its method and route (`GET /api/v1/cursos`, with `http.route` and the status), and one for
 * its handler; hooks get no span of their own. A `traceparent` header from upstream makes the request part of the
 * caller's trace. Spans are sent in batches, and the last ones when the app closes.
 *
 * Registered by buildApp only when the endpoint is set, and OpenTelemetry is imported only then: without it,
 * nothing of it is loaded or run, and with the packages external to the bundle (scripts/build.js) not even parsed.
 */
export default fp(
  async function tracing(app: FastifyInstance) {
    const endpoint = app.config.otlpEndpoint;
    if (!endpoint) throw new Error('tracing is registered without OTEL_EXPORTER_OTLP_ENDPOINT');
    const [{ FastifyOtelInstrumentation }, { context, propagation, trace }, { OTLPTraceExporter }, { resourceFromAttributes }, sdk] =
      await Promise.all([
        import('@fastify/otel'),
        import('@opentelemetry/api'),
        import('@opentelemetry/exporter-trace-otlp-http'),
        import('@opentelemetry/resources'),
        import('@opentelemetry/sdk-trace-node'),
      ]);
    const { BatchSpanProcessor, NodeTracerProvider } = sdk;
    const provider = new NodeTracerProvider({
      resource: resourceFromAttributes({ 'service.name': app.config.otelServiceName, 'service.version': VERSION }),
      spanProcessors: [
        new BatchSpanProcessor(
          new OTLPTraceExporter({ url: new URL('v1/traces', endpoint.replace(/\/*$/, '/')).href, timeoutMillis: EXPORT_TIMEOUT_MS }),
          { exportTimeoutMillis: EXPORT_TIMEOUT_MS },
        ),
      ],
    });
    // The process-wide context manager and W3C propagator, so that a caller's traceparent is followed.
    provider.register();
    const instrumentation = new FastifyOtelInstrumentation({
      instrumentHooks: false,
      // A refusal's message may quote what the client sent; a 5xx is marked an error all the same, and logged.
      recordExceptions: false,
      ignorePaths: ({ url }) => UNTRACED.has(url.split('?')[0]!),
      requestHook: (span, request) => {
        span.updateName(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`);
        // The address as the logs have it, without CPFs or tokens (the instrumentation sets it as sent, query included).
        const at = request.url.indexOf('?');
        span.setAttribute('url.path', redactUrl(at < 0 ? request.url : request.url.slice(0, at)));
        if (at >= 0) span.setAttribute('url.query', redactUrl(request.url.slice(at)).slice(1));
      },
    });
    instrumentation.setTracerProvider(provider);
    await app.register(instrumentation.plugin());

    app.addHook('onClose', async () => {
      instrumentation.disable();
      try {
        await provider.shutdown();
      } catch (error) {
        app.log.warn({ err: error }, 'the last traces could not be sent');
      }
      trace.disable();
      context.disable();
      propagation.disable();
    });
  },
  { name: 'tracing', fastify: '5.x' },
);
