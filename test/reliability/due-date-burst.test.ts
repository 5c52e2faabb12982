// Runs once, on PostgreSQL: the plans under test are PostgreSQL's, made from statistics taken before the burst.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { connect, type Database } from '../../src/db/connection.js';
import { businessDate } from '../../src/domain/dates.js';
import { SecretBox } from '../../src/events/secrets.js';
import { createEndpoint } from '../../src/events/webhooks.queries.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { eventually } from '../helpers/load.js';
import { serve, TEST_SECRETS_KEY } from '../helpers/processes.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

const skip = !process.env.DATABASE_URL && 'runs on PostgreSQL';
/** Each unpaid fee makes two events when it is marked: fatura.vencida, and its member's situacao_alterada. */
const FEES = 50_000;
const EVENTS = 2 * FEES;

/**
 * The annual fees' due date: every unpaid fee falls past due on the same morning, and the marking captures two
 * events for each at once. The statistics are those of the day before, which saw no event waiting: every event
 * must still be numbered and delivered, at the pace of the work and not of the next ANALYZE.
 */
describe('the due-date burst, planned from statistics taken before it', { skip }, () => {
  let test: TestDatabase;
  let setup: Database;
  let receiver: WebhookReceiver;
  let instance: Awaited<ReturnType<typeof serve>>;

  before(async () => {
    test = await createTestDatabase();
    // The set-up writes 100,000 rows in a statement: past the service's deadline for one.
    setup = await connect({ databaseUrl: test.url, poolSize: 1, statementTimeoutMs: 300_000 });
    const { db } = setup;
    const yesterday = new Date(`${businessDate(new Date())}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    // Issued before they fell due: written without the triggers that would mark them (and capture them) at once.
    await db.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await sql`
        insert into associado (matricula, nome, cpf, email, categoria, status, regional, data_admissao)
        select n, 'Associado ' || n, lpad(n::text, 11, '0'), 'a' || n || '@associa.example',
               (select codigo from categoria where not isenta_anuidade order by codigo limit 1), 'ativo',
               (select codigo from regional order by codigo limit 1), date '2010-01-01'
          from generate_series(1, ${FEES}) n`.execute(tx);
      await sql`
        insert into fatura (numero, kind, descricao, associado, ano_referencia, valor, vencimento, status)
        select 'ANU/' || n, 'anuidade', 'Anuidade', n, extract(year from ${yesterday}::date), 850, ${yesterday}::date, 'open'
          from generate_series(1, ${FEES}) n`.execute(tx);
    });
    await sql`analyze`.execute(db);

    receiver = await WebhookReceiver.start();
    const { id: tokenId } = await createToken(db, {
      limiteSimultaneas: 1_000,
      nome: 'ERP',
      scopes: ['faturas:read', 'associados:situacao'],
      criadoPor: 'test',
      lifetimeSeconds: 86_400,
    });
    const box = new SecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64'));
    await createEndpoint(db, box, {
      tokenId,
      url: receiver.url,
      types: ['fatura.vencida', 'associado.situacao_alterada'],
      criadoPor: 'test',
    });
  });

  after(async () => {
    if (instance && instance.child.exitCode === null && instance.child.signalCode === null) {
      instance.child.kill('SIGTERM');
      await once(instance.child, 'exit');
    }
    await receiver?.close();
    await setup?.close();
    await test?.dispose();
  });

  it(`${EVENTS.toLocaleString('en')} events captured at once: every one numbered, then delivered once`, async () => {
    // The instance marks the fees past due as soon as it is ready: the burst.
    instance = await serve({
      NODE_ENV: 'production',
      DATABASE_URL: test.url,
      PUBLIC_BASE_URL: 'https://api.associa.example',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    });
    const counts = async () =>
      (
        await sql<{ captured: number; waiting: number }>`
          select count(*)::int as captured, (count(*) filter (where sequencia is null))::int as waiting from evento`.execute(setup.db)
      ).rows[0]!;
    await eventually(async () => (await counts()).captured === EVENTS, 300_000, 'the marking of every fee');
    await eventually(async () => (await counts()).waiting === 0, 300_000, 'the numbering of every event');

    await eventually(() => Promise.resolve(receiver.received.length >= EVENTS), 600_000, 'every delivery');
    const { rows } = await sql<{ chave: string }>`select chave from evento`.execute(setup.db);
    const received = receiver.received.map((delivery) => String(delivery.headers['webhook-id']));
    assert.equal(new Set(received).size, EVENTS, 'each event received');
    assert.deepEqual(new Set(received), new Set(rows.map((row) => row.chave)));
    assert.equal(received.length, EVENTS, 'none received twice');
  });
});
