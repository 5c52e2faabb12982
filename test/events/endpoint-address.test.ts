// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpointUrlProblem, isPublicAddress } from '../../src/events/endpoint-address.js';
import { WebhookPoster } from '../../src/events/webhook-post.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

const production = { production: true, allowedHosts: [] };

describe('where webhooks may go', () => {
  let receiver: WebhookReceiver;

  before(async () => {
    receiver = await WebhookReceiver.start();
  });
  after(() => receiver.close());

  it('knows public unicast addresses from loopback, private, link-local, CGNAT, unique-local, mapped and unspecified ones', () => {
    for (const address of ['8.8.8.8', '200.160.2.3', '2001:4860:4860::8888']) assert.ok(isPublicAddress(address), address);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
      'localhost',
    ]) {
      assert.ok(!isPublicAddress(address), address);
    }
  });

  it('in production refuses http, an address inside, a name that resolves inside, and credentials in the URL', async () => {
    const refusals: [string, RegExp][] = [
      ['http://erp.example.com/hooks', /em produção o endereço deve ser https/],
      ['https://127.0.0.1/hooks', /127\.0\.0\.1 leva a 127\.0\.0\.1, um endereço de loopback, rede privada ou link-local/],
      ['https://[::1]:8443/hooks', /::1 leva a ::1/],
      ['https://169.254.169.254/latest/meta-data', /link-local/],
      ['https://localhost/hooks', /localhost leva a (127\.0\.0\.1|::1)/],
      ['https://usuario:senha@erp.example.com/hooks', /usuário ou senha/],
      ['https://erp.example.com/hooks#x', /fragmento/],
    ];
    for (const [url, pattern] of refusals) assert.match(String(await endpointUrlProblem(url, production)), pattern, url);
    assert.equal(await endpointUrlProblem('https://localhost/hooks', { production: true, allowedHosts: ['localhost'] }), null);
    assert.equal(await endpointUrlProblem('https://10.0.0.5/hooks', { production: true, allowedHosts: ['10.0.0.5'] }), null);
  });

  it('elsewhere takes http on the loopback, for a developer’s receiver', async () => {
    assert.equal(await endpointUrlProblem(receiver.url, { production: false, allowedHosts: [] }), null);
    assert.match(String(await endpointUrlProblem('ftp://x/y', { production: false, allowedHosts: [] })), /https:\/\//);
  });

  it('in production does not connect to an address inside at delivery either (a name re-pointed after it was checked)', async () => {
    const poster = new WebhookPoster(production);
    try {
      const byName = await poster.post(receiver.url.replace('127.0.0.1', 'localhost'), {}, '{}');
      assert.equal(byName.status, undefined);
      assert.match(String(byName.error), /localhost leva a/);
      const byAddress = await poster.post(receiver.url, {}, '{}');
      assert.match(String(byAddress.error), /127\.0\.0\.1 leva a 127\.0\.0\.1/);
      assert.equal(receiver.received.length, 0);
    } finally {
      poster.close();
    }
    const allowed = new WebhookPoster({ production: true, allowedHosts: ['localhost'] });
    try {
      assert.equal((await allowed.post(receiver.url.replace('127.0.0.1', 'localhost'), {}, '{}')).status, 200);
    } finally {
      allowed.close();
    }
  });
});
