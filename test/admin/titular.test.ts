import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type RawBuilder } from 'kysely';
import { formatCpf } from '../../src/domain/cpf.js';
import { formatMatricula } from '../../src/domain/matricula.js';
import type { Scope } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { TITULAR_PAGE_LINES } from '../../src/admin/views/titular.js';
import { countTitularDays } from '../../src/audit/titular-counts.js';
import { AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

const REPORT = '/admin/auditoria/titular';
/** The rows of the report's list of every access. */
const accessRows = (html: string) =>
  [...html.matchAll(/<tr data-acesso>([\s\S]*?)<\/tr>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ' '));
/** The cells' text of the rows of a table marked with `attribute`. */
const tableCells = (html: string, attribute: string) =>
  [...html.matchAll(new RegExp(`<tr ${attribute}[^>]*>([\\s\\S]*?)</tr>`, 'g'))].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '').trim()),
  );
/** The link to the detail's next page, if any. */
const nextPage = (html: string) => /href="([^"]+)#cada-acesso" rel="next"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const number = (text: string) => Number(text.replace(/\./g, ''));

describe('Relatório do titular', () => {
  let f: ApiFixture;
  let agent: AdminAgent;
  let member: { matricula: number; cpf: string; regional: string; fatura: number };
  let other: number;
  /** Members nobody else's test reads: one read thousands of times, one rare among thousands of others' entries. */
  let busy: number;
  let rare: number;

  before(async () => {
    f = await apiFixture(40);
    await createTestAdmin(f.app);
    agent = new AdminAgent(f.app);
    await agent.login();
    const db = f.t.database.db;
    const { rows } = await sql<{ matricula: number; cpf: string; regional: string; fatura: number }>`
      select a.matricula, a.cpf, a.regional, min(x.id)::int as fatura from associado a join fatura x on x.associado = a.matricula
       group by a.matricula order by a.matricula limit 4`.execute(db);
    member = { ...rows[0]!, matricula: Number(rows[0]!.matricula) };
    other = Number(rows[1]!.matricula);
    busy = Number(rows[2]!.matricula);
    rare = Number(rows[3]!.matricula);

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

  describe('for a member read thousands of times', () => {
    const BUSY_ENTRIES = 2_400;
    const OTHERS = 40_000;
    /** One of the others' entries in 160 is the rare member's. */
    const RARE_ENTRIES = OTHERS / 160;
    const START = Date.parse('2026-01-05T12:00:00Z');
    const tokens: { id: number; nome: string }[] = [];
    /** The entries written for the busy member, oldest first: who, operation, and how many accesses each counts. */
    const written: { day: string; month: string; who: string; operation: string; count: number }[] = [];

    before(async () => {
      const db = f.t.database.db;
      for (const [nome, scopes] of [
        ['ERP paginando', ['associados:read', 'associados:cpf']],
        ['Portal paginando', ['associados:read']],
        ['Notificações', ['faturas:read']],
      ] as const) {
        const { id } = await createToken(db, { nome, scopes: [...scopes], criadoPor: 'ti@associa.example' });
        tokens.push({ id, nome });
      }
      const admin = await db.selectFrom('admin_usuario').select(['id', 'email']).executeTakeFirstOrThrow();
      // Entry i every 50 minutes from 5 January 2026 (São Paulo months January to March): the list and the record by
      // the two pagers, a webhook now and then, and an administrator's page.
      const rows = Array.from({ length: BUSY_ENTRIES }, (_, i) => {
        const at = new Date(START + i * 50 * 60_000);
        const count = i % 10 === 0 ? 3 : 1;
        // São Paulo's day and month (UTC−3).
        const day = new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
        const month = day.slice(0, 7);
        if (i % 100 === 13) {
          written.push({ day, month, who: admin.email, operation: 'Administração: GET /admin/auditoria', count });
          return { at, origem: 'admin', token: null, admin: admin.id, rota: '/admin/auditoria', count };
        }
        if (i % 50 === 7) {
          written.push({ day, month, who: tokens[2]!.nome, operation: 'Webhook fatura.paga', count });
          return { at, origem: 'webhook', token: tokens[2]!.id, admin: null, rota: 'fatura.paga', count };
        }
        const token = tokens[i % 2]!;
        const list = i % 4 === 0;
        written.push({ day, month, who: token.nome, operation: list ? 'Lista de associados' : 'Ficha do associado', count });
        return { at, origem: 'api', token: token.id, admin: null, rota: list ? '/api/v1/associados' : '/api/v1/associados/:id', count };
      });
      // On a session of its own, which no statement timeout hurries.
      const write = async (query: RawBuilder<unknown>) => {
        const compiled = query.compile(db);
        await f.t.database.session((session) => session.query(compiled.sql, compiled.parameters));
      };
      await write(sql`
        insert into auditoria (ocorrido_em, origem, token_id, admin_id, metodo, rota, status, request_id, matriculas, quantidade)
        select r.at, r.origem, r.token, r.admin, 'GET', r.rota, 200, 'teste-' || r.n, array[${busy}]::bigint[], r.count
          from unnest(${rows.map((row) => row.at)}::timestamptz[], ${rows.map((row) => row.origem)}::text[],
                      ${rows.map((row) => row.token)}::bigint[], ${rows.map((row) => row.admin)}::bigint[],
                      ${rows.map((row) => row.rota)}::text[], ${rows.map((row) => row.count)}::int[])
                 with ordinality as r(at, origem, token, admin, rota, count, n)`);
      // Others' entries over the same months, with the rare member in one in 160: a page looks through more entries
      // than hold a page of the rare member's, and takes them from the GIN index.
      await write(sql`
        insert into auditoria (ocorrido_em, origem, token_id, metodo, rota, status, request_id, matriculas)
        select ${new Date(START)}::timestamptz + make_interval(secs => n * 180.0), 'api', ${tokens[0]!.id}, 'GET',
               '/api/v1/associados/:id/situacao', 200, 'outros-' || n,
               case when n % 160 = 80 then array[${rare}]::bigint[] else array[${other} + 1000000]::bigint[] end
          from generate_series(0, ${OTHERS} - 1) n`);
      await sql`analyze auditoria`.execute(db);
      // Months of entries no day of which is counted by member yet, as a release that counts them finds the trail.
      await sql`delete from auditoria_titular`.execute(db);
      await sql`update auditoria_titular_ate set ate = null`.execute(db);
    });

    const period = 'de=01/01/2026&ate=31/03/2026';

    /** The report's summary of `query` is that of `entries`: its totals, by integration and operation, and by month. */
    const assertSummary = async (query: string, entries: typeof written) => {
      const page = await agent.get(`${REPORT}?associado=${busy}&${query}`);
      assert.equal(page.statusCode, 200);
      const total = entries.reduce((sum, entry) => sum + entry.count, 0);
      assert.match(page.body, new RegExp(`Resumo: ${total.toLocaleString('pt-BR').replace('.', '\\.')} acessos`));
      assert.match(page.body, new RegExp(`${entries.length.toLocaleString('pt-BR').replace('.', '\\.')} registros da trilha`));

      const expected = (monthly: boolean) => {
        const counts = new Map<string, number>();
        for (const entry of entries) {
          const key = `${monthly ? `${entry.month.slice(5, 7)}/${entry.month.slice(0, 4)} ` : ''}${entry.who} ${entry.operation}`;
          counts.set(key, (counts.get(key) ?? 0) + entry.count);
        }
        return counts;
      };
      // "ERP paginando (ab12…), criado por …" is the token's name with its prefix: the name is enough here.
      const who = (cell: string) => tokens.find((token) => cell.startsWith(`${token.nome} (`))?.nome ?? cell;
      const byGroup = new Map(tableCells(page.body, 'data-resumo').map(([w, operation, , n]) => [`${who(w!)} ${operation}`, number(n!)]));
      assert.deepEqual(byGroup, expected(false));
      const byMonth = new Map(
        tableCells(page.body, 'data-mes').map(([month, w, operation, , n]) => [`${month} ${who(w!)} ${operation}`, number(n!)]),
      );
      assert.deepEqual(byMonth, expected(true));
      return page;
    };

    it('counts the accesses by integration, operation and month, from the database', async () => {
      const page = await assertSummary(period, written);
      assert.ok(tableCells(page.body, 'data-mes').some(([month]) => month === '03/2026'));
      const erpList = tableCells(page.body, 'data-resumo').find(
        ([w, operation]) => w!.startsWith('ERP paginando') && operation === 'Lista de associados',
      );
      assert.equal(erpList?.[2], 'ficha, CPF completo');
    });

    it("counts the same from the member's counts by month once the days are counted, whole months or not", async () => {
      const db = f.t.database.db;
      const { days } = await countTitularDays(f.t.database, new Date());
      assert.ok(days >= 80, `${days} days counted`);
      const { rows } = await sql<{ vezes: string }>`
        select coalesce(sum(vezes), 0)::text as vezes from auditoria_titular where matricula = ${busy}`.execute(db);
      assert.equal(
        Number(rows[0]!.vezes),
        written.reduce((sum, entry) => sum + entry.count, 0),
        "the member's counts hold every access",
      );
      await assertSummary(period, written);
      // January and March in part, from the trail; February whole, from the counts.
      await assertSummary(
        'de=15/01/2026&ate=20/03/2026',
        written.filter((entry) => entry.day >= '2026-01-15' && entry.day <= '2026-03-20'),
      );
      await assertSummary(
        'de=01/02/2026&ate=28/02/2026',
        written.filter((entry) => entry.month === '2026-02'),
      );
    });

    /** Every line of the detail, page after page, and the number of pages. */
    const allPages = async (matricula: number) => {
      const lines: string[] = [];
      let pages = 0;
      for (let url: string | undefined = `${REPORT}?associado=${matricula}&${period}`; url; pages++) {
        const page = await agent.get(url);
        assert.equal(page.statusCode, 200, url);
        const rows = accessRows(page.body);
        assert.ok(rows.length <= TITULAR_PAGE_LINES, `${rows.length} lines on a page`);
        url = nextPage(page.body);
        if (url) assert.equal(rows.length, TITULAR_PAGE_LINES, 'a page with a next one is full');
        if (pages > 0) assert.match(page.body, /Do início/);
        lines.push(...rows);
      }
      return { lines, pages };
    };

    it('shows the detail a page at a time, every entry once and in order', async () => {
      const { lines, pages } = await allPages(busy);
      assert.equal(pages, Math.ceil(BUSY_ENTRIES / TITULAR_PAGE_LINES));
      assert.equal(lines.length, BUSY_ENTRIES);
      lines.forEach((line, index) => {
        const entry = written[index]!;
        assert.ok(
          line.includes(entry.who) && line.includes(entry.operation),
          `line ${index}: ${line} is ${entry.who}'s ${entry.operation}`,
        );
      });

      const rareReport = await allPages(rare);
      assert.equal(rareReport.pages, 2);
      assert.equal(rareReport.lines.length, RARE_ENTRIES);

      const wrong = await agent.get(`${REPORT}?associado=${busy}&${period}&depois=ontem`);
      assert.equal(wrong.statusCode, 400);
      assert.match(wrong.body, /marcador de página/);
    });

    it('streams every entry into the CSV', async () => {
      const csv = await agent.get(`${REPORT}.csv?associado=${busy}&${period}`);
      assert.equal(csv.statusCode, 200);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      assert.equal(csv.headers['content-length'], undefined, 'streamed, not buffered');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      assert.equal(lines[0], 'quando,quem,operacao,dados,rota,status,quantidade');
      assert.equal(lines.length - 1, BUSY_ENTRIES);
      assert.equal(
        lines.slice(1).reduce((sum, line) => sum + Number(line.split(',').at(-1)), 0),
        written.reduce((sum, entry) => sum + entry.count, 0),
      );
      lines.slice(1).forEach((line, index) => assert.ok(line.includes(written[index]!.operation), `line ${index + 1}: ${line}`));

      const rareCsv = await agent.get(`${REPORT}.csv?associado=${rare}&${period}`);
      assert.equal(rareCsv.body.trim().split('\n').length - 1, RARE_ENTRIES);
    });
  });
});
