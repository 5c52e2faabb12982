import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { formatCpf, maskCpf } from '../../src/domain/cpf.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

interface Item {
  matricula: string;
  cpf: string;
  status: string;
  regional: string;
  crms: string[];
  atualizado_em: string;
}

async function matriculas(f: ApiFixture, where = 'true', order = 'matricula'): Promise<string[]> {
  const { rows } = await sql
    .raw<{ m: string }>(`select lpad(matricula::text, 6, '0') as m from associado a where ${where} order by ${order}`)
    .execute(f.t.database.db);
  return rows.map((row) => row.m);
}

describe('GET /api/v1/associados', () => {
  let f: ApiFixture;
  let token: string;

  before(async () => {
    f = await apiFixture();
    token = await f.token(['associados:read']);
  });
  after(() => f.close());

  /** Follows rel="next" links to the end, checking every page. */
  async function walk(query: string, limit?: number): Promise<Item[]> {
    const items: Item[] = [];
    let url: string | undefined = `/api/v1/associados?${query}${limit ? `&limit=${limit}` : ''}`;
    for (let pages = 0; url && pages < 1000; pages++) {
      const response = await f.api.get(url, token);
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      assert.equal(response.headers['cache-control'], 'no-store');
      const page = response.json<Item[]>();
      if (limit) assert.ok(page.length <= limit);
      items.push(...page);
      const link = response.headers.link as string | undefined;
      url = link ? new URL(/^<([^>]+)>; rel="next"$/.exec(link)![1]!).pathname + new URL(/^<([^>]+)>/.exec(link)![1]!).search : undefined;
      if (url) assert.equal(page.length, limit ?? 100);
    }
    return items;
  }

  it('pages through every member in matricula order with any page size', async () => {
    const all = await matriculas(f);
    for (const limit of [7, 100, 500]) {
      assert.deepEqual(
        (await walk('', limit)).map((item) => item.matricula),
        all,
        `limit ${limit}`,
      );
    }
    const first = await f.api.get('/api/v1/associados', token);
    assert.equal(first.json<Item[]>().length, 100);
    assert.match(String(first.headers.link), /^<http:\/\/localhost:80\/api\/v1\/associados\?cursor=[\w-]+\.[\w-]+>; rel="next"$/);
  });

  it('builds links from a Host header only when it is a host name, and refuses any other with 400', async () => {
    for (const host of ['api.associa.example', 'api.associa.example:8443', '10.0.0.7:3000', '[::1]:3000', '[2001:db8::7]', 'associa_api']) {
      const response = await f.api.get('/api/v1/associados?limit=2', token, { host });
      assert.equal(response.statusCode, 200, host);
      assert.equal(String(response.headers.link).split(/\?/)[0], `<http://${host}/api/v1/associados`, host);
    }
    for (const host of [
      'x>; rel="next", <http://evil.example/',
      'evil.example/x',
      'evil.example#',
      'user@evil.example',
      'a b',
      'évil.example',
      '[::1',
      '[evil.example]',
      'evil.example:x',
      'evil..example',
      '-evil.example',
    ]) {
      const response = await f.api.get('/api/v1/associados?limit=2', token, { host });
      assert.equal(response.statusCode, 400, host);
      assert.equal(response.headers.link, undefined, host);
      const body = response.json<{ code: string; type: string }>();
      assert.equal(body.code, 'bad_request', host);
      assert.equal(body.type, 'http://localhost/problems/bad-request', host);
      assert.doesNotMatch(response.body, /evil/, host);
    }
  });

  it('filters by status, regional, CPF, CRM and updated_since, alone and combined', async () => {
    const {
      rows: [sample],
    } = await sql<{ cpf: string; numero: number; uf: string; atualizado: string }>`
      select a.cpf, c.numero, c.uf, to_char(a.atualizado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as atualizado
        from associado a join crm c on c.associado = a.matricula and c.principal order by a.matricula offset 20 limit 1`.execute(
      f.t.database.db,
    );
    const s = sample!;
    // updated_since orders the list by (atualizado_em, matricula) (API-DESIGN §5).
    const byUpdate = 'atualizado_em, matricula';
    const cases: [string, string, string?][] = [
      ['status=ativo', `status = 'ativo'`],
      ['status=ativo,suspenso', `status in ('ativo', 'suspenso')`],
      ['status=cancelado&status=falecido', `status in ('cancelado', 'falecido')`],
      ['regional=sp', `regional = 'SP'`],
      ['regional=SP,rj&status=ativo', `regional in ('SP', 'RJ') and status = 'ativo'`],
      [`cpf=${formatCpf(s.cpf)}`, `cpf = '${s.cpf}'`],
      [`cpf=${s.cpf}`, `cpf = '${s.cpf}'`],
      [`crm=${s.numero}-${s.uf}`, `matricula in (select associado from crm where numero = ${s.numero} and uf = '${s.uf}')`],
      [
        `crm=${encodeURIComponent(`CRM/${s.uf.toLowerCase()} ${s.numero}`)}`,
        `matricula in (select associado from crm where numero = ${s.numero} and uf = '${s.uf}')`,
      ],
      [`crm=${s.uf}${s.numero}`, `matricula in (select associado from crm where numero = ${s.numero} and uf = '${s.uf}')`],
      [`crm=${s.numero}`, `matricula in (select associado from crm where numero = ${s.numero})`],
      [`updated_since=${s.atualizado}`, `atualizado_em >= '${s.atualizado}'`, byUpdate],
      [
        `updated_since=${encodeURIComponent('2025-01-01T00:00:00-03:00')}&status=pendente`,
        `atualizado_em >= '2025-01-01T03:00:00Z' and status = 'pendente'`,
        byUpdate,
      ],
    ];
    for (const [query, where, order] of cases) {
      const expected = await matriculas(f, where, order);
      assert.deepEqual(
        (await walk(query, 50)).map((item) => item.matricula),
        expected,
        query,
      );
    }
    assert.ok((await matriculas(f, `status = 'ativo'`)).length > 0);
  });

  it('masks the CPF unless the token may see it', async () => {
    const [masked] = (await f.api.get('/api/v1/associados?limit=1', token)).json<Item[]>();
    const {
      rows: [row],
    } = await sql<{ cpf: string }>`select cpf from associado order by matricula limit 1`.execute(f.t.database.db);
    assert.equal(masked!.cpf, maskCpf(row!.cpf));
    const [full] = (await f.api.get('/api/v1/associados?limit=1', await f.token(['associados:read', 'associados:cpf']))).json<Item[]>();
    assert.equal(full!.cpf, formatCpf(row!.cpf));
  });

  it('keeps a walk stable while members are added', async () => {
    const before = await matriculas(f);
    const seen: string[] = [];
    let url: string | undefined = '/api/v1/associados?limit=40';
    let added = false;
    while (url) {
      const response = await f.api.get(url, token);
      seen.push(...response.json<Item[]>().map((item) => item.matricula));
      if (!added) {
        await sql`insert into associado (nome, cpf, email, categoria, status, regional, data_admissao)
          values ('Nova Associada', '52998224725', 'nova@associados.example', 'aspirante', 'pendente', 'SP', current_date)`.execute(
          f.t.database.db,
        );
        added = true;
      }
      const link = response.headers.link as string | undefined;
      url = link ? new URL(/^<([^>]+)>/.exec(link)![1]!).pathname + new URL(/^<([^>]+)>/.exec(link)![1]!).search : undefined;
    }
    assert.equal(new Set(seen).size, seen.length, 'no duplicates');
    for (const matricula of before) assert.ok(seen.includes(matricula), matricula);
  });

  it('refuses bad filters with a 400 naming the parameter', async () => {
    for (const [query, parameter, code] of [
      ['status=ativa', 'status', 'invalid_parameter'],
      ['regional=XX', 'regional', 'invalid_parameter'],
      ['cpf=123.456.789-00', 'cpf', 'invalid_parameter'],
      ['cpf=abc', 'cpf', 'invalid_parameter'],
      ['crm=abc', 'crm', 'invalid_parameter'],
      ['crm=123456-XX', 'crm', 'invalid_parameter'],
      ['crm=123456789', 'crm', 'invalid_parameter'],
      ['updated_since=2026-02-30T00:00:00Z', 'updated_since', 'invalid_parameter'],
      ['updated_since=2026-01-01', 'updated_since', 'invalid_parameter'],
      ['limit=0', 'limit', 'invalid_parameter'],
      ['limit=501', 'limit', 'invalid_parameter'],
      ['limit=abc', 'limit', 'invalid_parameter'],
      ['cpf=52998224725&cpf=11144477735', 'cpf', 'invalid_parameter'],
      ['stauts=ativo', 'stauts', 'unknown_parameter'],
      ['cursor=abc', 'cursor', 'invalid_cursor'],
    ] as const) {
      const response = await f.api.get(`/api/v1/associados?${query}`, token);
      assert.equal(response.statusCode, 400, query);
      const body = response.json<{ code: string; errors: { parameter: string }[] }>();
      assert.equal(body.code, code, query);
      assert.equal(body.errors[0]!.parameter, parameter, query);
    }
    const status = await f.api.get('/api/v1/associados?status=ativa', token);
    assert.match(status.json<{ detail: string }>().detail, /ativo, pendente, suspenso, licenciado, cancelado, falecido/);
  });

  it('refuses a cursor used with other filters, or altered', async () => {
    const first = await f.api.get('/api/v1/associados?status=ativo&limit=5', token);
    const cursor = new URL(/^<([^>]+)>/.exec(String(first.headers.link))![1]!).searchParams.get('cursor')!;
    const other = await f.api.get(`/api/v1/associados?status=suspenso&limit=5&cursor=${cursor}`, token);
    assert.equal(other.statusCode, 400);
    assert.equal(other.json<{ code: string }>().code, 'invalid_cursor');
    const [payload, signature] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), a: [1] })).toString(
      'base64url',
    );
    const altered = await f.api.get(`/api/v1/associados?status=ativo&limit=5&cursor=${forged}.${signature}`, token);
    assert.equal(altered.statusCode, 400);
    assert.equal(altered.json<{ code: string }>().code, 'invalid_cursor');
    assert.equal((await f.api.get(`/api/v1/associados?status=ativo&limit=9&cursor=${cursor}`, token)).statusCode, 200);
  });

  it('refuses a cursor with anything after its signature', async () => {
    const first = await f.api.get('/api/v1/associados?limit=5', token);
    const cursor = new URL(/^<([^>]+)>/.exec(String(first.headers.link))![1]!).searchParams.get('cursor')!;
    for (const extra of ['.garbage', '.', '..']) {
      const response = await f.api.get(`/api/v1/associados?limit=5&cursor=${cursor}${extra}`, token);
      assert.equal(response.statusCode, 400, extra);
      assert.equal(response.json<{ code: string }>().code, 'invalid_cursor', extra);
    }
  });

  it('shows a branch-restricted token only its branch', async () => {
    const restricted = await f.token(['associados:read'], { regional: 'SP' });
    const items = (await f.api.get('/api/v1/associados?limit=500', restricted)).json<Item[]>();
    assert.deepEqual(
      items.map((item) => item.matricula),
      await matriculas(f, `regional = 'SP'`),
    );
    assert.deepEqual((await f.api.get('/api/v1/associados?regional=RJ', restricted)).json(), []);
  });
});

