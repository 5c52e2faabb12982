// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

/** Every kind of response the service gives: API data, problems, documentation, operations, administration. */
const REQUESTS: { url: string; method?: 'GET' | 'POST' | 'DELETE'; token?: boolean; status: number }[] = [
  { url: '/api/v1/public/cursos', status: 200 },
  { url: '/api/v1/associados/1/situacao', token: true, status: 200 },
  { url: '/api/v1/associados/1/situacao', status: 401 },
  { url: '/api/v1/associados?limite=1', token: true, status: 400 },
  { url: '/api/v1/associados/1', method: 'DELETE', token: true, status: 405 },
  { url: '/api/v1/inexistente', status: 404 },
  { url: '/api/v1/openapi.json', status: 200 },
  { url: '/docs/', status: 200 },
  { url: '/problems/not-found', status: 200 },
  { url: '/healthz', status: 200 },
  { url: '/readyz', status: 200 },
  { url: '/metrics', status: 404 },
  { url: '/admin/entrar', status: 200 },
  { url: '/admin/integracoes', status: 303 },
  { url: '/admin/sair', method: 'POST', status: 403 },
];

describe('security headers', () => {
  let f: ApiFixture;
  let token: string;

  before(async () => {
    f = await apiFixture(20);
    token = await f.token(['associados:situacao', 'associados:read']);
  });
  after(() => f.close());

  it('are on every response, whatever its route and status', async () => {
    for (const request of REQUESTS) {
      const response = await f.app.inject({
        url: request.url,
        method: request.method ?? 'GET',
        headers: request.token ? { authorization: `Bearer ${token}` } : {},
      });
      const where = `${request.method ?? 'GET'} ${request.url}`;
      assert.equal(response.statusCode, request.status, where);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', where);
      assert.equal(response.headers['x-frame-options'], 'DENY', where);
      assert.ok(response.headers['referrer-policy'], where);
      assert.equal(response.headers['cross-origin-resource-policy'], 'cross-origin', where);
      assert.equal(response.headers['x-powered-by'], undefined, where);
      assert.equal(response.headers['strict-transport-security'], undefined, `${where}: no HSTS over plain HTTP`);
      // What only a rendered document acts on goes on pages, not on the API's JSON.
      const documentOnly = request.url.startsWith('/api/v1/') ? undefined : 'same-origin';
      assert.equal(response.headers['cross-origin-opener-policy'], documentOnly, where);
      assert.equal(response.headers['x-permitted-cross-domain-policies'], documentOnly && 'none', where);
    }
  });

  it('include HSTS when the service is published over HTTPS', async () => {
    const app: FastifyInstance = await buildApp({
      config: loadConfig({ PUBLIC_BASE_URL: 'https://api.associa.example' }),
      database: f.t.database,
    });
    try {
      for (const url of ['/api/v1/public/cursos', '/api/v1/inexistente', '/admin/entrar']) {
        const response = await app.inject(url);
        assert.equal(response.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', url);
      }
    } finally {
      await app.close();
    }
  });
});
