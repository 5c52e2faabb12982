// Runs once, on PostgreSQL: it needs PostgreSQL's own sessions, plans or server programs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { findMember, findSituacao, listMembers, type MemberFilters } from '../../src/api/associados/associados.queries.js';
import { listCourses } from '../../src/api/cursos/cursos.queries.js';
import { listInvoices, type InvoiceFilters } from '../../src/api/faturas/faturas.queries.js';
import { invoiceList } from '../../src/api/faturas/invoice-list.js';
import { memberList } from '../../src/api/associados/member-list.js';
import type { ListKey } from '../../src/api/list-order.js';
import type { Schema } from '../../src/db/schema.js';
import { pgTypes } from '../../src/db/types.js';
import { businessDate } from '../../src/domain/dates.js';
import { seed } from '../../src/seed/load.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/**
 * The list queries' plans on PostgreSQL. The test database is small, so sequential scans are priced out
 * (`enable_seqscan = off`), as they are on a production-sized table: what is left shows which index
 * serves each filter, and whether it also gives the keyset order (no Sort node). No planner setting is
 * changed in production.
 */
describe('query plans of the list endpoints', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL (PostgreSQL)' }, () => {
  let t: TestDatabase;
  let pool: pg.Pool;
  let db: Kysely<Schema>;
  let last: CompiledQuery | undefined;
  const today = businessDate(new Date());
  // A list's page as the pipeline asks for it; with updated_since, up to a commit horizon (here, now).
  const members = (filters: MemberFilters, after: ListKey | null, regional: string | null = null) => {
    const listFilters = { ...filters, visibility: { regional } };
    const before = filters.updatedSince ? new Date() : null;
    return listMembers({ db, filters: listFilters, order: memberList.order(listFilters), after, limit: 100, before });
  };
  const invoices = (filters: InvoiceFilters, after: ListKey | null) => {
    const listFilters = { ...filters, regional: null };
    const before = filters.updatedSince ? new Date() : null;
    return listInvoices({ db, filters: listFilters, order: invoiceList.order(listFilters), after, limit: 100, before }, today);
  };

  before(async () => {
    t = await createTestDatabase();
    const now = new Date();
    await seed(t.database, { members: 2000, seed: 3, now, today, reset: false });
    pool = new pg.Pool({ connectionString: t.url, types: pgTypes, max: 1 });
    db = new Kysely<Schema>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        last = event.query;
      },
    });
  });
  after(async () => {
    await db?.destroy();
    await t?.dispose();
  });

  async function plan(run: () => Promise<unknown>, settings: string[] = []): Promise<PlanNode[]> {
    await run();
    const query = last!;
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const setting of ['enable_seqscan', ...settings]) await client.query(`set local ${setting} = off`);
      const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${query.sql}`, [
        ...query.parameters,
      ]);
      await client.query('rollback');
      return nodes(result.rows[0]!['QUERY PLAN'][0].Plan);
    } finally {
      client.release();
    }
  }

  const indexes = (plan: PlanNode[]) => plan.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
  const sorted = (plan: PlanNode[]) => plan.some((node) => node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort');
  const seqScans = (plan: PlanNode[]) => plan.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']);

  /**
   * Filter and keyset order both served by `index`. On so few rows the planner rightly prefers a bitmap
   * scan and a small sort; pricing those out too leaves the plan a large table gets, and a Sort node
   * would then mean that no index gives the order.
   */
  async function servedBy(index: string, run: () => Promise<unknown>): Promise<void> {
    const found = await plan(run, ['enable_bitmapscan', 'enable_sort']);
    assert.deepEqual(seqScans(found), [], JSON.stringify(found));
    assert.ok(indexes(found).includes(index), `${index} not in ${JSON.stringify(indexes(found))}`);
    assert.equal(sorted(found), false, JSON.stringify(found));
  }

  /** Read in key order without a full scan or a sort, whichever index the planner prefers. */
  async function inOrder(run: () => Promise<unknown>): Promise<void> {
    const found = await plan(run);
    assert.deepEqual(seqScans(found), [], JSON.stringify(found));
    assert.equal(sorted(found), false, JSON.stringify(found));
  }

  it('walks members by matricula through an index for every filter, in order', async () => {
    await servedBy('associado_pkey', () => members({}, null));
    await servedBy('associado_pkey', () => members({}, [1500]));
    // Selective filters read their own index; a filter most rows pass (status=ativo) may walk the key instead.
    await servedBy('associado_status_idx', () => members({ status: ['falecido'] }, null));
    await servedBy('associado_regional_idx', () => members({ regional: ['AC'] }, null));
    await servedBy('associado_regional_idx', () => members({}, null, 'RR'));
    await inOrder(() => members({ status: ['ativo'] }, null));
    // A CPF matches one member at most: its unique index finds it, and there is nothing to order.
    const byCpf = await plan(() => members({ cpf: '12345678909' }, null));
    assert.ok(indexes(byCpf).includes('associado_cpf_key'), JSON.stringify(indexes(byCpf)));
    const byCrm = await plan(() => members({ crm: { numero: 123456, uf: 'SP' } }, null));
    assert.deepEqual(seqScans(byCrm), []);
    assert.ok(
      indexes(byCrm).some((index) => index === 'crm_pkey' || index === 'crm_numero_idx'),
      JSON.stringify(indexes(byCrm)),
    );
  });

  it('reads a list of several statuses or branches a page per value from their index, then merges the pages', async () => {
    const cases: [MemberFilters, string][] = [
      [{ status: ['licenciado', 'suspenso'] }, 'associado_status_idx'],
      [{ regional: ['AC', 'RR', 'AP'] }, 'associado_regional_idx'],
    ];
    for (const [filters, index] of cases) {
      for (const after of [null, [1500] as const]) {
        const found = await plan(() => members(filters, after));
        assert.deepEqual(seqScans(found), [], JSON.stringify(found));
        assert.ok(indexes(found).includes(index), `${index} not in ${JSON.stringify(indexes(found))}`);
        assert.ok(!indexes(found).includes('associado_pkey'), 'the primary key is not walked past the other values');
        // One Limit per value's page under the merge's own: the sort above them holds a page per value at most.
        const limits = found.filter((node) => node['Node Type'] === 'Limit').length;
        assert.ok(limits >= 2, JSON.stringify(found));
      }
    }
  });

  it('walks invoices by id through an index for every filter without a range, in order', async () => {
    await servedBy('fatura_pkey', () => invoices({}, null));
    await servedBy('fatura_status_idx', () => invoices({ status: ['refunded'] }, null));
    await servedBy('fatura_kind_idx', () => invoices({ kind: ['taxa_prova'] }, null));
    await inOrder(() => invoices({ status: ['paid'] }, null));
  });

  it('orders lists filtered by a range by that range, read from its index without a sort, on every page', async () => {
    const paidFrom = new Date('2026-01-01T03:00:00Z');
    const updatedSince = new Date(Date.now() - 400 * 86_400_000);
    const deep = ['2026-03-01 12:00:00.123456+00', 1500] as const;
    for (const after of [null, deep]) {
      await servedBy('fatura_pago_em_idx', () => invoices({ paidFrom }, after));
      await servedBy('fatura_pago_em_idx', () => invoices({ status: ['paid'], kind: ['anuidade'], paidFrom }, after));
      await servedBy('fatura_pago_em_idx', () => invoices({ paidBefore: paidFrom }, after));
      await servedBy('fatura_atualizado_idx', () => invoices({ updatedSince, paidFrom }, after));
      await servedBy('associado_atualizado_idx', () => members({ updatedSince }, after));
    }
  });

  it("tells whether a member is adimplente from the open annual fees' index, not from all of their invoices", async () => {
    const year = Number(today.slice(0, 4));
    const everyone = { regional: null };
    for (const run of [
      () => findSituacao(db, { matricula: 1500 }, everyone, year, today),
      () => findMember(db, 1500, everyone, year, today),
    ]) {
      const found = await plan(run);
      assert.ok(indexes(found).includes('fatura_anuidade_aberta_idx'), JSON.stringify(indexes(found)));
      assert.ok(!indexes(found).includes('fatura_associado_idx'), JSON.stringify(indexes(found)));
    }
  });

  it('reads courses in start-date order from their partial indexes', async () => {
    await servedBy('curso_ordem_idx', () =>
      listCourses({ db, filters: { onlyOpen: false }, order: 'data_inicio', after: null, limit: 100, before: null }),
    );
    const open = await plan(() =>
      listCourses({ db, filters: { onlyOpen: true }, order: 'data_inicio', after: null, limit: 100, before: null }),
    );
    assert.deepEqual(seqScans(open), []);
  });
});
