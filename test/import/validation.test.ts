import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { KINDS } from '../../src/import/formats.js';
import { importFiles, type ImportReport } from '../../src/import/import.js';
import { bufferSource, fileSource } from '../../src/import/read.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/database.js';
import { runCli } from '../helpers/processes.js';

const csv = (lines: readonly string[]) => lines.join('\r\n') + '\r\n';

/** Lines 2 and 3 are valid; every other line has the fault its comment names. */
const ASSOCIADOS = csv([
  'matricula;nome;cpf;email;categoria;situacao;regional;data_admissao',
  '000101;Ana Beatriz Souza;529.982.247-25;ana@exemplo.com.br;titular;ativo;SP;02/03/2015',
  '102;Carlos Eduardo Lima;11144477735;carlos@exemplo.com.br;efetivo;ativo;rj;2018-07-01',
  '000103;Dora Mendes;529.982.247-24;dora@exemplo.com.br;titular;ativo;SP;02/03/2015', // check digits
  'abc;Eva Nunes;390.533.447-05;eva@exemplo.com.br;titular;ativo;SP;02/03/2015', // matrícula
  '000105;Fábio Reis;876.543.210-07;fabio@exemplo.com.br;diretor;ativo;SP;02/03/2015', // categoria
  '000106;Gil Torres;123.456.789-09;gil@exemplo.com.br;titular;ativo;XX;02/03/2015', // regional
  '000107;Hugo Prado;987.654.321-00;hugo@exemplo.com.br;titular;ativo;SP;31/02/2015', // date
  '000101;Iara Dias;935.411.347-80;iara@exemplo.com.br;titular;ativo;SP;02/03/2015', // matrícula repeated
  '000109;João Vaz;111.444.777-35;joao@exemplo.com.br;titular;ativo;SP;02/03/2015', // CPF repeated
  '000110;Lia Costa;714.602.380-01;lia-sem-arroba;titular;ativo;SP;02/03/2015', // e-mail
  '000111;Mara Luz;314.736.890-40;mara@exemplo.com.br;titular;morta;SP;02/03/2015', // situação
  '000112;Nina Paz;248.438.034-80;nina@exemplo.com.br;titular;ativo;SP', // columns
]);

const CRMS = csv([
  'matricula;uf;numero;tipo;situacao',
  '000101;SP;123456;principal;regular',
  '102;RJ;654321;principal;regular',
  '102;SP;abc;secundaria;regular', // número
  '000101;ZZ;777;secundaria;regular', // uf
  '999999;SP;888;principal;regular', // unknown member
  '000101;SP;123456;secundaria;regular', // CRM repeated
]);

const FATURAS = csv([
  'numero;tipo;descricao;matricula;ano_referencia;curso;valor;vencimento;situacao;cancelada_em;estornada_em',
  'IMP/1;anuidade;Anuidade 2026;000101;2026;;R$ 1.234,56;31/03/2026;aberta;;',
  'IMP/2;taxa_prova;Taxa de prova;102;;;350.00;2026-04-30;paga;;',
  'IMP/3;anuidade;Anuidade 2026;000999;2026;;100,00;31/03/2026;aberta;;', // unknown member
  'IMP/4;anuidade;Anuidade 2026;000101;2026;;12,3,4;31/03/2026;aberta;;', // valor
  'IMP/5;anuidade;Anuidade 2026;000101;;;100,00;31/03/2026;aberta;;', // ano_referencia missing
  'IMP/6;inscricao;Inscrição;000101;;curso-que-nao-existe;100,00;31/03/2026;aberta;;', // course
  'IMP/7;anuidade;Anuidade 2026;000101;2026;;100,00;31/03/2026;paga;;', // paid without payment
  'IMP/8;anuidade;Anuidade 2026;000101;2026;;100,00;2026-13-01;aberta;;', // vencimento
]);

