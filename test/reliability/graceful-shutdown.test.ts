import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Agent } from 'node:http';
import { connect as connectTcp } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createAssociaClient } from '../../clients/typescript/src/index.js';
import { connect, type Database } from '../../src/db/connection.js';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { anyRoute, keepAliveLoad, send, type Answer } from '../helpers/keep-alive-load.js';
import { eventually, sleep, underLoad } from '../helpers/load.js';
import { runCli, serve, tempDir } from '../helpers/processes.js';

const MEMBERS = 100;
const CLIENTS = 64;
const DRAIN_MS = 3000;

/** Resolves when the service has written `text` to its standard output. */
function printed(service: Awaited<ReturnType<typeof serve>>, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!service.stdout().includes(text)) return;
      service.child.stdout.off('data', check);
      resolve();
    };
    service.child.stdout.on('data', check);
    check();
  });
}

/**
 * On PostgreSQL the service uses a fresh database on the machine's server; on the embedded database a
 * folder of its own, read after the service has exited (one process at a time may open it).
 */
describe('SIGTERM: a drain, then the listener closes', () => {
  let testDatabase: TestDatabase | undefined;
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let tokenId: number;
  let token: string;
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
    const created = await createToken(database.db, {
      limiteSimultaneas: 1_000,
      nome: 'shutdown',
      scopes: SCOPE_NAMES,
      criadoPor: 'test',
      lifetimeSeconds: 3600,
    });
    if (!testDatabase) await database.close();
    tokenId = created.id;
    token = created.token;
    headers = { authorization: `Bearer ${token}` };
  });

  after(async () => {
    await testDatabase?.dispose();
  });

  it('reports not ready, answers requests on open connections with Connection: close, then refuses new ones; logs each step', async () => {
    const service = await serve({ ...env, SHUTDOWN_DRAIN_MS: String(DRAIN_MS), LOG_LEVEL: 'info' });
    const kept = new Agent({ keepAlive: true, maxSockets: 1 });
    const fresh = new Agent({ keepAlive: false });
    try {
      const first = await send(kept, `${service.base}/api/v1/public/cursos`);
      assert.equal(first.status, 200);
      assert.equal(first.headers.connection, 'keep-alive');
      assert.equal((await send(fresh, `${service.base}/readyz`)).status, 200);

      service.child.kill('SIGTERM');
      const exited = once(service.child, 'exit') as Promise<[number | null]>;
      let ready: Answer | undefined;
      await eventually(async () => (ready = await send(fresh, `${service.base}/readyz`)).status === 503, DRAIN_MS, '/readyz 503');
      assert.deepEqual(JSON.parse(ready!.body), { status: 'draining' });
      assert.equal(ready!.headers.connection, 'close');

      // A request on a connection kept open: answered, and told to connect again.
      const onOpenConnection = await send(kept, `${service.base}/api/v1/public/cursos`);
      assert.equal(onOpenConnection.reused, true, 'sent on the connection of the first request');
      assert.equal(onOpenConnection.status, 200);
      assert.equal(onOpenConnection.headers.connection, 'close');
      assert.ok(Array.isArray(JSON.parse(onOpenConnection.body)));

      // A connection accepted during the drain whose request comes only after the listener has closed is answered too:
      // closing the idle connections must not close one before its first request.
      const late = connectTcp(Number(new URL(service.base).port), '127.0.0.1');
      await once(late, 'connect');
      let received = '';
      late.on('data', (chunk: Buffer) => (received += chunk.toString()));
      await printed(service, 'listener closed');
      await assert.rejects(send(fresh, `${service.base}/readyz`), { code: 'ECONNREFUSED' });
      late.write('GET /api/v1/public/cursos HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await once(late, 'close');
      assert.match(received, /^HTTP\/1\.1 200 OK\r\n/);
      assert.match(received, /\r\nconnection: close\r\n/i);

      const [code] = await exited;
      assert.equal(code, 0);
    } finally {
      kept.destroy();
      fresh.destroy();
      if (service.child.exitCode === null) service.child.kill('SIGKILL');
    }
    const steps = service
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; signal?: string; drainMs?: number })
      .filter(({ msg }) => /^(shutting down|draining|listener closed|closed)/.test(msg));
    assert.deepEqual(
      steps.map(({ msg }) => msg.split(':')[0]),
      ['shutting down', 'draining', 'listener closed', 'closed'],
    );
    assert.equal(steps[0]!.signal, 'SIGTERM');
    assert.equal(steps[1]!.drainMs, DRAIN_MS);
  });

  it(`under ${CLIENTS} keep-alive clients: no reset, no failure, only new connections refused once it stops listening; every audit row`, async (t) => {
    const service = await serve({
      ...env,
      RATE_LIMIT_TOKEN: '1000000',
      RATE_LIMIT_PUBLIC: '1000000',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    const load = keepAliveLoad(() => `${service.base}${anyRoute(MEMBERS)}`, headers, CLIENTS);
    // Beside the load, a client that asks /readyz and an API route in turn and keeps what they answered.
    const probes: { path: string; startedAt: number; endedAt: number; answer: Answer }[] = [];
    let probing = true;
    const probeLoop = (async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; probing; i++) {
        const path = i % 2 ? '/readyz' : '/api/v1/public/cursos';
        const startedAt = Date.now();
        // Refused once the listener has closed: the load's outcomes count those.
        const answer = await send(agent, `${service.base}${path}`).catch(() => undefined);
        if (answer) probes.push({ path, startedAt, endedAt: Date.now(), answer });
        await sleep(50);
      }
      agent.destroy();
    })();
    let code: number | null = null;
    let signalledAt = 0;
    let exitedIn = 0;
    await underLoad(load, async () => {
      try {
        await sleep(1500);
        await eventually(() => Promise.resolve(probes.some((p) => p.path === '/readyz')), 20_000, 'a /readyz answered under load');
        signalledAt = Date.now();
        service.child.kill('SIGTERM');
        [code] = (await once(service.child, 'exit')) as [number | null];
        exitedIn = Date.now() - signalledAt;
      } finally {
        probing = false;
        await probeLoop;
      }
    });

    const outcomes = load.outcomes;
    const answered = outcomes.filter((o) => o.status !== 0);
    const refused = outcomes.filter((o) => o.status === 0 && !o.reused);
    const resets = outcomes.filter((o) => o.status === 0 && o.reused);
    const drained = answered.filter((o) => o.startedAt > signalledAt);
    t.diagnostic(
      `SIGTERM under ${CLIENTS} keep-alive clients: ${outcomes.length} requests, ${answered.length} answered ` +
        `(${answered.filter((o) => o.status !== 200).length} not 200; ${drained.length} sent during the drain), ` +
        `${resets.length} reset on a connection kept open, ${refused.length} new connections refused ` +
        `(${refused.filter((o) => !/ECONNREFUSED/.test(o.error!)).length} of them reset in the closing listener's queue); ` +
        `exited ${exitedIn} ms after the signal`,
    );
    assert.equal(code, 0);
    assert.ok(exitedIn < DRAIN_MS + 10_000, `exited ${exitedIn} ms after SIGTERM`);
    assert.deepEqual(
      answered.filter((o) => o.status !== 200).map((o) => `${o.request.url}: ${o.status} ${o.code}`),
      [],
      'every request answered succeeded',
    );
    assert.deepEqual(
      resets.map((o) => `${o.request.url}: ${o.error}`),
      [],
      'no request failed on a connection kept open',
    );
    // Refused: by the closed listener, or, for the connections still waiting in its queue as it closed (clients
    // connecting again after a Connection: close), reset by Linux before the service could read their request.
    for (const o of refused) assert.match(o.error!, /ECONNREFUSED|ECONNRESET|socket hang up/, o.request.url);
    assert.ok(refused.length > 0 && refused.every((o) => o.startedAt + o.ms >= signalledAt + DRAIN_MS), 'refused only after the drain');
    assert.ok(drained.length > CLIENTS, `only ${drained.length} requests were answered during the drain`);

    // Before the signal connections stay open, and /readyz says nothing of a drain (on the embedded database under
    // this load it may take longer than its limit to reach the database, and answer 503 for that).
    const before = probes.filter((p) => p.endedAt < signalledAt);
    for (const p of before) {
      assert.equal(p.answer.headers.connection, 'keep-alive', p.path);
      assert.notEqual(p.answer.body, JSON.stringify({ status: 'draining' }));
    }
    const firstDraining = probes.find((p) => p.path === '/readyz' && p.answer.status === 503);
    assert.ok(firstDraining, 'a /readyz during the drain');
    assert.deepEqual(JSON.parse(firstDraining.answer.body), { status: 'draining' });
    const duringDrain = probes.filter((p) => p.startedAt > firstDraining.endedAt);
    assert.ok(
      duringDrain.some((p) => p.path !== '/readyz'),
      'an API request during the drain',
    );
    for (const p of duringDrain) {
      assert.equal(p.answer.headers.connection, 'close', `${p.path} during the drain`);
      assert.equal(p.answer.status, p.path === '/readyz' ? 503 : 200, p.path);
    }

    const authenticated = answered.filter((o) => !o.request.url.includes('/public/'));
    const database = await open();
    try {
      const { rows } = await sql<{ n: string }>`select count(*) as n from auditoria where token_id = ${tokenId}`.execute(database.db);
      assert.equal(Number(rows[0]!.n), authenticated.length, 'one audit row per answered request');
    } finally {
      if (!testDatabase) await database.close();
    }
  });

  it(`under ${CLIENTS} keep-alive clients of the client package: every GET answered 200, or refused once nothing listens; a reset is retried`, async (t) => {
    const service = await serve({
      ...env,
      RATE_LIMIT_TOKEN: '1000000',
      RATE_LIMIT_PUBLIC: '1000000',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    // What went wrong on the network under the client's retries: a reset or a refusal, each retried or given up.
    const failed: string[] = [];
    const client = createAssociaClient({
      baseUrl: service.base,
      token,
      fetch: (request) =>
        fetch(request).catch((error: unknown) => {
          failed.push(codeOf(error));
          throw error;
        }),
    });
    // As the exam system and the ERP ask: a member's status and record, and the lists.
    const member = () => String(1 + Math.floor(Math.random() * MEMBERS));
    const calls = [
      () => client.GET('/api/v1/associados/{id}/situacao', { params: { path: { id: member() } } }),
      () => client.GET('/api/v1/associados/{id}', { params: { path: { id: member() } } }),
      () => client.GET('/api/v1/associados', { params: { query: { limit: 10 } } }),
      () => client.GET('/api/v1/faturas', { params: { query: { limit: 10 } } }),
      () => client.GET('/api/v1/cursos', { params: { query: { limit: 10 } } }),
      () => client.GET('/api/v1/public/cursos'),
    ];
    const outcomes: { status?: number; error?: string; startedAt: number }[] = [];
    let running = true;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (running) {
        const startedAt = Date.now();
        try {
          const { response } = await calls[Math.floor(Math.random() * calls.length)]!();
          outcomes.push({ status: response.status, startedAt });
        } catch (error) {
          outcomes.push({ error: codeOf(error), startedAt });
        }
      }
    });
    let code: number | null | undefined;
    let signalledAt = 0;
    try {
      await eventually(() => Promise.resolve(outcomes.length > CLIENTS * 4), 30_000, 'the clients under way');
      signalledAt = Date.now();
      service.child.kill('SIGTERM');
      [code] = (await once(service.child, 'exit')) as [number | null];
    } finally {
      running = false;
      await Promise.all(clients);
      if (service.child.exitCode === null) service.child.kill('SIGKILL');
    }

    const answered = outcomes.filter((o) => o.status !== undefined);
    const refused = outcomes.filter((o) => o.error === 'ECONNREFUSED');
    const resets = failed.filter((failure) => failure !== 'ECONNREFUSED');
    t.diagnostic(
      `SIGTERM under ${CLIENTS} keep-alive clients of the client package: ${outcomes.length} GETs, ${answered.length} answered ` +
        `(${answered.filter((o) => o.startedAt > signalledAt).length} sent after the signal), ${refused.length} refused once ` +
        `the listener had closed; under them ${resets.length} connections reset and sent again (${resets.join(', ')}), ` +
        `${failed.length - resets.length} refused`,
    );
    assert.equal(code, 0);
    assert.deepEqual(
      outcomes.filter((o) => o.status !== 200 && o.error !== 'ECONNREFUSED'),
      [],
      'every GET answered 200, or refused',
    );
    assert.ok(answered.length > CLIENTS * 4);
  });
});

/** The code of a failed fetch: undici's own, or the system's on its cause. */
function codeOf(error: unknown): string {
  const { cause } = error as { cause?: { code?: string } };
  return cause?.code ?? String(error);
}
