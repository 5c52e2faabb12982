// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkEndpointUrl, isPublicAddress, type AddressPolicy } from '../../src/events/endpoint-address.js';
import { WebhookPoster } from '../../src/events/webhook-post.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

const production = { production: true, allowedHosts: [] };

const problemOf = async (url: string, policy: AddressPolicy) => (await checkEndpointUrl(url, policy)).problem ?? null;

describe('where webhooks may go', () => {
  let receiver: WebhookReceiver;

  before(async () => {
    receiver = await WebhookReceiver.start();
  });
  after(() => receiver.close());

  it('knows public unicast addresses from loopback, private, link-local, CGNAT, unique-local, mapped, embedded and unspecified ones', () => {
    for (const address of ['8.8.8.8', '200.160.2.3', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      assert.ok(isPublicAddress(address), address);
    }
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
      // IPv4-compatible (::/96), whatever it embeds, as URLs and as Node writes a resolved one.
      '::a00:1',
      '::a9fe:a9fe',
      '::7f00:1',
      '::808:808',
      '::10.0.0.1',
      '::8.8.8.8',
      // NAT64 to an address inside, and its local-use prefix; 6to4, Teredo and IPv4-translated, even to a public one.
      '64:ff9b::a00:1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::808:808',
      '2002:808:808::1',
      '2002:a00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '::ffff:0:808:808',
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
      ['https://[::a00:1]/hooks', /::a00:1 leva a ::a00:1/],
      ['https://[::a9fe:a9fe]/latest/meta-data', /::a9fe:a9fe leva a/],
      ['https://[::127.0.0.1]/hooks', /::7f00:1 leva a/],
      ['https://[::ffff:10.0.0.1]/hooks', /leva a ::ffff:a00:1/],
      ['https://[64:ff9b::a9fe:a9fe]/hooks', /leva a 64:ff9b::a9fe:a9fe/],
    ];
    for (const [url, pattern] of refusals) assert.match(String(await problemOf(url, production)), pattern, url);
    assert.equal(await problemOf('https://localhost/hooks', { production: true, allowedHosts: ['localhost'] }), null);
    assert.equal(await problemOf('https://10.0.0.5/hooks', { production: true, allowedHosts: ['10.0.0.5'] }), null);
    assert.equal(await problemOf('https://[64:ff9b::808:808]/hooks', production), null, 'NAT64 to a public address');
  });

  it('elsewhere takes http on the loopback, for a developer’s receiver', async () => {
    assert.equal(await problemOf(receiver.url, { production: false, allowedHosts: [] }), null);
    assert.match(String(await problemOf('ftp://x/y', { production: false, allowedHosts: [] })), /https:\/\//);
  });

  it('gives the URL as it is stored: scheme and host in lower case, the path kept', async () => {
    const development = { production: false, allowedHosts: [] };
    assert.deepEqual(await checkEndpointUrl('HTTP://127.0.0.1:8080/Hooks?a=1', development), { url: 'http://127.0.0.1:8080/Hooks?a=1' });
    assert.deepEqual(await checkEndpointUrl('Https://[::A00:1]', development), { url: 'https://[::a00:1]/' });
    assert.deepEqual(await checkEndpointUrl('HTTPS://10.0.0.5/x', { production: true, allowedHosts: ['10.0.0.5'] }), {
      url: 'https://10.0.0.5/x',
    });
  });

  it('in production does not connect to an address inside at delivery either (a name re-pointed after it was checked)', async () => {
    const poster = new WebhookPoster(production);
    try {
      const byName = await poster.post(receiver.url.replace('127.0.0.1', 'localhost'), {}, '{}');
      assert.equal(byName.status, undefined);
      assert.match(String(byName.error), /localhost leva a/);
      const byAddress = await poster.post(receiver.url, {}, '{}');
      assert.match(String(byAddress.error), /127\.0\.0\.1 leva a 127\.0\.0\.1/);
      const compatible = await poster.post(receiver.url.replace('127.0.0.1', '[::127.0.0.1]'), {}, '{}');
      assert.match(String(compatible.error), /::7f00:1 leva a ::7f00:1/);
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