const PAGAMENTOS = csv([
  'fatura;pago_em;valor_pago;forma;transacao_id;nfse_numero;nfse_codigo_verificacao;nfse_emitida_em;nfse_municipio',
  'IMP/2;10/04/2026 14:30;350,00;pix;E1234;;;;',
  'IMP/404;10/04/2026 14:30;350,00;pix;E1235;;;;', // unknown invoice
  'IMP/1;ontem;350,00;cheque;E1236;;;;', // pago_em and forma
  'IMP/4;10/04/2026 14:30;100,00;pix;E1237;;;;', // invoice refused (its valor)
]);

/** [file, line, column] of every fault above. */
const EXPECTED: readonly [string, number, string | null][] = [
  ['associados.csv', 4, 'cpf'],
  ['associados.csv', 5, 'matricula'],
  ['associados.csv', 6, 'categoria'],
  ['associados.csv', 7, 'regional'],
  ['associados.csv', 8, 'data_admissao'],
  ['associados.csv', 9, 'matricula'],
  ['associados.csv', 10, 'cpf'],
  ['associados.csv', 11, 'email'],
  ['associados.csv', 12, 'situacao'],
  ['associados.csv', 13, null],
  ['crms.csv', 2, 'matricula'], // 101 has refused lines (5, 7): its CRMs are left as they are
  ['crms.csv', 3, 'matricula'], // and so has 102 (4)
  ['crms.csv', 4, 'numero'],
  ['crms.csv', 5, 'uf'],
  ['crms.csv', 6, 'matricula'],
  ['crms.csv', 7, 'numero'],
  ['faturas.csv', 2, 'situacao'], // open, with a (refused) payment in pagamentos.csv
  ['faturas.csv', 4, 'matricula'],
  ['faturas.csv', 5, 'valor'],
  ['faturas.csv', 6, 'ano_referencia'],
  ['faturas.csv', 7, 'curso'],
  ['faturas.csv', 8, 'situacao'],
  ['faturas.csv', 9, 'vencimento'],
  ['pagamentos.csv', 3, 'fatura'],
  ['pagamentos.csv', 4, 'pago_em'],
  ['pagamentos.csv', 4, 'forma'],
  ['pagamentos.csv', 5, 'fatura'],
];

