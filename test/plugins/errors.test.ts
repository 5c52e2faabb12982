import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { Problem } from '../../src/http/problems.js';
import { generateToken } from '../../src/tokens/token.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** The cross-cutting behaviour of every API route, on routes made for the test. */
describe('problem responses', () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  before(async () => {
    t = await createTestDatabase();
    app = await buildApp({ config: loadConfig({ PUBLIC_BASE_URL: 'https://api.associa.example' }), database: t.database });
    app.get('/api/v1/teste', {
      config: { access: 'public' },
      schema: { querystring: { type: 'object', additionalProperties: false, properties: { n: { type: 'integer', minimum: 1 } } } },
    }, () => ({ ok: true }));
    app.get('/api/v1/teste/:id/falha', { config: { access: 'public' } }, (request) => {
      const { id } = request.params as { id: string };
      if (id === 'problema') throw new Problem('not_found', 'Associado 000042 não encontrado.');
      if (id === 'banco') throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      throw new Error('segredo interno: relation "associado" does not exist');
    });
  });
  after(async () => {
    await app.close();
    await t.dispose();
  });

  const problem = (response: { headers: Record<string, unknown>; json: () => unknown }) => {
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'no-store');
    return response.json() as Record<string, unknown>;
  };

  it('answers an unknown path with a 404 problem carrying the request id', async () => {
    const response = await app.inject('/api/v1/inexistente?x=1');
    assert.equal(response.statusCode, 404);
    const body = problem(response);
    assert.deepEqual(body, {
      type: 'https://api.associa.example/problems/not-found', title: 'Recurso não encontrado', status: 404,
      detail: 'Nenhum recurso em /api/v1/inexistente.', instance: '/api/v1/inexistente?x=1', code: 'not_found',
      request_id: response.headers['x-request-id'],
    });
    assert.match(String(response.headers['x-request-id']), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('echoes a sane X-Request-Id and replaces one that is not', async () => {
    const echoed = await app.inject({ url: '/api/v1/teste', headers: { 'x-request-id': 'erp-run-42.7' } });
    assert.equal(echoed.headers['x-request-id'], 'erp-run-42.7');
    const replaced = await app.inject({ url: '/api/v1/teste', headers: { 'x-request-id': 'x'.repeat(200) } });
    assert.match(String(replaced.headers['x-request-id']), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('never echoes an X-Request-Id that could be a token or a CPF, or is not a plain short id', async () => {
    for (const kept of ['f47ac10b-58cc-4372-a567-0e02b2c3d479', 'erp_lote-7', `lote.${'9'.repeat(13)}`, 'a'.repeat(64)]) {
      assert.equal((await app.inject({ url: '/api/v1/teste', headers: { 'x-request-id': kept } })).headers['x-request-id'], kept);
    }
    for (const secret of [generateToken(), `req-${generateToken()}`, '52998224725', 'cpf-52998224725', '529.982.247-25', 'a'.repeat(65), 'erp:run:1', 'a b']) {
      const response = await app.inject({ url: '/api/v1/inexistente', headers: { 'x-request-id': secret } });
      const id = String(response.headers['x-request-id']);
      assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, secret);
      assert.equal(problem(response).request_id, id);
      assert.ok(!response.body.includes(secret), secret);
    }
  });

  it('answers other methods on API paths with 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/v1/teste/7/falha' });
      assert.equal(response.statusCode, 405, method);
      assert.equal(response.headers.allow, 'GET, HEAD');
      assert.equal(problem(response).code, 'method_not_allowed');
    }
    assert.equal((await app.inject({ method: 'HEAD', url: '/api/v1/teste' })).statusCode, 200);
  });

  it('answers an Accept header without JSON with 406', async () => {
    const response = await app.inject({ url: '/api/v1/teste', headers: { accept: 'text/html' } });
    assert.equal(response.statusCode, 406);
    assert.equal(problem(response).code, 'not_acceptable');
    assert.equal((await app.inject({ url: '/api/v1/teste', headers: { accept: 'application/*' } })).statusCode, 200);
  });

  it('refuses unknown query parameters instead of ignoring them', async () => {
    const response = await app.inject('/api/v1/teste?stauts=paid');
    assert.equal(response.statusCode, 400);
    const body = problem(response);
    assert.equal(body.code, 'unknown_parameter');
    assert.deepEqual(body.errors, [{ parameter: 'stauts', message: 'parâmetro desconhecido nesta operação' }]);
  });

  it('refuses invalid values with the parameter named', async () => {
    const response = await app.inject('/api/v1/teste?n=0');
    assert.equal(response.statusCode, 400);
    const body = problem(response);
    assert.equal(body.code, 'invalid_parameter');
    assert.equal((body.errors as { parameter: string }[])[0]!.parameter, 'n');
  });

  it('sends a thrown problem as it is', async () => {
    const response = await app.inject('/api/v1/teste/problema/falha');
    assert.equal(response.statusCode, 404);
    assert.equal(problem(response).detail, 'Associado 000042 não encontrado.');
  });

  it('answers a lost database with 503 and Retry-After', async () => {
    const response = await app.inject('/api/v1/teste/banco/falha');
    assert.equal(response.statusCode, 503);
    assert.equal(response.headers['retry-after'], '5');
    assert.equal(problem(response).code, 'service_unavailable');
  });

  it('hides the details of unexpected errors', async () => {
    const response = await app.inject('/api/v1/teste/outro/falha');
    assert.equal(response.statusCode, 500);
    const body = problem(response);
    assert.equal(body.code, 'internal_error');
    assert.doesNotMatch(response.body, /segredo|relation|stack|at /);
  });

  it('serves a page explaining each problem type', async () => {
    const response = await app.inject('/problems/unknown-parameter');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html/);
    assert.match(response.body, /Parâmetro desconhecido/);
    assert.equal((await app.inject('/problems/nada')).statusCode, 404);
    assert.match((await app.inject('/problems')).body, /invalid_cursor/);
  });
});
