// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Scope } from '../../src/tokens/scopes.js';
import { createToken, rotateToken } from '../../src/tokens/tokens.queries.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

const DAY_MS = 86_400_000;
const WARNING_HEADERS = ['Deprecation', 'Sunset', 'Link'] as const;

interface HeaderDeclaration {
  schema: Record<string, unknown>;
  description: string;
}
interface OpenApiDocument {
  paths: Record<string, { get: { responses: Record<string, { headers?: Record<string, HeaderDeclaration> }> } }>;
}

describe('warnings for tokens going away (Deprecation, Sunset, Link)', () => {
  let f: ApiFixture;
  let document: OpenApiDocument;
  const ajv = new Ajv2020({ strict: false });

  before(async () => {
    f = await apiFixture(20);
    document = (await f.app.inject('/api/v1/openapi.json')).json<OpenApiDocument>();
  });
  after(() => f.close());

  const db = () => f.t.database.db;
  const seconds = (at: Date) => `@${Math.floor(at.getTime() / 1000)}`;
  const row = (id: number) =>
    db().selectFrom('api_token').select(['criado_em', 'expira_em', 'rotacionado_em']).where('id', '=', id).executeTakeFirstOrThrow();

  /** A token of `scopes` that expires in `days`, issued long before. */
  async function expiringIn(days: number, scopes: Scope[] = ['associados:read']) {
    const created = await createToken(db(), { nome: 'expirando', scopes, criadoPor: 'test', limitePorMinuto: 100_000 });
    await sql`update api_token set criado_em = now() - interval '300 days', expira_em = now() + make_interval(days => ${days})
      where id = ${created.id}`.execute(db());
    return created;
  }

  /** The warning headers are declared for this response, and their values match the declared schemas. */
  function assertDeclared(template: string, response: LightMyRequestResponse) {
    const headers = document.paths[template]!.get.responses[String(response.statusCode)]!.headers ?? {};
    for (const name of WARNING_HEADERS) {
      const declared = headers[name];
      assert.ok(declared, `${template} ${response.statusCode} declares ${name}`);
      assert.ok(
        ajv.validate(declared.schema, response.headers[name.toLowerCase()]),
        `${name}: ${String(response.headers[name.toLowerCase()])} ${ajv.errorsText()}`,
      );
    }
  }

  it('says nothing to a token far from its expiry', async () => {
    const response = await f.api.get('/api/v1/associados/000001/situacao', await f.token(['associados:read']));
    assert.equal(response.statusCode, 200);
    for (const name of WARNING_HEADERS) assert.equal(response.headers[name.toLowerCase()], undefined, name);
  });

  it('warns a token expiring within 14 days: deprecated since its last 14 days began, sunset at its expiry, linked to its page', async () => {
    const { id, token } = await expiringIn(10);
    const { expira_em } = await row(id);
    const response = await f.api.get('/api/v1/associados/000001/situacao', token);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json<{ matricula: string }>().matricula, '000001');
    assert.equal(response.headers.deprecation, seconds(new Date(expira_em.getTime() - 14 * DAY_MS)));
    assert.equal(response.headers.sunset, expira_em.toUTCString());
    assert.match(String(response.headers.sunset), /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    assert.equal(response.headers.link, `<http://localhost:80/admin/integracoes#token-${id}>; rel="deprecation"; type="text/html"`);
    assertDeclared('/api/v1/associados/{id}/situacao', response);
  });

  it('dates the deprecation of a token issued for less than 14 days from its creation', async () => {
    const { id, token } = await createToken(db(), {
      nome: 'demonstração',
      scopes: ['cursos:read'],
      criadoPor: 'test',
      lifetimeSeconds: 7 * 86_400,
    });
    const { criado_em, expira_em } = await row(id);
    const response = await f.api.get('/api/v1/cursos/1', token);
    assert.equal(response.headers.deprecation, seconds(criado_em));
    assert.equal(response.headers.sunset, expira_em.toUTCString());
  });

  it('warns a rotated token through its grace period, and not its replacement', async () => {
    const { id, token: old } = await createToken(db(), {
      nome: 'ERP',
      scopes: ['faturas:read'],
      criadoPor: 'test',
      limitePorMinuto: 100_000,
    });
    const rotated = await rotateToken(db(), id, 86_400, 'test');
    const { rotacionado_em, expira_em } = await row(id);
    assert.ok(rotacionado_em);
    const response = await f.api.get('/api/v1/faturas?limit=1', old);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers.deprecation, seconds(rotacionado_em));
    assert.equal(response.headers.sunset, expira_em.toUTCString());
    assert.equal(expira_em.getTime(), rotated!.oldExpiresAt.getTime());
    // A page with a next one links to both.
    const [next, warning] = String(response.headers.link).split(/, (?=<)/);
    assert.match(next!, /^<http:\/\/localhost:80\/api\/v1\/faturas\?limit=1&cursor=[^>]+>; rel="next"$/);
    assert.equal(warning, `<http://localhost:80/admin/integracoes#token-${id}>; rel="deprecation"; type="text/html"`);
    assertDeclared('/api/v1/faturas', response);

    const replacement = await f.api.get('/api/v1/faturas?limit=1', rotated!.token);
    assert.equal(replacement.statusCode, 200);
    assert.equal(replacement.headers.deprecation, undefined);
    assert.doesNotMatch(String(replacement.headers.link), /deprecation/);
  });

  it('warns on a 304 revalidation and on a refusal for scope', async () => {
    const { token } = await expiringIn(3, ['associados:situacao']);
    const first = await f.api.get('/api/v1/associados/000001/situacao', token);
    const revalidated = await f.api.get('/api/v1/associados/000001/situacao', token, { 'if-none-match': String(first.headers.etag) });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.body, '');
    assert.equal(revalidated.headers.deprecation, first.headers.deprecation);
    assertDeclared('/api/v1/associados/{id}/situacao', revalidated);

    const refused = await f.api.get('/api/v1/faturas', token);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json<{ code: string }>().code, 'insufficient_scope');
    assert.equal(refused.headers.sunset, first.headers.sunset);
    assertDeclared('/api/v1/faturas', refused);
  });

  it("never lends one token's warning to another through the course page cache", async () => {
    const { token: warned } = await expiringIn(5, ['cursos:read']);
    const fresh = await f.token(['cursos:read']);
    const url = '/api/v1/cursos?limit=1';
    const first = await f.api.get(url, warned);
    assert.match(String(first.headers.link), /rel="next", <[^>]+>; rel="deprecation"/);
    const second = await f.api.get(url, fresh);
    assert.equal(second.statusCode, 200);
    assert.equal(second.body, first.body);
    assert.match(String(second.headers.link), /rel="next"$/);
    assert.equal(second.headers.deprecation, undefined);
    assert.match(String((await f.api.get(url, warned)).headers.link), /rel="deprecation"/);
  });

  it('ignores the token on the public list, and declares no warning there or on a 401', async () => {
    const { token } = await expiringIn(2, ['cursos:read']);
    const response = await f.api.get('/api/v1/public/cursos', token);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers.deprecation, undefined);
    assert.equal(document.paths['/api/v1/public/cursos']!.get.responses['200']!.headers?.Deprecation, undefined);
    assert.equal(document.paths['/api/v1/cursos']!.get.responses['401']!.headers?.Deprecation, undefined);
  });
});
