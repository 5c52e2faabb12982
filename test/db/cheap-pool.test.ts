import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { connect, type Database } from '../../src/db/connection.js';
import type { Lane } from '../../src/db/fair-gate.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/database.js';
import { sleep } from '../helpers/load.js';

const PAGES: Lane = { key: 'token:1', load: 'bulk' };
const STATUS: Lane = { key: 'token:2', load: 'interactive' };
const WRITES: Lane = { key: 'token:3', load: 'write' };

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
    const cheapPid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.in(STATUS).db)).rows[0]!.pid;
    const before = await cheapPid();
    const pages = backendsOfPages();
    const during = await cheapPid();
    const pagesPids = await pages;
    assert.equal(pagesPids.size, 1);
    assert.equal(during, before);
    assert.ok(!pagesPids.has(during));
  });

  it("run on both pools after the instance's own cheap statements (a token's lookup): they keep no pool busy", async () => {
    await sleep(1100);
    await sql`select 1`.execute(database.db);
    assert.equal((await backendsOfPages()).size, 2);
  });

  it('take both pools for writes’ transactions while no cheap statement has run for a second, their own otherwise', async () => {
    /** The server processes that ran four write transactions begun at once, each holding its connection 50 ms. */
    const backendsOfWrites = async () => {
      const transactions = Array.from({ length: 4 }, () =>
        database
          .in(WRITES)
          .db.transaction()
          .execute(async (tx) => (await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(tx)).rows[0]!.pid),
      );
      return new Set(await Promise.all(transactions));
    };
    await sleep(1100);
    assert.equal((await backendsOfWrites()).size, 2);
    await sql`select 1`.execute(database.in(STATUS).db);
    assert.equal((await backendsOfWrites()).size, 1);
  });
});
