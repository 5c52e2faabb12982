import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { formatCpf } from '../../src/domain/cpf.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

/** Spellings that some parser reads as a number, none of them a plain decimal integer in range. */
const NOT_PLAIN = [
  '1e309',
  '1e3',
  '-0',
  '0x10',
  '1.0',
  ' 1',
  '１２',
  '9007199254740993',
  '+1',
  '1 ',
  '\t1',
  '0b1',
  '1_0',
  'Infinity',
  'NaN',
  '٣',
  '',
  '-1',
];

/** What a plain integer is, parameter by parameter; a `{id}` of a member may also be a CPF. */
const MATRICULA = (value: string) => /^[0-9]{1,10}$/.test(value) && Number(value) >= 1;
const CANONICAL: Record<string, (value: string) => boolean> = {
  limit: (value) => /^[1-9][0-9]*$/.test(value) && Number(value) <= 500,
  after: (value) => /^(0|[1-9][0-9]*)$/.test(value) && Number(value) <= Number.MAX_SAFE_INTEGER,
  '/api/v1/cursos/{id}': (value) => /^[1-9][0-9]*$/.test(value) && Number(value) <= 2_147_483_647,
  '/api/v1/faturas/{id}': (value) => /^[1-9][0-9]*$/.test(value) && Number(value) <= 2_147_483_647,
  '/api/v1/provas/{id}': (value) => /^[1-9][0-9]*$/.test(value) && Number(value) <= 2_147_483_647,
  '/api/v1/provas/{id}/candidatos': (value) => /^[1-9][0-9]*$/.test(value) && Number(value) <= 2_147_483_647,
  '/api/v1/provas/{id}/resultados': (value) => /^[1-9][0-9]*$/.test(value) && Number(value) <= 2_147_483_647,
  '/api/v1/associados/{id}': MATRICULA,
  '/api/v1/associados/{id}/situacao': (value) => MATRICULA(value) || /^[0-9]{3}\.?[0-9]{3}\.?[0-9]{3}-?[0-9]{2}$/.test(value),
};

interface Parameter {
  path: string;
  name: string;
  in: 'query' | 'path';
}

