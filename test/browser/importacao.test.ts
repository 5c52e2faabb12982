// Runs once, on the embedded database: the page in a browser, with the files a real export makes (test/admin reads both).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { cpfCheckDigits, formatCpf } from '../../src/domain/cpf.js';
import { businessDate } from '../../src/domain/dates.js';
import { exportCsv } from '../../src/import/export.js';
import { seed } from '../../src/seed/load.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestAdmin } from '../helpers/admin.js';
import { browserSkipReason, launchChromium, screenshotAndCheck } from '../helpers/browser.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const skip = browserSkipReason();
if (skip) console.log(`# browser suite skipped: ${skip}`);

const MEMBERS = 10_000;
/** Members a spreadsheet on Windows saved: Windows-1252, `;`, accents in every name. */
const ACCENTED = [
  { matricula: 20001, nome: 'João Conceição' },
  { matricula: 20002, nome: 'Maria Antônia Gonçalves Müller' },
];

describe('Importação in a real browser', { skip }, () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let browser: Browser;
  let page: Page;
  let base: string;
  let dir: string;
  /** The nine files of the export. */
  let exported: string[];
  /** associados.csv's header and a line of the export, for files of a few members. */
  let header: string;
  let cells: string[];

  const shot = (name: string) => screenshotAndCheck(page, name);
  const row = (file: string) =>
    page
      .locator(`tr[data-arquivo="${file}"] td`)
      .allTextContents()
      .then((cells) => cells.map((cell) => cell.trim()));
  /** Each table's overflow at the page's width: none should need scrolling. */
  const overflows = () => page.locator('.table-wrap').evaluateAll((wraps) => wraps.map((wrap) => wrap.scrollWidth - wrap.clientWidth));

  let outerTmpdir: string | undefined;

  before(async () => {
    // The uploads' folder follows TMPDIR: this file's own, given back afterwards to the other files of its process.
    outerTmpdir = process.env.TMPDIR;
    process.env.TMPDIR = mkdtempSync(join(tmpdir(), 'associa-importacao-navegador-'));
    dir = join(process.env.TMPDIR, 'arquivos');
    const source = await createTestDatabase();
    try {
      const now = new Date();
      await seed(source.database, { members: MEMBERS, seed: 5, now, today: businessDate(now), reset: false });
      exported = await exportCsv(source.database, dir);
    } finally {
      await source.dispose();
    }
    const [names, first] = readFileSync(join(dir, 'associados.csv'), 'utf8').split('\r\n');
    header = names!;
    cells = first!.split(';');
    const lines = ACCENTED.map(({ matricula, nome }, index) => {
      const base9 = `98765432${index}`;
      const cpf = formatCpf(`${base9}${cpfCheckDigits(base9)}`);
      return [String(matricula).padStart(6, '0'), nome, cpf, `acentos${index}@associa.example`, ...cells.slice(4)].join(';');
    });
    writeFileSync(join(dir, 'associados-planilha.csv'), Buffer.from([header, ...lines, ''].join('\r\n'), 'latin1'));

    t = await createTestDatabase();
    app = await buildApp({ config: loadConfig({}), database: t.database });
    await createTestAdmin(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
    ).newPage();
    // A click that sends the whole export waits for its validation or its import (about 30 s here), past the default.
    page.setDefaultTimeout(120_000);
    await page.goto(`${base}/admin/importacao`);
    await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Senha').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${base}/admin/importacao`);
  });
  after(async () => {
    await browser?.close();
    await app?.close();
    await t?.dispose();
    if (process.env.TMPDIR) rmSync(process.env.TMPDIR, { recursive: true, force: true });
    if (outerTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmpdir;
  });

  const members = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('associado')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // The whole export takes longer to validate and to import than a connection may otherwise stay silent.
  it('validates an export of 10,000 members without writing, then imports it on confirmation', async () => {
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Importação');
    await shot('20-importacao');
    await page.getByLabel('Arquivos CSV').setInputFiles(exported);
    await page.getByRole('button', { name: 'Validar arquivos' }).click();
    await page.waitForURL(/\/admin\/importacao\/[\w-]{22}$/, { timeout: 120_000 });
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Validação da importação');
    assert.equal(await page.locator('tr[data-arquivo]').count(), exported.length);
    assert.deepEqual((await row('associados.csv')).slice(1), [
      'associados',
      'UTF-8',
      ';ponto e vírgula',
      '10.000',
      '10.000',
      '0',
      '0',
      '0',
      '0',
    ]);
    assert.equal(await members(), 0);
    assert.deepEqual(
      (await overflows()).filter((overflow) => overflow > 0),
      [],
      'at 1280 px no table is wider than the page',
    );
    await shot('21-importacao-validada');

    const started = Date.now();
    await page.getByRole('button', { name: 'Confirmar importação' }).click();
    await page.getByRole('heading', { level: 1, name: 'Importação gravada' }).waitFor({ timeout: 120_000 });
    console.log(`# the confirmation took ${Date.now() - started} ms`);
    assert.equal((await row('associados.csv'))[5], '10.000');
    assert.equal(await members(), MEMBERS);
    const invoices = Number(
      (
        await t.database.db
          .selectFrom('fatura')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    assert.ok(invoices > 10_000);
    assert.equal((await row('faturas.csv'))[5], invoices.toLocaleString('pt-BR'));
    await shot('22-importacao-gravada');

    // A reload after the confirmation shows it again and writes nothing.
    await page.reload();
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Importação gravada');
    assert.equal(await members(), MEMBERS);
  });

  it("reads a spreadsheet's Windows-1252 file with its accents, as the page and then the API show", async () => {
    await page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: 'Importação' }).click();
    await page.getByLabel('Arquivos CSV').setInputFiles(join(dir, 'associados-planilha.csv'));
    await page.getByRole('button', { name: 'Validar arquivos' }).click();
    await page.waitForURL(/\/admin\/importacao\/[\w-]{22}$/);
    assert.deepEqual((await row('associados-planilha.csv')).slice(1, 7), ['associados', 'Windows-1252', ';ponto e vírgula', '2', '2', '0']);
    await shot('23-importacao-windows-1252');
    await page.getByRole('button', { name: 'Confirmar importação' }).click();
    await page.waitForURL(/\/admin\/importacao\/[\w-]{22}$/);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Importação gravada');

    const { token } = await createToken(t.database.db, {
      nome: 'teste',
      scopes: ['associados:read'],
      criadoPor: 'test',
      regional: null,
      limitePorMinuto: 100_000,
    });
    for (const { matricula, nome } of ACCENTED) {
      const response = await fetch(`${base}/api/v1/associados/${String(matricula).padStart(6, '0')}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(response.status, 200);
      assert.equal(((await response.json()) as { nome: string }).nome, nome);
      const stored = await t.database.db
        .selectFrom('associado')
        .select('nome')
        .where('matricula', '=', matricula)
        .executeTakeFirstOrThrow();
      assert.equal(stored.nome, nome);
    }
    assert.equal(await members(), MEMBERS + ACCENTED.length);
  });

  it('lists the findings of a file with errors, within the page, and offers no confirmation', async () => {
    const lines = [
      // Check digits that do not match, and an admission date that does not exist.
      ['020003', 'Inês Araújo', '123.456.789-00', 'ines@associa.example', ...cells.slice(4, 7), '31/02/2020'],
      ['020004', 'Cláudio Simões', '', 'claudio@associa.example', ...cells.slice(4)],
    ].map((line) => line.join(';'));
    writeFileSync(join(dir, 'associados-erros.csv'), Buffer.from([header, ...lines, ''].join('\r\n'), 'latin1'));
    await page.getByRole('link', { name: 'Enviar outros arquivos' }).click();
    await page.getByLabel('Arquivos CSV').setInputFiles(join(dir, 'associados-erros.csv'));
    await page.getByRole('button', { name: 'Validar arquivos' }).click();
    await page.waitForURL(/\/admin\/importacao\/[\w-]{22}$/);
    const findings = (await page.locator('tr[data-achado]').allTextContents()).join('\n');
    assert.match(findings, /cpf/);
    assert.match(findings, /123\.456\.789-00/);
    assert.match(findings, /31\/02\/2020/);
    assert.equal(await members(), MEMBERS + ACCENTED.length);
    assert.equal(await page.getByRole('button', { name: 'Confirmar importação' }).count(), 0);
    assert.deepEqual(
      (await overflows()).filter((overflow) => overflow > 0),
      [],
    );
    await shot('24-importacao-com-erros');
  });
});
