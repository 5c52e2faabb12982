import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { cpfCheckDigits } from '../../src/domain/cpf.js';
import { businessDate } from '../../src/domain/dates.js';
import { seed } from '../../src/seed/load.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { ApiClient } from '../helpers/api.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { RedisServer, redisServerUnavailable } from '../helpers/redis-server.js';

/** Valid CPFs that belong to nobody in a small seeded database. */
function unknownCpfs(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const base = String(900_000_000 + i * 7);
    return base + cpfCheckDigits(base);
  });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(
  'lookups by CPF that find nothing, across a Redis outage and a restart that empties it',
  { skip: redisServerUnavailable ?? false },
  () => {
    let t: TestDatabase;
    let redis: RedisServer;
    let app: FastifyInstance;
    let api: ApiClient;
    let known: string;

    before(async () => {
      redis = await RedisServer.create();
      t = await createTestDatabase();
      const now = new Date();
      await seed(t.database, { members: 30, seed: 5, now, today: businessDate(now), reset: false });
      app = await buildApp({ config: loadConfig({ REDIS_URL: redis.url }), database: t.database });
      api = new ApiClient(app);
      ({ cpf: known } = await t.database.db.selectFrom('associado').select('cpf').where('matricula', '=', 3).executeTakeFirstOrThrow());
    });
    after(async () => {
      await app?.close();
      await t?.dispose();
      await redis?.stop();
    });

    it('still lets 20 a minute through in all: 8 before the outage, 8 during it, 4 after an empty Redis came back', async () => {
      const { token } = await createToken(t.database.db, {
        limiteSimultaneas: 1_000,
        nome: 'provas',
        scopes: ['associados:situacao'],
        criadoPor: 'test',
        limitePorMinuto: 100_000,
      });
      const cpfs = unknownCpfs(40);
      let next = 0;
      const misses = async (count: number) => {
        const statuses = [];
        for (let i = 0; i < count; i++) statuses.push((await api.get(`/api/v1/associados/${cpfs[next++]}/situacao`, token)).statusCode);
        return statuses;
      };
      const byCpf = async (cpf: string) => (await api.get(`/api/v1/associados/${cpf}/situacao`, token)).statusCode;
      const shared = () => app.redis?.status === 'ready';

      assert.ok(shared());
      assert.deepEqual(await misses(8), Array(8).fill(404));
      assert.ok((await redis.keys('associa:cpf-misses:*')).length > 0, 'counted in Redis');

      await redis.stop();
      await until(() => !shared(), 'the service to notice Redis is gone');
      assert.deepEqual(await misses(8), Array(8).fill(404), 'during the outage');

      await redis.start();
      await until(shared, 'the service to reconnect to the new, empty Redis');
      assert.deepEqual(await misses(4), Array(4).fill(404), 'after the restart');
      assert.equal(await byCpf(cpfs[next]!), 429, 'the 21st miss of the minute');
      assert.equal(await byCpf(known), 429, 'and a lookup that would find someone');

      await redis.stop();
      await until(() => !shared(), 'the service to notice Redis is gone again');
      assert.equal(await byCpf(cpfs[next]!), 429, 'an outage forgets nothing');
      await redis.start();
      await until(shared, 'the service to reconnect');
      assert.equal(await byCpf(known), 429, 'nor does an empty Redis');

      const other = await createToken(t.database.db, {
        limiteSimultaneas: 1_000,
        nome: 'outro',
        scopes: ['associados:situacao'],
        criadoPor: 'test',
        limitePorMinuto: 100_000,
      });
      assert.equal((await api.get(`/api/v1/associados/${known}/situacao`, other.token)).statusCode, 200, 'another token is not affected');
    });

    it('answers while Redis hangs, counting in the database, and goes on from there once it resumes', async () => {
      const { token } = await createToken(t.database.db, {
        limiteSimultaneas: 1_000,
        nome: 'pendurado',
        scopes: ['associados:situacao'],
        criadoPor: 'test',
        limitePorMinuto: 100_000,
      });
      const cpfs = unknownCpfs(60).slice(40);
      /** The status of a lookup, or 0 when none came within 10 s: a hang. */
      const lookup = async (cpf: string) =>
        Promise.race([
          api.get(`/api/v1/associados/${cpf}/situacao`, token).then((response) => response.statusCode),
          new Promise<number>((resolve) => setTimeout(() => resolve(0), 10_000).unref()),
        ]);
      for (const cpf of cpfs.slice(0, 10)) assert.equal(await lookup(cpf), 404);
      redis.pause();
      try {
        for (const cpf of cpfs.slice(10, 20)) assert.equal(await lookup(cpf), 404, 'a miss answered while Redis hangs');
        assert.equal(await lookup(cpfs[0]!), 429, 'the 21st miss of the minute');
        assert.equal(await lookup(known), 429);
        const answered = (url: string, headers: Record<string, string> = {}) =>
          Promise.race([
            app.inject({ url, headers, remoteAddress: '10.30.0.1' }).then((response) => response.statusCode),
            new Promise<number>((resolve) => setTimeout(() => resolve(0), 10_000).unref()),
          ]);
        assert.equal(
          await answered('/api/v1/associados/000003/situacao', { authorization: `Bearer ${token}` }),
          200,
          'the rate limit counts in the process',
        );
        assert.equal(await answered('/api/v1/public/cursos?limit=1'), 200);
      } finally {
        redis.resume();
      }
      assert.equal(await lookup(known), 429, 'after Redis resumes');
    });
  },
);