describe('integer parameters', () => {
  let f: ApiFixture;
  let token: string;
  let parameters: Parameter[];

  before(async () => {
    f = await apiFixture(30);
    token = await f.token(['associados:read', 'associados:situacao', 'cursos:read', 'faturas:read', 'provas:read']);
    const document = (await f.app.inject('/api/v1/openapi.json')).json<{
      paths: Record<string, { get?: { parameters?: { name: string; in: string; schema: { type?: string } }[] } }>;
    }>();
    parameters = Object.entries(document.paths).flatMap(([path, operations]) =>
      (operations.get?.parameters ?? [])
        .filter((parameter) => parameter.in === 'path' || (parameter.in === 'query' && parameter.schema.type === 'integer'))
        .map((parameter) => ({ path, name: parameter.name, in: parameter.in as Parameter['in'] })),
    );
  });
  after(() => f.close());

  const url = (parameter: Parameter, value: string) =>
    parameter.in === 'path'
      ? parameter.path.replace(`{${parameter.name}}`, encodeURIComponent(value))
      : // A list of one record's rows (an exam's candidates) is asked of the first record.
        `${parameter.path.replace(/\{[^}]+\}/g, '1')}?${parameter.name}=${encodeURIComponent(value)}`;
  const canonical = (parameter: Parameter) => CANONICAL[parameter.in === 'query' ? parameter.name : parameter.path]!;

  it('knows every integer parameter of the API', () => {
    assert.deepEqual(parameters.map((p) => `${p.path} ${p.name}`).sort(), [
      '/api/v1/associados limit',
      '/api/v1/associados/{id} id',
      '/api/v1/associados/{id}/situacao id',
      '/api/v1/cursos limit',
      '/api/v1/cursos/{id} id',
      '/api/v1/eventos after',
      '/api/v1/eventos limit',
      '/api/v1/faturas limit',
      '/api/v1/faturas/{id} id',
      '/api/v1/provas limit',
      '/api/v1/provas/{id} id',
      '/api/v1/provas/{id}/candidatos id',
      '/api/v1/provas/{id}/candidatos limit',
      '/api/v1/provas/{id}/resultados id',
      '/api/v1/provas/{id}/resultados limit',
      '/api/v1/public/cursos limit',
    ]);
  });

  it('answers 400 naming the parameter, in Portuguese, to a number not written plainly', async () => {
    for (const parameter of parameters) {
      for (const value of NOT_PLAIN) {
        if (parameter.in === 'path' && value === '') continue;
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await f.api.request({ method, url: url(parameter, value), headers: { authorization: `Bearer ${token}` } });
          assert.equal(response.statusCode, 400, `${method} ${url(parameter, value)}: ${response.body.slice(0, 200)}`);
          if (method === 'HEAD') continue;
          const body = response.json<{ code: string; detail: string; errors: { parameter: string }[] }>();
          assert.equal(body.code, 'invalid_parameter');
          assert.equal(body.errors[0]!.parameter, parameter.name);
          assert.match(body.detail, /inteiro|matrícula/, body.detail);
        }
      }
    }
  });

  it('takes a limit and a course id only without leading zeros, a matricula with them', async () => {
    const course = (await sql<{ id: number }>`select min(id) as id from curso where status <> 'rascunho'`.execute(f.t.database.db)).rows[0]!
      .id;
    assert.equal((await f.api.get('/api/v1/associados?limit=010', token)).statusCode, 400);
    assert.equal((await f.api.get('/api/v1/public/cursos?limit=10')).statusCode, 200);
    assert.equal((await f.api.get(`/api/v1/cursos/0${course}`, token)).statusCode, 400);
    assert.equal((await f.api.get(`/api/v1/cursos/${course}`, token)).statusCode, 200);
    assert.equal((await f.api.get('/api/v1/cursos/2147483648', token)).statusCode, 400);
    assert.equal((await f.api.get('/api/v1/cursos/2147483647', token)).statusCode, 404);
    const { cpf } = (await sql<{ cpf: string }>`select cpf from associado where matricula = 7`.execute(f.t.database.db)).rows[0]!;
    for (const id of ['000007', '7', '0000000007']) assert.equal((await f.api.get(`/api/v1/associados/${id}`, token)).statusCode, 200, id);
    for (const id of ['000007', cpf, formatCpf(cpf)]) {
      assert.equal((await f.api.get(`/api/v1/associados/${encodeURIComponent(id)}/situacao`, token)).statusCode, 200, id);
    }
    for (const id of [` ${cpf}`, `${formatCpf(cpf)} `, `\u00a0${cpf}`]) {
      assert.equal((await f.api.get(`/api/v1/associados/${encodeURIComponent(id)}/situacao`, token)).statusCode, 400, JSON.stringify(id));
    }
  });

  it('never answers 5xx to a numeric string, and 200 only to a plain integer in range', async () => {
    const unit = fc.constantFrom(
      ...'0123456789',
      '0',
      '1',
      '-',
      '+',
      '.',
      'e',
      'E',
      'x',
      'b',
      'n',
      '_',
      ',',
      ' ',
      '\t',
      '\u00a0',
      '１',
      '٣',
      '%',
    );
    const numeric = fc.oneof(
      fc.string({ unit, minLength: 1, maxLength: 14 }),
      fc.integer({ min: -5, max: 700 }).map(String),
      fc.tuple(fc.integer({ min: 0, max: 700 }), fc.integer({ min: 1, max: 12 })).map(([n, width]) => String(n).padStart(width, '0')),
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
      fc.double().map(String),
      fc.constantFrom(...NOT_PLAIN, '529.982.247-25', '52998224725', '2147483647', '2147483648', '9999999999', '10000000000'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...parameters), numeric, async (parameter, value) => {
        // An empty segment and the dot segments `.` and `..` name another path (RFC 3986 §5.2.4), not a value.
        if (parameter.in === 'path' && (value === '' || value === '.' || value === '..')) return;
        const response = await f.api.get(url(parameter, value), token);
        const what = `${url(parameter, value)} → ${response.statusCode}: ${response.body.slice(0, 200)}`;
        assert.ok(response.statusCode < 500, what);
        // The public list allows 120 requests a minute per address, about what a run sends it.
        if (response.statusCode === 429) return;
        if (!canonical(parameter)(value)) assert.equal(response.statusCode, 400, what);
        else if (parameter.in === 'query') assert.equal(response.statusCode, 200, what);
      }),
      { numRuns: 500 },
    );
  });
});
