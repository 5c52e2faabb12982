import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../src/db/schema.js';
import { formatCpf } from '../../src/domain/cpf.js';
import { businessDate } from '../../src/domain/dates.js';
import type { Actor } from '../../src/operations/actor.js';
import {
  ConflictingResults,
  correctResult,
  describeResultReason,
  recordResults,
  resultEtag,
  StaleResult,
  type ResultItem,
  type ResultReason,
} from '../../src/operations/exam-results.js';
import { annulResult } from '../../src/operations/annul-result.js';
import { Refused } from '../../src/operations/refused.js';
import { seed } from '../../src/seed/load.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { examWithCandidates as exam } from '../helpers/exams.js';

const TOKEN: Actor = {
  kind: 'token',
  tokenId: 7,
  request: { method: 'POST', route: '/api/v1/provas/:id/resultados', requestId: 'req-1', clientRequestId: null, ip: '10.0.0.1' },
};
const EVERYWHERE = { scope: { regional: null }, tokenId: 7 };

async function refusal(promise: Promise<unknown>): Promise<ResultReason[]> {
  const error = await promise.then(
    () => assert.fail('expected a refusal'),
    (error: unknown) => error,
  );
  assert.ok(error instanceof Refused && !(error instanceof ConflictingResults), String(error));
  return [...(error as Refused<ResultReason>).reasons];
}

