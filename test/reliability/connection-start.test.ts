// Runs once, on PostgreSQL: it needs PostgreSQL's own sessions, plans or server programs.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, connect as connectTcp, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { connect } from '../../src/db/connection.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { eventually, sleep } from '../helpers/load.js';
import { serve } from '../helpers/processes.js';

/** PostgreSQL's ReadyForQuery message when idle: the end of a connection's start-up. */
const READY = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);

/**
 * A TCP proxy in front of the database, for connections that start badly. While `cutting`, it resets each new
 * connection at the first message the client sends after its start-up; with `slowStartMs`, it holds what the
 * server sends a new connection for that long.
 */
async function startProxy(target: URL) {
  const sockets = new Set<Socket>();
  const proxy = { cutting: false, slowStartMs: 0, cut: 0 };
  const server = createServer((client) => {
    const upstream = connectTcp(Number(target.port || 5432), target.hostname);
    const { cutting } = proxy;
    const held: Buffer[] = [];
    let holding = proxy.slowStartMs > 0;
    let started = false;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    if (holding)
      setTimeout(() => {
        holding = false;
        for (const chunk of held.splice(0)) client.write(chunk);
      }, proxy.slowStartMs);
    upstream.on('data', (chunk: Buffer) => {
      if (chunk.includes(READY)) started = true;
      if (holding) held.push(chunk);
      else client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      if (cutting && started) {
        proxy.cut++;
        client.resetAndDestroy();
        upstream.destroy();
      } else upstream.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return Object.assign(proxy, {
    url: url.toString(),
    /** Drops every connection through the proxy, as a server going away does. */
    dropAll() {
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      this.dropAll();
      server.close();
      await once(server, 'close');
    },
  });
}

describe('connections of the pool that start badly', { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)' }, () => {
  let testDatabase: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let service: Awaited<ReturnType<typeof serve>>;
  const ready = async () => (await fetch(`${service.base}/readyz`)).status;

  before(async () => {
    testDatabase = await createTestDatabase();
    proxy = await startProxy(new URL(testDatabase.url!));
    // One connection: a connection lost to the pool leaves it with none.
    service = await serve({ DATABASE_URL: proxy.url, DB_POOL_SIZE: '1' });
  });

  after(async () => {
    if (service?.child.exitCode === null) {
      service.child.kill('SIGTERM');
      await once(service.child, 'exit');
    }
    await proxy?.close();
    await testDatabase?.dispose();
  });

  it('a connection reset as it starts fails what needed it, and the process goes on', async () => {
    assert.equal(await ready(), 200);
    proxy.cutting = true;
    proxy.dropAll();
    const statuses = await Promise.all(Array.from({ length: 10 }, ready));
    assert.ok(proxy.cut > 0, 'new connections were reset as they started');
    assert.ok(
      statuses.every((status) => status === 503),
      statuses.join(),
    );
    await sleep(500);
    assert.equal(service.child.exitCode, null, 'the service kept running');
    assert.doesNotMatch(service.stdout(), /shutting down/);
    proxy.cutting = false;
    await eventually(async () => (await ready()) === 200, 10_000, 'the database reachable again');
  });

  it("a connection reset as it reads the array types leaves no unhandled rejection in the driver's own process", async () => {
    // postgres.js 3.4.9 dropped that read's failure (porsager/postgres#1192): the rejection ended any process
    // without a handler for it, such as the CLI's or a test's (patches/postgres+3.4.9.patch, revision 4).
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    const database = await connect({ databaseUrl: proxy.url, poolSize: 1 });
    try {
      const cutBefore = proxy.cut;
      proxy.cutting = true;
      proxy.dropAll();
      await sleep(100);
      const failure = await sql`select 1`.execute(database.db).then(
        () => undefined,
        (error: unknown) => error,
      );
      assert.ok(failure instanceof Error, 'the statement failed');
      assert.ok(proxy.cut > cutBefore, 'new connections were reset as they read the array types');
      await sleep(200);
      assert.deepEqual(unhandled, []);
      proxy.cutting = false;
      await eventually(
        async () => (await sql<{ n: number }>`select 2 as n`.execute(database.db)).rows[0]!.n === 2,
        10_000,
        'the pool serving again',
      );
    } finally {
      proxy.cutting = false;
      process.off('unhandledRejection', record);
      await database.close();
    }
  });

  it('a connection that starts after its first statement was given up returns to the pool', async () => {
    proxy.slowStartMs = 1800;
    proxy.dropAll();
    await sleep(200);
    // The statement waits for its connection longer than the service waits for it (1.5 s): 503.
    const started = Date.now();
    assert.equal(await ready(), 503);
    assert.ok(Date.now() - started >= 1000, `503 after ${Date.now() - started} ms, not on the dropped connection`);
    proxy.slowStartMs = 0;
    await eventually(async () => (await ready()) === 200, 10_000, 'the pool serving again');
  });
});
