import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, onPostgres, type TestDatabase } from './helpers/database.js';
import { runCli, serve, tempDir } from './helpers/processes.js';

const PUBLIC_BASE_URL = 'https://api.associa.example';

describe('NODE_ENV=production: nothing is guessed', () => {
  it('refuses to start without DATABASE_URL: one line, exit 1, no demo data and nothing secret printed', async () => {
    const dataDir = join(tempDir(), 'data');
    const result = await runCli(['serve'], { NODE_ENV: 'production', PUBLIC_BASE_URL, DATA_DIR: dataDir, PORT: '0' });
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^associa: Invalid configuration: DATABASE_URL is required when NODE_ENV=production — [^\n]+\n$/);
    // The embedded database was never opened, so never seeded.
    assert.equal(existsSync(dataDir), false);
  });

  describe('on PostgreSQL', { skip: onPostgres ? false : 'needs DATABASE_URL: production runs on PostgreSQL only' }, () => {
    let t: TestDatabase;
    let server: Awaited<ReturnType<typeof serve>> | undefined;
    before(async () => {
      t = await createTestDatabase();
    });
    after(async () => {
      server?.child.kill('SIGTERM');
      await t.dispose();
    });

    it('prints its banner as one JSON line without a token or a password, seeds nothing and has no simulation', async () => {
      server = await serve({ NODE_ENV: 'production', DATABASE_URL: t.url, PUBLIC_BASE_URL, LOG_LEVEL: 'warn' });
      const lines = server.stdout().trimEnd().split('\n');
      assert.equal(lines.length, 1, server.stdout());
      const banner = JSON.parse(lines[0]!) as Record<string, unknown>;
      assert.equal(banner.msg, 'Associa is running');
      assert.equal(banner.level, 30);
      assert.equal(banner.api, `${PUBLIC_BASE_URL}/api/v1`);
      assert.equal(banner.simulation, false);
      assert.match(String(banner.version), /^\d+\.\d+\.\d+/);
      assert.doesNotMatch(server.stdout(), /associa_[A-Za-z0-9]|bearer|password|senha/i);

      const members = await sql<{ n: number }>`select count(*)::int as n from associado`.execute(t.database.db);
      assert.equal(members.rows[0]!.n, 0);
      const tokens = await sql<{ n: number }>`select count(*)::int as n from api_token`.execute(t.database.db);
      assert.equal(tokens.rows[0]!.n, 0);

      assert.equal((await fetch(`${server.base}/readyz`)).status, 200);
      // Off, the simulation's pages are not found even before a login is asked for.
      assert.equal((await fetch(`${server.base}/admin/simulacao`, { redirect: 'manual' })).status, 404);
      assert.equal((await fetch(`${server.base}/admin/integracoes`, { redirect: 'manual' })).status, 303);
    });
  });
});
