// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { generateToken } from '../../src/tokens/token.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

interface Parameter {
  name: string;
  in: string;
  description?: string;
  example?: unknown;
  examples?: unknown;
  schema: Record<string, unknown>;
}
interface Document {
  info: { description: string };
  paths: Record<string, Record<string, { operationId: string; parameters?: Parameter[] }>>;
}

describe('the OpenAPI document and /docs', () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  before(async () => {
    t = await createTestDatabase();
    app = await buildApp({ config: loadConfig({ RATE_LIMIT_PUBLIC: '2', RATE_LIMIT_DOCS: '3' }), database: t.database });
  });
  after(async () => {
    await app.close();
    await t.dispose();
  });

  const parameters = (document: Document) =>
    Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        (operation.parameters ?? []).map((parameter) => ({ operation: operation.operationId, ...parameter })),
      ),
    );

  it('is public, readable from any site, and limited per address apart from the public list', async () => {
    const document = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ url: '/api/v1/openapi.json', remoteAddress, headers: { origin: 'https://gerador.example', ...headers } });
    const list = (remoteAddress: string) => app.inject({ url: '/api/v1/public/cursos', remoteAddress });
    // The public list's quota used up does not touch the document's.
    assert.equal((await list('10.1.1.1')).statusCode, 200);
    assert.equal((await list('10.1.1.1')).statusCode, 200);
    assert.equal((await list('10.1.1.1')).statusCode, 429);
    for (let remaining = 2; remaining >= 0; remaining--) {
      // Any Authorization is ignored, as on the public list.
      const response = await document('10.1.1.1', { authorization: `Bearer ${generateToken()}` });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['access-control-allow-origin'], '*');
      assert.equal(response.headers['ratelimit-policy'], '"docs";q=3;w=60');
      assert.match(String(response.headers.ratelimit), new RegExp(`^"docs";r=${remaining};t=\\d+$`));
    }
    const refused = await document('10.1.1.1');
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers['access-control-allow-origin'], '*');
    assert.match(String(refused.headers['retry-after']), /^\d+$/);
    assert.equal((await document('10.1.1.2')).statusCode, 200);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/openapi.json',
      remoteAddress: '10.1.1.1',
      headers: {
        origin: 'https://gerador.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
  });

  it('takes its limit from RATE_LIMIT_DOCS, 600 a minute by default', () => {
    assert.equal(loadConfig({}).rateLimitDocs, 600);
    assert.throws(() => loadConfig({ RATE_LIMIT_DOCS: '0' }), /RATE_LIMIT_DOCS/);
  });

  it("serves /docs with Associa's title, language and look, without the Fastify logo", async () => {
    const page = await app.inject('/docs/');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<html lang="pt-BR">/);
    assert.match(page.body, /<title>Associa API — documentação<\/title>/);
    assert.doesNotMatch(page.body, /Swagger UI|favicon-32x32/);
    const stylesheet = /href="(\.\/static\/theme\/[^"]+\.css)"/.exec(page.body)?.[1];
    assert.ok(stylesheet, "the page links Associa's stylesheet");
    const css = await app.inject(`/docs/${stylesheet.slice(2)}`);
    assert.equal(css.statusCode, 200);
    assert.match(css.body, /#0b5cad/, "the administration area's accent colour");
    const icon = /<link rel="icon" type="image\/svg\+xml" href="(\.\/static\/theme\/[^"]+)"/.exec(page.body)?.[1];
    assert.ok(icon, "Associa's icon");
    assert.equal((await app.inject(`/docs/${icon.slice(2)}`)).statusCode, 200);

    const initializer = (await app.inject('/docs/static/swagger-initializer.js')).body;
    const fastifyLogo = await readFile(createRequire(import.meta.url).resolve('@fastify/swagger-ui/static/logo.svg'));
    assert.ok(!initializer.includes(fastifyLogo.toString('base64')), 'the Fastify logo is gone');
    assert.match(initializer, /data:image\/svg\+xml;base64,/);
  });

  it('lets "Try it out" send only what was filled in: the UI\'s copy has no example or default to pre-fill, and says them in the descriptions', async () => {
    const published = (await app.inject('/api/v1/openapi.json')).json<Document>();
    const shown = (await app.inject('/docs/json')).json<Document>();
    const publishedParameters = parameters(published);
    assert.ok(
      publishedParameters.some((parameter) => parameter.name === 'paid_to' && parameter.example === '2026-03-31'),
      'the published document keeps its examples for integrators',
    );
    for (const parameter of parameters(shown)) {
      const where = `${parameter.operation} ${parameter.name}`;
      assert.equal(parameter.example, undefined, where);
      assert.equal(parameter.examples, undefined, where);
      assert.equal(parameter.schema.example, undefined, where);
      assert.equal(parameter.schema.examples, undefined, where);
      assert.equal(parameter.schema.default, undefined, where);
    }
    const described = (operation: string, name: string) =>
      parameters(shown).find((parameter) => parameter.operation === operation && parameter.name === name)!.description;
    assert.match(described('listFaturas', 'paid_to')!, /Exemplo: `2026-03-31`\.$/);
    assert.match(described('listFaturas', 'status')!, /Exemplo: `paid`\.$/);
    assert.match(described('getSituacaoAssociado', 'id')!, /Exemplos: `000005`, `002\.433\.818-40`\.$/);
    assert.match(described('listFaturas', 'limit')!, /Padrão: `100`\.$/);
    // The UI's copy is not the one to generate clients from; it says which is.
    assert.match(shown.info.description, /\[`\/api\/v1\/openapi\.json`\]\(\/api\/v1\/openapi\.json\)\.$/);
  });
});
