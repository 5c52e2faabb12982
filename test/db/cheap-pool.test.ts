import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { connect, type Database } from '../../src/db/connection.js';
import type { Lane } from '../../src/db/fair-gate.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/database.js';
import { sleep } from '../helpers/load.js';

const PAGES: Lane = { key: 'token:1', load: 'bulk' };

describe('list pages on the cheap statements’ connections', { skip: onPostgres ? false : 'needs PostgreSQL (DATABASE_URL)' }, () => {
  let test: TestDatabase;
  let database: Database;

  before(async () => {
    test = await createTestDatabase();
    // One connection for cheap statements, one for list pages and background work.
    database = await connect({ databaseUrl: test.url!, poolSize: 2 });
  });
  after(async () => {
    await database?.close();
    await test?.dispose();
  });

  /** The server processes that answered eight list-page statements sent at once, each taking 50 ms. */
  async function backendsOfPages(): Promise<Set<number>> {
    const statements = Array.from({ length: 8 }, () =>
      sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(database.in(PAGES).db),
    );
    return new Set((await Promise.all(statements)).map(({ rows }) => rows[0]!.pid));
  }

  it('run on both pools while no cheap statement has run for a second', async () => {
    await sleep(1100);
    assert.equal((await backendsOfPages()).size, 2);
  });

  it('keep to their own pool while cheap statements are being served, never on the connection a cheap one is sent on', async () => {
    const cheapPid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]!.pid;
    const before = await cheapPid();
    const pages = backendsOfPages();
    const during = await cheapPid();
    const pagesPids = await pages;
    assert.equal(pagesPids.size, 1);
    assert.equal(during, before);
    assert.ok(!pagesPids.has(during));
  });
});
