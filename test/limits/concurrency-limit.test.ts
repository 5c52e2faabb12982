import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { ApiClient } from '../helpers/api.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

describe("a token's requests in flight at once", () => {
  let f: ApiFixture;

  before(async () => {
    f = await apiFixture(20);
  });
  after(() => f.close());

  /**
   * Runs `requests` while the database answers nothing for a moment: on PostgreSQL the tokens' table is locked by a
   * session of its own, on the embedded database its one session sleeps. Every request then waits for its token's
   * lookup (one lookup, shared), and all pass authentication in the same turn once it answers, in the order sent.
   */
  const whileHeld = async <T>(requests: () => Promise<T>[]): Promise<T[]> => {
    if (f.t.url) {
      const holder = new pg.Client({ connectionString: f.t.url });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('lock table api_token in access exclusive mode');
        const sent = requests();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await holder.query('commit');
        return await Promise.all(sent);
      } finally {
        await holder.end();
      }
    }
    const sleeping = sql`select pg_sleep(0.3)`.execute(f.t.database.db);
    const sent = requests();
    await sleeping;
    return Promise.all(sent);
  };

  it('refuses a request past the limit at once with 429 concurrency_limited, and admits again once one is answered', async () => {
    const { token, id } = await createToken(f.t.database.db, {
      nome: 'paralelo',
      scopes: ['associados:situacao'],
      criadoPor: 'test',
      limitePorMinuto: 1_000,
      limiteSimultaneas: 2,
    });
    const status = () => f.api.get('/api/v1/associados/1/situacao', token);
    const responses = await whileHeld(() => [status(), status(), status()]);
    assert.deepEqual(
      responses.map((response) => response.statusCode),
      [200, 200, 429],
    );
    const refused = responses[2]!;
    const problem = refused.json<{ code: string; detail: string; type: string; status: number }>();
    assert.equal(problem.code, 'concurrency_limited');
    assert.equal(problem.status, 429);
    assert.match(problem.type, /concurrency-limited$/);
    assert.equal(
      problem.detail,
      'Este token já tem 2 requisições em andamento ao mesmo tempo, o máximo; espere uma terminar e tente de novo em 1 s.',
    );
    assert.equal(refused.headers['retry-after'], '1');
    // Refused before it took a point of the rate limit.
    assert.equal(refused.headers.ratelimit, undefined);
    assert.match(String(responses[1]!.headers.ratelimit), /^"default";r=998;t=\d+$/);

    assert.equal((await status()).statusCode, 200, 'the answered requests left');

    await f.app.audit.flush();
    const { rows } = await sql<{ status: number; quantidade: number }>`
      select status, quantidade from auditoria where token_id = ${id} and status = 429`.execute(f.t.database.db);
    assert.deepEqual(rows, [{ status: 429, quantidade: 1 }]);
  });

  it("never refuses another token's requests, and takes its default from CONCURRENCY_LIMIT_TOKEN", async () => {
    const app = await buildApp({ config: loadConfig({ CONCURRENCY_LIMIT_TOKEN: '1' }), database: f.t.database });
    try {
      const api = new ApiClient(app);
      const busy = await createToken(f.t.database.db, { nome: 'ocupado', scopes: ['associados:situacao'], criadoPor: 'test' });
      const other = await createToken(f.t.database.db, { nome: 'outro', scopes: ['associados:situacao'], criadoPor: 'test' });
      const status = (token: string) => api.get('/api/v1/associados/1/situacao', token);
      const responses = await whileHeld(() => [status(busy.token), status(busy.token), status(other.token)]);
      assert.deepEqual(
        responses.map((response) => response.statusCode),
        [200, 429, 200],
      );
      assert.match(responses[1]!.json<{ detail: string }>().detail, /já tem 1 requisição em andamento/);
    } finally {
      await app.close();
    }
  });

  it('gives back the place of a request whose client left while its token was looked up', async () => {
    const app = await buildApp({ config: loadConfig({}), database: f.t.database });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const { token } = await createToken(f.t.database.db, {
        nome: 'impaciente',
        scopes: ['associados:situacao'],
        criadoPor: 'test',
        limitePorMinuto: 1_000,
        limiteSimultaneas: 2,
      });
      // Sent, then given up before the held lookup answers: each reaches the limits with its connection already closed.
      const leave = () =>
        new Promise<void>((resolve) => {
          const sent = httpRequest({
            port,
            host: '127.0.0.1',
            path: '/api/v1/associados/1/situacao',
            headers: { authorization: `Bearer ${token}` },
          });
          sent.on('error', () => resolve());
          sent.end();
          setTimeout(() => {
            sent.destroy();
            resolve();
          }, 100);
        });
      await whileHeld(() => [leave(), leave(), leave()]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const api = new ApiClient(app);
      const status = () => api.get('/api/v1/associados/1/situacao', token);
      assert.deepEqual(
        (await Promise.all([status(), status()])).map((response) => response.statusCode),
        [200, 200],
      );
    } finally {
      await app.close();
    }
  });
});
