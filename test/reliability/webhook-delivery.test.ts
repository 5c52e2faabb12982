// Runs once, on PostgreSQL: two instances share one PostgreSQL of the test's own, which it restarts.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { connect, type Database } from '../../src/db/connection.js';
import { createEndpoint } from '../../src/events/webhooks.queries.js';
import { SecretBox } from '../../src/events/secrets.js';
import { payInvoice } from '../../src/simulation/payments.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { eventually, sleep } from '../helpers/load.js';
import { PostgresServer, postgresServerUnavailable } from '../helpers/postgres-server.js';
import { runCli, serve, TEST_SECRETS_KEY } from '../helpers/processes.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

const skip = !process.env.DATABASE_URL ? 'runs on PostgreSQL' : (postgresServerUnavailable ?? false);
const HEALTHY_PAYMENTS = 10_000;
const FAULTED_PAYMENTS = 3_000;
/** Longer than the first five retries together: an event must wait out several refusals. */
const RECEIVER_AWAY_MS = 20_000;
/** Retries that reach past the receiver's time away and a killed instance's 30 s lease. */
const RETRY_SCHEDULE = '1s,1s,2s,5s,5s,10s,10s,20s,30s,30s';

type Instance = Awaited<ReturnType<typeof serve>>;

/**
 * API-DESIGN §13, at least once: two instances deliver the simulation's payments to one receiver. While everything
 * is healthy each event arrives exactly once; with the receiver away for 20 s, PostgreSQL restarted during the
 * payments and an instance killed mid-delivery, every event still arrives.
 */
