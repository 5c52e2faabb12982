import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import packageJson from '../../package.json' with { type: 'json' };
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/connection.js';
import { cpfCheckDigits } from '../../src/domain/cpf.js';
import { createToken, rotateToken } from '../../src/tokens/tokens.queries.js';
import { AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { RedisServer, redisServerUnavailable } from '../helpers/redis-server.js';

/** The value of one series in Prometheus text: `name` with exactly these labels, in any order; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = (match[2] ?? '').match(/\w+="(?:[^"\\]|\\.)*"/g) ?? [];
    if (found.sort().join(',') === wanted) return Number(match[3]);
  }
  return undefined;
}

const scrape = async (app: FastifyInstance) => (await app.inject('/metrics')).body;

describe('/metrics', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.dispose());

  const token = async (options: { limit?: number; lifetimeSeconds?: number } = {}) =>
    createToken(t.database.db, {
      nome: 'metrics',
      scopes: ['associados:situacao', 'cursos:read'],
      criadoPor: 'test',
      limitePorMinuto: options.limit ?? 100_000,
      ...(options.lifetimeSeconds ? { lifetimeSeconds: options.lifetimeSeconds } : {}),
    });
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

  it("is not served on the API's port unless METRICS says so", async () => {
    const app = await buildApp({ config: loadConfig({}), database: t.database });
    const response = await app.inject('/metrics');
    assert.equal(response.statusCode, 404);
    assert.doesNotMatch(response.body, /process_resident_memory_bytes/);
    await app.close();
  });

  it('serves Prometheus text with request durations by route and status with METRICS=on', async () => {
    const app = await buildApp({ config: loadConfig({ METRICS: 'on' }), database: t.database });
    await app.inject('/api/v1/public/cursos');
    await app.inject('/api/v1/associados');
    const response = await app.inject('/metrics');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain/);
    assert.match(
      response.body,
      /associa_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/public\/cursos",status="200"\} 1/,
    );
    assert.match(response.body, /associa_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/associados",status="401"\} 1/);
    assert.match(response.body, /process_resident_memory_bytes/);
    await app.close();
  });

  it('can be turned off', async () => {
    const app = await buildApp({ config: loadConfig({ METRICS: 'off' }), database: t.database });
    assert.equal((await app.inject('/metrics')).statusCode, 404);
    await app.close();
  });

  it('names the version of the build and of Node.js, with a help text for every metric', async () => {
    const app = await buildApp({ config: loadConfig({ METRICS: 'on' }), database: t.database });
    const text = await scrape(app);
    assert.equal(sample(text, 'associa_build_info', { version: packageJson.version, node: process.version }), 1);
    const families = [...text.matchAll(/^# TYPE (associa_\w+) /gm)].map((match) => match[1]!);
    assert.ok(families.length >= 8, families.join(', '));
    for (const family of families) assert.match(text, new RegExp(`^# HELP ${family} \\S.{20,}$`, 'm'), `${family} has a help text`);
    await app.close();
  });

  it('has every refusal and token warning at 0 before the first, so that a dashboard reads 0 rather than no data', async () => {
    const app = await buildApp({ config: loadConfig({ METRICS: 'on' }), database: t.database });
    try {
      const text = await scrape(app);
      const refusals = (limit: string, code: string) => sample(text, 'associa_refusals_total', { limit, code });
      for (const limit of ['token', 'public', 'docs', 'auth_failures']) assert.equal(refusals(limit, 'rate_limited'), 0, limit);
      assert.equal(refusals('cpf_lookup', 'cpf_lookup_limited'), 0);
      for (const code of ['token_missing', 'token_invalid', 'token_revoked', 'token_expired', 'insufficient_scope'])
        assert.equal(refusals('none', code), 0, code);
      assert.equal(refusals('none', 'admin_unauthorized'), 0);
      assert.equal(refusals('none', 'admin_forbidden'), 0);
      assert.equal(refusals('login', 'login_throttled'), 0);
      assert.equal(refusals('none', 'not_found'), undefined, 'a 404 is no refusal');
      assert.equal(sample(text, 'associa_token_warnings_total', { kind: 'rotated' }), 0);
      assert.equal(sample(text, 'associa_token_warnings_total', { kind: 'expiring' }), 0);
    } finally {
      await app.close();
    }
  });

  it('counts refusals by the limit that refused them and their code', async () => {
    const app = await buildApp({
      config: loadConfig({
        METRICS: 'on',
        RATE_LIMIT_PUBLIC: '1',
        RATE_LIMIT_DOCS: '1',
        RATE_LIMIT_AUTH_FAILURES: '2',
        CPF_LOOKUP_LIMIT_MINUTE: '1',
      }),
      database: t.database,
    });
    try {
      const statuses = async (requests: { url: string; headers?: Record<string, string>; remoteAddress?: string }[]) => {
        const codes: number[] = [];
        for (const request of requests) codes.push((await app.inject(request)).statusCode);
        return codes;
      };
      // Per token: a limit of 1 a minute.
      const limited = bearer((await token({ limit: 1 })).token);
      assert.deepEqual(await statuses([0, 1].map(() => ({ url: '/api/v1/cursos', headers: limited }))), [200, 429]);
      // Per address, on the public list and on the OpenAPI document, apart.
      assert.deepEqual(await statuses([0, 1].map(() => ({ url: '/api/v1/public/cursos', remoteAddress: '10.9.0.1' }))), [200, 429]);
      assert.deepEqual(await statuses([0, 1].map(() => ({ url: '/api/v1/openapi.json', remoteAddress: '10.9.0.1' }))), [200, 429]);
      // Failed authentications of one address: two refused, then throttled.
      const failures = [undefined, 'associa_nonexistent', undefined].map((secret) => ({
        url: '/api/v1/cursos',
        remoteAddress: '10.9.0.2',
        headers: secret ? bearer(secret) : {},
      }));
      assert.deepEqual(await statuses(failures), [401, 401, 429]);
      // Lookups by a CPF nobody has: one a minute.
      const cpf = `123456789${cpfCheckDigits('123456789')}`;
      const lookups = bearer((await token()).token);
      assert.deepEqual(await statuses([0, 1].map(() => ({ url: `/api/v1/associados/${cpf}/situacao`, headers: lookups }))), [404, 429]);
      // A scope the token lacks.
      const narrow = await createToken(t.database.db, { nome: 'narrow', scopes: ['faturas:read'], criadoPor: 'test' });
      assert.deepEqual(await statuses([{ url: '/api/v1/cursos', headers: bearer(narrow.token) }]), [403]);

      const text = await scrape(app);
      const refusals = (limit: string, code: string) => sample(text, 'associa_refusals_total', { limit, code });
      assert.equal(refusals('token', 'rate_limited'), 1);
      assert.equal(refusals('public', 'rate_limited'), 1);
      assert.equal(refusals('docs', 'rate_limited'), 1);
      assert.equal(refusals('auth_failures', 'rate_limited'), 1);
      assert.equal(refusals('cpf_lookup', 'cpf_lookup_limited'), 1);
      assert.equal(refusals('none', 'token_missing'), 1);
      assert.equal(refusals('none', 'token_invalid'), 1);
      assert.equal(refusals('none', 'insufficient_scope'), 1);
      assert.equal(refusals('none', 'not_found'), undefined, 'a 404 is no refusal');
    } finally {
      await app.close();
    }
  });

  it("counts the administration area's refusals: failed logins, then the login throttle", async () => {
    const app = await buildApp({ config: loadConfig({ METRICS: 'on' }), database: t.database });
    try {
      await createTestAdmin(app);
      const agent = new AdminAgent(app, '10.9.0.3');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await agent.login(undefined, 'wrong password')).statusCode);
      assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
      const text = await scrape(app);
      assert.equal(sample(text, 'associa_refusals_total', { limit: 'none', code: 'admin_unauthorized' }), 5);
      assert.equal(sample(text, 'associa_refusals_total', { limit: 'login', code: 'login_throttled' }), 1);
    } finally {
      await app.close();
    }
  });

  it('counts the responses that carried a token warning, by why it was owed', async () => {
    const app = await buildApp({ config: loadConfig({ METRICS: 'on' }), database: t.database });
    try {
      const expiring = await token({ lifetimeSeconds: 3 * 86_400 });
      const lasting = await token();
      const rotated = await token();
      assert.ok(await rotateToken(t.database.db, rotated.id, 3600, 'test'));
      for (const secret of [expiring.token, expiring.token, lasting.token, rotated.token]) {
        const response = await app.inject({ url: '/api/v1/cursos', headers: bearer(secret) });
        assert.equal(response.statusCode, 200);
        assert.equal(Boolean(response.headers.sunset), secret !== lasting.token);
      }
      const text = await scrape(app);
      assert.equal(sample(text, 'associa_token_warnings_total', { kind: 'expiring' }), 2);
      assert.equal(sample(text, 'associa_token_warnings_total', { kind: 'rotated' }), 1);
    } finally {
      await app.close();
    }
  });

  it('shows the audit rows waiting while the database refuses them, the failed writes, then the rows written', async () => {
    let away = true;
    const database: Database = {
      ...t.database,
      append: (...args) => (away ? Promise.reject(new Error('the database is away')) : t.database.append(...args)),
    };
    const app = await buildApp({ config: loadConfig({ METRICS: 'on' }), database });
    try {
      const { token: secret } = await token();
      for (let i = 0; i < 3; i++) assert.equal((await app.inject({ url: '/api/v1/cursos', headers: bearer(secret) })).statusCode, 200);
      await app.audit.flush();
      let text = await scrape(app);
      assert.equal(sample(text, 'associa_audit_rows_waiting'), 3);
      // The writer's own second may have tried too.
      const failures = sample(text, 'associa_audit_write_failures_total')!;
      assert.ok(failures >= 1, String(failures));
      assert.equal(sample(text, 'associa_audit_rows_written_total'), 0);
      assert.equal(sample(text, 'associa_audit_rows_dropped_total'), 0);

      away = false;
      await app.audit.flush();
      text = await scrape(app);
      assert.equal(sample(text, 'associa_audit_rows_waiting'), 0);
      assert.equal(sample(text, 'associa_audit_rows_written_total'), 3);
      assert.equal(sample(text, 'associa_audit_write_failures_total'), failures);
    } finally {
      away = false;
      await app.close();
    }
  });

  it('shows the database pools by connection state and their waiting statements', async () => {
    const app = await buildApp({ config: loadConfig({ METRICS: 'on' }), database: t.database });
    try {
      const text = await scrape(app);
      assert.ok((sample(text, 'associa_db_pool_connections', { pool: 'primary', state: 'idle' }) ?? -1) >= 0);
      assert.equal(sample(text, 'associa_db_pool_waiting_statements', { pool: 'primary' }), 0);
    } finally {
      await app.close();
    }
  });

  it('has no Redis metrics without REDIS_URL: nothing is shared, and nothing falls back', async () => {
    const app = await buildApp({ config: loadConfig({ METRICS: 'on' }), database: t.database });
    const text = await scrape(app);
    assert.doesNotMatch(text, /associa_redis_/);
    await app.close();
  });

  it(
    'shows whether the counters are shared through Redis, and counts the fallbacks to the process',
    { skip: redisServerUnavailable },
    async () => {
      const redis = await RedisServer.create();
      const app = await buildApp({ config: loadConfig({ METRICS: 'on', REDIS_URL: redis.url }), database: t.database });
      try {
        let text = await scrape(app);
        assert.equal(sample(text, 'associa_redis_shared'), 1);
        assert.equal(sample(text, 'associa_redis_fallbacks_total'), 0);

        await redis.stop();
        for (let waited = 0; app.redis!.status === 'ready' && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
        text = await scrape(app);
        assert.equal(sample(text, 'associa_redis_shared'), 0);
        assert.equal(sample(text, 'associa_redis_fallbacks_total'), 1);
        // The limits go on, counted in the process.
        assert.equal((await app.inject('/api/v1/public/cursos')).statusCode, 200);

        await redis.start();
        for (let waited = 0; app.redis!.status !== 'ready' && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
        text = await scrape(app);
        assert.equal(sample(text, 'associa_redis_shared'), 1);
        assert.equal(sample(text, 'associa_redis_fallbacks_total'), 1);
      } finally {
        await app.close();
        await redis.stop();
      }
    },
  );

  it('reads 0 and counts one fallback when Redis cannot be reached at start', async () => {
    // A port nothing listens on: the connection is refused at once.
    const app = await buildApp({ config: loadConfig({ METRICS: 'on', REDIS_URL: 'redis://127.0.0.1:1' }), database: t.database });
    const text = await scrape(app);
    assert.equal(sample(text, 'associa_redis_shared'), 0);
    assert.equal(sample(text, 'associa_redis_fallbacks_total'), 1);
    await app.close();
  });
});
