import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Actor } from '../../src/operations/actor.js';
import { changeExamStatus, createExam, type ExamReason } from '../../src/operations/exams.js';
import { Refused } from '../../src/operations/refused.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const OPERATOR: Actor = { kind: 'cli', operator: 'maria.souza', command: 'prova create' };

async function reasons(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(
    () => assert.fail('expected a refusal'),
    (error: unknown) => error,
  );
  assert.ok(error instanceof Refused, String(error));
  return (error as Refused<ExamReason>).reasons.map((reason) => reason.rule);
}

describe('scheduling exams and moving them along (API-DESIGN §14)', () => {
  let t: TestDatabase;

  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t?.dispose());

  it('creates an exam open for registration, audited, and refuses a malformed one with every reason', async () => {
    const { db } = t.database;
    const id = await createExam(db, OPERATOR, {
      codigo: 'te-cardio-2099',
      tipoTitulo: 'especialista',
      especialidade: 'cardiologia',
      data: '2026-10-04',
    });
    const exam = await db.selectFrom('prova').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual([exam.codigo, exam.status, exam.tipo_titulo], ['TE-CARDIO-2099', 'inscricoes_abertas', 'especialista']);
    const row = await db.selectFrom('auditoria').select(['origem', 'operador', 'detalhe']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    assert.deepEqual(row, {
      origem: 'cli',
      operador: 'maria.souza',
      detalhe: 'prova TE-CARDIO-2099 criada (especialista, cardiologia, 2026-10-04)',
    });

    assert.deepEqual(
      await reasons(
        createExam(db, OPERATOR, { codigo: 'TE CARDIO', tipoTitulo: 'mestre', especialidade: 'cardiologia', data: '2026-02-30' }),
      ),
      ['codigo_format', 'tipo_titulo', 'data'],
    );
    assert.deepEqual(
      await reasons(
        createExam(db, OPERATOR, { codigo: 'AA-X-2026', tipoTitulo: 'area_atuacao', especialidade: 'cardiologia', data: '2026-10-04' }),
      ),
      ['especialidade'],
      'cardiologia is a specialty, not an área de atuação',
    );
    assert.deepEqual(
      await reasons(
        createExam(db, OPERATOR, {
          codigo: 'TE-CARDIO-2099',
          tipoTitulo: 'especialista',
          especialidade: 'cardiologia',
          data: '2027-10-04',
        }),
      ),
      ['codigo_taken'],
    );
  });

  it('moves an exam forward only, and cancels it only before its results', async () => {
    const { db } = t.database;
    const id = await createExam(db, OPERATOR, {
      codigo: 'TE-PEDIA-2026',
      tipoTitulo: 'especialista',
      especialidade: 'pediatria',
      data: '2026-11-08',
    });
    assert.deepEqual(await reasons(changeExamStatus(db, OPERATOR, id, 'resultados_publicados')), ['transition']);
    assert.deepEqual(await reasons(changeExamStatus(db, OPERATOR, id, 'adiada')), ['status']);
    assert.equal(await changeExamStatus(db, OPERATOR, id, 'realizada'), true);
    await db
      .insertInto('associado')
      .values({
        matricula: 1,
        nome: 'Ana Lima',
        cpf: '52998224725',
        email: 'a@x.example',
        categoria: 'efetivo',
        status: 'ativo',
        regional: 'SP',
        data_admissao: '2010-01-01',
      })
      .execute();
    await db
      .insertInto('prova_resultado')
      .values({ prova: id, associado: 1, resultado: 'ausente', nota: null, titulo_id: null, token_id: null })
      .execute();
    assert.deepEqual(await reasons(changeExamStatus(db, OPERATOR, id, 'cancelada')), ['has_results']);
    assert.equal(await changeExamStatus(db, OPERATOR, id, 'resultados_publicados'), true);
    assert.equal(await changeExamStatus(db, OPERATOR, 999_999, 'realizada'), false);
    const rows = await db
      .selectFrom('auditoria')
      .select('detalhe')
      .where('detalhe', 'like', 'prova TE-PEDIA-2026:%')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      rows.map((row) => row.detalhe),
      ['prova TE-PEDIA-2026: inscricoes_abertas → realizada', 'prova TE-PEDIA-2026: realizada → resultados_publicados'],
    );
  });
});
