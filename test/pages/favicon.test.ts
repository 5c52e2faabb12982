// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { ICON } from '../../src/pages/icon.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** What a browser sends when it fetches a page's icon. */
const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

describe('the icon', () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  before(async () => {
    t = await createTestDatabase();
    app = await buildApp({ config: loadConfig({ RATE_LIMIT_PUBLIC: '1', RATE_LIMIT_DOCS: '1' }), database: t.database });
  });
  after(async () => {
    await app.close();
    await t.dispose();
  });

  for (const url of ['/favicon.svg', '/favicon.ico']) {
    it(`is served at ${url} as SVG, cached for a week`, async () => {
      const response = await app.inject({ url, headers: { accept: BROWSER_ACCEPT } });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'image/svg+xml');
      assert.equal(response.headers['cache-control'], 'public, max-age=604800');
      assert.equal(response.body, ICON);
      assert.match(response.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      const head = await app.inject({ method: 'HEAD', url });
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers['content-type'], 'image/svg+xml');
    });
  }

  it('is neither limited nor audited, even asked for with a token', async () => {
    const { token } = await createToken(t.database.db, { nome: 'navegador', scopes: ['cursos:read'], criadoPor: 'test', regional: null });
    for (let i = 0; i < 5; i++) {
      for (const url of ['/favicon.ico', '/favicon.svg']) {
        const response = await app.inject({ url, remoteAddress: '10.9.9.9', headers: { authorization: `Bearer ${token}` } });
        assert.equal(response.statusCode, 200, `${url} #${i + 1}`);
        assert.equal(response.headers.ratelimit, undefined);
        assert.equal(response.headers['ratelimit-policy'], undefined);
      }
    }
    await app.audit.flush();
    const rows = await t.database.db.selectFrom('auditoria').select('rota').execute();
    assert.deepEqual(rows, []);
  });

  it('is linked from the pages of the administration area and the problem pages', async () => {
    for (const url of ['/admin/entrar', '/problems/not-found']) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /<head>.*<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"\/>.*<\/head>/s, url);
    }
  });
});
