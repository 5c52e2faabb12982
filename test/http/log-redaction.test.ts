import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { redactUrl, requestSerializer } from '../../src/http/log-redaction.js';
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
