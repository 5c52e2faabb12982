import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { REPORT_MARGIN_MS } from '../../src/db/commit-horizon.js';
import { connect, type Database } from '../../src/db/connection.js';
import { payInvoice } from '../../src/simulation/payments.js';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { ApiClient } from '../helpers/api.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { adminQuery, onPostgres } from '../helpers/database.js';
import { eventually, sleep } from '../helpers/load.js';
import { PostgresServer, postgresServerUnavailable } from '../helpers/postgres-server.js';
import { runCli } from '../helpers/processes.js';

type Item = Record<string, unknown> & { atualizado_em: string };
type List = 'faturas' | 'associados';

const KEY: Record<List, string> = { faturas: 'id', associados: 'matricula' };
/**
 * The API serves `atualizado_em` to the second, so a watermark never passes a stamp of the same second: changes
 * this far apart are the ones a watermark taken too early would skip.
 */
const APART_MS = 1100;
/** The guide asks for every status it mirrors: a refund or a cancellation moves an invoice out of `paid`. */
const EVERY_INVOICE_STATUS = 'open,overdue,paid,cancelled,refunded';

/**
 * The ERP's incremental synchronisation as docs/guia-erp.md teaches it: every page from the stored watermark
 * (inclusive), each item kept by its key, the largest `atualizado_em` received as the next watermark.
 */
async function sync(api: ApiClient, token: string, list: List, mirror: Map<number, Item>, watermark: string): Promise<string> {
  const query = new URLSearchParams({ limit: '500', updated_since: watermark });
  if (list === 'faturas') query.set('status', EVERY_INVOICE_STATUS);
  let url: string | undefined = `/api/v1/${list}?${query}`;
  let mark = watermark;
  while (url) {
    const response = await api.get(url, token);
    assert.equal(response.statusCode, 200, response.body);
    for (const item of response.json<Item[]>()) {
      // Matriculas come zero-padded ("000042"): the mirror is keyed by number.
      mirror.set(Number(item[KEY[list]]), item);
      if (Date.parse(item.atualizado_em) > Date.parse(mark)) mark = item.atualizado_em;
    }
    const next = /<([^>]+)>;\s*rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
    url = next ? new URL(next).pathname + new URL(next).search : undefined;
  }
  return mark;
}

/** An ERP of its own: a mirror, a watermark, and a sync that starts from it; the first brings everything. */
function erp(api: ApiClient, token: string, list: List) {
  const mirror = new Map<number, Item>();
  let watermark = '0001-01-01T00:00:00Z';
  return {
    mirror,
    async sync() {
      watermark = await sync(api, token, list, mirror, watermark);
    },
    /** Syncs again and again, as the ERP does every so often, until `done` holds of its mirror. */
    async syncUntil(done: (mirror: Map<number, Item>) => boolean, what: string) {
      await eventually(
        async () => {
          await this.sync();
          return done(mirror);
        },
        10_000,
        what,
      );
    },
  };
}

/** A transaction on a connection of its own, as another process (psql, another instance) holds one. */
async function openTransaction(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  return {
    query: <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => client.query<R>(text, values),
    async end(how: 'commit' | 'rollback') {
      await client.query(how);
      await client.end();
    },
  };
}

