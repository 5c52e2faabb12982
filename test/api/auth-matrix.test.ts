// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Scope } from '../../src/tokens/scopes.js';
import { generateToken } from '../../src/tokens/token.js';
import { createToken, revokeToken } from '../../src/tokens/tokens.queries.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

const REALM = 'Bearer realm="associa"';

/** Every protected route, the scope it needs, and one the caller may hold that does not grant it. */
const ROUTES: [string, Scope, Scope][] = [
  ['/api/v1/associados', 'associados:read', 'associados:situacao'],
  ['/api/v1/associados/000001', 'associados:read', 'faturas:read'],
  ['/api/v1/associados/000001/situacao', 'associados:situacao', 'cursos:read'],
  ['/api/v1/associados/situacao?id=000001,000002', 'associados:situacao', 'faturas:read'],
  ['/api/v1/cursos', 'cursos:read', 'associados:read'],
  ['/api/v1/cursos/1', 'cursos:read', 'faturas:read'],
  ['/api/v1/faturas', 'faturas:read', 'associados:cpf'],
  ['/api/v1/faturas/1', 'faturas:read', 'associados:read'],
  ['/api/v1/eventos', 'faturas:read', 'associados:cpf'],
];

describe('authentication matrix', () => {
  let f: ApiFixture;
  const token = async (scopes: Scope[]) =>
    (await createToken(f.t.database.db, { nome: 'matriz', scopes, criadoPor: 'test', limitePorMinuto: 100_000 })).token;

  before(async () => {
    f = await apiFixture(20);
  });
  after(() => f.close());

  for (const [route, scope, otherScope] of ROUTES) {
    it(`guards ${route}`, async () => {
      const expired = await createToken(f.t.database.db, { nome: 'expirado', scopes: [scope], criadoPor: 'test' });
      await sql`update api_token set criado_em = now() - interval '2 days', expira_em = now() - interval '1 day' where id = ${expired.id}`.execute(
        f.t.database.db,
      );
      const revoked = await createToken(f.t.database.db, { nome: 'revogado', scopes: [scope], criadoPor: 'test' });
      await revokeToken(f.t.database.db, revoked.id);
      const cases: [string, string | undefined, number, string | undefined, string][] = [
        ['no header', undefined, 401, REALM, 'token_missing'],
        ['malformed', 'Bearer não-é-um-token', 401, `${REALM}, error="invalid_token"`, 'token_invalid'],
        ['not bearer', `Basic ${Buffer.from('a:b').toString('base64')}`, 401, `${REALM}, error="invalid_token"`, 'token_invalid'],
        ['unknown', `Bearer ${generateToken()}`, 401, `${REALM}, error="invalid_token"`, 'token_invalid'],
        ['expired', `Bearer ${expired.token}`, 401, `${REALM}, error="invalid_token"`, 'token_expired'],
        ['revoked', `Bearer ${revoked.token}`, 401, `${REALM}, error="invalid_token"`, 'token_revoked'],
        [
          'other scope',
          `Bearer ${await token([otherScope])}`,
          403,
          `${REALM}, error="insufficient_scope", scope="${scope}"`,
          'insufficient_scope',
        ],
      ];
      for (const [name, authorization, status, challenge, code] of cases) {
        const response = await f.api.request({ url: route, headers: authorization ? { authorization } : {} });
        assert.equal(response.statusCode, status, `${route}: ${name}`);
        assert.equal(response.headers['www-authenticate'], challenge, `${route}: ${name}`);
        assert.equal(response.json<{ code: string }>().code, code, `${route}: ${name}`);
      }
      const allowed = await f.api.get(route, await token([scope]));
      assert.equal(allowed.statusCode, 200, `${route}: right scope`);
      assert.equal(allowed.headers['www-authenticate'], undefined);
    });
  }

  it('serves the public list, the OpenAPI document and the docs without a token', async () => {
    assert.equal((await f.api.get('/api/v1/public/cursos')).statusCode, 200);
    assert.equal((await f.app.inject('/api/v1/openapi.json')).statusCode, 200);
    const docs = await f.app.inject('/docs/');
    assert.equal(docs.statusCode, 200);
    assert.match(docs.body, /swagger/i);
  });
});
