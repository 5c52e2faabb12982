import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { connect, type Database } from '../../src/db/connection.js';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { constantLoad, sleep, underLoad } from '../helpers/load.js';
import { runCli, serve, tempDir } from '../helpers/processes.js';

const MEMBERS = 100;
/** What may end a request the server never read: the listener is gone, or it closed an idle connection. */
const NOT_ACCEPTED = /ECONNREFUSED|other side closed|ECONNRESET|socket hang up|closed/i;

/**
 * On PostgreSQL the service uses a fresh database on the machine's server; on the embedded database a
 * folder of its own, read after the service has exited (one process at a time may open it).
 */
describe('SIGTERM under constant load', () => {
  let testDatabase: TestDatabase | undefined;
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let tokenId: number;
  let headers: Record<string, string>;

  before(async () => {
    if (process.env.DATABASE_URL) {
      testDatabase = await createTestDatabase();
      env = { DATABASE_URL: testDatabase.url! };
      open = () => Promise.resolve(testDatabase!.database);
    } else {
      env = { DATA_DIR: tempDir() };
      open = () => connect({ dataDir: env.DATA_DIR });
    }
    const seeded = await runCli(['seed', '--members', String(MEMBERS)], env);
    assert.equal(seeded.code, 0, seeded.stderr);
    const database = await open();
    const created = await createToken(database.db, { nome: 'shutdown', scopes: SCOPE_NAMES, criadoPor: 'test', lifetimeSeconds: 3600 });
    if (!testDatabase) await database.close();
    tokenId = created.id;
    headers = { authorization: `Bearer ${created.token}` };
  });

  after(async () => {
    await testDatabase?.dispose();
  });

  it('finishes what it accepted, refuses the rest, writes every audit row and exits 0', async () => {
    const service = await serve({ ...env, RATE_LIMIT_TOKEN: '1000000' });
    const load = constantLoad(() => `${service.base}/api/v1/associados/${1 + Math.floor(Math.random() * MEMBERS)}/situacao`, headers, 8);
    let code: number | null = null;
    let exitedIn = 0;
    const outcomes = await underLoad(load, async () => {
      await sleep(1500);
      const signalledAt = Date.now();
      service.child.kill('SIGTERM');
      [code] = (await once(service.child, 'exit')) as [number | null];
      exitedIn = Date.now() - signalledAt;
    });

    assert.equal(code, 0);
    assert.ok(exitedIn < 10_000, `exited ${exitedIn} ms after SIGTERM`);
    const answered = outcomes.filter((o) => o.status !== 0);
    assert.ok(answered.length > 50, `only ${answered.length} answers`);
    assert.deepEqual(
      answered.filter((o) => o.status !== 200).map((o) => `${o.status} ${o.code}`),
      [],
      'every accepted request succeeded',
    );
    for (const o of outcomes.filter((o) => o.status === 0)) assert.match(o.error!, NOT_ACCEPTED);

    const database = await open();
    try {
      const { rows } = await sql<{ n: string }>`select count(*) as n from auditoria where token_id = ${tokenId}`.execute(database.db);
      assert.equal(Number(rows[0]!.n), answered.length, 'one audit row per answered request');
    } finally {
      if (!testDatabase) await database.close();
    }
  });
});
