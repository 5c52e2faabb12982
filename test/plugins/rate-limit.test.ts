import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { ApiClient } from '../helpers/api.js';
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

  it('gives back the point of a revalidation answered 304, on the public list and to a token', async () => {
    const app = await buildApp({
      config: loadConfig({ RATE_LIMIT_PUBLIC: '3', REDIS_URL: process.env.REDIS_URL }),
      database: f.t.database,
    });
    try {
      const api = new ApiClient(app);
      const token = await limited(3);
      for (const [url, auth, policy] of [
        ['/api/v1/public/cursos?limit=2', undefined, 'public'],
        ['/api/v1/associados/1/situacao', token, 'default'],
      ] as const) {
        // An address of its own, which nothing else here counts against.
        const call = (method: 'GET' | 'HEAD', headers: Record<string, string> = {}) =>
          api.request({
            method,
            url,
            remoteAddress: '10.7.7.7',
            headers: { ...(auth ? { authorization: `Bearer ${auth}` } : {}), ...headers },
          });
        const first = await call('GET');
        assert.equal(first.statusCode, 200, url);
        assert.match(String(first.headers.ratelimit), new RegExp(`^"${policy}";r=2;t=\\d+$`));
        for (const method of ['GET', 'GET', 'HEAD', 'GET', 'GET'] as const) {
          const again = await call(method, { 'if-none-match': String(first.headers.etag) });
          assert.equal(again.statusCode, 304, `${method} ${url}`);
          assert.equal(again.body, '');
          assert.match(String(again.headers.ratelimit), new RegExp(`^"${policy}";r=2;t=\\d+$`), 'the 304 announces the point it gave back');
        }
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await call('GET')).statusCode);
        assert.deepEqual(statuses, [200, 200, 429], url);
      }
    } finally {
      await app.close();
    }
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
