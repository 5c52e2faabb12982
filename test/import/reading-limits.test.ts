import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cpfCheckDigits, formatCpf } from '../../src/domain/cpf.js';
import { importFiles } from '../../src/import/import.js';
import { bufferSource } from '../../src/import/read.js';
import { MAX_RECORD, RecordGuard } from '../../src/import/record-guard.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const HEADER = 'matricula;nome;cpf;email;categoria;situacao;regional;data_admissao';

function member(matricula: number): string {
  const base = String(100_000_000 + matricula).slice(-9);
  return `${String(matricula).padStart(6, '0')};Associado ${matricula};${formatCpf(base + cpfCheckDigits(base))};a${matricula}@exemplo.com.br;titular;ativo;SP;02/03/2015`;
}

describe('associa import: lines the file cannot hold', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t?.dispose());

  it('refuses a line whose quote is never closed, by its number and column, and reads every line after it', async () => {
    // A few MB after the stray quote: read as one cell, this took time quadratic in its size.
    const count = 40_000;
    const lines = [HEADER, member(1), member(2).replace(';Associado 2;', ';"Associado 2;')];
    for (let i = 3; i <= count; i++) lines.push(member(i));
    const text = lines.join('\r\n') + '\r\n';
    assert.ok(text.length > 3_000_000);
    const report = await importFiles(t.database, [bufferSource('associados.csv', Buffer.from(text))], {
      dryRun: true,
      skipInvalid: true,
    });
    const file = report.arquivos[0]!;
    assert.equal(file.linhas, count);
    assert.deepEqual(file.achados, [
      {
        linha: 3,
        coluna: 'nome',
        valor: null,
        mensagem:
          'aspas abertas e não fechadas (uma aspa sem par?): a célula engoliria as linhas seguintes; ' +
          'a linha foi recusada e as seguintes foram lidas cada uma por si',
      },
    ]);
    assert.deepEqual(file.contagem, { novos: count - 1, alterados: 0, inalterados: 0, removidos: 0 });
  });

  it('refuses a line with a NUL byte, by its number and column, instead of failing the import', async () => {
    const text = [HEADER, member(1), member(2).replace('Associado 2', 'Associado\0 2'), member(3)].join('\r\n') + '\r\n';
    const report = await importFiles(t.database, [bufferSource('associados.csv', Buffer.from(text))], { skipInvalid: true });
    assert.equal(report.gravado, true);
    assert.deepEqual(report.arquivos[0]!.achados, [
      {
        linha: 3,
        coluna: 'nome',
        valor: null,
        mensagem: 'a célula tem um caractere nulo (byte 0x00), que não cabe em texto: o arquivo pode estar corrompido ou não ser um CSV',
      },
    ]);
    assert.equal(report.arquivos[0]!.contagem!.novos, 2);
  });

  it('hands on whole records of a bounded size, whatever the pieces the text comes in', () => {
    const guard = new RecordGuard(';', '\n');
    const long = 'x'.repeat(MAX_RECORD + 10);
    const text = `a;b\n1;"dois\nlinhas"\n${long}\n3;"quatro""\n5;6\n7;"8\n`;
    let out = '';
    for (let i = 0; i < text.length; i += 1000) out += guard.push(text.slice(i, i + 1000));
    out += guard.end();
    // The over-long line 4 and the unclosed quotes of lines 5 and 7 become empty lines; the rest is as written.
    assert.equal(out, 'a;b\n1;"dois\nlinhas"\n\n\n5;6\n\n');
    assert.deepEqual(
      [...guard.problems.values()].map((p) => [p.linha, p.field]),
      [
        [4, 0],
        [5, 1],
        [7, 1],
      ],
    );
  });
});
