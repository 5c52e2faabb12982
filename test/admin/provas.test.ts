import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { recordResults } from '../../src/operations/exam-results.js';
import { AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { examWithCandidates } from '../helpers/exams.js';

describe('Provas in the administration area (API-DESIGN §14)', () => {
  let f: ApiFixture;
  let agent: AdminAgent;
  const rows = async (detalhe: string) =>
    (
      await sql<{ origem: string; admin_id: number | null; metodo: string; rota: string; matriculas: number[] }>`
        select origem, admin_id, metodo, rota, matriculas from auditoria where detalhe = ${detalhe}`.execute(f.t.database.db)
    ).rows;

  /** An approval (9.00) of `candidato` in the exam, sent as the exam system sends it: by a token of its own. */
  const sentByToken = async (examId: number, candidato: string) => {
    assert.ok(await f.token(['provas:resultados']));
    const tokenId = (await f.t.database.db.selectFrom('api_token').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const request = { method: 'POST', route: '/api/v1/provas/:id/resultados', requestId: 'r', clientRequestId: null, ip: null };
    await recordResults(
      f.t.database.db,
      { kind: 'token', tokenId, request },
      examId,
      [{ candidato, resultado: 'aprovado', nota: '9.00' }],
      {
        scope: { regional: null },
        tokenId,
      },
    );
  };

  before(async () => {
    f = await apiFixture(30);
    await createTestAdmin(f.app);
    agent = new AdminAgent(f.app);
    await agent.login();
  });
  after(() => f?.close());

  it('creates an exam from the form, audited, and refuses a bad one with each field’s reason, creating nothing', async () => {
    const created = await agent.submit('/admin/provas', '/admin/provas', {
      codigo: 'te-admin-2099',
      tipoTitulo: 'especialista',
      especialidade: 'cardiologia',
      data: '04/10/2099',
    });
    assert.equal(created.statusCode, 303, created.body);
    const page = await agent.get(String(created.headers.location));
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Prova TE-ADMIN-2099/);
    assert.match(page.body, /inscrições abertas/);
    const [row] = await rows('prova TE-ADMIN-2099 criada (especialista, cardiologia, 2099-10-04)');
    assert.deepEqual([row?.origem, row?.metodo, row?.rota], ['admin', 'POST', '/admin/provas']);
    assert.ok(row?.admin_id);

    const refused = await agent.submit('/admin/provas', '/admin/provas', {
      codigo: 'TE-ADMIN-2099',
      tipoTitulo: 'especialista',
      especialidade: 'cardiologia',
      data: '31/02/2099',
    });
    assert.equal(refused.statusCode, 422);
    assert.match(refused.body, /Data inválida/);
    const { rows: exams } = await sql<{ n: number }>`select count(*)::int as n from prova where codigo = 'TE-ADMIN-2099'`.execute(
      f.t.database.db,
    );
    assert.equal(exams[0]!.n, 1);
  });

  it('lists an exam’s candidates with their results and the token that sent them, audited as the members shown; the titular report names that token', async () => {
    const id = await examWithCandidates(f.t.database.db, 'TE-LISTA-2099', 'realizada', [3, 4], [5]);
    await sentByToken(id, '3');
    const page = await agent.get(`/admin/provas/${id}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /000003/);
    assert.match(page.body, /TE-LISTA-2099\/0001/);
    assert.match(page.body, /em aberto/);
    assert.match(page.body, /teste/, 'the token that sent the result');
    await f.app.audit.flush();
    const [row] = await rows('consulta à prova TE-LISTA-2099');
    assert.deepEqual(row?.matriculas.map(Number), [3, 4, 5]);
    // The member's titular report says which token wrote the result, and when.
    const report = await agent.get('/admin/auditoria/titular?associado=3&de=01/01/2000');
    assert.equal(report.statusCode, 200);
    assert.match(report.body, /Envio de resultados de prova \(escrita\)[\s\S]*resultado de prova/);
    assert.match(report.body, /teste \(/);
  });

  it('annuls a result from the exam’s page: asks for the reason, then deletes the result and its título, audited by the administrator', async () => {
    const db = f.t.database.db;
    const id = await examWithCandidates(db, 'TE-ANULA-2099', 'realizada', [7, 8]);
    await sentByToken(id, '7');
    const page = await agent.get(`/admin/provas/${id}`);
    assert.match(page.body, new RegExp(`href="/admin/provas/${id}/resultados/000007/anular"`));
    assert.doesNotMatch(page.body, /resultados\/000008\/anular/, 'no result, nothing to annul');

    const form = `/admin/provas/${id}/resultados/000007/anular`;
    const confirm = await agent.get(form);
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, /aprovado, nota 9\.00\. O título TE-ANULA-2099\/0001 que ele concedeu é retirado/);
    const blank = await agent.submit(form, form, { motivo: '  ' });
    assert.equal(blank.statusCode, 422);
    assert.match(blank.body, /Escreva o motivo da anulação/);
    assert.ok(await db.selectFrom('prova_resultado').select('associado').where('prova', '=', id).executeTakeFirst(), 'still there');

    const done = await agent.submit(form, form, { motivo: 'nota lançada para o candidato errado' });
    assert.equal(done.statusCode, 303, done.body);
    assert.match((await agent.get(String(done.headers.location))).body, /Resultado anulado/);
    assert.equal(await db.selectFrom('prova_resultado').select('associado').where('prova', '=', id).executeTakeFirst(), undefined);
    assert.equal(await db.selectFrom('titulo').select('id').where('numero', '=', 'TE-ANULA-2099/0001').executeTakeFirst(), undefined);
    const [row] = await rows(
      'prova TE-ANULA-2099: resultado de 000007 anulado, era aprovado (9.00); título TE-ANULA-2099/0001 retirado; motivo: nota lançada para o candidato errado',
    );
    assert.deepEqual(
      [row?.origem, row?.metodo, row?.rota, row?.matriculas.map(Number)],
      ['admin', 'POST', '/admin/provas/:id/resultados/:matricula/anular', [7]],
    );
    assert.ok(row?.admin_id);
    // The refused post showed the result again (a consultation); the annulment is its own row, not a consultation too
    // (consultations are written by the buffered writer, the change in its transaction: their ids say nothing of order).
    await f.app.audit.flush();
    const { rows: posted } = await sql<{ detalhe: string }>`select detalhe from auditoria
        where metodo = 'POST' and rota = '/admin/provas/:id/resultados/:matricula/anular' order by id`.execute(db);
    assert.deepEqual(posted.map((entry) => entry.detalhe.split(',')[0]).sort(), [
      'consulta ao resultado de 000007 na prova TE-ANULA-2099',
      'prova TE-ANULA-2099: resultado de 000007 anulado',
    ]);
    assert.equal((await agent.get(form)).statusCode, 404, 'annulled: no result left');
    assert.equal((await agent.get(`/admin/provas/${id}/resultados/abc/anular`)).statusCode, 404);
  });

  it('moves an exam along, audited, and refuses a move back with the reason', async () => {
    const id = await examWithCandidates(f.t.database.db, 'TE-MOVE-2099', 'realizada', [6]);
    const moved = await agent.submit(`/admin/provas/${id}`, `/admin/provas/${id}/situacao`, { status: 'resultados_publicados' });
    assert.equal(moved.statusCode, 303);
    assert.match((await agent.get(String(moved.headers.location))).body, /Situação alterada/);
    assert.equal((await rows('prova TE-MOVE-2099: realizada → resultados_publicados')).length, 1);
    const back = await agent.submit(`/admin/provas/${id}`, `/admin/provas/${id}/situacao`, { status: 'realizada' });
    assert.equal(back.statusCode, 422);
    assert.match(back.body, /não pode passar a “realizada, aguarda resultados”/);
    assert.equal((await agent.get('/admin/provas/999999')).statusCode, 404);
  });
});
