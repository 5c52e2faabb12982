import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { AUDIT_PAGE_SIZE, EXPORT_BATCH_SIZE } from '../../src/audit/audit.queries.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { ADMIN_EMAIL, AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

const SITUACAO = '/api/v1/associados/:id/situacao';
const pad = (matricula: number) => String(matricula).padStart(6, '0');
const unescape = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The request ids of the table rows, in page order. */
function requestIds(html: string): string[] {
  return [...html.matchAll(/<td class="request-id"><code>([^<]*)<\/code><\/td>/g)].map((match) => unescape(match[1]!));
}

function olderLink(html: string): string | undefined {
  const href = /<a href="([^"]+)" rel="next">Mais antigos<\/a>/.exec(html)?.[1];
  return href === undefined ? undefined : unescape(href);
}

/** RFC 4180 records: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (char === '"') quoted = false;
      else value += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(value);
      value = '';
    } else if (char === '\n') {
      record.push(value);
      records.push(record);
      record = [];
      value = '';
    } else value += char;
  }
  if (value !== '' || record.length > 0) {
    record.push(value);
    records.push(record);
  }
  return records;
}

describe('Auditoria', () => {
  let f: ApiFixture;
  let agent: AdminAgent;
  let adminId: number;
  let provas: { id: number; prefixo: string };
  let erp: { id: number; prefixo: string };
  let m: number[];

  /** What the trail holds for a SQL condition, newest first: the independent answer the page must match. */
  async function expected(where: string): Promise<string[]> {
    const { rows } = await sql
      .raw<{ request_id: string }>(`select request_id from auditoria where ${where} order by ocorrido_em desc, id desc`)
      .execute(f.t.database.db);
    return rows.map((row) => row.request_id);
  }

  /** Follows "Mais antigos" to the end, checking that every page but the last is full and carries the filters. */
  async function walk(query: string): Promise<string[]> {
    const ids: string[] = [];
    const filters = new URLSearchParams(query);
    let url: string | undefined = query ? `/admin/auditoria?${query}` : '/admin/auditoria';
    for (let pages = 0; url !== undefined; pages++) {
      assert.ok(pages < 100, 'the pages end');
      const response = await agent.get(url);
      assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 2000)}`);
      const page = requestIds(response.body);
      const older = olderLink(response.body);
      if (older !== undefined) {
        assert.equal(page.length, AUDIT_PAGE_SIZE, url);
        const carried = new URL(older, 'http://localhost').searchParams;
        for (const [name, value] of filters) assert.equal(carried.get(name), value, `${older} carries ${name}`);
        assert.match(carried.get('antes') ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d+$/);
      }
      assert.equal(
        pages > 0,
        response.body.includes('>Mais recentes</a>'),
        `${url}: a link back to the newest entries from the second page on`,
      );
      ids.push(...page);
      url = older;
    }
    assert.equal(new Set(ids).size, ids.length, `${query}: no entry twice`);
    return ids;
  }

  async function exportCsv(query: string): Promise<{ header: string[]; rows: string[][] }> {
    const response = await agent.get(`/admin/auditoria.csv${query ? `?${query}` : ''}`);
    assert.equal(response.statusCode, 200, response.body.slice(0, 2000));
    assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(String(response.headers['content-disposition']), /^attachment; filename="auditoria-\d{8}-\d{4}\.csv"$/);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.ok(response.body.startsWith('\uFEFF'), 'a BOM, for spreadsheets');
    const [header, ...rows] = parseCsv(response.body.slice(1));
    await f.app.audit.flush();
    return { header: header!, rows };
  }

  before(async () => {
    f = await apiFixture(60);
    const db = f.t.database.db;
    m = (await db.selectFrom('associado').select('matricula').orderBy('matricula').limit(3).execute()).map((row) => row.matricula);
    const create = (nome: string, scopes: ('associados:situacao' | 'associados:read' | 'faturas:read')[]) =>
      createToken(db, { nome, scopes, criadoPor: 'teste', limitePorMinuto: 100_000 });
    const provasToken = await create('Sistema de provas', ['associados:situacao']);
    const erpToken = await create('ERP financeiro', ['associados:read', 'faturas:read']);
    provas = provasToken;
    erp = erpToken;

    const calls: [string, string | undefined, number][] = [
      [`/api/v1/associados/${pad(m[0]!)}/situacao`, provasToken.token, 200],
      [`/api/v1/associados/${pad(m[1]!)}/situacao`, provasToken.token, 200],
      [`/api/v1/associados/${m[2]!}/situacao`, provasToken.token, 200],
      ['/api/v1/associados/999999/situacao', provasToken.token, 404],
      ['/api/v1/associados', provasToken.token, 403],
      ['/api/v1/associados?limit=8', erpToken.token, 200],
      [`/api/v1/associados/${pad(m[0]!)}`, erpToken.token, 200],
      ['/api/v1/associados/999999', erpToken.token, 404],
      ['/api/v1/faturas?limit=3', erpToken.token, 200],
      [`/api/v1/associados/${pad(m[0]!)}/situacao`, undefined, 401],
      [`/api/v1/associados/${pad(m[0]!)}/situacao`, 'associa_desconhecido', 401],
    ];
    for (const [url, token, status] of calls) assert.equal((await f.api.get(url, token)).statusCode, status, url);
    assert.equal((await f.api.get('/api/v1/faturas?limit=2', erpToken.token, { 'x-request-id': 'erp-lote-7' })).statusCode, 200);

    adminId = await createTestAdmin(f.app);
    agent = new AdminAgent(f.app);
    assert.equal((await agent.login()).statusCode, 303);
    const created = await agent.submit('/admin/integracoes/nova', '/admin/integracoes', {
      nome: 'Portal',
      scopes: 'cursos:read',
      validade: '30d',
      regional: '',
      limite: '',
    });
    assert.equal(created.statusCode, 303);

    // Around a São Paulo midnight: 02:30 UTC on the 10th is still the 9th in São Paulo.
    await db
      .insertInto('auditoria')
      .values(
        [
          ['fronteira-1', '2025-06-10T02:30:00Z'],
          ['fronteira-2', '2025-06-10T03:00:00Z'],
          ['fronteira-3', '2025-06-11T02:59:59.999Z'],
          ['fronteira-4', '2025-06-11T03:00:00Z'],
        ].map(([requestId, at]) => ({
          ocorrido_em: at!,
          origem: 'api' as const,
          token_id: provas.id,
          metodo: 'GET',
          rota: SITUACAO,
          status: 200,
          request_id: requestId!,
          ip: '192.0.2.1',
          matriculas: [m[0]!],
        })),
      )
      .execute();
    // More entries than an export batch, in trios sharing one instant with microseconds, with ids in no
    // particular time order: paging must break ties by id and keep the microseconds.
    const count = EXPORT_BATCH_SIZE + 150;
    await sql`
      insert into auditoria (ocorrido_em, origem, token_id, metodo, rota, status, request_id, ip, matriculas)
      select timestamptz '2025-05-01 12:00:00.000123+00' + (i / 3) * interval '1001 microseconds', 'api',
             case i % 3 when 0 then ${provas.id}::bigint when 1 then ${erp.id}::bigint end, 'GET',
             case when i % 2 = 0 then ${SITUACAO} else '/api/v1/associados' end,
             case when i % 7 = 0 then 404 else 200 end, 'lote-' || i, '198.51.100.' || (i % 250),
             case when i % 5 = 0 then array[${m[1]!}::bigint] else '{}' end
      from generate_series(1, ${count}) as i order by (i * 7919) % ${count}`.execute(db);
    await f.app.audit.flush();
  });
  after(() => f.close());

  it('without a session sends the page and the export to the login', async () => {
    const anonymous = new AdminAgent(f.app);
    for (const url of ['/admin/auditoria?status=404', '/admin/auditoria.csv']) {
      const response = await anonymous.get(url);
      assert.equal(response.statusCode, 303, url);
      assert.equal(response.headers.location, `/admin/entrar?proximo=${encodeURIComponent(url)}`);
    }
  });

  it('explains itself and shows who accessed which member, when', async () => {
    const response = await agent.get(
      `/admin/auditoria?token=${erp.id}&rota=${encodeURIComponent('/api/v1/associados')}&status=200&de=2025-07-01`,
    );
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'no-store');
    const html = response.body;
    assert.match(html, /Quem acessou os dados de qual associado, e quando/);
    assert.match(html, /<caption[^>]*>1 registro\(s\) nesta página, do mais recente ao mais antigo<\/caption>/);
    for (const column of [
      'Quando',
      'Origem',
      'Quem',
      'Requisição',
      'Status',
      'Matrículas',
      'Request id',
      'Request id do cliente',
      'IP',
      'Detalhe',
    ]) {
      assert.ok(html.includes(`<th scope="col">${column}</th>`), column);
    }
    for (const id of ['token', 'de', 'ate', 'matricula', 'rota', 'status']) assert.match(html, new RegExp(`<label for="${id}">`), id);
    // The list of 8 shows five matrículas, zero-padded, and counts the rest.
    const listed = await f.t.database.db.selectFrom('associado').select('matricula').orderBy('matricula').limit(8).execute();
    assert.ok(
      html.includes(
        listed
          .slice(0, 5)
          .map((row) => pad(row.matricula))
          .join(' '),
      ),
      'five matrículas',
    );
    assert.match(html, />\+3<span class="skip"> outras matrículas/);
    assert.ok(html.includes(`ERP financeiro <code>${erp.prefixo}…</code>`));
    // The route may wrap before each slash, so that the table fits 1280 px.
    assert.ok(html.includes('<code>GET <wbr/>/api<wbr/>/v1<wbr/>/associados</code>'), 'the route');
    const exportHref = unescape(/<a class="button secondary" href="([^"]+)" download>Exportar CSV/.exec(html)?.[1] ?? '');
    assert.ok(exportHref.startsWith('/admin/auditoria.csv?'), exportHref);
    assert.deepEqual(
      Object.fromEntries(new URL(exportHref, 'http://localhost').searchParams),
      { token: String(erp.id), rota: '/api/v1/associados', status: '200', de: '2025-07-01' },
      'the export carries the filters',
    );

    const admin = await agent.get('/admin/auditoria?token=admin');
    assert.ok(admin.body.includes(`<td><span>${ADMIN_EMAIL}</span></td>`));
    assert.match(admin.body, /token \d+ criado \(Portal; cursos:read\)/);
    const sp = await agent.get('/admin/auditoria?de=2025-06-09&ate=2025-06-09');
    assert.match(sp.body, /<time datetime="2025-06-10T02:30:00.000Z">09\/06\/2025,? 23:30:00<\/time>/);
  });

  it('offers every token, the administration and every known route as filters', async () => {
    const html = (await agent.get('/admin/auditoria')).body;
    assert.ok(html.includes(`<option value="${provas.id}">Sistema de provas (${provas.prefixo}…)</option>`));
    assert.ok(html.includes(`<option value="${erp.id}">ERP financeiro (${erp.prefixo}…)</option>`));
    assert.ok(html.includes('<option value="admin">Administração</option>'));
    // From the trail (API and administration) and, never called, from the API's own routes; public routes are not audited.
    for (const rota of [SITUACAO, '/api/v1/faturas', '/admin/integracoes', '/admin/entrar', '/api/v1/cursos/:id']) {
      assert.ok(html.includes(`<option value="${rota}">${rota}</option>`), rota);
    }
    assert.ok(!html.includes('/api/v1/public/cursos'));
  });

  it('each filter alone and combined shows exactly what the trail holds, newest first, over every page', async () => {
    const cases: [string, string][] = [
      ['', 'true'],
      [`token=${provas.id}`, `token_id = ${provas.id}`],
      [`token=${erp.id}`, `token_id = ${erp.id}`],
      ['token=admin', `origem = 'admin'`],
      ['token=sem-token', `origem = 'api' and token_id is null`],
      ['de=2025-06-10&ate=2025-06-10', `(ocorrido_em at time zone 'America/Sao_Paulo')::date = date '2025-06-10'`],
      ['de=2025-06-01', `(ocorrido_em at time zone 'America/Sao_Paulo')::date >= date '2025-06-01'`],
      ['ate=2025-06-09', `(ocorrido_em at time zone 'America/Sao_Paulo')::date <= date '2025-06-09'`],
      [`matricula=${pad(m[0]!)}`, `${m[0]!} = any (matriculas)`],
      [`matricula=${m[1]!}`, `${m[1]!} = any (matriculas)`],
      [`rota=${encodeURIComponent(SITUACAO)}`, `rota = '${SITUACAO}'`],
      ['rota=%2Fadmin%2Fintegracoes', `rota = '/admin/integracoes'`],
      ['rota=%2Fnao%2Fexiste', 'false'],
      ['status=404', 'status = 404'],
      ['status=4xx', 'status between 400 and 499'],
      ['status=2XX', 'status between 200 and 299'],
      [`token=${provas.id}&status=404`, `token_id = ${provas.id} and status = 404`],
      [
        `token=${erp.id}&matricula=${pad(m[0]!)}&status=2xx`,
        `token_id = ${erp.id} and ${m[0]!} = any (matriculas) and status between 200 and 299`,
      ],
      [
        `matricula=${m[1]!}&rota=${encodeURIComponent(SITUACAO)}&de=2025-05-01&ate=2025-05-01`,
        `${m[1]!} = any (matriculas) and rota = '${SITUACAO}' and (ocorrido_em at time zone 'America/Sao_Paulo')::date = date '2025-05-01'`,
      ],
      ['token=sem-token&status=401', `origem = 'api' and token_id is null and status = 401`],
    ];
    for (const [query, where] of cases) {
      const want = await expected(where);
      assert.deepEqual(await walk(query), want, `${query || 'no filter'} (${want.length} entries)`);
    }
    assert.ok((await expected('true')).length > 3 * AUDIT_PAGE_SIZE, 'the unfiltered walk crossed several pages');
  });

  it('takes period boundaries as São Paulo calendar days, typed DD/MM/AAAA or in the links of before as AAAA-MM-DD', async () => {
    assert.deepEqual(await walk('de=10/06/2025&ate=10/06/2025'), ['fronteira-3', 'fronteira-2']);
    assert.deepEqual(await walk('de=09/06/2025&ate=11/06/2025'), ['fronteira-4', 'fronteira-3', 'fronteira-2', 'fronteira-1']);
    assert.deepEqual(await walk('de=2025-06-10&ate=2025-06-10'), ['fronteira-3', 'fronteira-2']);
    assert.deepEqual(await walk('de=2025-06-09&ate=2025-06-09'), ['fronteira-1']);
    assert.deepEqual(await walk('de=2025-06-11&ate=2025-06-11'), ['fronteira-4']);
    assert.deepEqual(await walk('de=2025-06-09&ate=2025-06-11'), ['fronteira-4', 'fronteira-3', 'fronteira-2', 'fronteira-1']);
  });

  it('exports the whole filtered view as CSV and records the export', async () => {
    const query = `token=${erp.id}&status=2xx&de=2025-07-01`;
    const { header, rows } = await exportCsv(query);
    assert.deepEqual(header, [
      'id',
      'quando',
      'origem',
      'token_id',
      'token_nome',
      'token_prefixo',
      'admin_email',
      'metodo',
      'rota',
      'status',
      'quantidade',
      'matriculas',
      'request_id',
      'request_id_cliente',
      'ip',
      'detalhe',
      'alerta',
    ]);
    const column = (name: string) => header.indexOf(name);
    assert.deepEqual(
      rows.map((row) => row[column('request_id')]),
      await expected(`token_id = ${erp.id} and status between 200 and 299 and ocorrido_em >= '2025-07-01T03:00:00Z'`),
    );
    for (const row of rows) {
      assert.equal(row.length, header.length);
      assert.match(row[column('quando')]!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/);
      assert.deepEqual(row.slice(column('origem'), column('admin_email') + 1), ['api', String(erp.id), 'ERP financeiro', erp.prefixo, '']);
      assert.deepEqual([row[column('quantidade')], row[column('alerta')]], ['1', 'não']);
    }
    // The client's X-Request-Id is beside the server's own id, on the page as in the export.
    const sentId = rows.filter((row) => row[column('request_id_cliente')] === 'erp-lote-7');
    assert.equal(sentId.length, 1);
    assert.match(sentId[0]![column('request_id')]!, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(rows.every((row) => row === sentId[0] || row[column('request_id_cliente')] === ''));
    const page = (await agent.get(`/admin/auditoria?${query}`)).body;
    assert.ok(
      page.includes(
        `<td class="request-id"><code>${sentId[0]![column('request_id')]}</code></td><td class="request-id-cliente"><code>erp-lote-7</code></td>`,
      ),
    );
    const list = rows.find((row) => row[column('rota')] === '/api/v1/associados')!;
    const listed = await f.t.database.db.selectFrom('associado').select('matricula').orderBy('matricula').limit(8).execute();
    assert.equal(list[column('matriculas')], listed.map((row) => pad(row.matricula)).join(' '));

    const [exported] = await f.t.database.db.selectFrom('auditoria').selectAll().where('rota', '=', '/admin/auditoria.csv').execute();
    assert.equal(exported?.origem, 'admin');
    assert.equal(exported?.admin_id, adminId);
    assert.equal(exported?.status, 200);
    assert.equal(exported?.detalhe, `exportação da auditoria (filtros: quem ${erp.id}, de 2025-07-01, status 2xx)`);
  });

  it('exports the whole trail in batches, every entry once, with São Paulo times', async () => {
    const want = await expected('true');
    assert.ok(want.length > EXPORT_BATCH_SIZE, 'more than one batch');
    const { header, rows } = await exportCsv('');
    assert.deepEqual(
      rows.map((row) => row[header.indexOf('request_id')]),
      want,
    );
    const boundary = rows.find((row) => row[header.indexOf('request_id')] === 'fronteira-1')!;
    assert.equal(boundary[header.indexOf('quando')], '2025-06-09T23:30:00.000-03:00');
    assert.equal(boundary[header.indexOf('matriculas')], pad(m[0]!));
    const [exported] = await f.t.database.db
      .selectFrom('auditoria')
      .select('detalhe')
      .where('rota', '=', '/admin/auditoria.csv')
      .orderBy('id', 'desc')
      .execute();
    assert.equal(exported?.detalhe, 'exportação da auditoria (sem filtros)');
  });

  it('refuses bad filters with a 400 page that says what is wrong, never a wider result', async () => {
    const cases: [string, RegExp][] = [
      ['de=2026-13-01', /Data inicial inválida/],
      ['de=31/02/2026', /Data inicial inválida: use um dia que exista, no formato DD\/MM\/AAAA/],
      ['ate=2026/03/10', /Data final inválida/],
      ['ate=2026-02-30', /Data final inválida/],
      ['de=2026-03-10&ate=2026-03-01', /A data inicial é posterior à final/],
      ['matricula=abc', /Matrícula inválida/],
      ['matricula=12345678901', /Matrícula inválida/],
      ['matricula=1&matricula=2', /Cada filtro deve aparecer uma só vez/],
      ['status=9xx', /Status inválido/],
      ['status=600', /Status inválido/],
      ['token=999999', /Escolha em “Quem” um dos tokens da lista/],
      ['rota=api%2Fv1', /Rota inválida/],
      ['antes=abc', /marcador de página de “Mais antigos” é inválido/],
      ['antes=2026-02-30T10:00:00.000000Z_5', /marcador de página/],
      ['antes=2026-03-01T10:00:00.000000Z_0', /marcador de página/],
      ['status=404&antes=2026-03-01T10:00:00.000000Z_5%27--', /marcador de página/],
    ];
    for (const [query, message] of cases) {
      const response = await agent.get(`/admin/auditoria?${query}`);
      assert.equal(response.statusCode, 400, query);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8', query);
      assert.match(response.body, message, query);
      assert.match(response.body, /<div class="notice notice-error" role="alert">/, query);
      assert.match(response.body, /<form method="get" action="\/admin\/auditoria"/, query);
      assert.ok(!response.body.includes('<table'), `${query}: no entries`);
    }
    const filled = await agent.get('/admin/auditoria?status=9xx&matricula=004217');
    const status = /<input id="status"[^>]*>/.exec(filled.body)?.[0] ?? '';
    for (const attribute of ['value="9xx"', 'aria-invalid="true"', 'aria-describedby="status-dica erro-status"'])
      assert.ok(status.includes(attribute), attribute);
    assert.match(filled.body, /<li id="erro-status"><a href="#status">Status inválido/);
    assert.match(filled.body, /value="004217"/, 'the form keeps what was typed');

    const csv = await agent.get('/admin/auditoria.csv?matricula=abc');
    assert.equal(csv.statusCode, 400);
    assert.equal(csv.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(csv.body, /Matrícula inválida/);
  });
});
