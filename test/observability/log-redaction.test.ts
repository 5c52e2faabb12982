// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { redactText, redactUrl, requestSerializer } from '../../src/observability/log-redaction.js';
import { generateToken } from '../../src/tokens/token.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('log redaction', () => {
  it('removes CPFs from paths and the cpf parameter', () => {
    assert.equal(redactUrl('/api/v1/associados/529.982.247-25/situacao'), '/api/v1/associados/[cpf]/situacao');
    assert.equal(redactUrl('/api/v1/associados/52998224725/situacao'), '/api/v1/associados/[cpf]/situacao');
    assert.equal(redactUrl('/api/v1/associados/529%2E982%2E247%2D25/situacao'), '/api/v1/associados/[cpf]/situacao');
    assert.equal(
      redactUrl('/api/v1/associados?status=ativo&cpf=529.982.247-25&limit=2'),
      '/api/v1/associados?status=ativo&cpf=[redacted]&limit=2',
    );
    assert.equal(redactUrl('/api/v1/associados/004217/situacao'), '/api/v1/associados/004217/situacao');
    assert.equal(redactUrl('/api/v1/associados?q=52998224725&x=529.982.247-25'), '/api/v1/associados?q=[cpf]&x=[cpf]');
    assert.equal(
      redactUrl('/api/v1/faturas?updated_since=2026-03-01T10:00:00-03:00&limit=10'),
      '/api/v1/faturas?updated_since=2026-03-01T10:00:00-03:00&limit=10',
    );
    assert.equal(
      redactUrl('/api/v1/associados?access_token=abc&token=def&senha=x1'),
      '/api/v1/associados?access_token=[redacted]&token=[redacted]&senha=[redacted]',
    );
    assert.equal(redactUrl('/x/associa_AbC123?h=associa_zz9'), '/x/[token]?h=[token]');
    assert.equal(redactUrl('/x/associa%5FAbC123?h=associa%5fzz9'), '/x/[token]?h=[token]');
  });

  it('finds tokens and CPFs however percent-encoded, and a token without its prefix', () => {
    const token = generateToken();
    const secret = token.slice('associa_'.length);
    const everyCharacter = (text: string) => [...text].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('');
    for (const hidden of [
      `associ%61_${secret}`,
      `%41SSOCIA%5F${secret}`,
      everyCharacter(token),
      `associa%255F${secret}`,
      `associa%25255f${secret}`,
      secret,
      `x-${secret}.y`,
      `${secret.slice(0, 20)}%${secret.charCodeAt(20).toString(16)}${secret.slice(21)}`,
    ]) {
      assert.equal(redactUrl(`/api/v1/associados/${hidden}/situacao`), '/api/v1/associados/[token]/situacao', hidden);
      assert.equal(redactUrl(`/api/v1/associados?status=${hidden}&limit=2`), '/api/v1/associados?status=[token]&limit=2', hidden);
    }
    assert.equal(redactText(`status não aceita '${secret}'.`), "status não aceita '[token]'.");
    assert.equal(redactText(`Nada em /x/${secret}.`), 'Nada em /x/[token].');
    assert.equal(redactUrl(`/x/${everyCharacter('529.982.247-25')}`), '/x/[cpf]');
    assert.equal(redactUrl('/x/cpf-52998224725.csv'), '/x/[cpf]');
    // Mistyped in its check digits, a CPF still gives the real one away; the mask of the messages is nobody's.
    assert.equal(redactUrl('/api/v1/associados/529.982.247-26/situacao'), '/api/v1/associados/[cpf]/situacao');
    assert.equal(redactText('um CPF (000.000.000-00 ou 11 dígitos)'), 'um CPF (000.000.000-00 ou 11 dígitos)');
    assert.equal(redactText('000.000.000-00 ou 52998224725'), '000.000.000-00 ou [cpf]');
    assert.equal(redactText('id 00000000000 ou 111.111.111-11'), 'id [cpf] ou [cpf]');
    // Not a token: one character of the secret changed, or 48 of its 49.
    const typo = `${secret.slice(0, 30)}${secret[30] === 'a' ? 'b' : 'a'}${secret.slice(31)}`;
    assert.equal(redactUrl(`/x/${typo}`), `/x/${typo}`);
    assert.equal(redactUrl(`/x/${secret.slice(1)}`), `/x/${secret.slice(1)}`);
  });

  it('leaves what holds neither as it is, malformed escapes included, and never throws', () => {
    for (const url of [
      '/api/v1/associados/004217/situacao',
      '/api/v1/associados?limit=50&cursor=eyJmIjoiaENtZGtzRU1hS0g3YkRNeCIsImEiOlsyXX0.ytp9zKYEycRRarHYpdNFQm',
      '/api/v1/faturas?updated_since=2026-03-01T10%3A00%3A00-03%3A00&paid_from=2026-02-30',
      '/api/v1/cursos?q=cardiologia%20intervencionista%E2%80%94avan%C3%A7ado',
      '/x/%E0%A4%A%ZZ%25%252525%%%%%%%%%%%%%',
      `/x/${'9'.repeat(12)}`,
      `/x/${'Ab1'.repeat(1400)}`,
    ]) {
      assert.equal(redactUrl(url), url);
    }
    // Encoded five times over, a run could hide anything: no client encodes so deep.
    assert.equal(redactUrl('/x/lote-%2525252525'), '/x/[token]');
    assert.equal(redactUrl('/x/lote-%25252525'), '/x/lote-%25252525');
  });

  describe('in a running app', () => {
    let t: TestDatabase;
    before(async () => {
      t = await createTestDatabase();
    });
    after(() => t.dispose());

    it('never writes a token or a CPF to the log', async () => {
      let log = '';
      const stream = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          log += chunk.toString();
          callback();
        },
      });
      const app = await buildApp({
        config: loadConfig({}),
        database: t.database,
        logger: { level: 'trace', stream, serializers: { req: requestSerializer }, redact: ['req.headers.authorization'] },
      });
      const { token } = await createToken(t.database.db, { nome: 'log', scopes: ['associados:read'], criadoPor: 'test' });
      for (const url of [
        '/api/v1/associados/529.982.247-25/situacao',
        '/api/v1/associados?cpf=52998224725',
        '/api/v1/associados/52998224725/situacao',
      ]) {
        await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      }
      await app.close();
      assert.match(log, /\/api\/v1\/associados\/\[cpf\]\/situacao/);
      assert.doesNotMatch(log, /529\.?982\.?247-?25/);
      assert.ok(!log.includes(token));
      assert.ok(!log.includes(token.slice(8, 30)));
    });
  });
});
