import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { Problem } from '../../src/errors/problems.js';
import { CpfLookupLimit } from '../../src/limits/cpf-lookup-limit.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const redisUrl = process.env.REDIS_URL;

/** What the limit reads of a request: its token, the misses counted for its use, and what an alert records. */
const requestOf = (tokenId: number) =>
  ({
    token: { id: tokenId, cpfMissesPerMinute: null, cpfMissesPerDay: null },
    cpfMisses: 0,
    method: 'GET',
    routeOptions: { url: '/api/v1/associados/:id/situacao' },
    id: 'test',
    ip: '127.0.0.1',
  }) as unknown as FastifyRequest;

const miss = () => Promise.resolve(null);

describe('the CPF-miss limit of a day', () => {
  let t: TestDatabase;
  let redis: Redis | undefined;

  before(async () => {
    t = await createTestDatabase();
    if (redisUrl) {
      redis = new Redis(redisUrl);
      await once(redis, 'ready');
    }
  });
  after(async () => {
    redis?.disconnect();
    await t.dispose();
  });

  for (const store of ['database', 'Redis'] as const) {
    it(
      `is the calendar day in São Paulo, counted in the ${store}: reached at 09:10, whole again for the next morning's 08:00 exam`,
      {
        skip: store === 'Redis' && !redisUrl && 'without REDIS_URL',
      },
      async () => {
        let now = Date.parse('2026-03-10T09:10:00-03:00');
        const limit = new CpfLookupLimit(
          t.database.db,
          store === 'Redis' ? redis! : null,
          `test:cpf-misses:${randomUUID()}`,
          { perMinute: 1000, perDay: 3 },
          pino({ level: 'silent' }),
          { record: () => {} },
          () => now,
        );
        const { id } = await createToken(t.database.db, { nome: 'provas', scopes: ['associados:situacao'], criadoPor: 'test' });
        const request = requestOf(id);
        const lookUp = () => limit.guard(request, miss, () => 1);

        for (let i = 0; i < 3; i++) await lookUp();
        now = Date.parse('2026-03-10T23:59:00-03:00');
        const refused = await lookUp().then(
          () => assert.fail('a fourth miss on the same day'),
          (error: unknown) => error,
        );
        assert.ok(refused instanceof Problem);
        assert.equal(refused.code, 'cpf_lookup_limited');
        assert.match(refused.detail, /\(3 por dia\); as consultas por CPF deste token voltam às 00:00 \(horário de Brasília\)\.$/);
        assert.ok(Number(refused.options.headers?.['retry-after']) > 0 && Number(refused.options.headers?.['retry-after']) <= 24 * 3600);

        // 22 h 50 min after the first miss, within 24 h of it, but another day in São Paulo.
        now = Date.parse('2026-03-11T08:00:00-03:00');
        for (let i = 0; i < 3; i++) await lookUp();
        await assert.rejects(lookUp(), (error: unknown) => error instanceof Problem && /3 por dia/.test(error.detail));
      },
    );
  }
});
