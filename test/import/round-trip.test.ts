import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { exportCsv } from '../../src/import/export.js';
import { FORMATS } from '../../src/import/formats.js';
import { importFiles } from '../../src/import/import.js';
import { fileSource } from '../../src/import/read.js';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { ApiClient } from '../helpers/api.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** A response body without the import's own stamps: `atualizado_em` is when a row changed here, not in the source. */
function withoutStamps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutStamps);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'atualizado_em')
        .map(([key, v]) => [key, withoutStamps(v)]),
    );
  return value;
}

/**
 * The demo's data exported to the documented files (src/import/export.ts) and imported into an empty database: every
 * endpoint answers the same, but for `atualizado_em` and the events feed (the import's first load announces nothing).
 */
describe('associa export, then import into an empty database', () => {
  let source: ApiFixture;
  let target: TestDatabase;
  let targetApp: FastifyInstance;
  let targetApi: ApiClient;
  let sourceToken: string;
  let targetToken: string;
  let dir: string;
  let files: string[];

  before(async () => {
    source = await apiFixture(300);
    sourceToken = await source.token(SCOPE_NAMES);
    dir = mkdtempSync(join(tmpdir(), 'associa-export-'));
    files = await exportCsv(source.t.database, dir);
    target = await createTestDatabase();
    targetApp = await buildApp({ config: loadConfig({ REDIS_URL: process.env.REDIS_URL }), database: target.database });
    targetApi = new ApiClient(targetApp);
    targetToken = (
      await createToken(target.database.db, { nome: 'teste', scopes: SCOPE_NAMES, criadoPor: 'test', limitePorMinuto: 100_000 })
    ).token;
  });

  after(async () => {
    await targetApp?.close();
    await target?.dispose();
    await source?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function body(api: ApiClient, url: string, token: string): Promise<{ status: number; body: unknown }> {
    const response = await api.get(url, token);
    return { status: response.statusCode, body: withoutStamps(response.json()) };
  }

  /** Every page of a list, following its `Link: rel="next"`. */
  async function walk(api: ApiClient, first: string, token: string): Promise<unknown[]> {
    const items: unknown[] = [];
    let url: string | undefined = first;
    while (url) {
      const response = await api.get(url, token);
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      items.push(...(withoutStamps(response.json()) as unknown[]));
      const link = response.headers.link as string | undefined;
      const next = link && /^<([^>]+)>;\s*rel="next"/.exec(link);
      url = next ? new URL(next[1]!).pathname + new URL(next[1]!).search : undefined;
    }
    return items;
  }

  it('writes nothing with --dry-run, and counts every row as new', async () => {
    const report = await importFiles(target.database, files.map(fileSource), { dryRun: true });
    assert.equal(report.gravado, false);
    assert.equal(report.motivo, 'simulacao');
    const members = report.arquivos.find((f) => f.tipo === 'associados')!;
    assert.deepEqual(members.contagem, { novos: 300, alterados: 0, inalterados: 0, removidos: 0 });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from associado`.execute(target.database.db);
    assert.equal(rows[0]!.n, 0);
  });

  it('imports the nine files, and every endpoint then answers as it does over the source', async () => {
    // Each file read in a worker thread, as a large one is (the imports below read in the import's own thread).
    const report = await importFiles(target.database, files.map(fileSource), { workerFromBytes: 0 });
    assert.equal(report.gravado, true, JSON.stringify(report.arquivos.flatMap((f) => f.achados)));
    assert.ok(report.arquivos.every((f) => f.recusadas === 0 && f.achadosTotal === 0));

    const lists = [
      '/api/v1/associados?limit=100',
      '/api/v1/cursos?limit=50',
      '/api/v1/public/cursos?limit=50',
      '/api/v1/faturas?limit=500',
    ];
    for (const list of lists) {
      const expected = await walk(source.api, list, sourceToken);
      assert.ok(expected.length > 0, list);
      assert.deepEqual(await walk(targetApi, list, targetToken), expected, list);
    }
    const { rows } = await sql<{ matricula: number; cpf: string; crm: string | null; id: number }>`
      select a.matricula, a.cpf, (select min(uf || numero) from crm c where c.associado = a.matricula) as crm,
             (select min(id) from fatura f where f.associado = a.matricula) as id
        from associado a where a.matricula % 7 = 1 order by 1`.execute(source.t.database.db);
    const urls = rows.flatMap((row) => {
      const matricula = String(row.matricula).padStart(6, '0');
      return [
        `/api/v1/associados/${matricula}`,
        `/api/v1/associados/${matricula}/situacao`,
        `/api/v1/associados?cpf=${row.cpf}`,
        `/api/v1/associados/situacao?id=${row.cpf},${matricula}`,
        ...(row.crm ? [`/api/v1/associados?crm=${row.crm}`] : []),
        ...(row.id ? [`/api/v1/faturas/${row.id}`] : []),
      ];
    });
    urls.push('/api/v1/associados/situacao?id=000001,000002,000003', '/api/v1/cursos/1', '/api/v1/cursos/17');
    for (const url of urls) assert.deepEqual(await body(targetApi, url, targetToken), await body(source.api, url, sourceToken), url);
  });

  it('imports the same files again without changing a row or an atualizado_em', async () => {
    const stamps = sql<{ t: string }>`select md5(string_agg(x, ',' order by x)) as t from (
        select 'a' || matricula || atualizado_em::text as x from associado
        union all select 'f' || id || atualizado_em::text from fatura
        union all select 'c' || id || atualizado_em::text from curso) s`;
    const before = (await stamps.execute(target.database.db)).rows[0]!.t;
    const events = sql<{ n: number }>`select count(*)::int as n from evento`;
    const eventsBefore = (await events.execute(target.database.db)).rows[0]!.n;
    const report = await importFiles(target.database, files.map(fileSource));
    assert.equal(report.gravado, true);
    for (const file of report.arquivos) {
      assert.equal(file.contagem!.novos + file.contagem!.alterados + file.contagem!.removidos, 0, file.arquivo);
      assert.equal(file.contagem!.inalterados, file.linhas, file.arquivo);
    }
    assert.equal((await stamps.execute(target.database.db)).rows[0]!.t, before);
    assert.equal((await events.execute(target.database.db)).rows[0]!.n, eventsBefore, 'no event');
  });

  it('a file with 10 changed members changes exactly those, and announces each once; a changed invoice is written', async () => {
    // Nine members renamed in associados.csv; the tenth keeps its line, but one of its CRMs changes in crms.csv.
    const changedDir = mkdtempSync(join(tmpdir(), 'associa-changed-'));
    try {
      const renamed = [11, 22, 33, 44, 55, 66, 77, 88, 99];
      const path = (name: string) => files.find((file) => file.endsWith(`/${name}`))!;
      const members = readFileSync(path('associados.csv'), 'utf8')
        .split('\r\n')
        .map((line) => (renamed.includes(Number(line.split(';')[0])) ? line.replace(/^(\d+);([^;]+);/, '$1;$2 Filho;') : line));
      const crms = readFileSync(path('crms.csv'), 'utf8').split('\r\n');
      const crmLine = crms.findIndex((line, i) => i > 0 && !renamed.includes(Number(line.split(';')[0])) && line.endsWith(';regular'));
      const partChanged = Number(crms[crmLine]!.split(';')[0]);
      crms[crmLine] = crms[crmLine]!.replace(/;regular$/, ';transferido');
      const changedFiles = files.map((file) => join(changedDir, file.slice(file.lastIndexOf('/') + 1)));
      for (const [i, file] of files.entries()) writeFileSync(changedFiles[i]!, readFileSync(file));
      writeFileSync(join(changedDir, 'associados.csv'), members.join('\r\n'));
      writeFileSync(join(changedDir, 'crms.csv'), crms.join('\r\n'));
      // And one invoice's description, in faturas.csv: it alone is written (an invoice's description announces nothing).
      const invoices = readFileSync(path('faturas.csv'), 'utf8').split('\r\n');
      const invoiceLine = invoices.findIndex((line, i) => i > 0 && line.split(';').length === FORMATS.faturas.columns.length);
      const invoice = invoices[invoiceLine]!.split(';');
      invoice[2] = `${invoice[2]} (corrigida)`;
      invoices[invoiceLine] = invoice.join(';');
      writeFileSync(join(changedDir, 'faturas.csv'), invoices.join('\r\n'));

      const stamps = async () =>
        new Map(
          (
            await sql<{ matricula: number; t: string }>`select matricula, atualizado_em::text as t from associado`.execute(
              target.database.db,
            )
          ).rows.map((row) => [row.matricula, row.t]),
        );
      const before = await stamps();
      const [{ last }] = (await sql<{ last: number }>`select coalesce(max(id), 0)::int as last from evento`.execute(target.database.db))
        .rows as [{ last: number }];
      const report = await importFiles(target.database, changedFiles.map(fileSource));
      assert.equal(report.gravado, true);
      assert.deepEqual(report.arquivos.find((f) => f.tipo === 'associados')!.contagem, {
        novos: 0,
        alterados: 10,
        inalterados: 290,
        removidos: 0,
      });
      assert.equal(report.arquivos.find((f) => f.tipo === 'crms')!.contagem!.alterados, 1);
      assert.equal(report.arquivos.find((f) => f.tipo === 'faturas')!.contagem!.alterados, 1);
      const { rows: described } = await sql<{ descricao: string }>`select descricao from fatura where numero = ${invoice[0]!}`.execute(
        target.database.db,
      );
      assert.equal(described[0]!.descricao, invoice[2]);
      const after = await stamps();
      const changed = [...after].filter(([matricula, t]) => before.get(matricula) !== t).map(([matricula]) => matricula);
      const expected = [...renamed, partChanged].sort((a, b) => a - b);
      assert.deepEqual(
        changed.sort((a, b) => a - b),
        expected,
      );
      const { rows: events } = await sql<{ tipo: string; matricula: number }>`
        select tipo, matricula from evento where id > ${last} order by matricula`.execute(target.database.db);
      assert.deepEqual(
        events,
        expected.map((matricula) => ({ tipo: 'associado.atualizado', matricula })),
      );
      const { rows: names } = await sql<{ nome: string }>`select nome from associado where matricula = 11`.execute(target.database.db);
      assert.match(names[0]!.nome, / Filho$/);
    } finally {
      rmSync(changedDir, { recursive: true, force: true });
    }
  });
});
