// Runs once, on the embedded database: the pages in a browser, which the database does not change (test/admin reads both).
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestAdmin } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { browserSkipReason, launchChromium, screenshotAndCheck } from '../helpers/browser.js';
import { eventually } from '../helpers/load.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

const skip = browserSkipReason();

describe('webhooks in Integrações, in a real browser', { skip }, () => {
  let fixture: ApiFixture;
  let browser: Browser;
  let page: Page;
  let base: string;
  let receiver: WebhookReceiver;
  let secret: string;

  const shot = (name: string) => screenshotAndCheck(page, name);

  const verified = () =>
    receiver.received.map(
      (delivery) =>
        new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as {
          type: string;
          dados: Record<string, unknown>;
        },
    );

  before(async () => {
    fixture = await apiFixture(100);
    await createTestAdmin(fixture.app);
    await fixture.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(fixture.app.server.address() as AddressInfo).port}`;
    receiver = await WebhookReceiver.start();
    browser = await launchChromium();
    page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
    ).newPage();
    await page.goto(`${base}/admin`);
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Senha').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${base}/admin/integracoes`);
  });
  after(async () => {
    await browser?.close();
    await fixture?.close();
    await receiver?.close();
  });

  it('registers an endpoint for a new token, shows its secret once, and sends it a test event the receiver verifies', async () => {
    await page.getByRole('link', { name: 'Nova integração' }).click();
    await page.getByLabel('Nome da integração').fill('ERP financeiro');
    await page.getByRole('checkbox', { name: /faturas:read/ }).check();
    await page.getByRole('button', { name: 'Criar token' }).click();
    await page.getByRole('link', { name: 'Voltar às integrações' }).click();
    await page.getByRole('link', { name: 'Webhooks de ERP financeiro' }).click();
    await page.getByRole('link', { name: 'Novo endpoint' }).click();
    await page.getByLabel('Endereço do receptor').fill(receiver.url);
    await page.getByRole('checkbox', { name: /fatura\.emitida/ }).uncheck();
    await shot('20-webhook-novo');
    await page.getByRole('button', { name: 'Criar endpoint' }).click();
    secret = (await page.locator('#novo-segredo').textContent())!.trim();
    assert.match(secret, /^whsec_/);
    await shot('21-webhook-segredo');

    await page.getByRole('link', { name: 'Voltar aos webhooks' }).click();
    await page.getByRole('button', { name: 'Enviar teste' }).click();
    assert.match((await page.getByRole('status').textContent())!, /Teste enviado\. O receptor respondeu 200 em \d+ ms\./);
    await shot('22-webhook-teste');
    assert.deepEqual(
      verified().map((event) => event.type),
      ['webhook.teste'],
    );
  });

  it('delivers a payment made in Simulação as fatura.paga, listed in the deliveries log', async () => {
    receiver.received.length = 0;
    const {
      rows: [open],
    } = await sql<{ numero: string; associado: number; id: number }>`
      select id, numero, associado from fatura where status = 'open' order by id limit 1`.execute(fixture.t.database.db);
    await page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: 'Simulação' }).click();
    await page.getByLabel('Matrícula, CPF ou nome do associado').fill(String(open!.associado));
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.locator('tbody tr').first().getByRole('link').first().click();
    const row = page.locator('tr', { hasText: open!.numero });
    await row.getByLabel(/Forma de pagamento/).selectOption('pix');
    await row.getByRole('button', { name: /^Pagar/ }).click();
    await eventually(() => Promise.resolve(verified().some((event) => event.type === 'fatura.paga')), 10_000, 'the payment delivered');
    const payment = verified().find((event) => event.type === 'fatura.paga')!;
    assert.equal(payment.dados.fatura_id, open!.id);

    await page.goto(`${base}/admin/integracoes`);
    await page.getByRole('link', { name: 'Webhooks de ERP financeiro' }).click();
    await page.getByRole('link', { name: /^Entregas/ }).click();
    const delivered = page.locator('tbody tr', { hasText: 'fatura.paga' });
    assert.match((await delivered.textContent())!, /entregue/);
    assert.match((await delivered.textContent())!, /200 em \d+ ms/);
    await shot('23-webhook-entregas');
  });
});
