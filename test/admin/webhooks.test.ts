import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { eventually } from '../helpers/load.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

const secretOf = (html: string) => /id="novo-segredo">([^<]+)</.exec(html)?.[1];
/** Text as a page shows it: without tags, entities decoded and white space collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('Integrações: webhooks', () => {
  let f: ApiFixture;
  let agent: AdminAgent;
  let receiver: WebhookReceiver;
  let tokenId: number;

  before(async () => {
    f = await apiFixture(30);
    await f.app.ready();
    await createTestAdmin(f.app);
    agent = new AdminAgent(f.app);
    await agent.login();
    receiver = await WebhookReceiver.start();
    tokenId = (
      await createToken(f.t.database.db, { nome: 'ERP financeiro', scopes: ['faturas:read'], criadoPor: 'test', lifetimeSeconds: 86_400 })
    ).id;
  });
  after(async () => {
    await f.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  /** Creates an endpoint through the form; returns the redirect's response and the new endpoint's id. */
  async function addEndpoint(fields: Record<string, string | string[]>) {
    const response = await agent.submit(`/admin/integracoes/${tokenId}/webhooks/novo`, `/admin/integracoes/${tokenId}/webhooks`, fields);
    const id = Number(/\/admin\/webhooks\/(\d+)\/segredo/.exec(String(response.headers.location))?.[1]);
    return { response, id };
  }

  it('offers only the event types the token may see, and creates an endpoint whose secret is shown once', async () => {
    const form = await agent.get(`/admin/integracoes/${tokenId}/webhooks/novo`);
    assert.equal(form.statusCode, 200);
    for (const type of ['fatura.paga', 'fatura.vencida']) assert.ok(form.body.includes(`value="${type}"`), type);
    assert.ok(!form.body.includes('value="associado.atualizado"'), 'a type of another scope');

    const { response, id } = await addEndpoint({ url: receiver.url, tipos: ['fatura.paga', 'fatura.cancelada'] });
    assert.equal(response.statusCode, 303, response.body);
    const shown = await agent.get(String(response.headers.location));
    assert.equal(shown.statusCode, 200);
    const secret = secretOf(shown.body);
    assert.match(String(secret), /^whsec_[A-Za-z0-9+/]{43}=$/);
    // A reload finds it gone: back to the list, and nothing created twice.
    const reloaded = await agent.get(String(response.headers.location));
    assert.equal(reloaded.statusCode, 303);
    assert.equal(secretOf(reloaded.body), undefined);
    const endpoints = await f.t.database.db
      .selectFrom('webhook_endpoint')
      .select(['id', 'url', 'tipos', 'segredo'])
      .where('token_id', '=', tokenId)
      .execute();
    assert.deepEqual(
      endpoints.map((endpoint) => [endpoint.id, endpoint.url, endpoint.tipos]),
      [[id, receiver.url, ['fatura.paga', 'fatura.cancelada']]],
    );
    assert.ok(!endpoints[0]!.segredo.toString('latin1').includes(secret!), 'the secret is stored sealed');

    const list = await agent.get(`/admin/integracoes/${tokenId}/webhooks`);
    assert.ok(textOf(list.body).includes(receiver.url));
    assert.ok(!list.body.includes(secret!), 'the list never shows the secret');
  });

  it('stores a URL written with capitals in its scheme or host as the URL standard writes it', async () => {
    const written = receiver.url.replace('http://127.0.0.1', 'HTTP://127.0.0.1');
    const { response, id } = await addEndpoint({ url: written, tipos: ['fatura.paga'] });
    assert.equal(response.statusCode, 303, response.body);
    const stored = await f.t.database.db.selectFrom('webhook_endpoint').select('url').where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(stored.url, receiver.url);
    await agent.submit(`/admin/integracoes/${tokenId}/webhooks`, `/admin/webhooks/${id}/desativar`, {});
  });

  it('refuses a URL that is not http(s), a type of another scope, and no type at all, naming each', async () => {
    const bad = await addEndpoint({ url: 'ftp://erp.example/hooks', tipos: ['associado.atualizado'] });
    assert.equal(bad.response.statusCode, 400);
    const text = textOf(bad.response.body);
    assert.match(text, /Endereço: o endereço deve começar por https:\/\//);
    assert.match(text, /Um dos eventos enviados não existe ou o token não pode vê-lo/);
    const none = await addEndpoint({ url: receiver.url });
    assert.equal(none.response.statusCode, 400);
    assert.match(textOf(none.response.body), /Escolha ao menos um evento/);
  });

  it('sends a test event the receiver verifies with the secret, and tells how it went', async () => {
    const { response, id } = await addEndpoint({ url: receiver.url, tipos: ['fatura.paga'] });
    const secret = secretOf((await agent.get(String(response.headers.location))).body)!;
    const sent = await agent.submit(`/admin/integracoes/${tokenId}/webhooks`, `/admin/webhooks/${id}/teste`, {});
    assert.equal(sent.statusCode, 303);
    const page = await agent.get(String(sent.headers.location));
    assert.match(textOf(page.body), /Teste enviado\. O receptor respondeu 200 em \d+ ms\./);
    assert.equal(receiver.received.length, 1);
    const event = new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>) as {
      type: string;
      dados: { webhook_id: number };
    };
    assert.equal(event.type, 'webhook.teste');
    assert.equal(event.dados.webhook_id, id);
  });

  it('rotates the secret: the new one is shown once, and both sign until the old one expires', async () => {
    const { response, id } = await addEndpoint({ url: receiver.url, tipos: ['fatura.paga'] });
    const old = secretOf((await agent.get(String(response.headers.location))).body)!;
    const rotated = await agent.submit(`/admin/integracoes/${tokenId}/webhooks`, `/admin/webhooks/${id}/rotacionar`, {});
    const page = await agent.get(String(rotated.headers.location));
    const fresh = secretOf(page.body)!;
    assert.notEqual(fresh, old);
    assert.match(textOf(page.body), /O segredo anterior continua assinando as entregas, ao lado deste, até/);
    await agent.submit(`/admin/integracoes/${tokenId}/webhooks`, `/admin/webhooks/${id}/teste`, {});
    const { body, headers } = receiver.received[0]!;
    assert.equal(String(headers['webhook-signature']).split(' ').length, 2);
    for (const secret of [old, fresh]) new Webhook(secret).verify(body, headers as Record<string, string>);
  });

  it('disables an endpoint, with who did it as the reason, and enables it again', async () => {
    const { id } = await addEndpoint({ url: receiver.url, tipos: ['fatura.cancelada'] });
    const disabled = await agent.submit(`/admin/integracoes/${tokenId}/webhooks`, `/admin/webhooks/${id}/desativar`, {});
    assert.equal(disabled.statusCode, 303);
    assert.match(textOf((await agent.get(String(disabled.headers.location))).body), /Endpoint desativado/);
    const endpoint = await f.t.database.db
      .selectFrom('webhook_endpoint')
      .select(['ativo', 'motivo_desativacao'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(endpoint, { ativo: false, motivo_desativacao: 'desativado por secretaria@associa.example' });
    const enabled = await agent.submit(`/admin/integracoes/${tokenId}/webhooks`, `/admin/webhooks/${id}/reativar`, {});
    assert.equal(enabled.statusCode, 303);
    assert.equal(
      (await f.t.database.db.selectFrom('webhook_endpoint').select('ativo').where('id', '=', id).executeTakeFirstOrThrow()).ativo,
      true,
    );
  });

  it('lists the deliveries with their last attempt, and sends one, or every failed one since a time, again', async () => {
    await f.t.database.db
      .updateTable('webhook_endpoint')
      .set({ ativo: false, desativado_em: new Date() })
      .where('ativo', '=', true)
      .execute();
    const { id } = await addEndpoint({ url: receiver.url, tipos: ['fatura.cancelada'] });
    receiver.answer = () => ({ status: 500, body: 'erro interno do ERP' });
    await sql`update fatura set status = 'cancelled', cancelado_em = now() where id = (select min(id) from fatura where status = 'open')`.execute(
      f.t.database.db,
    );
    await eventually(() => Promise.resolve(receiver.received.length >= 1), 10_000, 'the first attempt');
    const delivery = await f.t.database.db.selectFrom('webhook_entrega').select('id').where('endpoint', '=', id).executeTakeFirstOrThrow();
    await eventually(
      async () =>
        (await f.t.database.db.selectFrom('webhook_tentativa').select('id').where('entrega', '=', delivery.id).executeTakeFirst()) !==
        undefined,
      5000,
      'the attempt recorded',
    );
    const log = textOf((await agent.get(`/admin/webhooks/${id}/entregas`)).body);
    assert.match(log, /fatura\.cancelada/);
    assert.match(log, /500 em \d+ ms/);
    assert.match(log, /erro interno do ERP/);
    assert.match(log, /pendente/);

    // Given up, then sent again by hand, to a receiver that now answers.
    await f.t.database.db
      .updateTable('webhook_entrega')
      .set({ estado: 'falhou', proxima_em: null })
      .where('id', '=', delivery.id)
      .execute();
    receiver.answer = () => ({ status: 200 });
    const again = await agent.submit(`/admin/webhooks/${id}/entregas`, `/admin/webhooks/${id}/entregas/${delivery.id}/reenviar`, {});
    assert.equal(again.statusCode, 303);
    await eventually(
      async () =>
        (await f.t.database.db.selectFrom('webhook_entrega').select('estado').where('id', '=', delivery.id).executeTakeFirstOrThrow())
          .estado === 'entregue',
      10_000,
      'delivered on the second try',
    );

    await f.t.database.db
      .updateTable('webhook_entrega')
      .set({ estado: 'falhou', proxima_em: null })
      .where('id', '=', delivery.id)
      .execute();
    const wrong = await agent.submit(`/admin/webhooks/${id}/entregas`, `/admin/webhooks/${id}/reenviar`, { desde: '2026-11-28' });
    assert.equal(wrong.statusCode, 400);
    assert.match(textOf(wrong.body), /Data inválida: escreva DD\/MM\/AAAA/);
    const since = await agent.submit(`/admin/webhooks/${id}/entregas`, `/admin/webhooks/${id}/reenviar`, { desde: '01/01/2020 00:00' });
    assert.equal(since.statusCode, 303);
    assert.match(textOf((await agent.get(String(since.headers.location))).body), /1 entrega\(s\) marcada\(s\) para reenvio/);
  });

  it("leaves every administrator's action in the audit trail", async () => {
    await eventually(
      async () => {
        const { rows } = await sql<{
          detalhe: string;
        }>`select detalhe from auditoria where origem = 'admin' and detalhe like 'webhook %'`.execute(f.t.database.db);
        const details = rows.map((row) => row.detalhe).join('\n');
        return ['criado para o token', 'evento de teste', 'segredo rotacionado', 'desativado', 'reativado', 'reenviada'].every((what) =>
          details.includes(what),
        );
      },
      5000,
      'every action audited',
    );
  });
});
