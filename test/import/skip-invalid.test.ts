import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { importFiles, type ImportReport } from '../../src/import/import.js';
import { bufferSource } from '../../src/import/read.js';
import { reportText } from '../../src/import/report.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const csv = (lines: readonly string[]) => Buffer.from(lines.join('\r\n') + '\r\n');

const ASSOCIADOS = [
  'matricula;nome;cpf;email;categoria;situacao;regional;data_admissao',
  '003000;Ana Beatriz Souza;529.982.247-25;ana@exemplo.com.br;titular;ativo;PE;02/03/2015',
  '003001;Carlos Eduardo Lima;111.444.777-35;carlos@exemplo.com.br;efetivo;ativo;SP;01/07/2018',
  '003002;Eva Nunes;390.533.447-05;eva@exemplo.com.br;titular;ativo;MG;02/03/2015',
  '003003;Iara Dias;935.411.347-80;iara@exemplo.com.br;titular;ativo;SP;02/03/2015',
];

const BASE = {
  'associados.csv': ASSOCIADOS,
  'crms.csv': [
    'matricula;uf;numero;tipo;situacao',
    '003000;PE;13000;principal;regular',
    '003001;SP;13001;principal;regular',
    '003001;RJ;23001;secundaria;regular',
    '003002;MG;13002;principal;regular',
    '003003;SP;13003;principal;regular',
  ],
  'especialidades.csv': ['matricula;especialidade;rqe;uf', '003000;cardiologia;1234;PE', '003001;clinica-medica;2345;SP'],
  'titulos.csv': [
    'matricula;tipo;especialidade;numero;ano',
    '003000;especialista;cardiologia;T-3000;2010',
    '003001;especialista;clinica-medica;T-3001;2012',
  ],
};

/**
 * The same members again, each with a refused part line: 3000 has only refused lines (one CRM, one specialty, one
 * title); 3001 a refused CRM line beside a valid one that would change its CRM; the CRM line of 3002 names no member
 * that can be read. 3003 is absent from associados.csv and gains a title.
 */
const WITH_REFUSED = {
  'associados.csv': ASSOCIADOS.slice(0, 4),
  'crms.csv': [
    'matricula;uf;numero;tipo;situacao',
    '003000;ZZ;13000;principal;regular',
    '003001;SP;13001;principal;inoperante',
    '003001;XX;23001;secundaria;regular',
    '3OO2;MG;13002;principal;regular',
  ],
  'especialidades.csv': ['matricula;especialidade;rqe;uf', '003000;cardiologia;123456789;PE', '003001;clinica-medica;2345;SP'],
  'titulos.csv': [
    'matricula;tipo;especialidade;numero;ano',
    '003000;especialista;cardiologia;T-3000;1800',
    '003001;especialista;clinica-medica;T-3001;2012',
    '003003;especialista;cardiologia;T-3003;2020',
  ],
};

const sources = (files: Record<string, readonly string[]>) => Object.entries(files).map(([name, lines]) => bufferSource(name, csv(lines)));

describe('associa import --skip-invalid: a refused part line leaves its member as it was', () => {
  let t: TestDatabase;

  before(async () => {
    t = await createTestDatabase();
    const base = await importFiles(t.database, sources(BASE));
    assert.equal(base.gravado, true, JSON.stringify(base.arquivos.flatMap((f) => f.achados)));
  });
  after(() => t?.dispose());

  const parts = async () =>
    (
      await sql<{ row: string }>`
        select 'crm ' || associado || ' ' || uf || ' ' || numero || ' ' || tipo || ' ' || situacao as row from crm
        union all select 'especialidade ' || associado || ' ' || especialidade || ' ' || rqe || ' ' || uf from associado_especialidade
        union all select 'titulo ' || associado || ' ' || numero || ' ' || ano from titulo
        order by 1`.execute(t.database.db)
    ).rows.map((r) => r.row);
  const stamps = async () =>
    (
      await sql<{ matricula: number; t: string }>`select matricula, atualizado_em::text as t from associado order by 1`.execute(
        t.database.db,
      )
    ).rows;
  const lastEvent = async () =>
    (await sql<{ last: number }>`select coalesce(max(id), 0)::int as last from evento`.execute(t.database.db)).rows[0]!.last;
  const file = (report: ImportReport, name: string) => report.arquivos.find((f) => f.arquivo === name)!;

  it("keeps the member's CRMs, specialties and titles, its atualizado_em and its events, and reports no removal", async () => {
    const before = { parts: await parts(), stamps: await stamps(), event: await lastEvent() };
    const report = await importFiles(t.database, sources(WITH_REFUSED), { skipInvalid: true });
    assert.equal(report.gravado, true);

    const expected = [...before.parts, 'titulo 3003 T-3003 2020'].sort();
    assert.deepEqual(await parts(), expected);
    const changed = (await stamps()).filter((row, i) => row.t !== before.stamps[i]!.t).map((row) => row.matricula);
    assert.deepEqual(changed, [3003], 'only the member given a title is stamped');
    const { rows: events } = await sql<{ matricula: number }>`select matricula from evento where id > ${before.event}`.execute(
      t.database.db,
    );
    assert.deepEqual(
      events.map((e) => e.matricula),
      [3003],
    );

    for (const name of ['crms.csv', 'especialidades.csv', 'titulos.csv']) assert.equal(file(report, name).contagem!.removidos, 0, name);
    const text = reportText(report, { skipInvalid: true });
    assert.doesNotMatch(text, /removidos/);

    // The valid line of a member with a refused one is not written either, and says why.
    const crms = file(report, 'crms.csv');
    assert.equal(crms.recusadas, 4);
    const kept = crms.achados.find((f) => f.linha === 3)!;
    assert.equal(kept.coluna, 'matricula');
    assert.equal(kept.valor, '003001');
    assert.match(
      kept.mensagem,
      /não gravada, pois a linha 4, do mesmo associado, foi recusada: as inscrições no CRM do associado ficam como estão/,
    );
    assert.ok(
      crms.achados.some(
        (f) => f.linha === 5 && /não se sabe de que associado é a linha: nenhuma inscrição no CRM é removida/.test(f.mensagem),
      ),
      JSON.stringify(crms.achados),
    );
  });

  it('with --full and a status, gives it to no one while a refused line of associados.csv names no member', async () => {
    // 3003 is missing from the file, and so may be the member of the unreadable line.
    const lines = [...ASSOCIADOS.slice(0, 4), '3OO3;Iara Dias;935.411.347-80;iara@exemplo.com.br;titular;ativo;SP;02/03/2015'];
    const statuses = async () =>
      (await sql<{ status: string }>`select status from associado order by matricula`.execute(t.database.db)).rows.map((r) => r.status);
    const before = await statuses();
    const report = await importFiles(t.database, sources({ 'associados.csv': lines }), { skipInvalid: true, full: 'cancelado' });
    assert.equal(report.gravado, true);
    assert.deepEqual(report.ausentes, { total: 1, amostra: [3003], marcados: 0, ilegiveis: 1 });
    assert.deepEqual(await statuses(), before);
    assert.match(
      reportText(report, { skipInvalid: true }),
      /nenhum teve a situação alterada: 1 linha recusada de associados.csv não diz de que associado é/,
    );
  });
});
