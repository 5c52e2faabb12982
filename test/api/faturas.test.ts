import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { markOverdue } from '../../src/db/overdue-marks.js';
import { businessDate } from '../../src/domain/dates.js';
import { maskCpf } from '../../src/domain/cpf.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

interface InvoiceBody {
  id: number;
  status: string;
  kind: string;
  pago_em: string | null;
  nfse: unknown;
  associado: { matricula: string; cpf: string };
}

describe('GET /api/v1/faturas', () => {
  let f: ApiFixture;
  let token: string;
  const today = businessDate(new Date());

  before(async () => {
    f = await apiFixture(2000);
    token = await f.token(['faturas:read']);
  });
  after(() => f.close());

  async function ids(where: string, order = 'f.id'): Promise<number[]> {
    const { rows } = await sql
      .raw<{ id: number }>(`select f.id from fatura f join associado a on a.matricula = f.associado where ${where} order by ${order}`)
      .execute(f.t.database.db);
    return rows.map((row) => row.id);
  }

  /** Every page of a list, or the pages that hold its first `first` items (those alone). */
  async function walk(query: string, limit = 500, auth = token, first = Infinity): Promise<InvoiceBody[]> {
    const items: InvoiceBody[] = [];
    let url: string | undefined = `/api/v1/faturas?${query}&limit=${limit}`;
    while (url && items.length < first) {
      const response = await f.api.get(url, auth);
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      assert.equal(response.headers['cache-control'], 'no-store');
      items.push(...response.json<InvoiceBody[]>());
      const link = response.headers.link as string | undefined;
      url = link
        ? (() => {
            const next = new URL(/^<([^>]+)>/.exec(link)![1]!);
            return next.pathname + next.search;
          })()
        : undefined;
    }
    return items.slice(0, first);
  }

  const overdue = `f.status = 'open' and f.vencimento < '${today}'`;
  const saoPauloDay = (date: string) => `'${date}T00:00:00-03:00'::timestamptz`;

  it('walks every invoice in id order with any page size', async () => {
    const all = await ids('true');
    for (const limit of [97, 500])
      assert.deepEqual(
        (await walk('', limit)).map((i) => i.id),
        all,
      );
  });

  it('filters by status (overdue derived), kind, payment day and update time, alone and combined', async () => {
    const {
      rows: [middle],
    } = await sql<{ day: string; updated: string }>`
      select to_char(pago_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as day,
             to_char(atualizado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated
        from fatura where pago_em is not null order by pago_em offset (select count(*) / 2 from fatura where pago_em is not null) limit 1`.execute(
      f.t.database.db,
    );
    const day = middle!.day;
    // A range orders the list by its column (API-DESIGN §5); updated_since wins over paid_from.
    const byPayment = 'f.pago_em, f.id';
    const byUpdate = 'f.atualizado_em, f.id';
    const cases: [string, string, string?][] = [
      ['status=paid', `f.status = 'paid'`],
      ['status=overdue', overdue],
      ['status=open', `f.status = 'open' and f.vencimento >= '${today}'`],
      ['status=open,overdue', `f.status = 'open'`],
      ['status=cancelled&status=refunded', `f.status in ('cancelled', 'refunded')`],
      ['kind=anuidade', `f.kind = 'anuidade'`],
      ['kind=inscricao,taxa_prova', `f.kind in ('inscricao', 'taxa_prova')`],
      [`paid_from=${day}`, `f.pago_em >= ${saoPauloDay(day)}`, byPayment],
      [`paid_to=${day}`, `f.pago_em < ${saoPauloDay(day)} + interval '1 day'`, byPayment],
      [
        `paid_from=${day}&paid_to=${day}`,
        `f.pago_em >= ${saoPauloDay(day)} and f.pago_em < ${saoPauloDay(day)} + interval '1 day'`,
        byPayment,
      ],
      [
        `status=paid&kind=anuidade&paid_from=${day}`,
        `f.status = 'paid' and f.kind = 'anuidade' and f.pago_em >= ${saoPauloDay(day)}`,
        byPayment,
      ],
      [`updated_since=${middle!.updated}`, `f.atualizado_em >= '${middle!.updated}'`, byUpdate],
      [
        `updated_since=${middle!.updated}&paid_from=${day}`,
        `f.atualizado_em >= '${middle!.updated}' and f.pago_em >= ${saoPauloDay(day)}`,
        byUpdate,
      ],
    ];
    for (const [query, where, order] of cases) {
      const expected = await ids(where, order);
      assert.ok(expected.length > 0, `no rows for ${query}`);
      assert.deepEqual(
        (await walk(query)).map((i) => i.id),
        expected,
        query,
      );
    }
  });

  it('pages through timestamps that differ by microseconds, each invoice exactly once', async () => {
    // 60 invoices share one millisecond, six per microsecond: a cursor rounded to the millisecond would repeat or skip them.
    // Stamped in the past, before every seeded change, as an import of history would: the database stamps what the
    // service and psql change with the time of the change (migration 0013), and so the triggers are off for this one.
    await f.t.database.db.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await sql`update fatura set atualizado_em = '2001-01-01T00:00:00.000100Z'::timestamptz + (id % 10) * interval '1 microsecond'
        where id in (select id from fatura order by id desc limit 60)`.execute(tx);
    });
    const expected = await ids(`f.atualizado_em < '2001-01-02T00:00:00Z'`, 'f.atualizado_em, f.id');
    assert.equal(expected.length, 60);
    for (const limit of [1, 7, 59]) {
      assert.deepEqual(
        (await walk('updated_since=2001-01-01T00:00:00Z', limit, token, expected.length)).map((i) => i.id),
        expected,
        `limit ${limit}`,
      );
    }
  });

  it('serves the derived status, and payment and NFS-e only on paid or refunded invoices', async () => {
    const items = await walk('');
    const overdueIds = new Set(await ids(overdue));
    for (const item of items) {
      assert.equal(item.status === 'overdue', overdueIds.has(item.id), String(item.id));
      const paid = item.status === 'paid' || item.status === 'refunded';
      assert.equal(item.pago_em !== null, paid);
      assert.equal(item.nfse !== null, paid);
      assert.match(item.associado.cpf, /^\*\*\*\.\*\*\*\.\d{3}-\*\*$/);
    }
    const {
      rows: [first],
    } = await sql<{ cpf: string }>`select a.cpf from fatura f join associado a on a.matricula = f.associado order by f.id limit 1`.execute(
      f.t.database.db,
    );
    assert.equal(items[0]!.associado.cpf, maskCpf(first!.cpf));
  });

  it('lists an invoice fallen due since the last marking as overdue, not open, before and after the marking', async () => {
    const db = f.t.database.db;
    const yesterday = sql`${today}::date - 1`;
    const {
      rows: [invoice],
    } = await sql<{ id: number }>`select id from fatura where status = 'open' and vencimento >= ${today}::date order by id limit 1`.execute(
      db,
    );
    const id = invoice!.id;
    // Writing the due date marks it at once (the trigger).
    await sql`update fatura set vencimento = ${yesterday} where id = ${id}`.execute(db);
    const marked = async () =>
      (await sql<{ vencida: boolean; atualizado_em: Date }>`select vencida, atualizado_em from fatura where id = ${id}`.execute(db))
        .rows[0]!;
    assert.equal((await marked()).vencida, true);
    // As if it had fallen due at midnight and the day's marking had not run yet.
    await sql`update fatura set vencida = false where id = ${id}`.execute(db);
    await sql`update fatura_marcacao set marcada_ate = ${yesterday}`.execute(db);
    const before = await marked();
    const listed = async () => ({
      overdue: (await walk('status=overdue')).filter((item) => item.id === id),
      open: (await walk('status=open')).filter((item) => item.id === id),
    });
    const unmarked = await listed();
    assert.deepEqual(
      unmarked.overdue.map((item) => item.status),
      ['overdue'],
    );
    assert.deepEqual(unmarked.open, []);

    assert.ok((await markOverdue(f.t.database, today)) >= 1);
    const after = await marked();
    assert.equal(after.vencida, true);
    assert.equal(after.atualizado_em.getTime(), before.atualizado_em.getTime(), 'marking is not a change of the invoice');
    const {
      rows: [mark],
    } = await sql<{ ok: boolean }>`select marcada_ate = ${today}::date as ok from fatura_marcacao`.execute(db);
    assert.equal(mark!.ok, true);
    const markedLists = await listed();
    assert.deepEqual(
      markedLists.overdue.map((item) => item.status),
      ['overdue'],
    );
    assert.deepEqual(markedLists.open, []);

    // Run again the same day (every minute), the marking finds nothing to do and writes no row version.
    const version = async () => (await sql<{ xmin: string }>`select xmin::text as xmin from fatura_marcacao`.execute(db)).rows[0]!.xmin;
    const unchanged = await version();
    assert.equal(await markOverdue(f.t.database, today), 0);
    assert.equal(await version(), unchanged);
  });

  it('refuses bad filters with a 400 naming the parameter', async () => {
    for (const [query, parameter, code] of [
      ['status=pago', 'status', 'invalid_parameter'],
      ['kind=mensalidade', 'kind', 'invalid_parameter'],
      ['paid_from=2026-02-30', 'paid_from', 'invalid_parameter'],
      ['paid_from=01/03/2026', 'paid_from', 'invalid_parameter'],
      ['paid_from=2026-03-02&paid_to=2026-03-01', 'paid_to', 'invalid_parameter'],
      ['updated_since=ontem', 'updated_since', 'invalid_parameter'],
      ['stauts=paid', 'stauts', 'unknown_parameter'],
      ['limit=1000', 'limit', 'invalid_parameter'],
    ] as const) {
      const response = await f.api.get(`/api/v1/faturas?${query}`, token);
      assert.equal(response.statusCode, 400, query);
      const body = response.json<{ code: string; errors: { parameter: string }[]; detail: string }>();
      assert.equal(body.code, code, query);
      assert.equal(body.errors[0]!.parameter, parameter, query);
    }
    const detail = (await f.api.get('/api/v1/faturas?paid_from=2026-02-30', token)).json<{ detail: string }>().detail;
    assert.match(detail, /2026-02-30/);
  });

  it("shows a branch-restricted token only the invoices of its branch's members", async () => {
    const restricted = await f.token(['faturas:read'], { regional: 'SP' });
    assert.deepEqual(
      (await walk('', 500, restricted)).map((i) => i.id),
      await ids(`a.regional = 'SP'`),
    );
  });

  it('requires the faturas:read scope', async () => {
    assert.equal((await f.api.get('/api/v1/faturas', await f.token(['associados:read']))).statusCode, 403);
    assert.equal((await f.api.get('/api/v1/faturas')).statusCode, 401);
  });
});