describe('updated_since never skips a change committed after a later one (API-DESIGN §5)', () => {
  let f: ApiFixture;
  let token: string;
  const db = () => f.t.database.db;

  before(async () => {
    f = await apiFixture(200);
    token = await f.token(['faturas:read', 'associados:read']);
  });
  after(() => f?.close());

  /** Two rows of `table`, in key order from `offset`: each test changes rows of its own. */
  const twoRows = async (table: 'fatura' | 'associado', offset: number) => {
    const key = table === 'fatura' ? 'id' : 'matricula';
    const { rows } = await sql<{
      key: number;
    }>`select ${sql.ref(key)} as key from ${sql.table(table)} order by ${sql.ref(key)} offset ${offset} limit 2`.execute(db());
    return rows.map((row) => row.key) as [number, number];
  };

  const cases = [
    { list: 'faturas', table: 'fatura', key: 'id', column: 'descricao', offset: 10 },
    { list: 'associados', table: 'associado', key: 'matricula', column: 'nome', offset: 10 },
  ] as const;

  for (const { list, table, key, column, offset } of cases) {
    it(
      `${list}: a write held open across a sync, with another committed meanwhile, comes in a later sync`,
      { skip: !onPostgres && 'needs a second session (PostgreSQL)' },
      async () => {
        const [late, early] = await twoRows(table, offset);
        const client = erp(f.api, token, list);
        await client.sync();

        const held = await openTransaction(f.t.url!);
        try {
          // As typed in psql: the change names no atualizado_em, and the database stamps it.
          await held.query(`update ${table} set ${column} = 'Gravado pela transação longa' where ${key} = $1`, [late]);
          const heldStamp = (await held.query<{ atualizado_em: Date }>(`select atualizado_em from ${table} where ${key} = $1`, [late]))
            .rows[0]!.atualizado_em;
          await sleep(APART_MS);
          await adminQuery(f.t.url!, `update ${table} set ${column} = 'Gravado e confirmado antes' where ${key} = ${early}`);
          const [committed] = await adminQuery<{ atualizado_em: Date }>(
            f.t.url!,
            `select atualizado_em from ${table} where ${key} = ${early}`,
          );
          assert.ok(heldStamp < committed!.atualizado_em, 'the change still to commit has the earlier atualizado_em');
          // Older than the margin: only the transaction still running keeps the committed change out of this sync.
          await sleep(2 * REPORT_MARGIN_MS);
          await client.sync();
          assert.notEqual(
            client.mirror.get(early)?.[column],
            'Gravado e confirmado antes',
            'a change is served only once every transaction that could still commit an earlier atualizado_em has finished',
          );
        } finally {
          await held.end('commit');
        }

        await client.syncUntil(
          (mirror) =>
            mirror.get(late)?.[column] === 'Gravado pela transação longa' && mirror.get(early)?.[column] === 'Gravado e confirmado antes',
          'both changes reaching the mirror',
        );
      },
    );
  }

  it(
    'concurrent simulated payments of annual fees, some held on the NFS-e number of their city: every payment and member touched comes',
    { skip: !onPostgres && 'needs sessions of their own (PostgreSQL)' },
    async () => {
      // Annual fees of different members in two cities, paid in the seed and open again here. Paying one touches its
      // member (src/simulation/payments.ts) before the NFS-e number; the first city's counter exists (one payment
      // made), so its lock can be held.
      const { rows: cities } = await sql<{ municipio: string; ids: number[]; members: number[] }>`
        with fees as (
          select distinct on (f.associado) f.id, f.associado, r.municipio
            from fatura f join associado a on a.matricula = f.associado join regional r on r.codigo = a.regional
           where f.kind = 'anuidade' and f.status = 'paid' and f.associado > 60
           order by f.associado, f.id),
        ranked as (select *, row_number() over (partition by municipio order by id) as n, count(*) over (partition by municipio) as c from fees)
        select municipio, array_agg(id order by id) as ids, array_agg(associado order by id) as members
          from ranked where n <= 4 and c >= 4 group by municipio order by municipio limit 2`.execute(db());
      assert.equal(cities.length, 2, 'the seed has paid annual fees of four members in two cities');
      await sql`update fatura set status = 'open', pago_em = null, valor_pago = null, forma_pagamento = null, transacao_id = null,
          nfse_numero = null, nfse_codigo_verificacao = null, nfse_emitida_em = null, nfse_municipio = null
        where id = any(${cities.flatMap((city) => city.ids)}::bigint[])`.execute(db());
      const [held, free] = cities as [(typeof cities)[0], (typeof cities)[0]];
      const touchedAt = async (members: number[]) =>
        new Map(
          (
            await sql<{ matricula: number; at: Date }>`
              select matricula, atualizado_em as at from associado where matricula = any(${members}::bigint[])`.execute(db())
          ).rows.map((row) => [row.matricula, row.at]),
        );
      /** Whether the mirror holds the member as touched at `at` (served to the second) or later. */
      const seen = (mirror: Map<number, Item>, matricula: number, at: Date) =>
        Date.parse(mirror.get(matricula)?.atualizado_em ?? '0001-01-01T00:00:00Z') >= Math.floor(at.getTime() / 1000) * 1000;
      // The held payments wait longer than an API statement may.
      const writers: Database = await connect({ databaseUrl: f.t.url!, poolSize: 8, statementTimeoutMs: 60_000 });
      const locker = await openTransaction(f.t.url!);
      let heldPayments: Promise<unknown>[] = [];
      try {
        assert.ok((await payInvoice(writers.db, { faturaId: held.ids[0]!, forma: 'pix' })).ok);
        const invoices = erp(f.api, token, 'faturas');
        const members = erp(f.api, token, 'associados');
        await invoices.sync();
        await members.sync();

        await locker.query('select 1 from nfse_sequencia where municipio = $1 for update', [held.municipio]);
        // Each stamps its invoice and member, then waits for the city's next NFS-e number.
        heldPayments = held.ids.slice(1).map((faturaId) => payInvoice(writers.db, { faturaId, forma: 'boleto' }));
        await eventually(
          async () => {
            const [row] = await adminQuery<{ n: string }>(
              f.t.url!,
              `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return Number(row!.n) === heldPayments.length;
          },
          5000,
          'the payments waiting for the NFS-e number',
        );
        await sleep(APART_MS);
        const paid = await Promise.all(free.ids.map((faturaId) => payInvoice(writers.db, { faturaId, forma: 'pix' })));
        assert.ok(paid.every((result) => result.ok));
        const freeTouches = await touchedAt(free.members);
        await sleep(2 * REPORT_MARGIN_MS);
        await invoices.sync();
        await members.sync();
        for (const id of free.ids) {
          assert.notEqual(invoices.mirror.get(id)?.status, 'paid', `invoice ${id} served while earlier payments were still running`);
        }
        for (const [matricula, at] of freeTouches) {
          assert.equal(seen(members.mirror, matricula, at), false, `member ${matricula} served while earlier payments were still running`);
        }

        await locker.end('rollback');
        assert.ok((await Promise.all(heldPayments)).every((result) => (result as { ok: boolean }).ok));
        const touches = await touchedAt([...held.members, ...free.members]);
        await invoices.syncUntil(
          (mirror) => [...held.ids, ...free.ids].every((id) => mirror.get(id)?.status === 'paid'),
          'every payment reaching the mirror',
        );
        await members.syncUntil(
          (mirror) => [...touches].every(([matricula, at]) => seen(mirror, matricula, at)),
          'every member touched reaching the mirror',
        );
      } finally {
        await locker.end('rollback').catch(() => {});
        await Promise.allSettled(heldPayments);
        await writers.close();
      }
    },
  );

  it("faturas: a transaction of the service's own database held across a sync comes in a later sync", async () => {
    const [late, early] = await twoRows('fatura', 30);
    const client = erp(f.api, token, 'faturas');
    await client.sync();

    let stamped!: () => void;
    let release!: () => void;
    const written = new Promise<void>((resolve) => (stamped = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = db()
      .transaction()
      .execute(async (tx) => {
        await sql`update fatura set descricao = 'Gravado pela transação longa' where id = ${late}`.execute(tx);
        stamped();
        await released;
      });
    await written;
    await sleep(APART_MS);
    // On the embedded database, one session: this waits for the held transaction, and so does the sync.
    const other = sql`update fatura set descricao = 'Gravado depois' where id = ${early}`.execute(db());
    if (onPostgres) await other;
    await sleep(2 * REPORT_MARGIN_MS);
    let synced = false;
    const during = client.sync().then(() => (synced = true));
    await sleep(300);
    if (!onPostgres) assert.equal(synced, false, 'the embedded database serves the sync after the transaction');
    release();
    await Promise.all([held, other, during]);

    await client.syncUntil(
      (mirror) => mirror.get(late)?.descricao === 'Gravado pela transação longa' && mirror.get(early)?.descricao === 'Gravado depois',
      'both changes reaching the mirror',
    );
  });

  it('stamps every change with its statement time, whoever writes it; a no-op update or the overdue mark keeps the stamp', async () => {
    const stampOf = async (table: string, key: string, id: number) =>
      (await sql<{ at: Date }>`select atualizado_em as at from ${sql.table(table)} where ${sql.ref(key)} = ${id}`.execute(db())).rows[0]!
        .at;
    const clock = async () => (await sql<{ at: Date }>`select clock_timestamp() as at`.execute(db())).rows[0]!.at;
    const {
      rows: [course],
    } = await sql<{ id: number }>`select id from curso order by id limit 1`.execute(db());
    const [invoice] = await twoRows('fatura', 50);
    const [member] = await twoRows('associado', 50);
    const rows = [
      { table: 'associado', key: 'matricula', id: member, column: 'nome', value: 'Nome Alterado No Psql' },
      { table: 'fatura', key: 'id', id: invoice, column: 'descricao', value: 'Descrição alterada no psql' },
      { table: 'curso', key: 'id', id: course!.id, column: 'titulo', value: 'Título alterado no psql' },
    ];
    for (const { table, key, id, column, value } of rows) {
      const where = sql`${sql.ref(key)} = ${id}`;
      const stamp = await stampOf(table, key, id);
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} where ${where}`.execute(db());
      assert.deepEqual(await stampOf(table, key, id), stamp, `${table}: an update that changes nothing is not a change`);

      const before = await clock();
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where ${where}`.execute(db());
      const changed = await stampOf(table, key, id);
      assert.ok(changed >= before && changed <= (await clock()), `${table}: stamped by the database when the column was forgotten`);

      const again = await clock();
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${`${value}.`}, atualizado_em = '2001-01-01T00:00:00Z' where ${where}`.execute(
        db(),
      );
      assert.ok((await stampOf(table, key, id)) >= again, `${table}: a stamp given by the writer is replaced by its statement's time`);
    }

    const stamp = await stampOf('fatura', 'id', invoice);
    await sql`update fatura set vencida = not vencida where id = ${invoice}`.execute(db());
    assert.deepEqual(await stampOf('fatura', 'id', invoice), stamp, 'the overdue mark is not a change of the invoice');

    // Setting only the stamp is a change (a touch): the simulation does so to a member whose standing may change.
    const touched = await clock();
    await sql`update associado set atualizado_em = statement_timestamp() where matricula = ${member}`.execute(db());
    assert.ok((await stampOf('associado', 'matricula', member)) >= touched);
  });

  it('stamps an insert that gives no atualizado_em with its statement time, not its transaction start; keeps one given', async () => {
    const inserted = await db()
      .transaction()
      .execute(async (tx) => {
        await sql`select pg_sleep(0.05)`.execute(tx);
        const insert = (cpf: string, atualizado: string | null) =>
          sql<{ atualizado_em: Date; started: Date }>`
            insert into associado (nome, cpf, email, categoria, status, regional, data_admissao${atualizado ? sql`, atualizado_em` : sql``})
            values ('Inserido Pelo Teste', ${cpf}, 'inserido@example.com', 'titular', 'ativo', 'SP', '2020-01-01'${
              atualizado ? sql`, ${atualizado}::timestamptz` : sql``
            })
            returning atualizado_em, now() as started`.execute(tx);
        return {
          byDefault: (await insert('00000000001', null)).rows[0]!,
          given: (await insert('00000000002', '2020-01-01T12:00:00Z')).rows[0]!,
        };
      });
    assert.ok(inserted.byDefault.atualizado_em > inserted.byDefault.started, JSON.stringify(inserted.byDefault));
    assert.equal(inserted.given.atualizado_em.toISOString(), '2020-01-01T12:00:00.000Z');
  });
});

describe('a database role that cannot read every session', { skip: !onPostgres && 'roles are PostgreSQL’s' }, () => {
  let f: ApiFixture;
  let token: string;
  const role = `associa_horizon_${randomBytes(4).toString('hex')}`;

  before(async () => {
    f = await apiFixture(20);
    token = await f.token(['faturas:read']);
    await adminQuery(
      f.t.url!,
      `create role ${role} login; grant all on all tables in schema public to ${role}; grant all on all sequences in schema public to ${role}`,
    );
  });
  after(async () => {
    await f?.close();
    // Its privileges went with the test database.
    await adminQuery(process.env.DATABASE_URL!, `drop role if exists ${role}`);
  });

  /** The service connected as `role`, with what it logged at warn level and above. */
  async function serviceAsRole() {
    const url = new URL(f.t.url!);
    url.username = role;
    const database = await connect({ databaseUrl: url.toString() });
    const logged: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    const app = await buildApp({ config: loadConfig({}), database, logger: { level: 'warn', stream } });
    await app.ready();
    const api = new ApiClient(app);
    return {
      warnings: () => logged.filter((line) => line.msg.includes('pg_read_all_stats')),
      /** How many invoices a sync from long ago gets on its first page. */
      listed: async () => {
        const response = await api.get('/api/v1/faturas?updated_since=2000-01-01T00:00:00Z&limit=5', token);
        assert.equal(response.statusCode, 200);
        return response.json<unknown[]>().length;
      },
      async close() {
        await app.close();
        await database.close();
      },
    };
  }

  /** `listed` while another role's transaction that has written is open, and after it commits. */
  async function aroundAnotherRolesWrite(listed: () => Promise<number>) {
    const held = await openTransaction(f.t.url!);
    let during: number;
    try {
      await held.query(`update fatura set descricao = descricao || '.' where id = 1`);
      during = await listed();
    } finally {
      await held.end('commit');
    }
    return { during, after: await listed() };
  }

  it('warns at start, and serves nothing while a transaction whose start it cannot see is open', async () => {
    const service = await serviceAsRole();
    try {
      assert.equal(service.warnings().length, 1);
      assert.equal(service.warnings()[0]!.level, 40);
      assert.deepEqual(await aroundAnotherRolesWrite(service.listed), { during: 0, after: 5 });
    } finally {
      await service.close();
    }
  });

  it('member of pg_read_all_stats: no warning, and what is older than that transaction is served meanwhile', async () => {
    await adminQuery(f.t.url!, `grant pg_read_all_stats to ${role}`);
    const service = await serviceAsRole();
    try {
      assert.deepEqual(service.warnings(), []);
      assert.deepEqual(await aroundAnotherRolesWrite(service.listed), { during: 5, after: 5 });
    } finally {
      await service.close();
    }
  });
});

describe(
  'with a read replica, lists with updated_since read the primary',
  {
    skip: postgresServerUnavailable ?? (!onPostgres && 'runs with the PostgreSQL suite (DATABASE_URL)'),
  },
  () => {
    let primary: PostgresServer;
    let replica: PostgresServer;
    let database: Database;
    let app: FastifyInstance;
    let api: ApiClient;
    let token: string;

    before(async () => {
      primary = await PostgresServer.create();
      const seeded = await runCli(['seed', '--members', '20'], { DATABASE_URL: primary.url() });
      assert.equal(seeded.code, 0, seeded.stderr);
      replica = await primary.replica();
      database = await connect({ databaseUrl: primary.url(), databaseReadUrl: replica.url() });
      app = await buildApp({ config: loadConfig({}), database });
      api = new ApiClient(app);
      ({ token } = await createToken(database.db, { nome: 'replica', scopes: SCOPE_NAMES, criadoPor: 'test' }));
    });
    after(async () => {
      await app?.close();
      await database?.close();
      replica?.destroy();
      primary?.destroy();
    });

    it('serves a change the paused replica has not replayed, while other lists come from the replica', async () => {
      await adminQuery(replica.url(), 'select pg_wal_replay_pause()');
      try {
        await adminQuery(primary.url(), `update fatura set descricao = 'Só no primário' where id = 1`);
        await adminQuery(primary.url(), `update associado set nome = 'Nome Só No Primário' where matricula = 1`);
        await sleep(2 * REPORT_MARGIN_MS);
        const since = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
        const first = async <T>(url: string, match: (item: T) => boolean) => {
          const response = await api.get(url, token);
          assert.equal(response.statusCode, 200);
          return response.json<T[]>().find(match);
        };
        const invoice = (item: { id: number }) => item.id === 1;
        const member = (item: { matricula: string }) => Number(item.matricula) === 1;
        assert.equal(
          (await first<{ id: number; descricao: string }>(`/api/v1/faturas?updated_since=${since}&limit=500`, invoice))?.descricao,
          'Só no primário',
        );
        assert.equal(
          (await first<{ matricula: string; nome: string }>(`/api/v1/associados?updated_since=${since}&limit=500`, member))?.nome,
          'Nome Só No Primário',
        );
        assert.notEqual((await first<{ id: number; descricao: string }>('/api/v1/faturas?limit=5', invoice))?.descricao, 'Só no primário');
        assert.notEqual(
          (await first<{ matricula: string; nome: string }>('/api/v1/associados?limit=5', member))?.nome,
          'Nome Só No Primário',
        );
      } finally {
        await adminQuery(replica.url(), 'select pg_wal_replay_resume()');
      }
    });
  },
);
