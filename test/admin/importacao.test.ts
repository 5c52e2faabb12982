import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { businessDate } from '../../src/domain/dates.js';
import { exportCsv } from '../../src/import/export.js';
import { seed } from '../../src/seed/load.js';
import { AdminAgent, createTestAdmin, csrfOf } from '../helpers/admin.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const MEMBERS = 30;
const FORM = '/admin/importacao';

interface Upload {
  name: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser sends it: the fields, then each file under `arquivos`. */
function multipartBody(fields: Record<string, string>, files: readonly Upload[]) {
  const boundary = `----associa${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivos"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The report's rows of counts, by file: [arquivo, formato, codificação, separador, linhas, novos, …, recusadas]. */
const fileRows = (html: string) =>
  [...html.matchAll(/<tr data-arquivo="[^"]*">([\s\S]*?)<\/tr>/g)].map((match) =>
    [...match[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '').trim()),
  );
const findingRows = (html: string) =>
  [...html.matchAll(/<tr data-achado>([\s\S]*?)<\/tr>/g)].map((match) =>
    [...match[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '').trim()),
  );

describe('Importação', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let agent: AdminAgent;
  let files: Record<string, Buffer>;
  let uploads: string;
  const kept = () => readdirSync(uploads).length;

  let outerTmpdir: string | undefined;

  before(async () => {
    // This process's own temporary directory: the uploads kept are counted, and other test processes upload too.
    // The uploads' folder follows TMPDIR: this file's own, given back afterwards to the other files of its process.
    outerTmpdir = process.env.TMPDIR;
    process.env.TMPDIR = mkdtempSync(join(tmpdir(), 'associa-importacao-tmp-'));
    uploads = join(process.env.TMPDIR, 'associa-importacao');
    // The files come from another database, seeded and exported as the member-management system would.
    const source = await createTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'associa-importacao-teste-'));
    try {
      const now = new Date();
      await seed(source.database, { members: MEMBERS, seed: 5, now, today: businessDate(now), reset: false });
      const paths = await exportCsv(source.database, dir);
      files = Object.fromEntries(paths.map((path) => [path.split('/').pop()!, readFileSync(path)]));
    } finally {
      await source.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
    t = await createTestDatabase();
    app = await buildApp({ config: loadConfig({ REDIS_URL: process.env.REDIS_URL }), database: t.database, logger: { level: 'error' } });
    await createTestAdmin(app);
    agent = new AdminAgent(app);
    await agent.login();
  });
  after(async () => {
    await app.close();
    await t.dispose();
    rmSync(process.env.TMPDIR!, { recursive: true, force: true });
    if (outerTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmpdir;
  });

  const set = (...names: string[]) => names.map((name) => ({ name, bytes: files[name]! }));
  const members = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('associado')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Sends `uploads` with the form's CSRF token (or `csrf`), as the browser does. */
  async function upload(uploads: readonly Upload[], fields: Record<string, string> = {}, csrf?: string): Promise<LightMyRequestResponse> {
    const token = csrf ?? csrfOf((await agent.get(FORM)).body);
    const { payload, contentType } = multipartBody({ _csrf: token, ...fields }, uploads);
    return app.inject({
      method: 'POST',
      url: FORM,
      payload,
      headers: { 'content-type': contentType, cookie: agent.sessionCookie },
    });
  }

  const auditRows = async () => {
    await app.audit.flush();
    return (
      await t.database.db
        .selectFrom('auditoria')
        .select(['detalhe', 'admin_id', 'rota', 'status'])
        .where('detalhe', 'like', '%importação%')
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, detalhe: row.detalhe! }));
  };

  it('shows the form: several CSV files, the skip-invalid option, the formats, and a link in the navigation', async () => {
    const page = await agent.get(FORM);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<a href="\/admin\/importacao" aria-current="page">Importação<\/a>/);
    assert.match(page.body, /<form method="post" action="\/admin\/importacao" enctype="multipart\/form-data">/);
    assert.match(page.body, /<input id="arquivos" name="arquivos" type="file" multiple required accept=".csv,text\/csv"/);
    assert.match(page.body, /name="gravar_validas" value="sim"[^>]*\/?>\s*Gravar só as linhas válidas/);
    assert.match(page.body, /docs\/importacao\.md/);
    assert.match(page.body, /<code>associados\.csv<\/code>/);
  });

  it('validates a valid set without writing, then imports it once on confirmation, however often it is confirmed', async () => {
    const sent = await upload(set('regionais.csv', 'categorias.csv', 'associados.csv', 'crms.csv'));
    assert.equal(sent.statusCode, 303);
    const location = String(sent.headers.location);
    assert.match(location, /^\/admin\/importacao\/[A-Za-z0-9_-]{22}$/);
    assert.equal(await members(), 0, 'the validation writes nothing');

    const report = await agent.get(location);
    assert.equal(report.statusCode, 200);
    assert.match(report.body, /Validação concluída: nada foi gravado ainda/);
    const rows = fileRows(report.body);
    const associados = rows.find((row) => row[0] === 'associados.csv')!;
    assert.deepEqual(associados.slice(1), [
      'associados',
      'UTF-8',
      ';ponto e vírgula',
      String(MEMBERS),
      String(MEMBERS),
      '0',
      '0',
      '0',
      '0',
    ]);
    assert.equal(rows.find((row) => row[0] === 'crms.csv')![1], 'crms');
    assert.match(report.body, /Nenhum: todas as linhas passaram na validação/);
    assert.match(report.body, /<button type="submit">Confirmar importação<\/button>/);

    const confirm = () => agent.postRaw(`${location}/confirmar`, { _csrf: csrfOf(report.body) });
    const confirmed = await confirm();
    assert.equal(confirmed.statusCode, 303);
    assert.equal(confirmed.headers.location, location);
    assert.equal(await members(), MEMBERS);
    const result = await agent.get(location);
    assert.match(result.body, /<h1>Importação gravada<\/h1>/);
    assert.equal(fileRows(result.body).find((row) => row[0] === 'associados.csv')![5], String(MEMBERS));
    assert.match(result.body, /<dt>Linhas com problemas<\/dt>\s*<dd>nenhuma: todas as linhas foram gravadas<\/dd>/);
    assert.doesNotMatch(result.body, /impedem a importação inteira/);
    assert.doesNotMatch(result.body, /Confirmar importação/);

    // A reload of the confirmation, or a second click: nothing is imported again.
    const again = await confirm();
    assert.equal(again.statusCode, 303);
    assert.equal(again.headers.location, location);
    assert.equal(await members(), MEMBERS);
    const reloaded = await agent.get(location);
    assert.match(reloaded.body, /<h1>Importação gravada<\/h1>/);
    assert.deepEqual(fileRows(reloaded.body), fileRows(result.body));

    const audit = await auditRows();
    assert.equal(audit.length, 3);
    assert.ok(audit.every((row) => row.admin_id !== null));
    assert.match(
      audit[0]!.detalhe,
      /^importação enviada \(validação, envio [\w-]{8}\): regionais\.csv \(regionais: .*associados\.csv \(associados: 30 novos, 0 alterados, 0 inalterados, 0 removidos, 0 recusadas\)/,
    );
    assert.match(audit[1]!.detalhe, /^importação gravada \(envio [\w-]{8}\): .*associados\.csv \(associados: 30 novos/);
    assert.match(audit[2]!.detalhe, /^importação já confirmada, nada refeito/);
    assert.deepEqual(
      audit.map((row) => row.rota),
      ['/admin/importacao', '/admin/importacao/:id/confirmar', '/admin/importacao/:id/confirmar'],
    );

    // The same files again: all unchanged, nothing to confirm.
    const same = await agent.get(String((await upload(set('associados.csv'))).headers.location));
    assert.deepEqual(fileRows(same.body)[0]!.slice(5, 8), ['0', '0', String(MEMBERS)]);
    assert.match(same.body, /Nada a gravar: os arquivos são iguais ao que o banco já tem/);
    assert.doesNotMatch(same.body, /Confirmar importação/);
  });

  it('lists the findings of a file with errors and offers no confirmation, unless only the valid lines are to be written', async () => {
    const text = files['associados.csv']!.toString('utf8');
    const lines = text.split('\r\n');
    const cpf = /;(\d{3}\.\d{3}\.\d{3}-\d{2});/.exec(lines[2]!)![1]!;
    // A new member with a CPF whose check digits are wrong, and the renamed one of line 2.
    const wrong = lines[2]!.replace(/^\d{6}/, '099999').replace(cpf, `${cpf.slice(0, -2)}${cpf.endsWith('00') ? '11' : '00'}`);
    const renamed = lines[1]!.replace(/;[^;]+;/, ';Nome Alterado;');
    const bad = { name: 'associados.csv', bytes: Buffer.from([lines[0], renamed, wrong, ...lines.slice(2)].join('\r\n')) };

    const checked = String((await upload([bad])).headers.location);
    const report = await agent.get(checked);
    assert.equal(report.statusCode, 200);
    const findings = findingRows(report.body);
    assert.ok(findings.length >= 1, report.body);
    assert.equal(findings[0]![0], '3');
    assert.equal(findings[0]![1], 'cpf');
    assert.match(findings[0]![3]!, /CPF/i);
    assert.deepEqual(fileRows(report.body)[0]!.slice(5), ['0', '1', String(MEMBERS - 1), '0', '1']);
    assert.match(report.body, /Nada pode ser gravado: há problemas nos arquivos/);
    assert.doesNotMatch(report.body, /Confirmar importação/);
    const refused = await agent.postRaw(`${checked}/confirmar`, { _csrf: csrfOf(report.body) });
    assert.equal(refused.statusCode, 303);
    assert.equal(
      (await t.database.db.selectFrom('associado').select('nome').where('nome', '=', 'Nome Alterado').execute()).length,
      0,
      'a refused confirmation writes nothing',
    );

    const skipping = await upload([bad], { gravar_validas: 'sim' });
    const location = String(skipping.headers.location);
    const offered = await agent.get(location);
    assert.match(offered.body, /menos 1 linha recusada/);
    assert.match(offered.body, /Confirmar importação/);
    await agent.postRaw(`${location}/confirmar`, { _csrf: csrfOf(offered.body) });
    const written = (await agent.get(location)).body;
    assert.match(written, /Importação gravada/);
    assert.match(written, /<dd>1 linha ficou de fora \(não foi gravada\); as demais foram gravadas<\/dd>/);
    assert.equal((await t.database.db.selectFrom('associado').select('nome').where('nome', '=', 'Nome Alterado').execute()).length, 1);
    assert.equal(await members(), MEMBERS, 'the line with the wrong CPF stayed out');
  });

  it("with only the valid lines to be written, a member's refused CRM line leaves its CRMs as they are", async () => {
    const lines = files['crms.csv']!.toString('utf8').split('\r\n');
    const [matricula, uf] = lines[1]!.split(';');
    lines[1] = lines[1]!.replace(`;${uf};`, ';ZZ;');
    const crms = () =>
      t.database.db
        .selectFrom('crm')
        .select(['uf', 'numero', 'tipo', 'situacao'])
        .where('associado', '=', Number(matricula))
        .orderBy('numero')
        .execute();
    const before = await crms();
    assert.ok(before.length > 0);
    const location = String(
      (await upload([...set('associados.csv'), { name: 'crms.csv', bytes: Buffer.from(lines.join('\r\n')) }], { gravar_validas: 'sim' }))
        .headers.location,
    );
    const offered = await agent.get(location);
    assert.equal(fileRows(offered.body).find((row) => row[0] === 'crms.csv')![8], '0', 'nothing removed');
    await agent.postRaw(`${location}/confirmar`, { _csrf: csrfOf(offered.body) });
    const written = await agent.get(location);
    assert.equal(fileRows(written.body).find((row) => row[0] === 'crms.csv')![8], '0');
    assert.deepEqual(await crms(), before);
  });

  it('refuses an upload without a file, beyond 12 files or 50 MB, and keeps nothing of it', async () => {
    const before = kept();
    const none = await upload([]);
    assert.equal(none.statusCode, 400);
    assert.match(none.body, /Escolha ao menos um arquivo CSV/);

    const many = await upload(
      Array.from({ length: 13 }, (_, index) => ({ name: `associados-${index}.csv`, bytes: files['associados.csv']! })),
    );
    assert.equal(many.statusCode, 413);
    assert.match(many.body, /Envie no máximo 12 arquivos de uma vez/);

    const huge = await upload([{ name: 'associados.csv', bytes: Buffer.alloc(50 * 1024 * 1024 + 1, 'a') }]);
    assert.equal(huge.statusCode, 413);
    assert.match(huge.body, /O arquivo associados\.csv passa de 50 MB, o limite por arquivo/);
    assert.equal(kept(), before);
  });

  it('refuses an upload without a valid CSRF token, and keeps nothing of it', async () => {
    const before = kept();
    for (const csrf of ['', 'forjado']) {
      const response = await upload(set('associados.csv'), {}, csrf);
      assert.equal(response.statusCode, 403, csrf);
      assert.match(response.body, /Formulário expirado/);
    }
    const location = String((await upload(set('associados.csv'))).headers.location);
    const confirm = await agent.postRaw(`${location}/confirmar`, { _csrf: 'forjado' });
    assert.equal(confirm.statusCode, 403);
    assert.equal(kept(), before + 1);
  });

  it('shows an upload to the session that sent it only, and sends whoever is not logged in to the login', async () => {
    const location = String((await upload(set('associados.csv'))).headers.location);
    const other = new AdminAgent(app);
    await other.login();
    assert.equal((await other.get(location)).statusCode, 404);
    assert.equal((await other.postRaw(`${location}/confirmar`, { _csrf: csrfOf((await other.get(FORM)).body) })).statusCode, 404);

    const stranger = new AdminAgent(app);
    const page = await stranger.get(FORM);
    assert.equal(page.statusCode, 303);
    assert.equal(page.headers.location, '/admin/entrar?proximo=%2Fadmin%2Fimportacao');
    assert.match(String((await stranger.get(location)).headers.location), /^\/admin\/entrar/);
    const { payload, contentType } = multipartBody({}, set('associados.csv'));
    const post = await app.inject({ method: 'POST', url: FORM, payload, headers: { 'content-type': contentType } });
    assert.equal(post.statusCode, 401);
  });
});
