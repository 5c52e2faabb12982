// Runs once, on PostgreSQL: several instances share one PostgreSQL (and one Redis) behind nginx.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { anyRoute, keepAliveLoad } from '../helpers/keep-alive-load.js';
import { eventually, sleep, underLoad } from '../helpers/load.js';
import { nginxUnavailable, startNginx, type Nginx } from '../helpers/nginx.js';
import { freePort, runCli, serve, stopChildren } from '../helpers/processes.js';

const MEMBERS = 100;
const CLIENTS = 64;

const skip = !process.env.DATABASE_URL ? 'needs DATABASE_URL: the instances share one PostgreSQL' : (nginxUnavailable() ?? false);

type Instance = Awaited<ReturnType<typeof serve>>;

/** The API requests an instance has answered, from its metrics. */
async function apiRequestsServed(instance: Instance): Promise<number> {
  const metrics = await (await fetch(`${instance.base}/metrics`)).text();
  let served = 0;
  for (const [, count] of metrics.matchAll(/^associa_http_request_duration_seconds_count\{[^}]*route="\/api\/v1[^}]*\} (\d+)$/gm)) {
    served += Number(count);
  }
  return served;
}

/**
 * docs/deployment.md, "Restarting without errors": two instances in production (and so the production drain)
 * behind nginx configured as the guide says (test/helpers/nginx.ts reads the configuration from it), each
 * stopped with SIGTERM, started again and waited for, one after the other.
 */
describe('a rolling restart of two instances behind nginx', { skip }, () => {
  let t: TestDatabase;
  let env: Record<string, string | undefined>;
  let ports: number[];
  let instances: Instance[] = [];
  let nginx: Nginx;
  let headers: Record<string, string>;

  before(async () => {
    t = await createTestDatabase();
    const seeded = await runCli(['seed', '--members', String(MEMBERS)], { DATABASE_URL: t.url });
    assert.equal(seeded.code, 0, seeded.stderr);
    const created = await createToken(t.database.db, {
      limiteSimultaneas: 1_000,
      nome: 'rolling restart',
      scopes: SCOPE_NAMES,
      criadoPor: 'test',
      lifetimeSeconds: 3600,
    });
    headers = { authorization: `Bearer ${created.token}` };
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: t.url,
      REDIS_URL: process.env.REDIS_URL,
      PUBLIC_BASE_URL: 'https://api.associa.example',
      METRICS: 'on',
      RATE_LIMIT_TOKEN: '1000000',
      RATE_LIMIT_PUBLIC: '1000000',
      // Production's default drain, which the helpers otherwise turn off.
      SHUTDOWN_DRAIN_MS: '5000',
    };
    // Fixed ports: an instance started again must be where nginx's configuration says.
    ports = [await freePort(), await freePort()];
    instances = await Promise.all(ports.map((port) => serve({ ...env, PORT: String(port) })));
    nginx = await startNginx(instances.map((instance) => instance.base));
  });

  after(async () => {
    await nginx?.stop();
    await stopChildren(instances.map(({ child }) => child));
    await t?.dispose();
  });

  it(`restarted one after the other under ${CLIENTS} keep-alive clients: every request answered 2xx, none failed`, async (context) => {
    const load = keepAliveLoad(() => `${nginx.base}${anyRoute(MEMBERS)}`, headers, CLIENTS);
    const steps: string[] = [];
    let restartsStartedAt = 0;
    let restartsEndedAt = 0;
    await underLoad(load, async () => {
      await sleep(1500);
      restartsStartedAt = Date.now();
      for (const [i, port] of ports.entries()) {
        const stopping = Date.now();
        instances[i]!.child.kill('SIGTERM');
        const [code] = (await once(instances[i]!.child, 'exit')) as [number | null];
        assert.equal(code, 0, `instance ${i + 1} exited ${code}`);
        const starting = Date.now();
        instances[i] = await serve({ ...env, PORT: String(port) });
        await eventually(async () => (await fetch(`${instances[i]!.base}/readyz`)).status === 200, 30_000, `instance ${i + 1} ready`);
        // Back in nginx's rotation: it serves again.
        await eventually(async () => (await apiRequestsServed(instances[i]!)) > 0, 15_000, `instance ${i + 1} serving through nginx`);
        steps.push(`instance ${i + 1}: stopped in ${starting - stopping} ms, serving again ${Date.now() - starting} ms later`);
      }
      restartsEndedAt = Date.now();
      await sleep(1500);
    });

    const outcomes = load.outcomes;
    const during = outcomes.filter((o) => o.startedAt >= restartsStartedAt && o.startedAt < restartsEndedAt);
    const non2xx = outcomes.filter((o) => o.status !== 0 && (o.status < 200 || o.status > 299));
    const errors = outcomes.filter((o) => o.status === 0);
    context.diagnostic(
      `rolling restart under ${CLIENTS} keep-alive clients through nginx: ${outcomes.length} requests ` +
        `(${during.length} during the ${restartsEndedAt - restartsStartedAt} ms of the restarts), ${non2xx.length} non-2xx, ${errors.length} errors; ` +
        steps.join('; '),
    );
    assert.deepEqual(
      non2xx.map(
        (o) => `${o.request.url}: ${o.status} ${o.code} in ${o.ms} ms, sent ${o.startedAt - restartsStartedAt} ms after the restarts began`,
      ),
      [],
    );
    assert.deepEqual(
      errors.map((o) => `${o.request.url}: ${o.error}`),
      [],
    );
    assert.ok(during.length > CLIENTS, `only ${during.length} requests during the restarts`);
  });
});