describe('webhooks: nothing lost, nothing doubled', { skip }, () => {
  let server: PostgresServer;
  let database: Database;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;
  const instances: Instance[] = [];
  let endpoint: number;
  /** The invoices the test pays, in the order it pays them. */
  let invoices: number[];

  /**
   * Pays `ids` 16 at a time, as the simulation's users would; a payment the database lost is paid again (paying
   * pays only an open invoice, so a payment that did go through is not made twice). The test's own driver can
   * leave a transaction waiting for good when the server restarts under it: a payment without an answer in 15 s
   * is given up, and the test's connections are made anew.
   */
  async function pay(ids: readonly number[]): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < ids.length) {
          const id = ids[next++]!;
          for (;;) {
            const pool = database;
            try {
              const result = await Promise.race([
                payInvoice(pool.db, { faturaId: id, forma: 'pix' }),
                sleep(15_000).then(() => Promise.reject(new Error('no answer'))),
              ]);
              if (result.ok || result.reason === 'not_open') break;
            } catch (error) {
              if ((error as Error).message === 'no answer' && pool === database) {
                database = await connect({ databaseUrl: server.url(), poolSize: 16 });
                void pool.close().catch(() => undefined);
              }
              await sleep(200);
            }
          }
        }
      }),
    );
  }

  /** The ids of every fatura.paga event of the test's invoices, read from the database. */
  async function paymentEvents(): Promise<Set<string>> {
    const { rows } = await sql<{ chave: string }>`select chave from evento where tipo = 'fatura.paga'
        and (dados ->> 'fatura_id')::bigint = any (${invoices}::bigint[])`.execute(database.db);
    return new Set(rows.map((row) => row.chave));
  }

  const received = () => receiver.received.map((delivery) => String(delivery.headers['webhook-id']));

  async function startInstance(): Promise<Instance> {
    const instance = await serve(env);
    instances.push(instance);
    return instance;
  }

  before(async () => {
    server = await PostgresServer.create();
    const url = server.url();
    const seeded = await runCli(['seed', '--members', '300'], { DATABASE_URL: url });
    assert.equal(seeded.code, 0, seeded.stderr);
    database = await connect({ databaseUrl: url, poolSize: 16 });
    receiver = await WebhookReceiver.start();
    const { id: tokenId } = await createToken(database.db, {
      limiteSimultaneas: 1_000,
      nome: 'ERP',
      scopes: ['faturas:read'],
      criadoPor: 'test',
      lifetimeSeconds: 86_400,
    });
    const box = new SecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64'));
    endpoint = (await createEndpoint(database.db, box, { tokenId, url: receiver.url, types: ['fatura.paga'], criadoPor: 'test' })).id;
    const { rows } = await sql<{ id: number }>`
      insert into fatura (numero, kind, descricao, associado, valor, vencimento, status)
      select 'PROVA/' || n, 'taxa_prova', 'Taxa de prova de título', 1 + n % 300, 350, current_date + 30, 'open'
        from generate_series(1, ${HEALTHY_PAYMENTS + FAULTED_PAYMENTS}) as n
      returning id`.execute(database.db);
    invoices = rows.map((row) => row.id);
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PUBLIC_BASE_URL: 'https://api.associa.example',
      WEBHOOK_RETRY_SCHEDULE: RETRY_SCHEDULE,
      // The receiver is on the loopback, which production refuses unless an operator allows it.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      DB_POOL_SIZE: '4',
    };
    await startInstance();
    await startInstance();
  });

  after(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) {
        instance.child.kill('SIGTERM');
        await once(instance.child, 'exit');
      }
    }
    await database?.close();
    await receiver?.close();
    server?.destroy();
  });

  it(`${HEALTHY_PAYMENTS} payments through two instances: every event delivered, each webhook-id received once`, async () => {
    await pay(invoices.slice(0, HEALTHY_PAYMENTS));
    const expected = await paymentEvents();
    assert.equal(expected.size, HEALTHY_PAYMENTS);
    await eventually(() => Promise.resolve(receiver.received.length >= HEALTHY_PAYMENTS), 120_000, 'every delivery');
    await sleep(2000);
    const ids = received();
    assert.equal(ids.length, HEALTHY_PAYMENTS, 'no delivery twice');
    assert.deepEqual(new Set(ids), expected);
    const { rows } = await sql<{ estado: string; n: number }>`select estado, count(*)::int as n from webhook_entrega
        where endpoint = ${endpoint} group by estado`.execute(database.db);
    assert.deepEqual(rows, [{ estado: 'entregue', n: HEALTHY_PAYMENTS }]);
  });

  it(`the receiver away for ${RECEIVER_AWAY_MS / 1000} s, PostgreSQL restarted during the payments, an instance killed mid-delivery: every event delivered`, async () => {
    receiver.received.length = 0;
    const faulted = invoices.slice(HEALTHY_PAYMENTS);
    const thirds = [faulted.slice(0, 1000), faulted.slice(1000, 2000), faulted.slice(2000)];

    // Away while the first third is paid.
    await receiver.down();
    const away = Date.now();
    await pay(thirds[0]!);
    await sleep(Math.max(0, RECEIVER_AWAY_MS - (Date.now() - away)));
    await receiver.up();

    // PostgreSQL stopped and started again while the second third is paid.
    const paying = pay(thirds[1]!);
    await sleep(500);
    await server.stop('fast');
    await sleep(2000);
    await server.start();
    await paying;

    // An instance killed while its deliveries are in flight: a slow receiver keeps some there.
    receiver.delayMs = 300;
    const paid = pay(thirds[2]!);
    await eventually(() => Promise.resolve(receiver.received.length > 0), 60_000, 'deliveries under way');
    await sleep(500);
    instances[0]!.child.kill('SIGKILL');
    await paid;
    await startInstance();
    receiver.delayMs = 0;

    const expected = await paymentEvents();
    assert.equal(expected.size, HEALTHY_PAYMENTS + FAULTED_PAYMENTS);
    const faultedEvents = new Set(
      (
        await sql<{ chave: string }>`select chave from evento where tipo = 'fatura.paga'
          and (dados ->> 'fatura_id')::bigint = any (${faulted}::bigint[])`.execute(database.db)
      ).rows.map((row) => row.chave),
    );
    assert.equal(faultedEvents.size, FAULTED_PAYMENTS, 'every payment made its event, once');
    await eventually(
      () => {
        const arrived = new Set(received());
        return Promise.resolve([...faultedEvents].every((id) => arrived.has(id)));
      },
      240_000,
      'every event delivered after the faults',
    );
    const ids = new Set(received());
    assert.deepEqual(
      [...faultedEvents].filter((id) => !ids.has(id)),
      [],
      'none lost',
    );
  });
});
