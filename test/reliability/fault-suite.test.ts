// Runs once, on PostgreSQL: it needs PostgreSQL's own sessions, plans or server programs.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { connect } from '../../src/db/connection.js';
import { formatMatricula } from '../../src/domain/matricula.js';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { constantLoad, eventually, sleep, underLoad, type LoadRequest, type Outcome } from '../helpers/load.js';
import { PostgresServer, postgresServerUnavailable } from '../helpers/postgres-server.js';
import { runCli, serve } from '../helpers/processes.js';
import { RedisServer, redisServerUnavailable } from '../helpers/redis-server.js';

const CLIENTS = 64;
const ROUNDS = 2;
const MEMBERS = 300;
/** The longest any request may wait for its answer, whatever the fault. */
const ANSWER_MS = 3000;
/** How soon after the database or Redis returns requests succeed again. */
const RECOVERY_MS = 5000;

// The service runs against a PostgreSQL server and a Redis of the test's own, which the test stops,
// kills, terminates and freezes. It runs once, with the PostgreSQL suite.
const skip =
  postgresServerUnavailable ??
  redisServerUnavailable ??
  (process.env.DATABASE_URL ? false : 'runs with the PostgreSQL suite (DATABASE_URL)');

describe('faults of the database and Redis under 64 keep-alive clients', { skip }, () => {
  let postgres: PostgresServer;
  let redis: RedisServer;
  let service: Awaited<ReturnType<typeof serve>>;
  let token: string;
  const answered: Outcome[] = [];
  let sequence = 0;

  before(async () => {
    postgres = await PostgresServer.create();
    redis = await RedisServer.create();
    const seeded = await runCli(['seed', '--members', String(MEMBERS)], { DATABASE_URL: postgres.url() });
    assert.equal(seeded.code, 0, seeded.stderr);
    const database = await connect({ databaseUrl: postgres.url() });
    ({ token } = await createToken(database.db, {
      limiteSimultaneas: 1_000,
      nome: 'faults',
      scopes: SCOPE_NAMES,
      criadoPor: 'test',
      lifetimeSeconds: 3600,
      limitePorMinuto: 100_000_000,
    }));
    await database.close();
    service = await serve({ DATABASE_URL: postgres.url(), REDIS_URL: redis.url, RATE_LIMIT_PUBLIC: '100000000' });
  });

  after(async () => {
    if (service?.child.exitCode === null) {
      service.child.kill('SIGTERM');
      await once(service.child, 'exit');
    }
    await redis?.stop();
    postgres?.destroy();
  });

  /** The next request of the load: any authenticated endpoint or the public list, each with an id of its own. */
  function draw(): LoadRequest {
    const member = 1 + Math.floor(Math.random() * MEMBERS);
    const paths = [
      [`/api/v1/associados/${member}/situacao`, true],
      [`/api/v1/associados/${member}`, true],
      ['/api/v1/associados?limit=5', true],
      ['/api/v1/faturas?limit=5', true],
      ['/api/v1/cursos?limit=5', true],
      ['/api/v1/cursos/1', true],
      ['/api/v1/public/cursos?limit=5', false],
    ] as const;
    const [path, authenticated] = paths[Math.floor(Math.random() * paths.length)]!;
    return {
      url: `${service.base}${path}`,
      headers: { 'x-request-id': `falha-${++sequence}`, ...(authenticated ? { authorization: `Bearer ${token}` } : {}) },
      // A member's record and status are that member's, not another's answer delivered on the same connection.
      ...(path.includes(`/associados/${member}`)
        ? { expect: (body: string) => (JSON.parse(body) as { matricula: string }).matricula === formatMatricula(member) }
        : {}),
    };
  }

  /** 64 clients, each sending its next request when the last is answered (Node's fetch keeps their connections alive). */
  const load = () => constantLoad(draw, {}, CLIENTS, ANSWER_MS + 2000);
  const requestId = (o: Outcome) => o.request.headers['x-request-id']!;
  const authenticated = (o: Outcome) => 'authorization' in o.request.headers;
  const path = (o: Outcome) => o.request.url.slice(service.base.length);
  const endedAt = (o: Outcome) => o.startedAt + o.ms;

  /** What the clients got since `at`, counted by answer, and what the service logged at warn or above. */
  function since(outcomes: readonly Outcome[], at: number): string {
    const counts = new Map<string, number>();
    for (const o of outcomes.filter((o) => o.startedAt >= at)) {
      const key = o.status ? `${o.status} ${o.code ?? ''}`.trim() : `no answer (${o.error})`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const entries = service
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{"level":'))
      .map((line) => ({ line: line.slice(0, 1000), ...(JSON.parse(line) as { level: number; time: number }) }))
      .filter((entry) => entry.time >= at);
    const errors = entries.filter((entry) => entry.level >= 50).slice(-3);
    const warnings = entries.filter((entry) => entry.level === 40).slice(-2);
    return JSON.stringify({ answers: Object.fromEntries(counts), logged: [...errors, ...warnings].map((entry) => entry.line) }, null, 1);
  }

  /** The postmaster and every backend of the test's PostgreSQL. */
  function postgresProcesses(): number[] {
    const postmaster = Number(readFileSync(join(postgres.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  }

  async function terminateServiceConnections(): Promise<number> {
    const client = new pg.Client({ connectionString: postgres.url() });
    await client.connect();
    try {
      const { rows } = await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name like 'associa%'`);
      return rows.length;
    } finally {
      await client.end();
    }
  }

  /**
   * Runs the load, injects a fault, keeps it for `awayMs`, ends it, and checks what the clients got:
   * an answer within 3 s for every request, 200 or 503 `service_unavailable` with Retry-After only,
   * 200s again within 5 s of the end of the fault, and a process still running.
   */
  async function underFault(
    name: string,
    fault: {
      begin: () => Promise<void> | void;
      awayMs: number;
      end: () => Promise<void> | void;
      only200?: boolean;
      /** A fault whose injection \`begin\` proves by itself, and that the clients may not notice at all. */
      mayPassUnnoticed?: boolean;
    },
  ) {
    const running = load();
    let began = 0;
    let ended = 0;
    try {
      const outcomes = await underLoad(running, async () => {
        // Every client's connection open and answered once, then a second of steady load: the first requests of 64
        // connections opened at once wait for the busiest moment of a busy machine, and a fault begun while they do
        // would be measured by that, not by what the service does about it.
        await eventually(() => Promise.resolve(running.outcomes.length >= CLIENTS), 10_000, `${name}: a first answer for each client`);
        await sleep(1000);
        began = Date.now();
        await fault.begin();
        await sleep(fault.awayMs);
        await fault.end();
        ended = Date.now();
        await eventually(
          () => Promise.resolve(running.outcomes.some((o) => o.startedAt >= ended && o.status === 200 && authenticated(o))),
          RECOVERY_MS + 5000,
          `${name}: a 200 after the fault`,
        );
        // Long enough after the recovery for the check below to see a pool the fault left broken.
        await sleep(2500);
      });
      answered.push(...outcomes.filter((o) => o.status !== 0));

      assert.equal(service.child.exitCode, null, `${name}: the service kept running`);
      const unanswered = outcomes.filter((o) => o.status === 0);
      assert.deepEqual(
        unanswered.slice(0, 5).map((o) => `${path(o)}: ${o.error}`),
        [],
        `${name}: ${unanswered.length} requests got no answer (reset or timeout)`,
      );
      const slow = outcomes.filter((o) => o.ms > ANSWER_MS);
      assert.deepEqual(
        slow.slice(0, 5).map((o) => `${path(o)} ${o.status} in ${o.ms} ms, sent ${o.startedAt - began} ms after the fault began`),
        [],
        `${name}: ${slow.length} answers took over ${ANSWER_MS} ms`,
      );
      const wrong = outcomes.filter(
        (o) => o.status !== 200 && !(o.status === 503 && o.code === 'service_unavailable' && /^\d+$/.test(o.retryAfter ?? '')),
      );
      assert.deepEqual(
        wrong.slice(0, 5).map((o) => `${path(o)} ${o.status} ${o.code ?? ''}`),
        [],
        `${name}: answers other than 200 and 503 with Retry-After`,
      );
      const misanswered = outcomes.filter((o) => o.wrongBody);
      assert.deepEqual(
        misanswered.slice(0, 5).map((o) => path(o)),
        [],
        `${name}: ${misanswered.length} answers with another member's data`,
      );
      if (fault.only200) assert.equal(outcomes.filter((o) => o.status !== 200).length, 0, `${name}: every request served`);
      else if (!fault.mayPassUnnoticed)
        assert.ok(
          outcomes.some((o) => o.status === 503 && o.startedAt >= began),
          `${name}: the fault was felt (some 503)`,
        );
      const firstBack = outcomes.filter((o) => o.startedAt >= ended && o.status === 200).sort((a, b) => endedAt(a) - endedAt(b))[0]!;
      assert.ok(endedAt(firstBack) - ended <= RECOVERY_MS, `${name}: first 200 ${endedAt(firstBack) - ended} ms after the fault ended`);
      // Nothing starts failing again once recovered.
      const late = outcomes.filter((o) => o.startedAt >= endedAt(firstBack) + 1000 && o.status !== 200);
      assert.deepEqual(
        late.slice(0, 5).map((o) => `${path(o)} ${o.status} sent ${o.startedAt - ended} ms after the fault ended, answered in ${o.ms} ms`),
        [],
        `${name}: ${late.length} failures after recovery (the first 200 came ${endedAt(firstBack) - ended} ms after the fault ended)`,
      );
    } catch (error) {
      // What the clients got and what the service logged make a failure here diagnosable from the output alone.
      (error as Error).message += `\nsince the fault began: ${since(running.outcomes, began)}`;
      throw error;
    }
  }

  for (let round = 1; round <= ROUNDS; round++) {
    it(`round ${round}: PostgreSQL stopped (fast), then started`, () =>
      underFault('stop -m fast', { begin: () => postgres.stop('fast'), awayMs: 2000, end: () => postgres.start() }));

    it(`round ${round}: PostgreSQL crashed (immediate), then started`, () =>
      underFault('stop -m immediate', { begin: () => postgres.stop('immediate'), awayMs: 2000, end: () => postgres.start() }));

    it(`round ${round}: every connection of the service terminated`, () =>
      underFault('pg_terminate_backend', {
        begin: async () => {
          assert.ok((await terminateServiceConnections()) > 0);
        },
        awayMs: 0,
        end: () => {},
        // Connections terminated between statements are replaced before a request needs them: whether any
        // request sees a 503 depends on timing, and the count of terminated backends proves the fault.
        mayPassUnnoticed: true,
      }));

    it(`round ${round}: PostgreSQL frozen (SIGSTOP) for 6 s, then resumed`, () => {
      let frozen: number[] = [];
      return underFault('SIGSTOP', {
        begin: () => {
          frozen = postgresProcesses();
          for (const pid of frozen) process.kill(pid, 'SIGSTOP');
        },
        awayMs: 6000,
        end: () => {
          for (const pid of frozen) process.kill(pid, 'SIGCONT');
        },
      });
    });

    it(`round ${round}: Redis stopped for 6 s, then started: every request is still served, on the process's own counters`, async () => {
      await underFault('Redis stopped', { begin: () => redis.stop(), awayMs: 6000, end: () => redis.start(), only200: true });
      // The restarted Redis keeps nothing: counters appear in it again once the service shares them again.
      await eventually(
        async () => {
          await fetch(`${service.base}/api/v1/associados/1/situacao`, { headers: { authorization: `Bearer ${token}` } });
          return (await redis.keys('associa:rl:*')).length > 0;
        },
        RECOVERY_MS,
        'rate limits shared through Redis again',
      );
    });
  }

  it('has exactly one audit row for every authenticated request answered, once the database is back', async () => {
    const expected = answered.filter(authenticated).map(requestId);
    assert.ok(expected.length > 1000, `${expected.length} authenticated answers`);
    const client = new pg.Client({ connectionString: postgres.url() });
    await client.connect();
    try {
      const count = async () =>
        (
          await client.query<{ request_id_cliente: string; n: string }>(
            'select request_id_cliente, sum(quantidade) as n from auditoria where request_id_cliente = any($1::text[]) group by request_id_cliente',
            [expected],
          )
        ).rows;
      // The trail is written within a second or two of the database's return.
      await eventually(async () => (await count()).length === expected.length, 10_000, 'every answer audited').catch(() => {});
      const rows = await count();
      const audited = new Set(rows.map((row) => row.request_id_cliente));
      const missing = answered.filter((o) => authenticated(o) && !audited.has(requestId(o)));
      assert.deepEqual(
        missing.slice(0, 5).map((o) => `${requestId(o)} ${path(o)} ${o.status} ${o.code ?? ''}`),
        [],
        `${missing.length} of ${expected.length} answers not audited`,
      );
      assert.deepEqual(rows.filter((row) => Number(row.n) !== 1).slice(0, 5), [], 'no request audited twice');
    } finally {
      await client.end();
    }
  });

  it('stops within its grace period on SIGTERM while the database is away, counting in the log the audit rows it could not write', async () => {
    await postgres.stop('fast');
    const refused = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${service.base}/api/v1/associados/${i + 1}/situacao`, { headers: { authorization: `Bearer ${token}` } }),
      ),
    );
    assert.ok(refused.every((response) => response.status === 503));
    const stopping = Date.now();
    service.child.kill('SIGTERM');
    const [code] = (await once(service.child, 'exit')) as [number | null];
    await postgres.start();
    assert.ok(Date.now() - stopping < 10_000, `stopped in ${Date.now() - stopping} ms`);
    assert.equal(
      code,
      0,
      service
        .stdout()
        .split('\n')
        .filter((text) => /"level":(40|50|60)/.test(text))
        .slice(-3)
        .join('\n'),
    );
    const line = service
      .stdout()
      .split('\n')
      .find((text) => text.includes('rows could not be written before shutdown'));
    assert.ok(line, 'the log counts the unwritten audit rows');
    assert.ok((JSON.parse(line) as { unwritten: number }).unwritten >= 20, line);
  });
});
