// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { ApiClient } from '../helpers/api.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

const EXPOSED = 'Link, ETag, X-Request-Id, RateLimit, RateLimit-Policy, Retry-After';
const ORIGIN = 'https://site.associa.example';

function assertCors(response: LightMyRequestResponse, what: string): void {
  assert.equal(response.headers['access-control-allow-origin'], '*', what);
  assert.equal(response.headers['access-control-expose-headers'], EXPOSED, what);
  assert.equal(response.headers['access-control-allow-credentials'], undefined, what);
}

function assertProblem(response: LightMyRequestResponse, status: number, code: string): void {
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  assert.equal(response.json<{ code: string }>().code, code);
  assertCors(response, `${status} ${code}`);
}

describe('CORS on the public course list', () => {
  let f: ApiFixture;
  let limited: FastifyInstance;
  let limitedApi: ApiClient;
  const list = '/api/v1/public/cursos?limit=2';
  const fromPage = (headers: Record<string, string> = {}) => ({ origin: ORIGIN, ...headers });

  before(async () => {
    f = await apiFixture(20);
    limited = await buildApp({ config: loadConfig({ RATE_LIMIT_PUBLIC: '2', REDIS_URL: process.env.REDIS_URL }), database: f.t.database });
    limitedApi = new ApiClient(limited);
  });
  after(async () => {
    await limited?.close();
    await f?.close();
  });

  it('lets a page of any site read a 200, a HEAD and a 304', async () => {
    const ok = await f.api.get(list, undefined, fromPage());
    assert.equal(ok.statusCode, 200);
    assert.ok(Array.isArray(ok.json()));
    assertCors(ok, '200');
    const head = await f.api.request({ method: 'HEAD', url: list, headers: fromPage() });
    assert.equal(head.statusCode, 200);
    assertCors(head, 'HEAD');
    const notModified = await f.api.get(list, undefined, fromPage({ 'if-none-match': String(ok.headers.etag) }));
    assert.equal(notModified.statusCode, 304);
    assert.equal(notModified.body, '');
    assert.equal(notModified.headers.etag, ok.headers.etag);
    assertCors(notModified, '304');
  });

  it('lets it read every problem the list answers with', async () => {
    assertProblem(await f.api.get('/api/v1/public/cursos?limit=1000', undefined, fromPage()), 400, 'invalid_parameter');
    assertProblem(await f.api.get('/api/v1/public/cursos?pagina=2', undefined, fromPage()), 400, 'unknown_parameter');
    assertProblem(await f.api.get('/api/v1/public/cursos?cursor=adulterado', undefined, fromPage()), 400, 'invalid_cursor');
    assertProblem(await f.api.get(list, undefined, fromPage({ accept: 'text/html' })), 406, 'not_acceptable');
  });

  it('lets it read a 429 and its Retry-After', async () => {
    const call = () => limitedApi.request({ url: list, remoteAddress: '10.5.5.5', headers: fromPage() });
    for (let i = 0; i < 2; i++) assert.equal((await call()).statusCode, 200);
    const refused = await call();
    assertProblem(refused, 429, 'rate_limited');
    assert.match(String(refused.headers['retry-after']), /^\d+$/);
    assert.match(String(refused.headers.ratelimit), /^"public";r=0;t=\d+$/);
  });

  it('answers a preflight with 204, without counting it', async () => {
    const preflight = () =>
      limited.inject({
        method: 'OPTIONS',
        url: list,
        remoteAddress: '10.6.6.6',
        headers: fromPage({ 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' }),
      });
    for (let i = 0; i < 3; i++) {
      const response = await preflight();
      assert.equal(response.statusCode, 204);
      assert.equal(response.body, '');
      assert.equal(response.headers['access-control-allow-origin'], '*');
      assert.equal(response.headers['access-control-allow-methods'], 'GET, HEAD');
      assert.equal(response.headers['access-control-allow-headers'], 'If-None-Match, X-Request-Id');
      assert.equal(response.headers['access-control-max-age'], '86400');
      assert.match(String(response.headers['x-request-id']), /^[\w-]+$/);
      assert.equal(response.headers.ratelimit, undefined);
    }
    const ok = await limitedApi.request({ url: list, remoteAddress: '10.6.6.6', headers: fromPage() });
    assert.match(String(ok.headers.ratelimit), /^"public";r=1;t=\d+$/, 'preflights took nothing from the limit');
  });

  it('gives no CORS to authenticated routes, whose preflights stay 405, nor to an OPTIONS that is no preflight', async () => {
    const token = await f.token(['cursos:read']);
    const authenticated = await f.api.get('/api/v1/cursos?limit=2', token, fromPage());
    assert.equal(authenticated.statusCode, 200);
    assert.equal(authenticated.headers['access-control-allow-origin'], undefined);
    const refused = await f.api.get('/api/v1/cursos?limit=2', undefined, fromPage());
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.headers['access-control-allow-origin'], undefined);
    for (const [url, headers] of [
      ['/api/v1/cursos', { 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' }],
      [list, {}],
    ] as const) {
      const response = await f.app.inject({ method: 'OPTIONS', url, headers: fromPage(headers) });
      assert.equal(response.statusCode, 405, url);
      assert.equal(response.headers.allow, 'GET, HEAD');
      assert.equal(response.json<{ code: string }>().code, 'method_not_allowed');
      assert.equal(response.headers['access-control-allow-origin'], undefined, url);
      assert.equal(response.headers['access-control-allow-methods'], undefined, url);
    }
  });

  it('declares the CORS headers on every response of the public list in the OpenAPI document, and on no other', async () => {
    interface Responses {
      responses: Record<string, { headers?: Record<string, unknown> }>;
    }
    const document = (await f.app.inject('/api/v1/openapi.json')).json<{
      paths: Record<string, Record<string, Responses & { operationId: string }>>;
    }>();
    // The writes' too: no write is offered to pages of other sites (API-DESIGN §14).
    for (const operation of Object.values(document.paths).flatMap((item) => Object.values(item))) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const declared = ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'].filter((name) => response.headers?.[name]);
        assert.deepEqual(
          declared,
          operation.operationId === 'listCursosAbertos' ? ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'] : [],
          `${operation.operationId} ${status}`,
        );
      }
    }
  });
});
