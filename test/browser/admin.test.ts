// Runs once, on the embedded database: the pages in a browser, which the database does not change (test/admin reads both).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'kysely';
import { businessDate } from '../../src/domain/dates.js';
import { TOKEN_CACHE_MS } from '../../src/tokens/token-verifier.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestAdmin } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { browserSkipReason, launchChromium, SCREENSHOT_DIR, screenshotAndCheck } from '../helpers/browser.js';

const skip = browserSkipReason();
if (skip) console.log(`# browser suite skipped: ${skip}`);

describe('administration area in a real browser', { skip }, () => {
  let fixture: ApiFixture;
  let browser: Browser;
  let page: Page;
  let base: string;

  const shot = (name: string) => screenshotAndCheck(page, name);

  const nav = (section: string) => page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: section }).click();
  const api = (path: string, token: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });

  before(async () => {
    fixture = await apiFixture(200);
    await createTestAdmin(fixture.app);
    await fixture.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(fixture.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
    ).newPage();
  });
  after(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('shows an error for a failed login, then logs in', async () => {
    await page.goto(`${base}/admin`);
    assert.match(page.url(), /\/admin\/entrar\?proximo=/);
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Senha').fill('uma-senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    assert.equal(await page.getByRole('alert').textContent(), 'E-mail ou senha incorretos.');
    await shot('01-login-falhou');

    await page.getByLabel('Senha').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${base}/admin/integracoes`);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Integrações');
    await shot('02-integracoes');
  });

  it('creates a token that the API accepts, revokes it, and the API refuses it', async () => {
    await page.getByRole('link', { name: 'Nova integração' }).click();
    await page.getByLabel('Nome da integração').fill('Sistema de provas');
    await page.getByRole('checkbox', { name: /associados:situacao/ }).check();
    await page.getByLabel('Validade').selectOption('30d');
    await shot('03-nova-integracao');
    await page.getByRole('button', { name: 'Criar token' }).click();
    const token = (await page.locator('#novo-token').textContent())!.trim();
    assert.match(token, /^associa_/);
    await shot('04-token-criado');

    assert.equal((await api('/api/v1/associados/1/situacao', token)).status, 200);

    await page.getByRole('link', { name: 'Voltar às integrações' }).click();
    const row = page.locator('tr', { hasText: 'Sistema de provas' });
    await row.getByRole('link', { name: /Revogar/ }).click();
    await shot('05-revogar');
    await page.getByRole('button', { name: 'Revogar' }).click();
    await page.waitForURL(/feito=revogado/);
    assert.match((await page.getByRole('status').textContent())!, /Token revogado/);
    await shot('06-revogado');

    await new Promise((resolve) => setTimeout(resolve, TOKEN_CACHE_MS + 50));
    assert.equal((await api('/api/v1/associados/1/situacao', token)).status, 401);
  });

  it('shows in Auditoria which member the token read, and when', async () => {
    await fixture.app.audit.flush();
    await nav('Auditoria');
    const tokenOption = await page.locator('#token option', { hasText: 'Sistema de provas' }).getAttribute('value');
    await page.getByLabel('Quem').selectOption(tokenOption);
    await page.getByLabel('Matrícula do associado').fill('000001');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const rows = page.locator('tbody tr');
    // The call after revocation is the token's too, but its 401 carried no member's data.
    assert.equal(await rows.count(), 1);
    // Route, status, how many requests the row stands for, then the matrícula.
    assert.match((await rows.first().textContent())!, /GET \/api\/v1\/associados\/:id\/situacao\s*200\s*1\s*000001/);
    await shot('08-auditoria');
    const overflow = await page.evaluate(() => {
      const wrap = document.querySelector('.table-wrap')!;
      return wrap.scrollWidth - wrap.clientWidth;
    });
    assert.ok(overflow <= 0, `at 1280 px the trail's table is ${overflow}px wider than the page`);

    await page.getByRole('link', { name: 'Relatório do titular' }).click();
    await page.getByLabel('Matrícula ou CPF do associado').fill('000001');
    await page.getByRole('button', { name: 'Gerar relatório' }).click();
    const access = page.locator('tr[data-acesso]', { hasText: 'Sistema de provas' });
    assert.equal(await access.count(), 1);
    assert.match((await access.textContent())!, /Situação do associado\s*situação\s*200\s*1/);
    await shot('08-titular');
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('button', { name: 'Gerar relatório' }).isVisible(), false, 'the form is not printed');
    await page.screenshot({ path: join(SCREENSHOT_DIR, '08-titular-impresso.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  });

  it("draws each integration's use in Auditoria and on its page in Integrações, as the rollups hold them", async () => {
    const db = fixture.t.database.db;
    const { id } = await db.selectFrom('api_token').select('id').where('nome', '=', 'Sistema de provas').executeTakeFirstOrThrow();
    // Earlier days, as other instances wrote them.
    await sql`insert into uso_token_hora (token_id, hora, rota, requisicoes, erros, recusadas)
      select ${id}, date_trunc('hour', now()) - make_interval(hours => h), '/api/v1/associados/:id/situacao', 40 + h % 60, h % 4, h % 3
        from generate_series(1, 200, 5) h`.execute(db);
    await nav('Auditoria');
    const strip = page.locator(`svg.strip[data-token="${id}"]`);
    const drawn = await strip
      .locator('rect[data-requisicoes]')
      .evaluateAll((bars) => bars.map((bar) => [bar.getAttribute('data-hora'), Number(bar.getAttribute('data-requisicoes'))]));
    const { rows: hours } = await sql<{ hora: Date; r: number }>`
      select hora, sum(requisicoes)::int as r from uso_token_hora
       where token_id = ${id} and hora >= date_trunc('hour', now()) - interval '167 hours' group by hora order by hora`.execute(db);
    assert.deepEqual(
      drawn,
      hours.map((row) => [row.hora.toISOString(), row.r]),
    );
    const box = (await strip.boundingBox())!;
    assert.ok(box.x + box.width <= 1280, `the strip ends at ${box.x + box.width} px`);
    await page.locator('#uso-titulo').scrollIntoViewIfNeeded();
    await shot('08-auditoria-uso');

    await page.locator('.strips a', { hasText: 'Sistema de provas' }).click();
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Uso do token');
    const days = await page
      .locator('g[data-dia]')
      .evaluateAll((bars) =>
        bars
          .map((bar) => ['dia', 'requisicoes', 'erros', 'recusadas'].map((name) => bar.getAttribute(`data-${name}`)))
          .filter((bar) => bar[1] !== '0'),
      );
    const { rows: perDay } = await sql<{ dia: string; r: number; e: number; x: number }>`
      select to_char((hora at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as dia, sum(requisicoes)::int as r,
             sum(erros)::int as e, sum(recusadas)::int as x
        from uso_token_hora where token_id = ${id} group by 1 order by 1`.execute(db);
    assert.deepEqual(
      days,
      perDay.map((row) => [row.dia, String(row.r), String(row.e), String(row.x)]),
    );
    const overflow = await page.evaluate(() => {
      const figure = document.querySelector('figure.chart')!;
      return figure.scrollWidth - figure.clientWidth;
    });
    assert.ok(overflow <= 0, `at 1280 px the chart is ${overflow}px wider than its place`);
    await shot('09-uso');
  });

  it('simulates the payment of an overdue annual fee, and the API sees the member become adimplente', async () => {
    const today = businessDate(new Date());
    const {
      rows: [fee],
    } = await sql<{ numero: string; associado: number }>`
      select f.numero, f.associado from fatura f
       where f.kind = 'anuidade' and f.status = 'open' and f.vencimento < ${today}::date
         and f.ano_referencia <= ${Number(today.slice(0, 4))}
         and (select count(*) from fatura g where g.associado = f.associado and g.kind = 'anuidade' and g.status = 'open'
                and g.vencimento < ${today}::date and g.ano_referencia <= ${Number(today.slice(0, 4))}) = 1
       order by f.id limit 1`.execute(fixture.t.database.db);
    assert.ok(fee, 'the demo data has a member whose only overdue annual fee can be paid');
    const token = await fixture.token(['associados:situacao']);
    const situacao = async () =>
      ((await (await api(`/api/v1/associados/${fee.associado}/situacao`, token)).json()) as { adimplente: boolean }).adimplente;
    assert.equal(await situacao(), false);

    await nav('Simulação');
    await page.getByLabel('Matrícula, CPF ou nome do associado').fill(String(fee.associado));
    await page.getByRole('button', { name: 'Buscar' }).click();
    await shot('09-simulacao-busca');
    await page.locator('tbody tr').first().getByRole('link').first().click();
    const row = page.locator('tr', { hasText: fee.numero });
    assert.match((await row.textContent())!, /vencida/);
    await shot('10-simulacao-associado');
    await row.getByLabel(/Forma de pagamento/).selectOption('pix');
    await row.getByRole('button', { name: /^Pagar/ }).click();
    assert.match((await page.getByRole('status').textContent())!, /NFS-e/);
    await shot('11-simulacao-paga');
    assert.equal(await situacao(), true);

    await nav('Caixa de saída');
    await shot('12-caixa-de-saida');
    await page.getByRole('link', { name: `Recibo de pagamento — fatura ${fee.numero}` }).click();
    assert.match((await page.locator('pre.mail').textContent())!, /Forma de pagamento: PIX/);
    await shot('13-email');
  });

  it('fits a phone screen without horizontal scrolling of the page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/admin/integracoes`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    await shot('07-integracoes-celular');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
