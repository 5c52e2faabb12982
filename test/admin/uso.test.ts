import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

/** The bars of a token's daily chart: day, requests, errors, refusals. */
const dayBars = (html: string) =>
  [
    ...html.matchAll(/<g data-dia="([\d-]+)" data-requisicoes="(\d+)" data-erros="(\d+)" data-recusadas="(\d+)" data-simultaneas="\d+">/g),
  ].map((m) => [m[1]!, Number(m[2]), Number(m[3]), Number(m[4])]);
/** The hours of one token's strip in Auditoria's overview: ISO hour, requests. */
const stripBars = (html: string, tokenId: number) => {
  const strip = new RegExp(`<svg[^>]*data-token="${tokenId}"[^>]*>([\\s\\S]*?)</svg>`).exec(html);
  assert.ok(strip, `a strip for token ${tokenId}`);
  return [...strip[1]!.matchAll(/data-hora="([^"]+)" data-requisicoes="(\d+)"/g)].map((m) => [m[1]!, Number(m[2])] as const);
};

describe('usage charts: Integrações and Auditoria', () => {
  let f: ApiFixture;
  let agent: AdminAgent;
  let exams: { id: number; token: string };
  let small: { id: number; token: string };

  before(async () => {
    f = await apiFixture(20);
    await createTestAdmin(f.app);
    agent = new AdminAgent(f.app);
    await agent.login();
    const db = f.t.database.db;
    exams = await createToken(db, { nome: 'Provas', scopes: ['associados:situacao'], criadoPor: 'test' });
    small = await createToken(db, { nome: 'Pequeno', scopes: ['associados:situacao'], criadoPor: 'test', limitePorMinuto: 2 });
    const statuses = [];
    for (const url of ['000001', '000002', '000003', '999999'].map((id) => `/api/v1/associados/${id}/situacao`).concat('/api/v1/faturas')) {
      statuses.push((await f.api.get(url, exams.token)).statusCode);
    }
    for (let n = 0; n < 3; n++) statuses.push((await f.api.get('/api/v1/associados/000001/situacao', small.token)).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 404, 403, 200, 200, 429]);
    await f.app.audit.flush();
    // Earlier use, as other instances wrote it: three days ago, and 40 days ago (outside every chart).
    await sql`insert into uso_token_hora (token_id, hora, rota, requisicoes, erros, recusadas) values
      (${exams.id}, date_trunc('hour', now() - interval '3 days'), '/api/v1/associados/:id/situacao', 50, 5, 2),
      (${exams.id}, date_trunc('hour', now() - interval '3 days'), '/api/v1/associados/situacao', 70, 0, 0),
      (${exams.id}, date_trunc('hour', now() - interval '40 days'), '/api/v1/faturas', 900, 0, 0)`.execute(db);
  });
  after(() => f.close());

  /** An independent reading of the rollups: a token's days (São Paulo) in the last 30, with use. */
  const daysInTheRollups = async (tokenId: number) =>
    (
      await sql<{ dia: string; r: number; e: number; x: number }>`
        select to_char((hora at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as dia,
               sum(requisicoes)::int as r, sum(erros)::int as e, sum(recusadas)::int as x
          from uso_token_hora
         where token_id = ${tokenId} and (hora at time zone 'America/Sao_Paulo')::date > (now() at time zone 'America/Sao_Paulo')::date - 30
         group by 1 order by 1`.execute(f.t.database.db)
    ).rows.map((row) => [row.dia, row.r, row.e, row.x]);

  it("draws a token's requests per day for 30 days, with its errors and 429s, as the rollups hold them", async () => {
    const page = await agent.get(`/admin/integracoes/${exams.id}/uso`);
    assert.equal(page.statusCode, 200);
    const bars = dayBars(page.body);
    assert.equal(bars.length, 30);
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    assert.equal(bars[29]![0], today);
    assert.deepEqual(
      bars.filter((bar) => bar[1] !== 0),
      await daysInTheRollups(exams.id),
    );
    assert.deepEqual(
      bars.filter((bar) => bar[1] !== 0).map((bar) => bar.slice(1)),
      [
        [120, 5, 2],
        [5, 2, 0],
      ],
    );
    assert.match(page.body, /<p data-totais>125 requisições, 7 com erro, 2 recusadas com 429/);
    // Each bar's tooltip says it in words.
    assert.match(page.body, /<title>\d\d\/\d\d: 5 requisições, 2 erros, 0 recusadas com 429<\/title>/);
    const operations = [...page.body.matchAll(/<tr data-rota="([^"]+)">[\s\S]*?<td class="num">(\d+)<\/td>/g)].map((m) => [
      m[1],
      Number(m[2]),
    ]);
    assert.deepEqual(
      operations,
      [
        ['/api/v1/associados/:id/situacao', 54],
        ['/api/v1/associados/situacao', 70],
        ['/api/v1/faturas', 1],
      ].sort((a, b) => Number(b[1]) - Number(a[1])),
    );

    const smallPage = await agent.get(`/admin/integracoes/${small.id}/uso`);
    assert.deepEqual(
      dayBars(smallPage.body)
        .filter((bar) => bar[1] !== 0)
        .map((bar) => bar.slice(1)),
      [[3, 0, 1]],
    );
    assert.equal((await agent.get('/admin/integracoes/999999/uso')).statusCode, 404);
    const list = await agent.get('/admin/integracoes');
    assert.match(list.body, new RegExp(`href="/admin/integracoes/${exams.id}/uso"`));
  });

  it("shows every integration's requests per hour over 7 days in Auditoria, busiest first, as the rollups hold them", async () => {
    const page = await agent.get('/admin/auditoria');
    assert.equal(page.statusCode, 200);
    for (const token of [exams, small]) {
      const { rows } = await sql<{ hora: Date; r: number }>`
        select hora, sum(requisicoes)::int as r from uso_token_hora
         where token_id = ${token.id} and hora >= date_trunc('hour', now()) - interval '167 hours'
         group by hora order by hora`.execute(f.t.database.db);
      assert.deepEqual(
        stripBars(page.body, token.id),
        rows.map((row) => [row.hora.toISOString(), row.r]),
      );
    }
    const order = [...page.body.matchAll(/<svg class="strip"[^>]*data-token="(\d+)"/g)].map((m) => Number(m[1]));
    assert.deepEqual(order.slice(0, 2), [exams.id, small.id]);
    assert.match(page.body, /Provas \([^)]+\)<\/a><span class="hint">125 req\., 7 erros, 2 com 429<\/span>/);
  });
});
