import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { generateToken } from '../../src/tokens/token.js';
import { TOKEN_CACHE_MS } from '../../src/tokens/token-verifier.js';
import { createToken, revokeToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const REALM = 'Bearer realm="associa"';

describe('bearer-token authentication', () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  before(async () => {
    t = await createTestDatabase();
    app = await buildApp({ config: loadConfig({}), database: t.database });
    app.get('/api/v1/teste/:id/situacao', { config: { access: ['associados:situacao', 'associados:read'] } }, () => ({ ok: true }));
  });
  after(async () => {
    await app.close();
    await t.dispose();
  });

  const call = (authorization?: string, url = '/api/v1/teste/42/situacao') =>
    app.inject({ url, headers: authorization === undefined ? {} : { authorization } });
  const token = async (scopes: Parameters<typeof createToken>[1]['scopes']) =>
    createToken(t.database.db, { nome: 'teste', scopes, criadoPor: 'test' });

  it('asks for credentials when there are none', async () => {
    const response = await call();
    assert.equal(response.statusCode, 401);
    assert.equal(response.headers['www-authenticate'], REALM);
    assert.equal(response.json<{ code: string }>().code, 'token_missing');
  });

  it('guards HEAD like GET', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/api/v1/teste/42/situacao' });
    assert.equal(response.statusCode, 401);
    assert.equal(response.headers['www-authenticate'], REALM);
  });

  it('rejects malformed, mistyped and unknown tokens alike', async () => {
    const { token: valid } = await token(['associados:read']);
    const mistyped = valid.slice(0, -1) + (valid.endsWith('x') ? 'y' : 'x');
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer nada', `Bearer ${mistyped}`, `Bearer ${generateToken()}`, valid]) {
      const response = await call(header);
      assert.equal(response.statusCode, 401, header);
      assert.equal(response.headers['www-authenticate'], `${REALM}, error="invalid_token"`);
      assert.equal(response.json<{ code: string }>().code, 'token_invalid', header);
    }
    const unknown = (await call(`Bearer ${generateToken()}`)).json<{ detail: string }>().detail;
    const malformed = (await call('Bearer nada')).json<{ detail: string }>().detail;
    assert.match(unknown, /não é reconhecido/);
    assert.match(malformed, /malformado/);
  });

  it('tells an expired token apart', async () => {
    const { id, token: expired } = await token(['associados:read']);
    await sql`update api_token set criado_em = now() - interval '2 days', expira_em = now() - interval '1 day' where id = ${id}`.execute(
      t.database.db,
    );
    const response = await call(`Bearer ${expired}`);
    assert.equal(response.statusCode, 401);
    assert.equal(response.headers['www-authenticate'], `${REALM}, error="invalid_token"`);
    assert.equal(response.json<{ code: string }>().code, 'token_expired');
  });

  it('refuses a token without the scope, naming the scope needed', async () => {
    const { token: other } = await token(['cursos:read', 'faturas:read']);
    const response = await call(`Bearer ${other}`);
    assert.equal(response.statusCode, 403);
    assert.equal(response.headers['www-authenticate'], `${REALM}, error="insufficient_scope", scope="associados:situacao"`);
    assert.equal(response.json<{ code: string }>().code, 'insufficient_scope');
  });

  it("accepts any of the route's scopes, case-insensitively for the scheme", async () => {
    for (const scopes of [['associados:read'], ['associados:situacao']] as const) {
      const { token: good } = await token(scopes);
      const response = await call(`bearer ${good}`);
      assert.equal(response.statusCode, 200, scopes.join());
      assert.deepEqual(response.json(), { ok: true });
    }
  });

  it('honours a revocation within a second, and tells a revoked token apart from an unknown one', async () => {
    const { id, token: revoked } = await token(['associados:read']);
    assert.equal((await call(`Bearer ${revoked}`)).statusCode, 200);
    await revokeToken(t.database.db, id);
    await new Promise((resolve) => setTimeout(resolve, TOKEN_CACHE_MS + 50));
    const response = await call(`Bearer ${revoked}`);
    assert.equal(response.statusCode, 401);
    assert.equal(response.headers['www-authenticate'], `${REALM}, error="invalid_token"`);
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
    const body = response.json<{ code: string; title: string; type: string; detail: string }>();
    assert.equal(body.code, 'token_revoked');
    assert.equal(body.title, 'Token revogado');
    assert.match(body.type, /\/problems\/token-revoked$/);
    assert.equal(body.detail, 'O token foi revogado; peça um novo ao administrador.');
  });

  it('reports a token both revoked and expired as revoked', async () => {
    const { id, token: both } = await token(['associados:read']);
    await revokeToken(t.database.db, id);
    await sql`update api_token set criado_em = now() - interval '2 days', expira_em = now() - interval '1 day' where id = ${id}`.execute(
      t.database.db,
    );
    assert.equal((await call(`Bearer ${both}`)).json<{ code: string }>().code, 'token_revoked');
  });

  it('decides authentication before validation and lookup', async () => {
    // A route of the API, whose parameters are validated and whose id is looked up.
    const malformed = '/api/v1/associados/not-an-id/situacao?bogus=1';
    const unknown = '/api/v1/associados/999999/situacao';
    const { token: valid } = await token(['associados:situacao']);
    const authorization = { authorization: `Bearer ${valid}` };
    assert.equal((await app.inject({ url: malformed, headers: authorization })).statusCode, 400, 'with a token, validation refuses it');
    assert.equal((await app.inject({ url: unknown, headers: authorization })).statusCode, 404, 'with a token, the lookup finds nothing');
    assert.equal((await app.inject({ url: malformed })).statusCode, 401);
    assert.equal((await app.inject({ url: unknown })).statusCode, 401);
  });

  it('records when a token was last used, in batches', async () => {
    const { id, token: used } = await token(['associados:situacao']);
    await call(`Bearer ${used}`);
    await app.tokens.flushLastUse();
    const row = await t.database.db.selectFrom('api_token').select('ultimo_uso_em').where('id', '=', id).executeTakeFirstOrThrow();
    assert.ok(row.ultimo_uso_em && Date.now() - row.ultimo_uso_em.getTime() < 60_000);
  });

  it('refuses to start with an API route that does not state its access', async () => {
    const bare = await buildApp({ config: loadConfig({}), database: t.database });
    assert.throws(() => bare.get('/api/v1/esquecida', () => ({})), /does not state its access/);
    await bare.close();
  });

  it('throttles token guessing per address: past the limit, failures from that address get 429 while valid tokens still pass', async () => {
    const guarded = await buildApp({
      config: loadConfig({ RATE_LIMIT_AUTH_FAILURES: '5', REDIS_URL: process.env.REDIS_URL }),
      database: t.database,
    });
    guarded.get('/api/v1/teste/:id/situacao', { config: { access: ['associados:situacao'] } }, () => ({ ok: true }));
    try {
      const guess = (remoteAddress: string) =>
        guarded.inject({ url: '/api/v1/teste/1/situacao', remoteAddress, headers: { authorization: `Bearer ${generateToken()}` } });
      for (let i = 0; i < 5; i++) assert.equal((await guess('203.0.113.7')).statusCode, 401);
      const throttled = await guess('203.0.113.7');
      assert.equal(throttled.statusCode, 429);
      assert.equal(throttled.json<{ code: string }>().code, 'rate_limited');
      assert.match(String(throttled.headers['retry-after']), /^\d+$/);
      assert.equal((await guess('203.0.113.8')).statusCode, 401, 'another address is not affected');
      const { token: valid } = await token(['associados:situacao']);
      const allowed = await guarded.inject({
        url: '/api/v1/teste/1/situacao',
        remoteAddress: '203.0.113.7',
        headers: { authorization: `Bearer ${valid}` },
      });
      assert.equal(allowed.statusCode, 200);
    } finally {
      await guarded.close();
    }
  });

  it('counts requests without credentials as failures of their address', async () => {
    const guarded = await buildApp({
      config: loadConfig({ RATE_LIMIT_AUTH_FAILURES: '3', REDIS_URL: process.env.REDIS_URL }),
      database: t.database,
    });
    guarded.get('/api/v1/teste/:id/situacao', { config: { access: ['associados:situacao'] } }, () => ({ ok: true }));
    try {
      const anonymous = (remoteAddress: string) => guarded.inject({ url: '/api/v1/teste/1/situacao', remoteAddress });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await anonymous('203.0.113.9')).statusCode);
      assert.deepEqual(statuses, [401, 401, 401, 429, 429]);
      const throttled = await anonymous('203.0.113.9');
      assert.equal(throttled.json<{ code: string }>().code, 'rate_limited');
      assert.equal((await anonymous('203.0.113.10')).json<{ code: string }>().code, 'token_missing', 'another address is not affected');
    } finally {
      await guarded.close();
    }
  });
});
