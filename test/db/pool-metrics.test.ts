import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { Registry } from 'prom-client';
import { connect, type Database } from '../../src/db/connection.js';
import { BACKGROUND_LANE } from '../../src/db/fair-gate.js';
import { registerPoolMetrics } from '../../src/db/pool-metrics.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/database.js';
import { sleep } from '../helpers/load.js';

/** The value of one series in Prometheus's text format, or undefined when it is absent. */
function series(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const STATES = ['idle', 'busy', 'reserved', 'connecting', 'closed'];

describe('database pool metrics', () => {
  let test: TestDatabase;
  let database: Database;
  const registry = new Registry();
  // On PostgreSQL DB_POOL_SIZE 4, with the same database as its read replica: two connections for cheap statements
  // (`primary`, `replica`) and two for list pages and background work (`*_bulk`) on each. The embedded database is one session.
  const poolSize = onPostgres ? 4 : 1;
  const cheapSize = onPostgres ? 2 : 1;
  const pools = onPostgres ? ['primary', 'primary_bulk', 'replica', 'replica_bulk'] : ['primary'];

  before(async () => {
    test = await createTestDatabase();
    database = test.url ? await connect({ databaseUrl: test.url, databaseReadUrl: test.url, poolSize }) : test.database;
    registerPoolMetrics(registry, database);
  });
  after(async () => {
    if (database !== test?.database) await database?.close();
    await test?.dispose();
  });

  it('counts each pool’s connections by state, adding up to the pool size, with none waiting at rest', async () => {
    await sql`select 1`.execute(database.db);
    await database.read.selectNoFrom(sql<number>`1`.as('one')).execute();
    await sql`select 1`.execute(database.in(BACKGROUND_LANE).db);
    await database
      .in(BACKGROUND_LANE)
      .read.selectNoFrom(sql<number>`1`.as('one'))
      .execute();
    const text = await registry.metrics();
    for (const pool of pools) {
      const counts = STATES.map((state) => series(text, 'associa_db_pool_connections', `pool="${pool}",state="${state}"`));
      assert.ok(
        counts.every((count) => count !== undefined),
        `${pool}: every state has its series\n${text}`,
      );
      assert.equal(
        counts.reduce((sum, count) => sum + count, 0),
        onPostgres ? poolSize / 2 : poolSize,
        `${pool}: the states add up to the pool's size`,
      );
      const open = ['idle', 'busy', 'reserved'].reduce(
        (sum, state) => sum + series(text, 'associa_db_pool_connections', `pool="${pool}",state="${state}"`)!,
        0,
      );
      assert.ok(open >= 1, `${pool}: a connection is open after a statement (${open})`);
      assert.equal(series(text, 'associa_db_pool_waiting_statements', `pool="${pool}"`), 0);
    }
    assert.match(text, /# HELP associa_db_pool_waiting_statements /);
  });

  it(
    'counts the statements waiting while more are in flight than the pool has connections',
    // The embedded database runs a statement without yielding: nothing could read the gauges in the meantime.
    { skip: onPostgres ? false : 'needs PostgreSQL (DATABASE_URL)' },
    async () => {
      // Both connections opened first: postgres.js pipelines a statement on a busy connection rather than wait for another to open.
      await Promise.all([sql`select pg_sleep(0.05)`.execute(database.db), sql`select pg_sleep(0.05)`.execute(database.db)]);
      const statements = Array.from({ length: 20 }, () => sql`select pg_sleep(0.1)`.execute(database.db));
      await sleep(50);
      const during = await registry.metrics();
      await Promise.all(statements);
      // Both connections run a statement, and the others are pipelined behind them.
      assert.equal(series(during, 'associa_db_pool_connections', 'pool="primary",state="busy"'), cheapSize);
      const waiting = series(during, 'associa_db_pool_waiting_statements', 'pool="primary"')!;
      assert.ok(waiting >= 20 - 2 * cheapSize && waiting < 20, `statements waiting during the load: ${waiting}`);
      const afterwards = await registry.metrics();
      assert.equal(series(afterwards, 'associa_db_pool_waiting_statements', 'pool="primary"'), 0);
      assert.equal(series(afterwards, 'associa_db_pool_connections', 'pool="primary",state="busy"'), 0);
    },
  );

  it('counts a connection a transaction holds, and the statements waiting behind it where it is the only one', async () => {
    let during = '';
    let statements: Promise<unknown>[] = [];
    await database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      statements = Array.from({ length: 10 }, () => sql`select pg_sleep(0.1)`.execute(database.db));
      await sleep(20);
      during = await registry.metrics();
    });
    await Promise.all(statements);
    const waiting = series(during, 'associa_db_pool_waiting_statements', 'pool="primary"')!;
    if (onPostgres) {
      // The other connection takes the statements: all sent, all but the one it runs pipelined.
      assert.equal(series(during, 'associa_db_pool_connections', 'pool="primary",state="reserved"'), 1);
      assert.ok(waiting >= 5 && waiting <= 9, `statements waiting: ${waiting}`);
    } else {
      // The embedded database's one session is checked out for the transaction; every statement waits for it.
      assert.equal(series(during, 'associa_db_pool_connections', 'pool="primary",state="busy"'), 1);
      assert.equal(waiting, 10);
    }
    const afterwards = await registry.metrics();
    assert.equal(series(afterwards, 'associa_db_pool_waiting_statements', 'pool="primary"'), 0);
    assert.equal(series(afterwards, 'associa_db_pool_connections', 'pool="primary",state="reserved"'), 0);
  });
});
