// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from '../../clients/typescript/src/index.js';
import { newSigningSecret } from '../../src/events/secrets.js';
import { webhookHeaders } from '../../src/events/signature.js';

const body = JSON.stringify({
  id: 'evt_01M8C5XQC0Q6Y1BPNVR7HTTD78',
  type: 'fatura.paga',
  sequencia: 299,
  ocorrido_em: '2026-11-26T12:00:00-03:00',
  dados: {},
});
const id = 'evt_01M8C5XQC0Q6Y1BPNVR7HTTD78';

describe("the client package's verifyWebhook", () => {
  it('accepts what the standardwebhooks library signs, and what the service signs', async () => {
    const secret = newSigningSecret();
    const at = new Date();
    const signature = new Webhook(secret).sign(id, at, body);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
    assert.equal((await verifyWebhook(secret, body, headers)).id, id);
    const ours = webhookHeaders(id, Math.floor(at.getTime() / 1000), body, [secret]);
    assert.equal(ours['webhook-signature'], signature, 'the service signs as the library does');
    assert.equal((await verifyWebhook(secret, body, new Headers(ours))).id, id);
  });

  it('accepts a delivery signed during a rotation with either secret', async () => {
    const [old, fresh] = [newSigningSecret(), newSigningSecret()];
    const headers = webhookHeaders(id, Math.floor(Date.now() / 1000), body, [fresh, old]);
    for (const secret of [old, fresh, [fresh, old]]) assert.equal((await verifyWebhook(secret, body, headers)).id, id);
  });

  it('refuses another secret, a changed body, an old or missing timestamp, and a body whose id is not the webhook-id', async () => {
    const secret = newSigningSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders(id, now, body, [secret]);
    const refused = async (promise: Promise<unknown>, pattern: RegExp) =>
      assert.rejects(promise, (error: unknown) => error instanceof WebhookVerificationError && pattern.test(error.message));
    await refused(verifyWebhook(newSigningSecret(), body, headers), /no webhook-signature matches/);
    await refused(verifyWebhook(secret, body.replace('299', '300'), headers), /no webhook-signature matches/);
    await refused(verifyWebhook(secret, body, webhookHeaders(id, now - 301, body, [secret])), /not within 300 s/);
    await refused(verifyWebhook(secret, body, { 'webhook-id': id, 'webhook-signature': headers['webhook-signature'] }), /missing/);
    const other = 'evt_01M8C5XQC025MTDH6FMSSEVXXV';
    await refused(verifyWebhook(secret, body, webhookHeaders(other, now, body, [secret])), /is not the webhook-id/);
  });
});
