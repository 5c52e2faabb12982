import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { ApiClient } from '../helpers/api.js';
import { inParallel } from '../helpers/concurrency.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

describe('rate limits', () => {
  let f: ApiFixture;

  before(async () => {
    f = await apiFixture(20);
  });
  after(() => f.close());

  const limited = async (limit: number) =>
    (await createToken(f.t.database.db, { nome: 'limitado', scopes: ['associados:situacao'], criadoPor: 'test', limitePorMinuto: limit }))
      .token;

  it('counts per token and announces the policy and what remains', async () => {
    const token = await limited(3);
    for (let remaining = 2; remaining >= 0; remaining--) {
      const response = await f.api.get('/api/v1/associados/1/situacao', token);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['ratelimit-policy'], '"default";q=3;w=60');
      assert.match(String(response.headers.ratelimit), new RegExp(`^"default";r=${remaining};t=\\d+$`));
    }
    const refused = await f.api.get('/api/v1/associados/1/situacao', token);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json<{ code: string }>().code, 'rate_limited');
    assert.match(String(refused.headers['retry-after']), /^\d+$/);
    assert.ok(Number(refused.headers['retry-after']) >= 1 && Number(refused.headers['retry-after']) <= 60);
    assert.match(String(refused.headers.ratelimit), /^"default";r=0;t=\d+$/);
    // Another token is not affected.
    assert.equal((await f.api.get('/api/v1/associados/1/situacao', await limited(3))).statusCode, 200);
  });

  it('gives tokens 600 a minute by default', async () => {
    const { token } = await createToken(f.t.database.db, { nome: 'padrão', scopes: ['cursos:read'], criadoPor: 'test' });
    const response = await f.api.get('/api/v1/cursos?limit=1', token);
    assert.equal(response.headers['ratelimit-policy'], '"default";q=600;w=60');
    assert.match(String(response.headers.ratelimit), /^"default";r=599;t=\d+$/);
  });

  it('takes its defaults from the configuration', async () => {
    const app = await buildApp({ config: loadConfig({ RATE_LIMIT_TOKEN: '2', RATE_LIMIT_PUBLIC: '7' }), database: f.t.database });
    try {
      const api = new ApiClient(app);
      const { token } = await createToken(f.t.database.db, { nome: 'configurado', scopes: ['cursos:read'], criadoPor: 'test' });
      assert.equal((await api.get('/api/v1/cursos?limit=1', token)).headers['ratelimit-policy'], '"default";q=2;w=60');
      assert.equal((await api.get('/api/v1/public/cursos?limit=1')).headers['ratelimit-policy'], '"public";q=7;w=60');
    } finally {
      await app.close();
    }
  });

  it('counts a revalidation answered 304 to a token; on the public list only a 304 from the page cache is free, never one of If-None-Match: *', async () => {
    const app = await buildApp({
      config: loadConfig({ RATE_LIMIT_PUBLIC: '3', REDIS_URL: process.env.REDIS_URL }),
      database: f.t.database,
    });
    try {
      const api = new ApiClient(app);
      const token = await limited(3);
      // An address of its own for each case, which nothing else here counts against.
      const call = (url: string, address: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
        api.request({ method, url, remoteAddress: address, headers });
      const remaining = (response: { headers: Record<string, unknown> }) => /;r=(\d+);/.exec(String(response.headers.ratelimit))?.[1];

      const auth = { authorization: `Bearer ${token}` };
      const first = await call('/api/v1/associados/1/situacao', '10.7.7.1', auth);
      assert.equal(first.statusCode, 200);
      const again = await call('/api/v1/associados/1/situacao', '10.7.7.1', { ...auth, 'if-none-match': String(first.headers.etag) });
      assert.equal(again.statusCode, 304);
      assert.equal(remaining(again), '1', 'a 304 to a token costs its point: the query ran');
      const head = await call(
        '/api/v1/associados/1/situacao',
        '10.7.7.1',
        { ...auth, 'if-none-match': String(first.headers.etag) },
        'HEAD',
      );
      assert.equal(head.statusCode, 304);
      assert.equal(remaining(head), '0');
      assert.equal((await call('/api/v1/associados/1/situacao', '10.7.7.1', { ...auth, 'if-none-match': '*' })).statusCode, 429);

      const page = await call('/api/v1/public/cursos?limit=2', '10.7.7.2');
      assert.equal(remaining(page), '2');
      for (const method of ['GET', 'GET', 'HEAD', 'GET'] as const) {
        // Within the page cache's second: the page comes from it, without a query.
        const cached = await call('/api/v1/public/cursos?limit=2', '10.7.7.2', { 'if-none-match': String(page.headers.etag) }, method);
        assert.equal(cached.statusCode, 304, method);
        assert.equal(cached.body, '');
        assert.equal(remaining(cached), '2', 'a 304 from the page cache gives its point back, and says so');
      }
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await call('/api/v1/public/cursos?limit=2', '10.7.7.3', { 'if-none-match': '*' })).statusCode);
      assert.deepEqual(statuses, [304, 304, 304], 'If-None-Match: * matches any page');
      const starred = await call('/api/v1/public/cursos?limit=2', '10.7.7.3', { 'if-none-match': '*' });
      assert.equal(starred.statusCode, 429, 'If-None-Match: * never makes a request free');
    } finally {
      await app.close();
    }
  });

  it('stops a flood of If-None-Match: * at the limit, 64 at a time: 304s are answered and audited only within it', async () => {
    // Allowed its 64 at once: the rate limit is what this floods (test/limits/concurrency-limit.test.ts refuses past fewer).
    const { id, token } = await createToken(f.t.database.db, {
      nome: 'revalidador',
      scopes: ['faturas:read'],
      criadoPor: 'test',
      limiteSimultaneas: 64,
    });
    const responses = await inParallel(700, 64, async () => {
      const response = await f.api.get('/api/v1/faturas?limit=500', token, { 'if-none-match': '*' });
      return { status: response.statusCode, limited: response.headers['ratelimit-policy'] !== undefined };
    });
    const statuses = responses.map((response) => response.status);
    const counts = Object.fromEntries([304, 429, 503].map((status) => [status, statuses.filter((s) => s === status).length]));
    assert.equal(counts[304]! + counts[429]! + counts[503]!, 700, `only 304, 429 and 503: ${JSON.stringify(counts)}`);
    // A 503 is a query the database did not answer in time (a busy machine): admitted all the same, and counted; unless
    // the token's own lookup went unanswered, before the limit was reached (no RateLimit-Policy then).
    const reached = responses.filter((response) => response.limited);
    const admitted = reached.filter((response) => response.status !== 429).length;
    assert.equal(admitted, 600, `the token's 600 a minute, 304s included: ${JSON.stringify(counts)}`);
    assert.equal(counts[429], reached.length - 600);

    await f.app.audit.flush();
    const rows = await f.t.database.db
      .selectFrom('auditoria')
      .select(['status', (eb) => eb.fn.sum<string>('quantidade').as('vezes'), (eb) => eb.fn.countAll<string>().as('linhas')])
      .where('token_id', '=', id)
      .groupBy('status')
      .execute();
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, { vezes: Number(row.vezes), linhas: Number(row.linhas) }]));
    assert.deepEqual(byStatus[304], { vezes: counts[304], linhas: counts[304] }, 'each 304 is an access, audited like any');
    assert.equal(byStatus[429]?.vezes, counts[429]);
    assert.ok(byStatus[429].linhas <= 2, 'refusals are one row a minute');

    const publicStatuses = await inParallel(300, 64, async () => {
      const response = await f.api.request({ url: '/api/v1/public/cursos', remoteAddress: '10.7.8.1', headers: { 'if-none-match': '*' } });
      return response.statusCode;
    });
    assert.equal(publicStatuses.filter((status) => status === 304).length, 120, "the public list's 120 a minute");
    assert.equal(publicStatuses.filter((status) => status === 429).length, 180);
  });

  it('counts the public list per client address, 120 a minute', async () => {
    const call = (address: string) => f.api.request({ url: '/api/v1/public/cursos?limit=1', remoteAddress: address });
    for (let i = 0; i < 120; i++) assert.equal((await call('10.9.8.7')).statusCode, 200);
    const refused = await call('10.9.8.7');
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers['ratelimit-policy'], '"public";q=120;w=60');
    assert.equal((await call('10.9.8.6')).statusCode, 200);
  });

  it('counts the address a trusted load balancer names, and only a trusted one', async () => {
    const behind = (trustProxy: string | undefined) =>
      buildApp({ config: loadConfig({ RATE_LIMIT_PUBLIC: '1', TRUST_PROXY: trustProxy }), database: f.t.database });
    const trusting = await behind('10.0.0.0/24');
    const distrusting = await behind('192.0.2.1');
    const clients = new Map([trusting, distrusting].map((app) => [app, new ApiClient(app)]));
    const call = (app: typeof trusting, client: string) =>
      clients
        .get(app)!
        .request({ url: '/api/v1/public/cursos?limit=1', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': client } });
    try {
      assert.equal((await call(trusting, '198.51.100.1')).statusCode, 200);
      assert.equal((await call(trusting, '198.51.100.2')).statusCode, 200, 'two clients behind the balancer have a limit each');
      assert.equal((await call(trusting, '198.51.100.1')).statusCode, 429);
      assert.equal((await call(distrusting, '198.51.100.3')).statusCode, 200);
      assert.equal((await call(distrusting, '198.51.100.4')).statusCode, 429, 'an untrusted X-Forwarded-For is ignored');
    } finally {
      await trusting.close();
      await distrusting.close();
    }
  });

  it('shares the counters between instances through Redis', { skip: !process.env.REDIS_URL && 'needs REDIS_URL' }, async () => {
    const second = await buildApp({ config: loadConfig({ REDIS_URL: process.env.REDIS_URL }), database: f.t.database });
    const first = await buildApp({ config: loadConfig({ REDIS_URL: process.env.REDIS_URL }), database: f.t.database });
    try {
      const token = await limited(4);
      const apis = [new ApiClient(first), new ApiClient(second)];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await apis[i % 2]!.get('/api/v1/associados/1/situacao', token)).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
