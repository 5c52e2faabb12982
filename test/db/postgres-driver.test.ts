import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { connect, type Database } from '../../src/db/connection.js';

describe(
  'statements on PostgreSQL through postgres.js',
  { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)' },
  () => {
    let database: Database;

    before(async () => {
      // One connection: the statements follow each other on it.
      database = await connect({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
    });

    after(() => database?.close());

    it('after a statement that fails while its rows stream, the next one gets its own rows and nothing else', async () => {
      // Three rows reach the client before the fourth divides by zero.
      const failing = sql<{ i: number }>`select i, 1 / (4 - i) as q from generate_series(1, 10) i`.execute(database.db);
      const next = sql<{ x: number }>`select x from generate_series(1, 5) x`.execute(database.db);
      await assert.rejects(failing, { code: '22012' });
      const { rows } = await next;
      assert.equal(rows.length, 5);
      assert.deepEqual(
        rows.map((row) => row.x),
        [1, 2, 3, 4, 5],
      );
      const { rows: later } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      assert.deepEqual(later, [{ one: 1 }]);
    });
  },
);
