// Runs once, on PostgreSQL: the commands run the same queries as Integrações, which test/admin/webhooks.test.ts runs on both databases.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { sequenceEvents } from '../../src/events/sequencer.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { runCli } from '../helpers/processes.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

describe('associa webhook', { skip: !process.env.DATABASE_URL && 'runs on PostgreSQL' }, () => {
  let t: TestDatabase;
  let env: Record<string, string>;
  let receiver: WebhookReceiver;
  let tokenId: number;
  let endpoint: number;
  let secret: string;

  before(async () => {
    t = await createTestDatabase();
    env = { DATABASE_URL: t.url! };
    receiver = await WebhookReceiver.start();
    tokenId = (await createToken(t.database.db, { nome: 'ERP', scopes: ['faturas:read'], criadoPor: 'test', lifetimeSeconds: 86_400 })).id;
  });
  after(async () => {
    await receiver.close();
    await t.dispose();
  });

  it('adds an endpoint for the types its token may see, printing the secret once', async () => {
    const added = await runCli(['webhook', 'add', '--token', String(tokenId), '--url', receiver.url, '--types', 'fatura.*', '--json'], env);
    assert.equal(added.code, 0, added.stderr);
    const body = JSON.parse(added.stdout) as { id: number; types: string[]; secret: string };
    assert.deepEqual(body.types, ['fatura.emitida', 'fatura.paga', 'fatura.estornada', 'fatura.cancelada', 'fatura.vencida']);
    assert.match(body.secret, /^whsec_/);
    ({ id: endpoint, secret } = body);
    const listed = await runCli(['webhook', 'list', '--token', String(tokenId)], env);
    assert.match(listed.stdout, new RegExp(`^${endpoint}\\tactive\\ttoken ${tokenId} "ERP"\\t${receiver.url.replace(/[.]/g, '\\.')}\\t`));
    assert.doesNotMatch(listed.stdout, /whsec_/);
  });

  it('stores a URL written with capitals in its scheme as the URL standard writes it, and prints that', async () => {
    const written = receiver.url.replace('http://', 'Http://');
    const added = await runCli(['webhook', 'add', '--token', String(tokenId), '--url', written, '--types', 'fatura.paga', '--json'], env);
    assert.equal(added.code, 0, added.stderr);
    const body = JSON.parse(added.stdout) as { id: number; url: string };
    assert.equal(body.url, receiver.url);
    const stored = await t.database.db.selectFrom('webhook_endpoint').select('url').where('id', '=', body.id).executeTakeFirstOrThrow();
    assert.equal(stored.url, receiver.url);
    assert.equal((await runCli(['webhook', 'disable', String(body.id)], env)).code, 0);
  });

  it('refuses, with one line, a type the token cannot see, an unknown one and a URL that is not http(s)', async () => {
    for (const [args, pattern] of [
      [['--types', 'associado.atualizado'], /^associa: Token \d+ cannot see associado\.atualizado \(its scopes: faturas:read\)\.\n$/],
      [['--types', 'fatura.paga,pagamento.feito'], /^associa: Unknown event type pagamento\.feito; the types are /],
    ] as const) {
      const result = await runCli(['webhook', 'add', '--token', String(tokenId), '--url', receiver.url, ...args], env);
      assert.equal(result.code, 1);
      assert.match(result.stderr, pattern);
    }
    const ftp = await runCli(['webhook', 'add', '--token', String(tokenId), '--url', 'ftp://erp.example/x'], env);
    assert.equal(ftp.code, 1);
    assert.match(ftp.stderr, /^associa: --url: o endereço deve começar por https:\/\//);
  });

  it('sends a test event the receiver verifies, and fails with one line when the receiver fails', async () => {
    const sent = await runCli(['webhook', 'test', String(endpoint)], env);
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stdout, /answered 200 in \d+ ms \(event evt_[0-9A-Z]{26}\)/);
    const event = new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>) as {
      type: string;
    };
    assert.equal(event.type, 'webhook.teste');
    receiver.answer = () => ({ status: 503 });
    const failed = await runCli(['webhook', 'test', String(endpoint)], env);
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /^associa: The receiver answered 503, not a 2xx\.\n$/);
    receiver.answer = () => ({ status: 200 });
    const audited = await sql<{
      n: number;
    }>`select count(*)::int as n from auditoria where origem = 'webhook' and rota = 'webhook.teste'`.execute(t.database.db);
    assert.equal(audited.rows[0]!.n, 2);
  });

  it('lists deliveries and sends one, or every failed one since a time, again', async () => {
    const { rows } = await sql<{ id: number }>`
      insert into evento (tipo, dados) values ('fatura.cancelada', '{"fatura_id": 1}') returning id`.execute(t.database.db);
    await sequenceEvents(t.database.db);
    const delivery = await t.database.db
      .selectFrom('webhook_entrega')
      .select('id')
      .where('evento', '=', rows[0]!.id)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('webhook_entrega').set({ estado: 'falhou', proxima_em: null }).where('id', '=', delivery.id).execute();
    const listed = await runCli(['webhook', 'deliveries', String(endpoint), '--json'], env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(
      (JSON.parse(listed.stdout) as { id: number; state: string; type: string }[]).map((row) => [row.id, row.state, row.type]),
      [[delivery.id, 'falhou', 'fatura.cancelada']],
    );
    const one = await runCli(['webhook', 'redeliver', String(endpoint), '--delivery', String(delivery.id)], env);
    assert.equal(one.code, 0, one.stderr);
    const stateOf = async () =>
      (await t.database.db.selectFrom('webhook_entrega').select('estado').where('id', '=', delivery.id).executeTakeFirstOrThrow()).estado;
    assert.equal(await stateOf(), 'pendente');
    await t.database.db.updateTable('webhook_entrega').set({ estado: 'falhou', proxima_em: null }).where('id', '=', delivery.id).execute();
    const since = await runCli(['webhook', 'redeliver', String(endpoint), '--since', '2020-01-01'], env);
    assert.match(since.stdout, /^1 delivery\(ies\) since 2020-01-01T03:00:00\.000Z will be sent again/);
    assert.equal(await stateOf(), 'pendente');
    const neither = await runCli(['webhook', 'redeliver', String(endpoint)], env);
    assert.equal(neither.code, 1);
    assert.match(neither.stderr, /^associa: Give either --delivery or --since\.\n$/);
  });

  it('rotates the secret, disables and enables', async () => {
    const rotated = await runCli(['webhook', 'rotate-secret', String(endpoint)], env);
    assert.equal(rotated.code, 0, rotated.stderr);
    const fresh = /\n(whsec_\S+)\n/.exec(rotated.stdout)?.[1];
    assert.ok(fresh && fresh !== secret);
    assert.match(rotated.stdout, /The previous secret signs too until \d{4}-/);
    assert.equal((await runCli(['webhook', 'disable', String(endpoint)], env)).code, 0);
    const again = await runCli(['webhook', 'disable', String(endpoint)], env);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already disabled/);
    assert.equal((await runCli(['webhook', 'enable', String(endpoint)], env)).code, 0);
    const missing = await runCli(['webhook', 'test', '999999'], env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^associa: No webhook endpoint has id 999999\.\n$/);
  });
});
