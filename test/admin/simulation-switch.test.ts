import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { businessDate } from '../../src/domain/dates.js';
import { seed } from '../../src/seed/load.js';
import { AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { TEST_SECRETS_KEY } from '../helpers/processes.js';

const SIMULATION_PAGES = ['/admin/simulacao', '/admin/simulacao/associados/1', '/admin/caixa-de-saida', '/admin/caixa-de-saida/1'];
const MENU_LINKS = /href="\/admin\/(simulacao|caixa-de-saida)"/;

describe('SIMULATION: the admin area without the simulation', () => {
  let t: TestDatabase;
  const apps: FastifyInstance[] = [];

  before(async () => {
    t = await createTestDatabase();
    const now = new Date();
    await seed(t.database, { members: 20, seed: 3, now, today: businessDate(now), reset: false });
  });
  after(async () => {
    for (const app of apps) await app.close();
    await t.dispose();
  });

  async function signedIn(env: NodeJS.ProcessEnv): Promise<AdminAgent> {
    const app = await buildApp({ config: loadConfig(env), database: t.database });
    apps.push(app);
    if (apps.length === 1) await createTestAdmin(app);
    const agent = new AdminAgent(app);
    assert.equal((await agent.login()).statusCode, 303);
    return agent;
  }

  // The database is the fixture's; DATABASE_URL only satisfies production's configuration.
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://associa@db.invalid/associa',
    // http: the test's requests are not over TLS, where a secure session cookie would not come back.
    PUBLIC_BASE_URL: 'http://api.associa.example',
    WEBHOOK_SECRETS_KEY: TEST_SECRETS_KEY,
  };

  for (const [name, env] of [
    ['off by default in production', production],
    ['SIMULATION=off elsewhere', { SIMULATION: 'off' }],
  ] as const) {
    it(`${name}: its pages and forms are 404 and the menu does not show them`, async () => {
      const agent = await signedIn(env);
      const invoice = (await sql<{ id: number }>`select id from fatura where status = 'open' order by id limit 1`.execute(t.database.db))
        .rows[0]!;
      for (const page of SIMULATION_PAGES) assert.equal((await agent.get(page)).statusCode, 404, page);
      const before = await sql<{ status: string }>`select status from fatura where id = ${invoice.id}`.execute(t.database.db);
      const integracoes = await agent.get('/admin/integracoes');
      assert.equal(integracoes.statusCode, 200);
      assert.doesNotMatch(integracoes.body, MENU_LINKS);
      // A forged form post finds no route either (the CSRF token is a valid one of this session).
      const token = /name="_csrf" value="([^"]+)"/.exec(integracoes.body)![1]!;
      const paid = await agent.postRaw(`/admin/simulacao/faturas/${invoice.id}/pagar`, { _csrf: token, forma: 'pix' });
      assert.equal(paid.statusCode, 404);
      const afterwards = await sql<{ status: string }>`select status from fatura where id = ${invoice.id}`.execute(t.database.db);
      assert.deepEqual(afterwards.rows, before.rows);
    });
  }

  it('SIMULATION=on in production: the pages are there, and in the menu', async () => {
    const agent = await signedIn({ ...production, SIMULATION: 'on' });
    const page = await agent.get('/admin/simulacao');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, MENU_LINKS);
    assert.equal((await agent.get('/admin/caixa-de-saida')).statusCode, 200);
  });
});
