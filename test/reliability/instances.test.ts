// Runs once, on PostgreSQL: several instances share one PostgreSQL (and one Redis) behind nginx.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import { createToken, revokeToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { sleep } from '../helpers/load.js';
import { nginxUnavailable, startNginx, type Nginx } from '../helpers/nginx.js';
import { runCli, serve, stopChildren } from '../helpers/processes.js';

const INSTANCES = 2;
const LIMIT_PER_MINUTE = 30;

const skip = !process.env.DATABASE_URL || !process.env.REDIS_URL ? 'needs DATABASE_URL and REDIS_URL' : (nginxUnavailable() ?? false);

describe('several instances behind nginx, on one PostgreSQL and one Redis', { skip }, () => {
  let t: TestDatabase;
  let instances: Awaited<ReturnType<typeof serve>>[] = [];
  let nginx: Nginx;
  /** The token of the shared-limit test and how many requests it sent, counted again once the instances stop. */
  let sharedLimit: { id: number; requests: number } | undefined;

  before(async () => {
    t = await createTestDatabase();
    const seeded = await runCli(['seed', '--members', '50'], { DATABASE_URL: t.url });
    assert.equal(seeded.code, 0, seeded.stderr);
    instances = await Promise.all(
      Array.from({ length: INSTANCES }, () => serve({ DATABASE_URL: t.url, REDIS_URL: process.env.REDIS_URL, METRICS: 'on' })),
    );
    nginx = await startNginx(instances.map((instance) => instance.base));
  });

  after(async () => {
    await nginx?.stop();
    await stopChildren(instances.map(({ child }) => child));
    await t?.dispose();
  });

  const newToken = async (nome: string, limitePorMinuto?: number) => {
    const created = await createToken(t.database.db, {
      limiteSimultaneas: 1_000,
      nome,
      scopes: SCOPE_NAMES,
      criadoPor: 'test',
      lifetimeSeconds: 3600,
      limitePorMinuto,
    });
    return { id: created.id, headers: { authorization: `Bearer ${created.token}` } };
  };

  it('shares one rate limit: across the instances no more than the policy is allowed, and every request is audited', async () => {
    const { id, headers } = await newToken('shared limit', LIMIT_PER_MINUTE);
    const responses = await Promise.all(
      Array.from({ length: LIMIT_PER_MINUTE * 3 }, (_, i) =>
        fetch(`${nginx.base}/api/v1/associados/${(i % 50) + 1}/situacao`, { headers: { ...headers, 'x-request-id': `shared-limit-${i}` } }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    assert.equal(statuses.filter((s) => s === 200).length, LIMIT_PER_MINUTE);
    assert.equal(statuses.filter((s) => s === 429).length, LIMIT_PER_MINUTE * 2);
    for (const response of responses.filter((r) => r.status === 429)) assert.match(response.headers.get('retry-after') ?? '', /^\d+$/);

    // Both instances served (their own metrics say so), and their audit rows together hold one row per request.
    for (const instance of instances) {
      const metrics = await (await fetch(`${instance.base}/metrics`)).text();
      const served =
        /associa_http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/associados\/:id\/situacao"[^}]*status="429"[^}]*\} (\d+)/.exec(
          metrics,
        );
      assert.ok(
        Number(served?.[1]) > 0,
        `an instance refused nothing: ${metrics
          .split('\n')
          .filter((l) => l.includes('situacao'))
          .join('\n')}`,
      );
    }
    await sleep(1500);
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from auditoria where token_id = ${id} and status = 200 and request_id_cliente like 'shared-limit-%'`.execute(
      t.database.db,
    );
    assert.equal(Number(rows[0]!.n), LIMIT_PER_MINUTE, 'each request served has its row within the flush interval');
    sharedLimit = { id, requests: responses.length };
  });

  it('refuses a revoked token on every instance within 1 s', async () => {
    const { id, headers } = await newToken('revoked');
    for (const instance of instances) assert.equal((await fetch(`${instance.base}/api/v1/associados/1/situacao`, { headers })).status, 200);
    assert.equal(await revokeToken(t.database.db, id), true);
    const revokedAt = Date.now();
    const refusedAfter = await Promise.all(
      instances.map(async (instance) => {
        for (;;) {
          const response = await fetch(`${instance.base}/api/v1/associados/1/situacao`, { headers });
          if (response.status === 401) return Date.now() - revokedAt;
          assert.equal(response.status, 200);
          if (Date.now() - revokedAt > 5000) return Infinity;
          await sleep(20);
        }
      }),
    );
    for (const ms of refusedAfter) assert.ok(ms <= 1000, `refused ${ms} ms after the revocation`);
    assert.equal((await fetch(`${nginx.base}/api/v1/associados/1/situacao`, { headers })).status, 401);
  });

  it('has, once the instances have stopped, one row per request served and one per minute for each burst of refusals', async () => {
    assert.ok(sharedLimit, 'the shared-limit test ran first');
    await stopChildren(instances.map(({ child }) => child));
    const { rows } = await sql<{ status: number; n: string; requests: string }>`select status, count(*) as n, sum(quantidade) as requests
      from auditoria where token_id = ${sharedLimit.id} and request_id_cliente like 'shared-limit-%' group by status order by status`.execute(
      t.database.db,
    );
    const byStatus = new Map(rows.map((row) => [row.status, { rows: Number(row.n), requests: Number(row.requests) }]));
    assert.deepEqual(byStatus.get(200), { rows: LIMIT_PER_MINUTE, requests: LIMIT_PER_MINUTE });
    const refused = byStatus.get(429)!;
    assert.equal(refused.requests, sharedLimit.requests - LIMIT_PER_MINUTE);
    // One row per instance, or two where the burst straddled a minute.
    assert.ok(refused.rows >= 1 && refused.rows <= INSTANCES * 2, `${refused.rows} rows for ${refused.requests} refusals`);
  });
});