describe('associa import: checks before anything is written', () => {
  let t: TestDatabase;
  let dir: string;
  let files: string[];

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'associa-import-'));
    files = Object.entries({ 'associados.csv': ASSOCIADOS, 'crms.csv': CRMS, 'faturas.csv': FATURAS, 'pagamentos.csv': PAGAMENTOS }).map(
      ([name, text]) => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      },
    );
  });
  beforeEach(async () => {
    await t?.dispose();
    t = await createTestDatabase();
  });
  after(async () => {
    await t?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async (table: string) =>
    (await sql.raw<{ n: number }>(`select count(*)::int as n from ${table}`).execute(t.database.db)).rows[0]!.n;

  function findings(report: ImportReport): [string, number, string | null][] {
    return report.arquivos.flatMap((file) => file.achados.map((f) => [file.arquivo, f.linha, f.coluna] as [string, number, string | null]));
  }

  it('names each faulty line and column in Portuguese, and writes nothing', async () => {
    const report = await importFiles(t.database, files.map(fileSource));
    assert.equal(report.gravado, false);
    assert.equal(report.motivo, 'erros');
    const found = findings(report);
    for (const expected of EXPECTED)
      assert.ok(
        found.some((f) => f.join() === expected.join()),
        `${expected.join(' ')} in ${JSON.stringify(found)}`,
      );
    assert.equal(found.length, EXPECTED.length, JSON.stringify(report.arquivos.flatMap((f) => f.achados)));
    const members = report.arquivos.find((f) => f.tipo === 'associados')!;
    assert.equal(members.recusadas, 10);
    assert.match(members.achados.find((f) => f.linha === 4)!.mensagem, /dígitos verificadores/);
    assert.deepEqual(
      members.achados.find((f) => f.linha === 9),
      {
        linha: 9,
        coluna: 'matricula',
        valor: '000101',
        mensagem: 'matrícula repetida (primeira vez na linha 2)',
      },
    );
    const payments = report.arquivos.find((f) => f.tipo === 'pagamentos')!;
    assert.equal(payments.achados.find((f) => f.linha === 5)!.mensagem, 'fatura recusada em faturas.csv (linha 5)');
    assert.equal(report.arquivos.find((f) => f.tipo === 'faturas')!.achados.find((f) => f.linha === 4)!.valor, '000999');
    for (const table of ['associado', 'crm', 'fatura']) assert.equal(await count(table), 0, table);
  });

  it('writes nothing with --dry-run even when every line is valid', async () => {
    const valid = bufferSource('associados.csv', Buffer.from(ASSOCIADOS.split('\r\n').slice(0, 3).join('\r\n')));
    const report = await importFiles(t.database, [valid], { dryRun: true });
    assert.equal(report.motivo, 'simulacao');
    assert.deepEqual(report.arquivos[0]!.contagem, { novos: 2, alterados: 0, inalterados: 0, removidos: 0 });
    assert.equal(await count('associado'), 0);
  });

  it('with --skip-invalid writes exactly the valid lines, and lists the rest', async () => {
    const report = await importFiles(t.database, files.map(fileSource), { skipInvalid: true });
    assert.equal(report.gravado, true);
    const { rows: members } = await sql<{ matricula: number; nome: string; regional: string }>`
      select matricula, nome, regional from associado order by matricula`.execute(t.database.db);
    assert.deepEqual(members, [
      { matricula: 101, nome: 'Ana Beatriz Souza', regional: 'SP' },
      { matricula: 102, nome: 'Carlos Eduardo Lima', regional: 'RJ' },
    ]);
    const { rows: crms } = await sql<{ associado: number; uf: string; numero: number }>`
      select associado, uf, numero from crm order by numero`.execute(t.database.db);
    // Each member's CRM lines include a refused one: the file's picture of its CRMs is incomplete, none is written.
    assert.deepEqual(crms, []);
    const { rows: invoices } = await sql<{ numero: string; valor: string; status: string; forma_pagamento: string | null }>`
      select numero, valor, status, forma_pagamento from fatura order by numero`.execute(t.database.db);
    assert.deepEqual(invoices, [{ numero: 'IMP/2', valor: '350.00', status: 'paid', forma_pagamento: 'pix' }]);
    assert.equal(findings(report).length, EXPECTED.length);
  });

  it('reads Windows-1252 with ";" and UTF-8 with "," and a byte-order mark alike', async () => {
    const text = csv([
      'Matrícula;Nome;CPF;E-mail;Categoria;Situação;Regional;Data de admissão',
      '201;João Conceição Araújo;529.982.247-25;joao@exemplo.com.br;Titular;Ativo;SP;01/02/2020',
    ]);
    const latin = await importFiles(t.database, [bufferSource('associados.csv', Buffer.from(text, 'latin1'))]);
    assert.equal(latin.gravado, true, JSON.stringify(latin.arquivos[0]!.achados));
    assert.equal(latin.arquivos[0]!.codificacao, 'windows-1252');
    assert.equal(latin.arquivos[0]!.separador, ';');
    const utf8 = csv([
      'matricula,nome,cpf,email,categoria,situacao,regional,data_admissao',
      '202,"Conceição, Maria",111.444.777-35,maria@exemplo.com.br,efetivo,ativo,RJ,2021-05-06',
    ]);
    const comma = await importFiles(t.database, [
      bufferSource('associados-2026.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(utf8)])),
    ]);
    assert.equal(comma.gravado, true, JSON.stringify(comma.arquivos[0]!.achados));
    assert.equal(comma.arquivos[0]!.codificacao, 'utf-8');
    const { rows } = await sql<{ nome: string }>`select nome from associado order by matricula`.execute(t.database.db);
    assert.deepEqual(
      rows.map((row) => row.nome),
      ['João Conceição Araújo', 'Conceição, Maria'],
    );
  });

  it("imports the repository's examples (docs/importacao.md) into an empty database without a finding", async () => {
    const examples = new URL('../../examples/importacao/', import.meta.url).pathname;
    const report = await importFiles(
      t.database,
      readdirSync(examples).map((name) => fileSource(join(examples, name))),
    );
    assert.equal(report.gravado, true, JSON.stringify(report.arquivos.flatMap((f) => f.achados)));
    assert.deepEqual(report.arquivos.map((f) => f.tipo).sort(), [...KINDS].sort());
    assert.equal(await count('associado'), 30);
  });

  it('with --full reports the members a complete export lacks, and with a status gives it to them, deleting none', async () => {
    const two = bufferSource('associados.csv', Buffer.from(ASSOCIADOS.split('\r\n').slice(0, 3).join('\r\n')));
    assert.equal((await importFiles(t.database, [two])).gravado, true);
    const one = () => bufferSource('associados.csv', Buffer.from(ASSOCIADOS.split('\r\n').slice(0, 2).join('\r\n')));
    const reported = await importFiles(t.database, [one()], { full: true });
    assert.deepEqual(reported.ausentes, { total: 1, amostra: [102], marcados: 0, ilegiveis: 0 });
    const marked = await importFiles(t.database, [one()], { full: 'cancelado' });
    assert.deepEqual(marked.ausentes, { total: 1, amostra: [102], marcados: 1, ilegiveis: 0 });
    const { rows } = await sql<{ matricula: number; status: string }>`select matricula, status from associado order by 1`.execute(
      t.database.db,
    );
    assert.deepEqual(rows, [
      { matricula: 101, status: 'ativo' },
      { matricula: 102, status: 'cancelado' },
    ]);
  });

  it('refuses a file it cannot recognise, and an unknown column, naming them', async () => {
    const report = await importFiles(t.database, [
      bufferSource('planilha.csv', Buffer.from('a;b;c\r\n1;2;3\r\n')),
      bufferSource('crms.csv', Buffer.from('matricula;uf;numero;tipo;situacao;observacao\r\n')),
    ]);
    assert.equal(report.motivo, 'arquivo_ilegivel');
    assert.match(report.arquivos[0]!.achados[0]!.mensagem, /cabeçalho não reconhecido/);
    assert.match(report.arquivos[1]!.achados[0]!.mensagem, /colunas desconhecidas no formato crms.csv: observacao/);
  });

  it(
    'as a command: the report on standard output, exit code 1 when nothing could be written, and an audit row',
    { skip: !onPostgres },
    async () => {
      const failed = await runCli(['import', ...files], { DATABASE_URL: t.url });
      assert.equal(failed.code, 1, failed.stderr);
      assert.match(failed.stdout, /associados\.csv \(associados; UTF-8, separador ";"\): 12 linhas/);
      assert.match(failed.stdout, /linha 4, coluna cpf: CPF com dígitos verificadores inválidos \(valor "529\.982\.247-24"\)/);
      assert.match(failed.stdout, /Nada foi gravado: há linhas com erro/);
      const written = await runCli(['import', '--skip-invalid', ...files], { DATABASE_URL: t.url });
      assert.equal(written.code, 0, written.stderr);
      assert.match(written.stdout, /2 novos, 0 alterados, 0 inalterados, 10 linhas recusadas/);
      assert.match(written.stderr, /gravando/);
      const { rows } = await sql<{ status: number; detalhe: string }>`
      select status, detalhe from auditoria where rota = 'associa import' order by id`.execute(t.database.db);
      assert.deepEqual(
        rows.map((row) => row.status),
        [422, 200],
      );
      assert.match(rows[1]!.detalhe, /^importação por .+ \(gravada\) de 4 arquivos — associados\.csv: 12 linhas, 10 recusadas/);
    },
  );
});