describe('GET /api/v1/associados/{id}', () => {
  let f: ApiFixture;
  let token: string;

  before(async () => {
    f = await apiFixture(120);
    token = await f.token(['associados:read']);
  });
  after(() => f.close());

  it('returns the full record, matching the database', async () => {
    const { rows } = await sql<{
      matricula: number;
      nome: string;
      cpf: string;
      regional: string;
      data_admissao: string;
      crms: number;
      esps: number;
      titulos: number;
    }>`
      select a.matricula, a.nome, a.cpf, a.regional, a.data_admissao,
        (select count(*)::int from crm c where c.associado = a.matricula) as crms,
        (select count(*)::int from associado_especialidade e where e.associado = a.matricula) as esps,
        (select count(*)::int from titulo t where t.associado = a.matricula) as titulos
      from associado a order by matricula`.execute(f.t.database.db);
    for (const row of rows) {
      const response = await f.api.get(`/api/v1/associados/${String(row.matricula).padStart(6, '0')}`, token);
      assert.equal(response.statusCode, 200);
      const body = response.json<{
        nome: string;
        cpf: string;
        regional: { codigo: string };
        data_admissao: string;
        crms: unknown[];
        especialidades: unknown[];
        titulos: unknown[];
      }>();
      assert.equal(body.nome, row.nome);
      assert.equal(body.cpf, maskCpf(row.cpf));
      assert.equal(body.regional.codigo, row.regional);
      assert.equal(body.data_admissao, row.data_admissao);
      assert.equal(body.crms.length, row.crms);
      assert.equal(body.especialidades.length, row.esps);
      assert.equal(body.titulos.length, row.titulos);
    }
    const titled = rows.find((row) => row.titulos > 0)!;
    const record = (await f.api.get(`/api/v1/associados/${titled.matricula}`, token)).json<{
      titulos: { nome: string; tipo: string }[];
      crms: { principal: boolean }[];
    }>();
    assert.match(record.titulos[0]!.nome, /^(Título de Especialista|Certificado de Área de Atuação) em /);
    assert.equal(record.crms[0]!.principal, true);
  });

  it('answers 404 for an unknown matricula, 400 for a CPF or garbage, and 403 for the status-only scope', async () => {
    assert.equal((await f.api.get('/api/v1/associados/0000009999', token)).statusCode, 404);
    assert.equal((await f.api.get('/api/v1/associados/52998224725', token)).statusCode, 400);
    assert.equal((await f.api.get('/api/v1/associados/x1', token)).statusCode, 400);
    assert.equal((await f.api.get('/api/v1/associados/000001', await f.token(['associados:situacao']))).statusCode, 403);
  });
});
