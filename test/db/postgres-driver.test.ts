// Runs once, on PostgreSQL: it needs PostgreSQL's own sessions, plans or server programs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { connect, type Database } from '../../src/db/connection.js';
import { BACKGROUND_LANE, type Lane } from '../../src/db/fair-gate.js';

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

    it('under steady load its queue of busy connections stays as short as the pool', async () => {
      // The queue is found through the search it runs when a connection moves between queues (remove() in
      // postgres.js's queue.js): without patches/postgres+3.4.9.patch it grew by one place per statement sent
      // to a busy connection, each search scanning them all, until the throughput fell by half within a minute.
      const pool = await connect({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
      const searched: number[] = [];
      const indexOf = Array.prototype.indexOf;
      Array.prototype.indexOf = function (this: unknown[], item: unknown, from?: number) {
        if (typeof item === 'object' && item !== null && 'execute' in item && 'queue' in item) searched.push(this.length);
        return indexOf.call(this, item, from);
      };
      try {
        // Eight clients on two connections: every connection is busy whenever a statement is sent.
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            for (let i = 0; i < 300; i++) await sql`select 1`.execute(pool.db);
          }),
        );
      } finally {
        Array.prototype.indexOf = indexOf;
        await pool.close();
      }
      assert.ok(searched.length > 1000, `the pool moved its connections ${searched.length} times`);
      assert.ok(Math.max(...searched) <= 40, `the longest queue searched held ${Math.max(...searched)} places`);
    });

    it("a write's transaction without a connection within the queue's time fails as cancelled (503); the one it gets later is given back", async () => {
      // Two connections: one for cheap statements, one for list pages, background work and writes; background work's
      // statement below outlasts the queue's 1.5 s.
      const pool = await connect({ databaseUrl: process.env.DATABASE_URL, poolSize: 2, statementTimeoutMs: 5000 });
      const writes: Lane = { key: 'token:1', load: 'write' };
      // A request's cheap statement just answered: the first connection is not lent to the write.
      const cheapStatement = () => sql`select 1`.execute(pool.in({ key: 'token:2', load: 'interactive' }).db);
      const write = () =>
        pool
          .in(writes)
          .db.transaction()
          .execute(async (tx) => (await sql<{ one: number }>`select 1 as one`.execute(tx)).rows);
      try {
        let holds!: () => void;
        const holding = new Promise<void>((resolve) => (holds = resolve));
        let held = true;
        const background = pool
          .in(BACKGROUND_LANE)
          .db.transaction()
          .execute(async (tx) => {
            holds();
            await sql`select pg_sleep(3)`.execute(tx);
          })
          .finally(() => (held = false));
        await holding;
        await cheapStatement();
        await assert.rejects(write(), { code: '57014', message: /no connection to the database within/ });
        assert.ok(held, 'given up while background work still held the connection');
        await background;
        await cheapStatement();
        assert.deepEqual(await write(), [{ one: 1 }]);
      } finally {
        await pool.close();
      }
    });

    it("a write's transaction gets a connection while list pages keep the second pool's busy: they wait for it at the gate", async () => {
      const pool = await connect({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
      const pages = pool.in({ key: 'token:1', load: 'bulk' }).db;
      // A request's cheap statement just answered: the first connection is not lent to the write.
      const cheap = pool.in({ key: 'token:2', load: 'interactive' }).db;
      let flowing = true;
      let answered = 0;
      // 64 clients paging without a pause, as many as one token's pages alone run at once (src/limits/lanes.ts): a
      // statement is always pipelined on the connection, never idle.
      const clients = Array.from({ length: 64 }, async () => {
        while (flowing) {
          await sql`select x from pg_sleep(0.001), generate_series(1, 200) x`.execute(pages);
          answered++;
        }
      });
      try {
        while (answered < 200) await sql`select 1`.execute(cheap);
        for (let i = 0; i < 5; i++) {
          await sql`select 1`.execute(cheap);
          const { rows } = await pool
            .in({ key: 'token:3', load: 'write' })
            .db.transaction()
            .execute((tx) => sql<{ one: number }>`select 1 as one`.execute(tx));
          assert.deepEqual(rows, [{ one: 1 }]);
        }
      } finally {
        flowing = false;
        await Promise.all(clients);
        await pool.close();
      }
    });
  },
);
