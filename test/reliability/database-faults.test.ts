// Runs once, on PostgreSQL: it needs PostgreSQL's own sessions, plans or server programs.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { connect } from '../../src/db/connection.js';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { constantLoad, eventually, sleep, underLoad, type Outcome } from '../helpers/load.js';
import { PostgresServer, postgresServerUnavailable } from '../helpers/postgres-server.js';
import { runCli, serve } from '../helpers/processes.js';

const STATEMENT_TIMEOUT_MS = 1000;
const POOL_SIZE = 8;

// The service runs against a PostgreSQL server of the test's own, which the test stops and starts.
// It runs once, with the PostgreSQL suite: it needs nothing of the machine's database.
const skip = postgresServerUnavailable ?? (process.env.DATABASE_URL ? false : 'runs with the PostgreSQL suite (DATABASE_URL)');

function assertUnavailable(outcome: Outcome): void {
  assert.equal(outcome.status, 503, `expected 503, got ${outcome.status} ${outcome.error ?? outcome.code ?? ''}`);
  assert.equal(outcome.code, 'service_unavailable');
  assert.match(outcome.retryAfter ?? '', /^\d+$/);
}

describe('the database failing under load', { skip }, () => {
  let server: PostgresServer;
  let service: Awaited<ReturnType<typeof serve>>;
  let headers: Record<string, string>;
  const status = (matricula: number) => `${service.base}/api/v1/associados/${matricula}/situacao`;

  before(async () => {
    server = await PostgresServer.create();
    const url = server.url();
    const seeded = await runCli(['seed', '--members', '200'], { DATABASE_URL: url });
    assert.equal(seeded.code, 0, seeded.stderr);
    const database = await connect({ databaseUrl: url });
    const { token } = await createToken(database.db, {
      limiteSimultaneas: 1_000,
      nome: 'faults',
      scopes: SCOPE_NAMES,
      criadoPor: 'test',
      lifetimeSeconds: 3600,
    });
    await database.close();
    headers = { authorization: `Bearer ${token}` };
    service = await serve({
      DATABASE_URL: url,
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DB_POOL_SIZE: String(POOL_SIZE),
      RATE_LIMIT_TOKEN: '1000000',
    });
  });

  after(async () => {
    if (service?.child.exitCode === null) {
      service.child.kill('SIGTERM');
      await once(service.child, 'exit');
    }
    server?.destroy();
  });

  it('answers 503 with Retry-After within 2 s while PostgreSQL is stopped, and recovers by itself when it is back', async () => {
    const load = constantLoad(() => status(1 + Math.floor(Math.random() * 200)), headers, 8);
    let stoppedAt = 0;
    let recoveredIn = 0;
    const outcomes = await underLoad(load, async () => {
      await sleep(1000);
      stoppedAt = Date.now();
      await server.stop('fast');
      await sleep(3000);
      const ready = await fetch(`${service.base}/readyz`);
      assert.equal(ready.status, 503);
      assert.ok(ready.headers.get('retry-after'));

      await server.start();
      recoveredIn = await eventually(async () => (await fetch(`${service.base}/readyz`)).status === 200, 10_000, 'recovery');
      await eventually(() => Promise.resolve(load.outcomes.at(-1)?.status === 200), 10_000, 'a 200 under load');
      await sleep(500);
    });

    assert.equal(service.child.exitCode, null, 'the service kept running');
    assert.deepEqual(
      outcomes.filter((o) => o.status === 0),
      [],
      'every request got an answer',
    );
    const slowest = Math.max(...outcomes.map((o) => o.ms));
    assert.ok(slowest < 2000, `the slowest answer took ${slowest} ms`);
    const failed = outcomes.filter((o) => o.status !== 200);
    for (const outcome of failed) assertUnavailable(outcome);
    assert.ok(failed.filter((o) => o.startedAt >= stoppedAt).length > 10, 'requests while it was down were answered 503');
    assert.equal(outcomes.filter((o) => o.startedAt < stoppedAt - 100 && o.status !== 200).length, 0);
    assert.ok(recoveredIn < 10_000);
  });

  it('bounds a query that cannot finish by the statement timeout, and the pool keeps serving afterwards', async () => {
    const blocker = new pg.Client({ connectionString: server.url() });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table associado in access exclusive mode');

    const started = Date.now();
    const blocked = await Promise.all(
      Array.from({ length: POOL_SIZE * 3 }, (_, i) =>
        fetch(status(i + 1), { headers }).then(async (response) => ({
          response,
          body: (await response.json()) as { code?: string },
          ms: Date.now() - started,
        })),
      ),
    );
    await blocker.query('rollback');
    await blocker.end();

    for (const { response, body, ms } of blocked) {
      assert.equal(response.status, 503);
      assert.equal(body.code, 'service_unavailable');
      assert.ok(response.headers.get('retry-after'));
      // Three waves through the pool, each cut at the statement timeout, with room for the machine.
      assert.ok(ms < STATEMENT_TIMEOUT_MS * 3 + 1500, `answered after ${ms} ms`);
    }
    const after = await Promise.all(Array.from({ length: POOL_SIZE * 4 }, (_, i) => fetch(status(i + 1), { headers })));
    assert.deepEqual(
      after.map((response) => response.status),
      after.map(() => 200),
    );

    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    const { rows } = await admin.query<{ n: string }>(`select count(*) as n from pg_stat_activity where application_name = 'associa'`);
    await admin.end();
    assert.ok(Number(rows[0]!.n) <= POOL_SIZE, `${rows[0]!.n} connections for a pool of ${POOL_SIZE}`);
  });

  it('replaces a connection reset while statements were still handed to it, instead of waiting for their answers for good', async () => {
    // One connection, so that a statement can only go to it. A backend terminated with a statement it has not read
    // yet behind the one it runs resets its connection; the statement sent from the failure's handler reaches the
    // connection after the reset's error and before its close, as requests under load do (the fault suite's
    // pg_terminate_backend). postgres.js 3.4.9 kept it as sent, waited for its answer on the next connection, and
    // the pool served nothing until the server closed that one (patches/postgres+3.4.9.patch).
    const database = await connect({ databaseUrl: server.url(), poolSize: 1 });
    try {
      const run = (text: string) => sql.raw<{ n: number }>(text).execute(database.db);
      const { rows } = await run('select pg_backend_pid() as n');
      const handedOver: Promise<unknown>[] = [];
      const running = run('select pg_sleep(5)').catch(() => handedOver.push(run('select 1 as n').catch(() => {})));
      // Sent once the backend sleeps, the statement behind stays unread in its socket.
      await sleep(200);
      const behind = run('select 2 as n').catch(() => {});
      await sleep(100);
      const admin = new pg.Client({ connectionString: server.url() });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.n]);
      await admin.end();
      await Promise.all([running, behind]);
      assert.equal(handedOver.length, 1, 'a statement was handed to the connection as it failed');
      await eventually(
        async () => {
          for (let i = 0; i < 5; i++) assert.equal((await run(`select ${i} as n`)).rows[0]!.n, i);
          return true;
        },
        5000,
        'five statements in a row answered on a new connection',
      );
      // Settled at the close, as lost, rather than left waiting for an answer that cannot come.
      const settled = await Promise.race([handedOver[0]!.then(() => true), sleep(5000).then(() => false)]);
      assert.ok(settled, 'the statement handed to the lost connection settled instead of waiting for good');
    } finally {
      await database.close();
    }
  });

  it('fails a transaction whose connection was lost, without an exception in the process, and the pool serves on', async () => {
    // The events' sequencer holds a transaction every 200 ms. postgres.js 3.4.9 wrote a statement sent on a reserved
    // connection after its close (the transaction's rollback) to no socket at all, a TypeError out of a timer that
    // ended the process, and then gave the lost connection back to the pool as open (patches/postgres+3.4.9.patch).
    const database = await connect({ databaseUrl: server.url(), poolSize: 1 });
    try {
      const failure = await database.db
        .transaction()
        .execute(async (tx) => {
          const { rows } = await sql<{ n: number }>`select pg_backend_pid() as n`.execute(tx);
          const admin = new pg.Client({ connectionString: server.url() });
          await admin.connect();
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.n]);
          await admin.end();
          await sleep(300);
          await sql`select 1`.execute(tx);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      assert.ok(failure instanceof Error, 'the transaction failed');
      await eventually(
        async () => {
          for (let i = 0; i < 5; i++) assert.equal((await sql.raw<{ n: number }>(`select ${i} as n`).execute(database.db)).rows[0]!.n, i);
          return true;
        },
        5000,
        'five statements in a row answered on a new connection',
      );
    } finally {
      await database.close();
    }
  });

  it('serves a transaction that waited for a connection while the busy one was lost, instead of dropping it', async () => {
    // One connection, busy; a transaction waits for it; the connection is lost. postgres.js 3.4.9 handed the waiting
    // reservation to the reconnecting connection as its first statement and dropped it while the connection fetched
    // its array types: the transaction waited for good, as the events' sequencer did after a restart of the server.
    const database = await connect({ databaseUrl: server.url(), poolSize: 1 });
    try {
      const { rows } = await sql<{ n: number }>`select pg_backend_pid() as n`.execute(database.db);
      const busy = sql`select pg_sleep(5)`.execute(database.db).catch(() => undefined);
      await sleep(200);
      const waiting = database.db.transaction().execute(async (tx) => (await sql<{ n: number }>`select 7 as n`.execute(tx)).rows[0]!.n);
      await sleep(200);
      const admin = new pg.Client({ connectionString: server.url() });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.n]);
      await admin.end();
      await busy;
      const answered = await Promise.race([
        waiting.then(
          (n) => n,
          () => 'failed',
        ),
        sleep(5000).then(() => 'still waiting'),
      ]);
      assert.ok(answered === 7 || answered === 'failed', `the transaction is ${answered}`);
      assert.equal((await sql<{ n: number }>`select 8 as n`.execute(database.db)).rows[0]!.n, 8);
    } finally {
      await database.close();
    }
  });
});
