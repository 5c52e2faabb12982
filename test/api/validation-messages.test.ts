// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

/** What ajv says in English; none of it may reach a client. */
const ENGLISH = /\b(?:must|should|NOT|have|more|fewer|than|characters|items|property|properties|equal|allowed|match|pattern|format)\b/;

interface Problem {
  code: string;
  detail: string;
  errors: { parameter: string; message: string }[];
}

describe('validation messages', () => {
  let f: ApiFixture;
  let token: string;

  before(async () => {
    f = await apiFixture(5);
    token = await f.token(['associados:read', 'cursos:read', 'faturas:read']);
  });
  after(() => f.close());

  const long = (length: number) => '1'.repeat(length);
  /** Every kind of parameter the API validates, each with a value its schema refuses, and what the client reads. */
  const cases: [string, string, string][] = [
    ['/api/v1/public/cursos?limit=501', 'limit', 'esperado um único inteiro de 1 a 500, escrito só com algarismos e sem zeros à esquerda'],
    ['/api/v1/public/cursos?limit=dez', 'limit', 'esperado um único inteiro de 1 a 500, escrito só com algarismos e sem zeros à esquerda'],
    [`/api/v1/public/cursos?cursor=${'a'.repeat(513)}`, 'cursor', 'esperado no máximo 512 caracteres'],
    [`/api/v1/cursos?cursor=${'a'.repeat(513)}`, 'cursor', 'esperado no máximo 512 caracteres'],
    [`/api/v1/associados?cpf=${long(21)}`, 'cpf', 'esperado no máximo 20 caracteres'],
    [`/api/v1/associados?crm=${long(21)}`, 'crm', 'esperado no máximo 20 caracteres'],
    [`/api/v1/associados?status=${'a'.repeat(201)}`, 'status', 'esperado no máximo 200 caracteres'],
    [`/api/v1/associados?${Array.from({ length: 51 }, () => 'regional=SP').join('&')}`, 'regional', 'esperados no máximo 50 valores'],
    [`/api/v1/associados?updated_since=${long(41)}`, 'updated_since', 'esperado no máximo 40 caracteres'],
    [`/api/v1/faturas?paid_from=${long(11)}`, 'paid_from', 'esperado no máximo 10 caracteres'],
    [`/api/v1/faturas?paid_to=${long(11)}`, 'paid_to', 'esperado no máximo 10 caracteres'],
    [`/api/v1/faturas?kind=${'a'.repeat(201)}`, 'kind', 'esperado no máximo 200 caracteres'],
    ['/api/v1/faturas?stauts=paid', 'stauts', 'parâmetro desconhecido nesta operação'],
    ['/api/v1/associados/000001?campos=nome', 'campos', 'parâmetro desconhecido nesta operação'],
  ];

  it('are in Portuguese for every kind of parameter, in errors[].message and in detail', async () => {
    for (const [url, parameter, message] of cases) {
      // Not through the validating client: a problem's instance may be longer than the 500 characters its schema says.
      const response = await f.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      assert.equal(response.statusCode, 400, url);
      const body = response.json<Problem>();
      assert.deepEqual(body.errors, [{ parameter, message }], url);
      assert.doesNotMatch(body.detail, ENGLISH, url);
      assert.match(body.detail, /\.$/, url);
      if (body.code === 'invalid_parameter') assert.equal(body.detail, `${parameter}: ${message}.`, url);
    }
  });

  it('name each parameter once per rule it breaks, all of them in detail', async () => {
    const response = await f.api.get(`/api/v1/associados?cpf=${long(21)}&crm=${long(21)}`, token);
    assert.equal(response.statusCode, 400);
    const body = response.json<Problem>();
    assert.deepEqual(
      body.errors.map((error) => error.parameter),
      ['cpf', 'crm'],
    );
    assert.equal(body.detail, 'cpf: esperado no máximo 20 caracteres; crm: esperado no máximo 20 caracteres.');
  });

  it('show the CPF mask of their format examples whole: only what could be someone’s CPF is redacted', async () => {
    const format = 'uma matrícula (até 10 dígitos, ex.: 004217) ou um CPF (000.000.000-00 ou 11 dígitos)';
    const batch = (await f.api.get('/api/v1/associados/situacao?id=abc', token)).json<Problem>();
    assert.equal(batch.errors[0]!.message, `posição 1 ('abc'): esperado ${format}`);
    const single = (await f.api.get('/api/v1/associados/abc/situacao', token)).json<Problem>();
    assert.equal(single.detail, `O identificador deve ser ${format}.`);
    const filter = (await f.api.get('/api/v1/associados?cpf=123', token)).json<Problem>();
    assert.deepEqual(filter.errors, [{ parameter: 'cpf', message: 'esperado um CPF válido, 000.000.000-00 ou 11 dígitos' }]);
  });
});
