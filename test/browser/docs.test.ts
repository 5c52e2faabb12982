// Runs once, on the embedded database: the pages in a browser, which the database does not change (test/admin reads both).
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { SCREENSHOT_DIR, browserSkipReason, launchChromium } from '../helpers/browser.js';

const skip = browserSkipReason();
if (skip) console.log(`# browser suite skipped: ${skip}`);

describe('/docs in a real browser', { skip }, () => {
  let fixture: ApiFixture;
  let browser: Browser;
  let page: Page;
  let base: string;

  before(async () => {
    fixture = await apiFixture(20);
    await fixture.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(fixture.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' })).newPage();
  });
  after(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('shows Associa\'s page, and "Try it out" sends only the parameters filled in', async () => {
    await page.goto(`${base}/docs/#/faturas/listFaturas`);
    assert.equal(await page.title(), 'Associa API — documentação');
    assert.equal(await page.locator('html').getAttribute('lang'), 'pt-BR');
    await page.getByRole('img', { name: 'Associa API' }).waitFor();
    const operation = page.locator('#operations-faturas-listFaturas');
    await operation.getByRole('button', { name: 'Try it out' }).click();
    const paidTo = operation.locator('tr[data-param-name="paid_to"] input');
    assert.equal(await paidTo.inputValue(), '');
    assert.match(await operation.locator('tr[data-param-name="paid_to"]').innerText(), /Exemplo: 2026-03-31/);
    await operation.locator('tr[data-param-name="kind"] select').selectOption('anuidade');
    const sent = page.waitForRequest((request) => request.url().includes('/api/v1/faturas'));
    await operation.getByRole('button', { name: 'Execute' }).click();
    assert.equal(new URL((await sent).url()).search, '?kind=anuidade');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'docs-try-it-out.png'), fullPage: false });
  });
});
