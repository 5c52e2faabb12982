// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import packageJson from '../../package.json' with { type: 'json' };
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** An attribute of OTLP/JSON: a key and one typed value. */
interface Attribute {
  key: string;
  value: { stringValue?: string; intValue?: number | string };
}
interface ExportedSpan {
  traceId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attribute[];
}
interface TraceExport {
  resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: ExportedSpan[] }[] }[];
}

const attribute = (attributes: Attribute[], key: string) => {
  const value = attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** A receiver of OTLP/HTTP traces, as a collector would be: it keeps what it is sent. */
class Receiver {
  readonly requests: { path: string; contentType: string; body: string }[] = [];
  private constructor(private readonly server: Server) {}

  static async start(): Promise<Receiver> {
    const server = createServer();
    const receiver = new Receiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        receiver.requests.push({
          path: request.url ?? '',
          contentType: String(request.headers['content-type']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every span received, with its resource's attributes. */
  spans(): (ExportedSpan & { resource: Attribute[] })[] {
    return this.requests.flatMap(({ body }) =>
      (JSON.parse(body) as TraceExport).resourceSpans.flatMap((resourceSpan) =>
        resourceSpan.scopeSpans.flatMap((scope) => scope.spans.map((span) => ({ ...span, resource: resourceSpan.resource.attributes }))),
      ),
    );
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The packages of OpenTelemetry's SDK, exporter and Fastify instrumentation loaded in this process; not its API,
 * which prom-client loads for itself.
 */
function openTelemetryLoaded(): string[] {
  const packages = Object.keys(createRequire(import.meta.url).cache).flatMap(
    (path) => /[\\/]node_modules[\\/](@opentelemetry[\\/][^\\/]+|@fastify[\\/]otel)[\\/]/.exec(path)?.[1] ?? [],
  );
  return [...new Set(packages)].filter((name) => !/^@opentelemetry.api$/.test(name));
}

describe('tracing', () => {
  let t: TestDatabase;
  let receiver: Receiver;
  before(async () => {
    t = await createTestDatabase();
    receiver = await Receiver.start();
  });
  after(async () => {
    await receiver.close();
    await t.dispose();
  });

  // First: once an app has traced, OpenTelemetry stays loaded in this process.
  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: not registered, nothing of OpenTelemetry loaded, nothing sent', async () => {
    const app = await buildApp({ config: loadConfig({}), database: t.database });
    assert.equal((await app.inject('/api/v1/public/cursos')).statusCode, 200);
    assert.equal(app.hasPlugin('tracing'), false);
    assert.equal(app.hasPlugin('@fastify/otel'), false);
    await app.close();
    assert.deepEqual(openTelemetryLoaded(), []);
    assert.deepEqual(receiver.requests, []);
  });

  it('sends a span per request, named after its route, to the OTLP/HTTP receiver, the last ones when the app closes', async () => {
    const app = await buildApp({
      config: loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'associa-test' }),
      database: t.database,
    });
    assert.equal(app.hasPlugin('@fastify/otel'), true);
    assert.ok(openTelemetryLoaded().includes('@opentelemetry/sdk-trace-node'));
    const { token } = await createToken(t.database.db, { nome: 'tracing', scopes: ['cursos:read'], criadoPor: 'test' });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const listed = await app.inject({
      url: '/api/v1/cursos?limit=2',
      headers: { authorization: `Bearer ${token}`, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    assert.equal(listed.statusCode, 200);
    // A CPF in the address: traces carry it as the logs do, redacted.
    assert.equal((await app.inject('/api/v1/associados/529.982.247-25/situacao?cpf=52998224725')).statusCode, 401);
    assert.equal((await app.inject('/readyz')).statusCode, 200);
    await app.close();

    assert.ok(receiver.requests.length > 0, 'the spans were sent when the app closed');
    for (const request of receiver.requests) {
      assert.equal(request.path, '/v1/traces');
      assert.match(request.contentType, /^application\/json/);
    }
    const spans = receiver.spans();
    const list = spans.find((span) => span.name === 'GET /api/v1/cursos');
    assert.ok(list, `a span for the route among ${spans.map((span) => span.name).join(', ')}`);
    assert.equal(list.kind, 2, 'a server span');
    assert.equal(attribute(list.attributes, 'http.route'), '/api/v1/cursos');
    assert.equal(attribute(list.attributes, 'http.request.method'), 'GET');
    assert.equal(attribute(list.attributes, 'http.response.status_code'), 200);
    assert.equal(attribute(list.attributes, 'url.path'), '/api/v1/cursos');
    assert.equal(attribute(list.attributes, 'url.query'), 'limit=2');
    assert.equal(list.traceId, traceId, "the caller's traceparent is followed");
    assert.equal(attribute(list.resource, 'service.name'), 'associa-test');
    assert.equal(attribute(list.resource, 'service.version'), packageJson.version);
    // Its handler is a child of the request's span.
    assert.ok(spans.some((span) => span.traceId === traceId && span.parentSpanId && span.name.startsWith('handler')));

    const refused = spans.find((span) => span.name === 'GET /api/v1/associados/:id/situacao');
    assert.ok(refused);
    assert.equal(attribute(refused.attributes, 'http.response.status_code'), 401);
    const everything = receiver.requests.map((request) => request.body).join('\n');
    assert.doesNotMatch(everything, /52998224725|529\.982\.247-25/, 'no CPF in the traces');
    assert.doesNotMatch(everything, new RegExp(token), 'no token in the traces');
    assert.ok(!spans.some((span) => span.name.includes('/readyz')), 'health probes are not traced');
  });
});
