import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { exportCsv } from '../../src/import/export.js';
import { importFiles } from '../../src/import/import.js';
import { bufferSource, fileSource } from '../../src/import/read.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const MEMBERS = [
  'matricula;nome;cpf;email;categoria;situacao;regional;data_admissao',
  '000101;=1+1;529.982.247-25;ana@exemplo.com.br;titular;ativo;SP;02/03/2015',
  '000102;"+SUM(A1;A2)";111.444.777-35;carlos@exemplo.com.br;efetivo;ativo;RJ;01/07/2018',
].join('\r\n');

describe('associa export: names that look like formulas', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;
  before(async () => {
    source = await createTestDatabase();
    target = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'associa-export-formulas-'));
    const report = await importFiles(source.database, [bufferSource('associados.csv', Buffer.from(MEMBERS))]);
    assert.equal(report.gravado, true, JSON.stringify(report.arquivos[0]!.achados));
  });
  after(async () => {
    await source?.dispose();
    await target?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = async (t: TestDatabase) =>
    (await sql<{ nome: string }>`select nome from associado order by matricula`.execute(t.database.db)).rows.map((r) => r.nome);

  it('writes them as they are, for re-import, and re-imports them to the same values', async () => {
    const paths = await exportCsv(source.database, join(dir, 'plain'));
    const members = readFileSync(join(dir, 'plain', 'associados.csv'), 'utf8');
    assert.match(members, /^matricula;nome;/);
    assert.match(members, /\r\n000101;=1\+1;/);
    assert.match(members, /\r\n000102;"\+SUM\(A1;A2\)";/);
    const report = await importFiles(
      target.database,
      paths.filter((path) => /(regionais|categorias|associados)\.csv$/.test(path)).map(fileSource),
    );
    assert.equal(report.gravado, true);
    assert.deepEqual(await names(target), ['=1+1', '+SUM(A1;A2)']);
  });

  it('with forSpreadsheet escapes them as the admin area does, with a byte-order mark', async () => {
    await exportCsv(source.database, join(dir, 'planilha'), { forSpreadsheet: true });
    const members = readFileSync(join(dir, 'planilha', 'associados.csv'), 'utf8');
    assert.ok(members.startsWith('\uFEFFmatricula;nome;'));
    assert.match(members, /\r\n000101;'=1\+1;/);
    assert.match(members, /\r\n000102;"'\+SUM\(A1;A2\)";/);
  });
});
