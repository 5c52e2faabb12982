import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { formatCpf } from '../../src/domain/cpf.js';
import { formatMatricula } from '../../src/domain/matricula.js';
import type { Scope } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

const REPORT = '/admin/auditoria/titular';
/** The rows of the report's list of every access. */
const accessRows = (html: string) =>
  [...html.matchAll(/<tr data-acesso>([\s\S]*?)<\/tr>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ' '));

describe('Relatório do titular', () => {
  let f: ApiFixture;
  let agent: AdminAgent;
  let member: { matricula: number; cpf: string; regional: string; fatura: number };
  let other: number;

  before(async () => {
    f = await apiFixture(40);
    await createTestAdmin(f.app);
    agent = new AdminAgent(f.app);
    await agent.login();
    const db = f.t.database.db;
    const { rows } = await sql<{ matricula: number; cpf: string; regional: string; fatura: number }>`
      select a.matricula, a.cpf, a.regional, min(x.id)::int as fatura from associado a join fatura x on x.associado = a.matricula
       group by a.matricula order by a.matricula limit 2`.execute(db);
    member = { ...rows[0]!, matricula: Number(rows[0]!.matricula) };
    other = Number(rows[1]!.matricula);

    const token = async (nome: string, scopes: Scope[], regional: string | null = null) =>
      (await createToken(db, { nome, scopes, criadoPor: `${nome}@associa.example`, regional })).token;
    const full = await token('ERP com CPF', ['associados:read', 'associados:cpf']);
    const masked = await token('Portal', ['associados:read']);
    const branch = await token('Regional', ['associados:read'], member.regional);
    const exams = await token('Provas', ['associados:situacao']);
    const erp = await token('Financeiro', ['faturas:read']);
    const id = formatMatricula(member.matricula);
    for (const [url, bearer] of [
      [`/api/v1/associados/${id}`, full],
      [`/api/v1/associados/${id}`, masked],
      [`/api/v1/associados/${id}`, branch],
      [`/api/v1/associados/${id}/situacao`, exams],
      [`/api/v1/associados/${formatCpf(member.cpf)}/situacao`, exams],
      [`/api/v1/faturas/${member.fatura}`, erp],
      [`/api/v1/associados/${formatMatricula(other)}`, full],
    ] as const) {
      assert.equal((await f.api.get(url, bearer)).statusCode, 200, url);
    }
    await f.app.audit.flush();
  });
  after(() => f.close());

  /** An independent reading of the trail: every row naming the member, with its count. */
  const fromTheTrail = async (matricula: number) =>
    (
      await sql<{ rota: string; quantidade: number; nome: string | null }>`
        select a.rota, a.quantidade, t.nome from auditoria a left join api_token t on t.id = a.token_id
         where ${matricula} = any (a.matriculas) order by a.ocorrido_em, a.id`.execute(f.t.database.db)
    ).rows;

  it('lists exactly the accesses the trail holds for the member, with who, what and which data', async () => {
    const trail = await fromTheTrail(member.matricula);
    assert.equal(trail.length, 6);
    const page = await agent.get(`${REPORT}?associado=${member.matricula}`);
    assert.equal(page.statusCode, 200);
    const rows = accessRows(page.body);
    assert.equal(rows.length, trail.length);
    rows.forEach((row, index) => assert.ok(row.includes(trail[index]!.nome!), `${row} is ${trail[index]!.nome}'s`));
    const rowOf = (name: string) => rows.filter((row) => row.includes(name));
    assert.match(rowOf('ERP com CPF')[0]!, /Ficha do associado\s+ficha, CPF completo/);
    assert.match(rowOf('ERP com CPF')[0]!, /criado por ERP com CPF@associa\.example/);
    assert.match(rowOf('Portal')[0]!, /ficha, CPF mascarado/);
    assert.match(rowOf('Regional')[0]!, /ficha, CPF mascarado/);
    assert.equal(rowOf('Provas').length, 2);
    assert.ok(rowOf('Provas').every((row) => /Situação do associado\s+situação/.test(row)));
    assert.match(rowOf('Financeiro')[0]!, /Fatura\s+faturas/);
    assert.match(page.body, /Resumo: 6 acessos/);
    assert.match(page.body, /Associação Médica de Demonstração/);
    assert.match(
      page.body,
      new RegExp(`matrícula ${formatMatricula(member.matricula)}, CPF ${formatCpf(member.cpf).replace(/\./g, '\\.')}`),
    );
    assert.match(page.body, /Gerado por<\/dt><dd>secretaria@associa\.example, em/);
    assert.equal(page.headers['cache-control'], 'no-store');

    await f.app.audit.flush();
    const byCpf = await agent.get(`${REPORT}?associado=${encodeURIComponent(formatCpf(member.cpf))}`);
    assert.equal(accessRows(byCpf.body).length, trail.length + 1, "the first report's own view is an access too");
  });

  it('exports the same accesses as CSV, and is itself in the trail with the member', async () => {
    await f.app.audit.flush();
    const csv = await agent.get(`${REPORT}.csv?associado=${member.matricula}&de=01/01/2000`);
    assert.equal(csv.statusCode, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.match(String(csv.headers['content-disposition']), new RegExp(`titular-${formatMatricula(member.matricula)}-`));
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    assert.equal(lines[0], 'quando,quem,operacao,dados,rota,status,quantidade');
    await f.app.audit.flush();
    const trail = await fromTheTrail(member.matricula);
    // Every row of the trail before this export, the report views of the previous test included.
    assert.equal(lines.length - 1, trail.length - 1);
    assert.ok(lines.some((line) => line.includes('ERP com CPF') && line.includes('"ficha, CPF completo"')));

    const audited = await f.t.database.db
      .selectFrom('auditoria')
      .select(['detalhe', 'matriculas', 'origem'])
      .where('detalhe', 'like', '%relatório do titular%')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      audited.map((row) => [row.origem, row.matriculas.map(Number), row.detalhe!.split(':')[0]]),
      [
        ['admin', [member.matricula], 'relatório do titular'],
        ['admin', [member.matricula], 'relatório do titular'],
        ['admin', [member.matricula], 'exportação do relatório do titular'],
      ],
    );
  });

  it('keeps to the period, and shows none for another member nobody read', async () => {
    const future = await agent.get(`${REPORT}?associado=${member.matricula}&de=01/01/2999&ate=31/12/2999`);
    assert.equal(future.statusCode, 200);
    assert.match(future.body, /Nenhum acesso aos dados deste associado no período/);
    assert.match(future.body, /01\/01\/2999 a 31\/12\/2999/);
    const unread = (await fromTheTrail(other)).length;
    assert.equal(accessRows((await agent.get(`${REPORT}?associado=${other}`)).body).length, unread);
  });

  it('explains what is wrong with the member or the period, with 400', async () => {
    for (const [query, message] of [
      ['associado=abc', /Informe a matrícula/],
      ['associado=123.456.789-00', /CPF inválido/],
      ['associado=9999999', /Nenhum associado tem esta matrícula/],
      [`associado=${member.matricula}&de=2026-01-01`, /Data inicial inválida: escreva DD\/MM\/AAAA/],
      [`associado=${member.matricula}&ate=31/02/2026`, /Data final inválida/],
      [`associado=${member.matricula}&de=02/01/2026&ate=01/01/2026`, /A data inicial é posterior à final/],
    ] as const) {
      const response = await agent.get(`${REPORT}?${query}`);
      assert.equal(response.statusCode, 400, query);
      assert.match(response.body, message, query);
      assert.equal(accessRows(response.body).length, 0);
    }
    await f.app.audit.flush();
    const csv = await agent.get(`${REPORT}.csv?associado=abc`);
    assert.equal(csv.statusCode, 400);
  });
});
