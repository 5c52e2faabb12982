import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { businessDate } from '../../src/domain/dates.js';
import { formatCpf } from '../../src/domain/cpf.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

interface Expected {
  matricula: number;
  nome: string;
  status: string;
  categoria: string;
  cpf: string;
  regional: string;
  adimplente: boolean;
}

describe('GET /api/v1/associados/{id}/situacao', () => {
  let f: ApiFixture;
  let token: string;
  let members: Expected[];
  const today = businessDate(new Date());
  const year = Number(today.slice(0, 4));

  before(async () => {
    f = await apiFixture();
    token = await f.token(['associados:situacao']);
    // Computed here from the contract's words, independently of the service's query.
    const { rows } = await sql<Expected>`
      select a.matricula, a.nome, a.status, a.categoria, a.cpf, a.regional,
             a.categoria in ('remido', 'honorario') or (select count(*) from fatura f where f.associado = a.matricula
               and f.kind = 'anuidade' and f.status = 'open' and f.ano_referencia <= ${year} and f.vencimento < ${today}::date) = 0 as adimplente
        from associado a order by a.matricula`.execute(f.t.database.db);
    members = rows;
  });
  after(() => f.close());

  const situacao = (m: Expected) => ({
    matricula: String(m.matricula).padStart(6, '0'),
    nome: m.nome,
    associado: m.status === 'ativo',
    categoria: m.categoria,
    adimplente: m.adimplente,
    ano_referencia: year,
  });

  it('answers every member exactly as the contract defines the six fields', async () => {
    for (const member of members) {
      const response = await f.api.get(`/api/v1/associados/${String(member.matricula).padStart(6, '0')}/situacao`, token);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), situacao(member), `matricula ${member.matricula}`);
    }
    assert.ok(members.some((m) => !m.adimplente) && members.some((m) => m.adimplente));
    assert.ok(members.some((m) => m.status !== 'ativo'));
  });

  it('takes the matricula without padding, and a CPF with or without its mask', async () => {
    const member = members[41]!;
    for (const id of [String(member.matricula), member.cpf, formatCpf(member.cpf)]) {
      const response = await f.api.get(`/api/v1/associados/${encodeURIComponent(id)}/situacao`, token);
      assert.equal(response.statusCode, 200, id);
      assert.deepEqual(response.json(), situacao(member));
    }
  });

  it('marks personal data as not cacheable', async () => {
    const response = await f.api.get('/api/v1/associados/000001/situacao', token);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.match(String(response.headers['content-type']), /^application\/json; charset=utf-8$/);
  });

  it('answers 404 for a well-formed id that matches nobody', async () => {
    for (const id of ['0009999999', '52998224725']) {
      const response = await f.api.get(`/api/v1/associados/${id}/situacao`, token);
      assert.equal(response.statusCode, 404, id);
      assert.equal(response.json<{ code: string }>().code, 'not_found');
    }
  });

  it('answers 400 explaining the format for ids that cannot be a matricula or a CPF', async () => {
    for (const id of ['abc', '0', '00000000000000', '529.982.247-24', '12345678901', '-1', '1e3']) {
      const response = await f.api.get(`/api/v1/associados/${encodeURIComponent(id)}/situacao`, token);
      assert.equal(response.statusCode, 400, id);
      const body = response.json<{ code: string; errors: { parameter: string }[] }>();
      assert.equal(body.code, 'invalid_parameter');
      assert.equal(body.errors[0]!.parameter, 'id');
    }
  });

  it('refuses query parameters it does not take', async () => {
    const response = await f.api.get('/api/v1/associados/000001/situacao?ano=2020', token);
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<{ code: string }>().code, 'unknown_parameter');
  });

  it('accepts associados:read as well, and refuses other scopes', async () => {
    assert.equal((await f.api.get('/api/v1/associados/000001/situacao', await f.token(['associados:read']))).statusCode, 200);
    const other = await f.api.get('/api/v1/associados/000001/situacao', await f.token(['cursos:read']));
    assert.equal(other.statusCode, 403);
  });

  it("shows a branch-restricted token only its branch's members", async () => {
    const member = members[0]!;
    const own = await f.token(['associados:situacao'], { regional: member.regional });
    assert.equal((await f.api.get(`/api/v1/associados/${member.matricula}/situacao`, own)).statusCode, 200);
    const elsewhere = members.find((m) => m.regional !== member.regional)!;
    const hidden = await f.api.get(`/api/v1/associados/${elsewhere.matricula}/situacao`, own);
    assert.equal(hidden.statusCode, 404);
    assert.equal((await f.api.get(`/api/v1/associados/${elsewhere.cpf}/situacao`, own)).statusCode, 404);
  });
});