describe('recording exam results (API-DESIGN §14)', () => {
  let t: TestDatabase;
  let db: Kysely<Schema>;
  const count = async (table: 'prova_resultado' | 'titulo' | 'auditoria') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  before(async () => {
    t = await createTestDatabase();
    db = t.database.db;
    const now = new Date();
    await seed(t.database, { members: 40, seed: 3, now, today: businessDate(now), reset: false });
  });
  after(() => t?.dispose());

  it('refuses a batch with one bad item whole, naming its position in Portuguese, and writes nothing', async () => {
    const id = await exam(db, 'TE-CARDIO-2099', 'realizada', [1, 2, 3, 4], [5]);
    const before = { results: await count('prova_resultado'), titles: await count('titulo'), audit: await count('auditoria') };
    const items: ResultItem[] = [
      { candidato: '000001', resultado: 'aprovado', nota: '8.75' },
      { candidato: '2', resultado: 'talvez', nota: '5' },
      { candidato: '5', resultado: 'reprovado', nota: '4.5' },
      { candidato: '3', resultado: 'reprovado', nota: null },
      { candidato: '000001', resultado: 'aprovado', nota: '8.75' },
      { candidato: '123.456.789-00', resultado: 'ausente', nota: null },
      { candidato: '4', resultado: 'aprovado', nota: '10.01' },
      { candidato: '9999', resultado: 'ausente', nota: null },
    ];
    const reasons = await refusal(recordResults(db, TOKEN, id, items, EVERYWHERE));
    assert.deepEqual(
      reasons.map(({ rule, posicao }) => [posicao, rule]),
      [
        [1, 'unknown_result'],
        [2, 'not_a_candidate'],
        [3, 'grade_required'],
        [4, 'repeated_member'],
        [5, 'invalid_cpf'],
        [6, 'malformed_grade'],
        [7, 'unknown_member'],
      ],
    );
    assert.equal(describeResultReason(reasons[1]!), 'O associado 000005 não é candidato desta prova (sem taxa de prova paga para ela).');
    assert.equal(describeResultReason(reasons[3]!), 'O associado 000001 já aparece na posição 0 deste lote.');
    assert.deepEqual({ results: await count('prova_resultado'), titles: await count('titulo'), audit: await count('auditoria') }, before);
  });

  it('records a fixed batch: an approval grants the exam título, numbered by the service, and the write is audited', async () => {
    const { id } = await db.selectFrom('prova').select('id').where('codigo', '=', 'TE-CARDIO-2099').executeTakeFirstOrThrow();
    const member2 = await db.selectFrom('associado').select('cpf').where('matricula', '=', 2).executeTakeFirstOrThrow();
    const recorded = await recordResults(
      db,
      TOKEN,
      id,
      [
        { candidato: '000001', resultado: 'aprovado', nota: '8.75' },
        { candidato: formatCpf(member2.cpf), resultado: 'aprovado', nota: '7' },
        { candidato: '3', resultado: 'reprovado', nota: '4.5' },
        { candidato: '4', resultado: 'ausente', nota: null },
      ],
      EVERYWHERE,
    );
    assert.deepEqual(
      recorded!.results.map(({ posicao, matricula, estado, nota, titulo }) => [posicao, matricula, estado, nota, titulo?.numero ?? null]),
      [
        [0, 1, 'criado', '8.75', 'TE-CARDIO-2099/0001'],
        [1, 2, 'criado', '7.00', 'TE-CARDIO-2099/0002'],
        [2, 3, 'criado', '4.50', null],
        [3, 4, 'criado', null, null],
      ],
    );
    const titles = await db
      .selectFrom('titulo')
      .select(['associado', 'tipo', 'especialidade', 'ano'])
      .where('numero', 'like', 'TE-CARDIO-2099/%')
      .orderBy('numero')
      .execute();
    assert.deepEqual(
      titles.map((row) => [Number(row.associado), row.tipo, row.especialidade, Number(row.ano)]),
      [
        [1, 'especialista', 'cardiologia', 2026],
        [2, 'especialista', 'cardiologia', 2026],
      ],
    );
    const [row] = await db.selectFrom('auditoria').selectAll().orderBy('id', 'desc').limit(1).execute();
    assert.equal(row!.origem, 'api');
    assert.equal(Number(row!.token_id), 7);
    assert.equal(row!.request_id, 'req-1');
    assert.deepEqual(row!.matriculas.map(Number), [1, 2, 3, 4]);
    assert.equal(row!.detalhe, 'prova TE-CARDIO-2099: 4 resultado(s) enviados, 4 registrado(s), 0 inalterado(s), 2 título(s) concedido(s)');
    const events = await sql<{ tipo: string; n: number }>`select tipo, count(*)::int as n from evento
        where tipo in ('prova.resultado_registrado', 'associado.atualizado') group by tipo order by tipo`.execute(db);
    assert.deepEqual(events.rows, [
      { tipo: 'associado.atualizado', n: 2 },
      { tipo: 'prova.resultado_registrado', n: 4 },
    ]);
  });

  it('answers an item equal to the stored result as inalterado, and refuses a different one whole (409), writing nothing', async () => {
    const { id } = await db.selectFrom('prova').select('id').where('codigo', '=', 'TE-CARDIO-2099').executeTakeFirstOrThrow();
    const again = await recordResults(db, TOKEN, id, [{ candidato: '2', resultado: 'aprovado', nota: '7' }], EVERYWHERE);
    assert.deepEqual(
      again!.results.map(({ estado, titulo }) => [estado, titulo?.numero]),
      [['inalterado', 'TE-CARDIO-2099/0002']],
    );
    const results = await count('prova_resultado');
    const error = await recordResults(
      db,
      TOKEN,
      id,
      [
        { candidato: '2', resultado: 'aprovado', nota: '7.00' },
        { candidato: '3', resultado: 'aprovado', nota: '6' },
      ],
      EVERYWHERE,
    ).then(
      () => assert.fail('expected a conflict'),
      (error: unknown) => error,
    );
    assert.ok(error instanceof ConflictingResults);
    assert.deepEqual(
      error.reasons.map(({ posicao, matricula, armazenado }) => [posicao, matricula, armazenado]),
      [[1, 3, { resultado: 'reprovado', nota: '4.50' }]],
    );
    assert.equal(await count('prova_resultado'), results);
  });

  it('corrects a result named by its ETag: away from aprovado withdraws the título, to aprovado grants the next one', async () => {
    const { id } = await db.selectFrom('prova').select('id').where('codigo', '=', 'TE-CARDIO-2099').executeTakeFirstOrThrow();
    const correct = (matricula: number, resultado: string, nota: string | null, ifMatch: string | null) =>
      correctResult(db, TOKEN, id, matricula, { resultado, nota }, { ...EVERYWHERE, ifMatch });
    const stale = async (promise: Promise<unknown>) =>
      promise.then(
        () => assert.fail('expected a stale result'),
        (error: unknown) => {
          assert.ok(error instanceof StaleResult, String(error));
          return error.current;
        },
      );
    assert.equal(await stale(correct(1, 'reprovado', '5', null)), null, 'no If-Match');
    assert.equal(await stale(correct(1, 'reprovado', '5', resultEtag(id, 1, 2))), resultEtag(id, 1, 1), 'a version not yet made');
    const events = async () => Number((await sql<{ n: number }>`select count(*)::int as n from evento`.execute(db)).rows[0]!.n);
    const before = await events();

    const withdrawn = await correct(1, 'reprovado', '5', resultEtag(id, 1, 1));
    assert.deepEqual(
      [withdrawn!.estado, withdrawn!.etag, withdrawn!.titulo, withdrawn!.nota],
      ['alterado', resultEtag(id, 1, 2), null, '5.00'],
    );
    assert.equal(await db.selectFrom('titulo').select('id').where('numero', '=', 'TE-CARDIO-2099/0001').executeTakeFirst(), undefined);
    const granted = await correct(3, 'aprovado', '6.5', resultEtag(id, 3, 1));
    assert.equal(granted!.titulo?.numero, 'TE-CARDIO-2099/0003', 'a withdrawn number is never given again');
    assert.equal(await events(), before + 4, 'each result corrected, and each member record changed');

    const rows = await db.selectFrom('auditoria').select('detalhe').orderBy('id', 'desc').limit(2).execute();
    assert.deepEqual(
      rows.map((row) => row.detalhe),
      [
        'prova TE-CARDIO-2099: resultado de 000003 corrigido, reprovado (4.50) → aprovado (6.50); título TE-CARDIO-2099/0003 concedido',
        'prova TE-CARDIO-2099: resultado de 000001 corrigido, aprovado (8.75) → reprovado (5.00); título TE-CARDIO-2099/0001 retirado',
      ],
    );
    const same = await correct(3, 'aprovado', '6.50', resultEtag(id, 3, 2));
    assert.equal(same!.estado, 'inalterado');
    assert.equal(await correct(39, 'aprovado', '6.50', resultEtag(id, 39, 1)), undefined, 'no result to correct');
  });

  it('annuls a result with its título, audited with the reason and evented; the exam system may then send it again', async () => {
    const { id } = await db.selectFrom('prova').select('id').where('codigo', '=', 'TE-CARDIO-2099').executeTakeFirstOrThrow();
    const ADMIN: Actor = {
      kind: 'admin',
      adminId: null,
      email: 'ana@example.org',
      request: {
        method: 'POST',
        route: '/admin/provas/:id/resultados/:matricula/anular',
        requestId: 'req-2',
        clientRequestId: null,
        ip: null,
      },
    };
    const held = await db.selectFrom('titulo').select('id').where('numero', '=', 'TE-CARDIO-2099/0003').executeTakeFirstOrThrow();
    const rows = await count('auditoria');
    assert.deepEqual(
      (await refusal(annulResult(db, ADMIN, id, 3, '   '))).map((reason) => reason.rule),
      ['motivo'],
    );
    assert.equal(await count('auditoria'), rows, 'a refusal writes nothing');
    const mark = Number((await sql<{ id: string }>`select coalesce(max(id), 0) as id from evento`.execute(db)).rows[0]!.id);

    const annulled = await annulResult(db, ADMIN, id, 3, ' enviado para o\n candidato errado ');
    assert.deepEqual([annulled!.resultado, annulled!.nota, annulled!.titulo?.numero], ['aprovado', '6.50', 'TE-CARDIO-2099/0003']);
    assert.equal(
      await db.selectFrom('prova_resultado').select('associado').where('prova', '=', id).where('associado', '=', 3).executeTakeFirst(),
      undefined,
    );
    assert.equal(await db.selectFrom('titulo').select('id').where('id', '=', held.id).executeTakeFirst(), undefined);
    const [row] = await db.selectFrom('auditoria').selectAll().orderBy('id', 'desc').limit(1).execute();
    assert.equal(row!.origem, 'admin');
    assert.deepEqual(row!.matriculas.map(Number), [3]);
    assert.equal(
      row!.detalhe,
      'prova TE-CARDIO-2099: resultado de 000003 anulado, era aprovado (6.50); título TE-CARDIO-2099/0003 retirado; motivo: enviado para o candidato errado',
    );
    const events = await sql<{
      tipo: string;
      dados: Record<string, unknown>;
    }>`select tipo, dados from evento where id > ${mark} order by id`.execute(db);
    assert.deepEqual(
      events.rows.map((event) => event.tipo),
      ['prova.resultado_anulado', 'associado.atualizado'],
    );
    assert.deepEqual(events.rows[0]!.dados, {
      prova_id: id,
      matricula: 3,
      resultado: 'aprovado',
      nota: '6.50',
      titulo_id: Number(held.id),
    });

    assert.equal(await annulResult(db, ADMIN, id, 3, 'de novo'), undefined, 'nothing left to annul');
    const again = await recordResults(db, TOKEN, id, [{ candidato: '3', resultado: 'reprovado', nota: '4.5' }], EVERYWHERE);
    assert.deepEqual(
      again!.results.map(({ estado, titulo }) => [estado, titulo]),
      [['criado', null]],
    );
  });

  it('refuses results for an exam that has not taken place, and ignores members of another branch for a branch token', async () => {
    const open = await exam(db, 'TE-PEDIA-2026', 'inscricoes_abertas', [6]);
    assert.deepEqual(
      (await refusal(recordResults(db, TOKEN, open, [{ candidato: '6', resultado: 'aprovado', nota: '9' }], EVERYWHERE))).map(
        (r) => r.rule,
      ),
      ['exam_not_open'],
    );
    const held = await exam(db, 'TE-NEURO-2026', 'realizada', [7]);
    const member = await db.selectFrom('associado').select('regional').where('matricula', '=', 7).executeTakeFirstOrThrow();
    const other = member.regional === 'SP' ? 'RJ' : 'SP';
    const reasons = await refusal(
      recordResults(db, TOKEN, held, [{ candidato: '7', resultado: 'aprovado', nota: '9' }], { scope: { regional: other }, tokenId: 7 }),
    );
    assert.deepEqual(
      reasons.map((r) => r.rule),
      ['unknown_member'],
    );
    assert.equal(await recordResults(db, TOKEN, 999_999, [{ candidato: '7', resultado: 'ausente', nota: null }], EVERYWHERE), undefined);
  });
});
