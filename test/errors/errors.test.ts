// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { Problem } from '../../src/errors/problems.js';
import { generateToken } from '../../src/tokens/token.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** One query parameter per validation keyword: its schema, a value it refuses and what the client reads then. */
const KEYWORD_CASES: [string, object, string, string][] = [
  ['curto', { type: 'string', minLength: 3 }, 'ab', 'esperado no mínimo 3 caracteres'],
  ['longo', { type: 'string', maxLength: 3 }, 'abcd', 'esperado no máximo 3 caracteres'],
  ['um', { type: 'string', maxLength: 1 }, 'ab', 'esperado no máximo 1 caractere'],
  ['digitos', { type: 'string', pattern: '^[0-9]+$' }, 'a1', 'formato inválido: esperado o padrão ^[0-9]+$'],
  ['ate', { type: 'number', maximum: 10 }, '11', 'esperado um número menor ou igual a 10'],
  ['desde', { type: 'number', minimum: 1 }, '0', 'esperado um número maior ou igual a 1'],
  ['abaixo', { type: 'number', exclusiveMaximum: 10 }, '10', 'esperado um número menor que 10'],
  ['acima', { type: 'number', exclusiveMinimum: 0 }, '0', 'esperado um número maior que 0'],
  ['multiplo', { type: 'number', multipleOf: 5 }, '7', 'esperado um múltiplo de 5'],
  ['numero', { type: 'number' }, 'dez', 'esperado um número'],
  ['booleano', { type: 'boolean' }, 'sim', 'esperado true ou false'],
  ['opcao', { type: 'string', enum: ['a', 'b'] }, 'c', 'valores aceitos: a, b'],
  ['fixo', { const: 'x' }, 'y', 'valor aceito: x'],
  ['data', { type: 'string', format: 'date' }, '2026-02-30', 'esperada uma data AAAA-MM-DD válida'],
  ['instante', { type: 'string', format: 'date-time' }, 'ontem', 'esperado um instante RFC 3339 com fuso'],
  ['email', { type: 'string', format: 'email' }, 'x', 'esperado o formato email'],
  ['poucos', { type: 'array', items: { type: 'string' }, minItems: 2 }, 'a', 'esperados no mínimo 2 valores'],
  ['muitos', { type: 'array', items: { type: 'string' }, maxItems: 1 }, 'a&muitos=b', 'esperado no máximo 1 valor'],
  ['distintos', { type: 'array', items: { type: 'string' }, uniqueItems: true }, 'a&distintos=a', 'esperados valores sem repetição'],
  [
    'algum',
    {
      anyOf: [
        { type: 'string', maxLength: 1 },
        { type: 'string', pattern: '^[0-9]+$' },
      ],
    },
    'ab',
    'valor inválido',
  ],
];

/** The cross-cutting behaviour of every API route, on routes made for the test. */
describe('problem responses', () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  before(async () => {
    t = await createTestDatabase();
    app = await buildApp({ config: loadConfig({ PUBLIC_BASE_URL: 'https://api.associa.example' }), database: t.database });
    app.get(
      '/api/v1/teste',
      {
        config: { access: 'public' },
        schema: { querystring: { type: 'object', additionalProperties: false, properties: { n: { type: 'integer', minimum: 1 } } } },
      },
      () => ({ ok: true }),
    );
    app.get(
      '/api/v1/teste/validacao',
      {
        config: { access: 'public' },
        schema: {
          headers: { type: 'object', required: ['x-exigido'], properties: { 'x-numero': { type: 'integer' } } },
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: Object.fromEntries(KEYWORD_CASES.map(([name, schema]) => [name, schema])),
          },
        },
      },
      () => ({ ok: true }),
    );
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
      type: 'https://api.associa.example/problems/not-found',
      title: 'Recurso não encontrado',
      status: 404,
      detail: 'Nenhum recurso em /api/v1/inexistente.',
      instance: '/api/v1/inexistente?x=1',
      code: 'not_found',
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
    for (const kept of [
      'f47ac10b-58cc-4372-a567-0e02b2c3d479',
      '01JD8X3F6Q2V7K9M4N5P6R7S8T',
      '0123456789abcdef'.repeat(2),
      'erp_lote-7',
      `lote.${'9'.repeat(13)}`,
      `${'a'.repeat(39)}.${'b'.repeat(24)}`,
    ]) {
      assert.equal((await app.inject({ url: '/api/v1/teste', headers: { 'x-request-id': kept } })).headers['x-request-id'], kept);
    }
    for (const secret of [
      generateToken(),
      `req-${generateToken()}`,
      generateToken().slice('associa_'.length),
      'ASSOCIA_lote-7',
      'a'.repeat(40),
      '52998224725',
      'cpf-52998224725',
      '529.982.247-25',
      'a'.repeat(65),
      'erp:run:1',
      'a b',
    ]) {
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

  it('explains in Portuguese every validation keyword, in errors[].message and in detail', async () => {
    const validation = async (query: string, headers: Record<string, string> = { 'x-exigido': '1' }) => {
      const response = await app.inject({ url: `/api/v1/teste/validacao?${query}`, headers });
      assert.equal(response.statusCode, 400, query);
      return problem(response) as { code: string; detail: string; errors: { parameter: string; message: string }[] };
    };
    for (const [name, , value, message] of KEYWORD_CASES) {
      const body = await validation(`${name}=${value}`);
      assert.equal(body.code, 'invalid_parameter', name);
      assert.ok(
        body.errors.some((error) => error.parameter === name && error.message === message),
        `${name}: ${JSON.stringify(body.errors)}`,
      );
      assert.doesNotMatch(body.detail, /\b(?:must|should|NOT|characters|items|equal|allowed|match)\b/, name);
    }
    assert.deepEqual((await validation('', {})).errors, [{ parameter: 'x-exigido', message: 'obrigatório e ausente' }]);
    assert.deepEqual((await validation('', { 'x-exigido': '1', 'x-numero': '1.5' })).errors, [
      { parameter: 'x-numero', message: 'esperado um número inteiro' },
    ]);
    const both = await validation('longo=abcd&curto=ab');
    assert.equal(both.detail, 'curto: esperado no mínimo 3 caracteres; longo: esperado no máximo 3 caracteres.');
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
