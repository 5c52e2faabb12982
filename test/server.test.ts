import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/connection.js';
import type { Schema } from '../src/db/schema.js';
import { isWellFormedToken } from '../src/tokens/token.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { freePort, runCli, serve, startCli, tempDir } from './helpers/processes.js';

describe('health endpoints', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.dispose());

  it('answers /healthz and /readyz when the database is reachable', async () => {
    const app = await buildApp({ config: loadConfig({}), database: t.database });
    const health = await app.inject('/healthz');
    assert.equal(health.statusCode, 200);
    assert.deepEqual(health.json(), { status: 'ok' });
    const ready = await app.inject('/readyz');
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json(), { status: 'ready', database: 'ok' });
    assert.equal(ready.headers['cache-control'], 'no-store');
    await app.close();
  });

  it('answers /readyz with 503 and Retry-After when the database is gone', async () => {
    // The app starts on a live database, which then goes away: a pool whose server never answers (nothing listens on port 1).
    const database = { ...t.database } as { -readonly [K in keyof Database]: Database[K] };
    const app = await buildApp({ config: loadConfig({}), database });
    await app.ready();
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 500 });
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    database.db = db;
    const ready = await app.inject('/readyz');
    assert.equal(ready.statusCode, 503);
    assert.equal(ready.headers['retry-after'], '5');
    assert.deepEqual(ready.json(), { status: 'unavailable', database: 'unreachable' });
    assert.equal((await app.inject('/healthz')).statusCode, 200);
    await app.close();
    await db.destroy();
  });
});

// The embedded database's own tests run in its pass, not again beside PostgreSQL.
const embeddedPass = { skip: Boolean(process.env.DATABASE_URL) && 'runs in the embedded pass' };

describe('associa serve', () => {
  it('starts on an empty embedded database with demo data and a demo token, and stops cleanly on SIGTERM', embeddedPass, async () => {
    const metricsPort = await freePort();
    const { child, base, stdout } = await serve({ DATA_DIR: tempDir(), METRICS: String(metricsPort) });
    assert.equal((await fetch(`${base}/readyz`)).status, 200);
    // METRICS=<port> moves the metrics off the API's port.
    assert.equal((await fetch(`${base}/metrics`)).status, 404);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    assert.equal(metrics.status, 200);
    assert.match(await metrics.text(), /associa_http_request_duration_seconds_count\{method="GET",route="\/readyz",status="200"\} 1/);
    assert.match(stdout(), new RegExp(`Metrics: http://127\\.0\\.0\\.1:${metricsPort}/metrics`));
    const token = /Demo token[^\n]*\n\s+(\S+)/.exec(stdout())?.[1];
    assert.ok(token && isWellFormedToken(token), stdout());
    assert.match(stdout(), /API: +http:\/\/127\.0\.0\.1:\d+\/api\/v1/);
    // The administrator printed once can log in.
    const email = /E-mail: +(\S+)/.exec(stdout())?.[1];
    const password = /Password: +(\S+)/.exec(stdout())?.[1];
    assert.equal(email, 'admin@associa.example');
    const form = await fetch(`${base}/admin/entrar`);
    const cookie = form.headers.get('set-cookie')!.split(';')[0]!;
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1]!;
    const login = await fetch(`${base}/admin/entrar`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf, email, senha: password! }),
    });
    assert.equal(login.status, 303);
    assert.equal(login.headers.get('location'), '/admin/integracoes');
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0);
  });

  it(
    'never seeds PostgreSQL by itself and prints no token there',
    { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL' },
    async () => {
      const t = await createTestDatabase();
      try {
        const { child, base, stdout } = await serve({ DATABASE_URL: t.url! });
        assert.equal((await fetch(`${base}/readyz`)).status, 200);
        assert.doesNotMatch(stdout(), /token/i);
        const members = await t.database.db
          .selectFrom('associado')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(Number(members.n), 0);
        child.kill('SIGINT');
        const [code] = (await once(child, 'exit')) as [number | null];
        assert.equal(code, 0);
      } finally {
        await t.dispose();
      }
    },
  );

  it(
    'ends with one line and exit code 1 when its port or its metrics port is taken, with nothing left open to keep it running',
    { timeout: 120_000 },
    async () => {
      const taken = createServer().listen(0, '127.0.0.1');
      await once(taken, 'listening');
      const { port } = taken.address() as AddressInfo;
      const onPostgres = process.env.DATABASE_URL ? await createTestDatabase() : null;
      try {
        // On PostgreSQL with Redis, as production runs: the pool and the Redis client are open when the listen fails.
        const storage = onPostgres ? { DATABASE_URL: onPostgres.url!, REDIS_URL: process.env.REDIS_URL } : { DATA_DIR: tempDir() };
        // The metrics' listener starts after the API's, which is then listening and must be closed too.
        for (const ports of [{ PORT: String(port) }, { PORT: '0', METRICS: String(port) }]) {
          const result = await runCli(['serve'], { ...storage, ...ports, HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
          assert.equal(result.code, 1, result.stderr);
          assert.equal(result.stderr, `associa: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`);
        }
      } finally {
        taken.close();
        await onPostgres?.dispose();
      }
    },
  );

  it('refuses a second process on the same embedded database', embeddedPass, async () => {
    const dataDir = tempDir();
    const first = await serve({ DATA_DIR: dataDir });
    const second = startCli(['migrate'], { DATA_DIR: dataDir });
    let stderr = '';
    second.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = (await once(second, 'exit')) as [number | null];
    assert.equal(code, 1);
    assert.match(stderr, /^associa: The embedded database in .* is in use by process \d+/);
    first.child.kill('SIGTERM');
    await once(first.child, 'exit');
  });
});
