import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Command } from 'commander';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import pg from 'pg';
import { findMember, findSituacao, listMembers } from '../src/api/associados/associados.queries.js';
import { memberList } from '../src/api/associados/member-list.js';
import { batchIds } from '../src/api/associados/member-id-list.js';
import { findSituacoes } from '../src/api/associados/situacoes.queries.js';
import { findCourse, listCourses } from '../src/api/cursos/cursos.queries.js';
import { listInvoices } from '../src/api/faturas/faturas.queries.js';
import { invoiceList } from '../src/api/faturas/invoice-list.js';
import type { ListKey } from '../src/api/list-order.js';
import { connect } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import type { Schema } from '../src/db/schema.js';
import { INVOICE_KINDS, INVOICE_STATUSES } from '../src/domain/enums.js';
import { businessDay, invoiceFilters, memberFilters, pageQuery } from './filters.js';
import { positiveInteger } from '../src/cli/options.js';
import { listRanges } from './ranges.js';

/**
 * The plan of every list filter of the contract and every example of README.md on the dataset: the first
 * page and the page after `deepRows` rows, each run with EXPLAIN (ANALYZE, BUFFERS), counting the rows its
 * scans read against the rows it returns. A keyset page that reads ten times what it returns is one whose
 * cost grows with the table.
 */
export interface ScaleRow {
  query: string;
  /** `first`, `after N rows`, or `one row` for a lookup. */
  page: string;
  returned: number;
  examined: number;
  removedByFilter: number;
  /** Rows examined by the statement's generic plan (made without the parameters' values), which a prepared statement may switch to. */
  genericExamined: number;
  hit: number;
  read: number;
  ms: number;
  /** List pages are held to the rule; lookups are shown only. */
  held: boolean;
  note?: string;
}

export const EXAMINED_LIMIT = 10;
export const violates = (row: ScaleRow) => row.held && row.examined > EXAMINED_LIMIT * Math.max(row.returned, 1);

/** A driver that records the SQL a query function compiles and runs nothing: a 200,000-row page's SQL is needed, not its rows. */
class RecordingDriver implements Driver {
  last: CompiledQuery | undefined;
  async init(): Promise<void> {}
  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve({
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        // Lists with updated_since read the commit horizon first (src/db/commit-horizon.ts): answer it, record the list.
        if (query.sql.includes('pg_stat_activity')) return Promise.resolve({ rows: [{ horizon: new Date() }] as R[] });
        this.last = query;
        return Promise.resolve({ rows: [] });
      },
      streamQuery: () => {
        throw new Error('not supported');
      },
    });
  }
  beginTransaction(): Promise<void> {
    return Promise.reject(new Error('not supported'));
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

const driver = new RecordingDriver();
const recorder = new Kysely<Schema>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  },
});

type PageKey = ListKey;

interface ApiCall {
  /** The key of the row `n` of the page, read from the page's columns (`q`): its select list and descending order. */
  key?: { select: string; order: string };
  run(db: Kysely<Schema>, after: PageKey | null, limit: number): Promise<unknown>;
}

/** The query function the service runs for an API path (`/faturas?status=paid`), with the same arguments. */
function apiCall(path: string): ApiCall {
  const url = new URL(path, 'http://localhost');
  const query = Object.fromEntries(url.searchParams);
  const route = url.pathname.replace(/^\/api\/v1/, '');
  const { today, year } = businessDay();
  const timestamped = (column: string, id: string) => ({ select: `q.sort_key, q.${id}`, order: `q.${column} desc, q.${id} desc` });
  if (route === '/associados') {
    const filters = memberFilters(query);
    return {
      key:
        memberList.order(filters) === 'matricula'
          ? { select: 'q.matricula', order: 'q.matricula desc' }
          : timestamped('atualizado_em', 'matricula'),
      run: async (db, after, limit) => listMembers(await pageQuery(memberList, db, filters, after, limit)),
    };
  }
  if (route === '/faturas') {
    const filters = invoiceFilters(query);
    const order = invoiceList.order(filters);
    return {
      key: order === 'id' ? { select: 'q.id', order: 'q.id desc' } : timestamped(order, 'id'),
      run: async (db, after, limit) => listInvoices(await pageQuery(invoiceList, db, filters, after, limit), today),
    };
  }
  if (route === '/cursos' || route === '/public/cursos') {
    return {
      key: { select: 'q.data_inicio::text, q.id', order: 'q.data_inicio desc, q.id desc' },
      run: (db, after, limit) =>
        listCourses({ db, filters: { onlyOpen: route === '/public/cursos' }, order: 'data_inicio', after, limit, before: null }),
    };
  }
  if (route === '/associados/situacao') {
    const keys = batchIds(url.searchParams.getAll('id')).map(({ key }) => key);
    const matriculas = keys.flatMap((key) => ('matricula' in key ? [key.matricula] : []));
    const cpfs = keys.flatMap((key) => ('cpf' in key ? [key.cpf] : []));
    return { run: (db) => findSituacoes(db, matriculas, cpfs, { regional: null }, year, today) };
  }
  const situacao = /^\/associados\/(\d+)\/situacao$/.exec(route)?.[1];
  if (situacao) return { run: (db) => findSituacao(db, { matricula: Number(situacao) }, { regional: null }, year, today) };
  const member = /^\/associados\/(\d+)$/.exec(route)?.[1];
  if (member) return { run: (db) => findMember(db, Number(member), { regional: null }, year, today) };
  const course = /^\/cursos\/(\d+)$/.exec(route)?.[1];
  if (course) return { run: (db) => findCourse(db, Number(course)) };
  throw new Error(`no query for ${path}`);
}

async function compiled(call: ApiCall, after: PageKey | null, limit: number): Promise<CompiledQuery> {
  await call.run(recorder, after, limit);
  return driver.last!;
}

/** The API paths in README.md's examples. */
export function readmeExamples(readme = 'README.md'): string[] {
  return [...readFileSync(readme, 'utf8').matchAll(/curl [^\n]*?https?:\/\/[^/\s"]+(\/api\/v1\/[^"\s]+)/g)].map((match) => match[1]!);
}

/** Every list filter of the contract, with values that exist in the dataset, then README's examples and the lookups. */
export async function checkedPaths(client: pg.Client, url: string, deepRows: number): Promise<string[]> {
  const ranges = await listRanges(url, deepRows);
  const {
    rows: [member],
  } = await client.query<{ matricula: number; cpf: string; numero: number; uf: string }>(
    `select a.matricula, a.cpf, c.numero, c.uf from associado a join crm c on c.associado = a.matricula
      where a.matricula >= 42 order by a.matricula, c.principal desc limit 1`,
  );
  const {
    rows: [course],
  } = await client.query<{ id: number }>(`select id from curso where status <> 'rascunho' order by id limit 1`);
  if (!member || !course) throw new Error('the dataset has no members or no courses');
  const matricula = String(member.matricula).padStart(6, '0');
  const paths = [
    '/associados',
    '/associados?status=ativo',
    '/associados?status=pendente',
    '/associados?status=licenciado,suspenso',
    '/associados?regional=SP',
    '/associados?regional=RR',
    `/associados?cpf=${member.cpf}`,
    `/associados?crm=${member.numero}-${member.uf}`,
    `/associados?crm=${member.numero}`,
    `/associados?updated_since=${ranges.membersUpdatedSince}`,
    '/faturas',
    ...INVOICE_STATUSES.map((status) => `/faturas?status=${status}`),
    ...INVOICE_KINDS.map((kind) => `/faturas?kind=${kind}`),
    `/faturas?paid_from=${ranges.paidFrom}`,
    `/faturas?paid_to=${ranges.paidTo}`,
    `/faturas?paid_from=${ranges.paidBetween.from}&paid_to=${ranges.paidBetween.to}`,
    `/faturas?updated_since=${ranges.invoicesUpdatedSince}`,
    '/cursos',
    '/public/cursos',
  ];
  const readme = readmeExamples().map((path) => path.replace(/^\/api\/v1/, ''));
  return [...new Set([...paths, ...readme, `/associados/${matricula}`, `/cursos/${course.id}`])];
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Parent Relationship'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/**
 * The nodes that find the list's rows. A correlated subquery (SubPlan: a member's CRMs, a course's prices)
 * runs once per row returned and reads that row's own details, so it says nothing about how many rows the
 * list had to read to find its page, and is left out.
 */
const nodes = (plan: PlanNode): PlanNode[] => [
  plan,
  ...(plan.Plans ?? []).filter((child) => child['Parent Relationship'] !== 'SubPlan').flatMap(nodes),
];

interface Explained {
  plan: PlanNode;
  ms: number;
}

async function explainPlan(client: pg.Client, statement: string, parameters: readonly unknown[]): Promise<Explained> {
  const {
    rows: [row],
  } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `explain (analyze, buffers, format json) ${statement}`,
    [...parameters],
  );
  const [{ Plan: plan, 'Execution Time': ms }] = row!['QUERY PLAN'];
  return { plan, ms };
}

/** A parameter as an SQL literal, for EXECUTE of a prepared statement. */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value))
    return client.escapeLiteral(`{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  if (typeof value === 'string') return client.escapeLiteral(value);
  throw new Error(`no SQL literal for a parameter of type ${typeof value}`);
}

/**
 * The same statement run with its generic plan: after five executions PostgreSQL may run a prepared
 * statement with a plan made without the parameters' values, when it estimates that plan no dearer.
 */
async function explainGeneric(client: pg.Client, query: CompiledQuery): Promise<Explained> {
  await client.query(`prepare scale_check as ${query.sql}`);
  try {
    await client.query('set plan_cache_mode = force_generic_plan');
    return await explainPlan(client, `execute scale_check(${query.parameters.map((value) => literal(client, value)).join(', ')})`, []);
  } finally {
    await client.query('reset plan_cache_mode');
    await client.query('deallocate scale_check');
  }
}

function examined(plan: PlanNode): { examined: number; removedByFilter: number } {
  // Nodes that read a table; a bitmap index scan's rows are counted again by its heap scan.
  const scans = nodes(plan).filter((node) => node['Relation Name'] !== undefined);
  const sum = (of: (node: PlanNode) => number) => Math.round(scans.reduce((total, node) => total + of(node) * node['Actual Loops'], 0));
  return {
    examined: sum((node) => node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)),
    removedByFilter: sum((node) => node['Rows Removed by Filter'] ?? 0),
  };
}

async function explain(client: pg.Client, query: CompiledQuery): Promise<Omit<ScaleRow, 'query' | 'page' | 'held'>> {
  const { plan, ms } = await explainPlan(client, query.sql, query.parameters);
  const generic = await explainGeneric(client, query);
  return {
    returned: plan['Actual Rows'],
    ...examined(plan),
    genericExamined: examined(generic.plan).examined,
    hit: plan['Shared Hit Blocks'],
    read: plan['Shared Read Blocks'],
    ms: Math.round(ms * 10) / 10,
  };
}

const PAGE = 100;

/**
 * The key after `deepRows` rows of a list, or as deep as the list goes while a full page remains (found
 * with the list's own SQL: its length, then the last key of its first n rows; a one-off cost outside any
 * measurement). Null when the whole list fits in one page.
 */
async function deepKey(client: pg.Client, call: ApiCall, deepRows: number): Promise<{ key: PageKey; depth: number; total: number } | null> {
  const head = await compiled(call, null, deepRows + PAGE - 1);
  const {
    rows: [count],
  } = await client.query<{ n: number }>(`select count(*)::int as n from (${head.sql}) q`, [...head.parameters]);
  const depth = Math.min(deepRows, count!.n - PAGE);
  if (depth <= 0) return null;
  const upTo = await compiled(call, null, depth - 1);
  const {
    rows: [last],
  } = await client.query<{ key: (string | number)[] }>(
    `select json_build_array(${call.key!.select}) as key from (${upTo.sql}) q order by ${call.key!.order} limit 1`,
    [...upTo.parameters],
  );
  const values = last!.key;
  const key = (values.length === 1 ? [Number(values[0])] : [String(values[0]), Number(values[1])]) as PageKey;
  return { key, depth, total: count!.n };
}

/** The scale check on the dataset at `url` (brought up to the repository's migrations first, as the service does at start). */
export async function scaleCheck(url: string, deepRows: number, log: (line: string) => void = () => {}): Promise<ScaleRow[]> {
  const database = await connect({ databaseUrl: url });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set statement_timeout = '300s'`);
    // As the service's connections run (src/db/connection.ts).
    await client.query('set max_parallel_workers_per_gather = 0');
    const rows: ScaleRow[] = [];
    for (const path of await checkedPaths(client, url, deepRows)) {
      log(`  ${path}`);
      const call = apiCall(path);
      if (!call.key) {
        rows.push({ query: path, page: 'one row', held: false, ...(await explain(client, await compiled(call, null, PAGE))) });
        continue;
      }
      rows.push({ query: path, page: 'first', held: true, ...(await explain(client, await compiled(call, null, PAGE))) });
      const deep = await deepKey(client, call, deepRows);
      if (!deep) continue;
      const page = `after ${deep.depth.toLocaleString('en')} rows`;
      const note = deep.depth < deepRows ? `the filter holds ${deep.total.toLocaleString('en')} rows` : undefined;
      rows.push({
        query: path,
        page,
        held: true,
        ...(await explain(client, await compiled(call, deep.key, PAGE))),
        ...(note ? { note } : {}),
      });
    }
    return rows;
  } finally {
    await client.end();
  }
}

export function scaleTable(rows: readonly ScaleRow[]): string {
  const lines = [
    `| Query | page | rows returned | rows examined | removed by filter | generic plan: rows examined | buffers hit+read | ms | examined ≤ ${EXAMINED_LIMIT} × returned |`,
    '|---|---|---:|---:|---:|---:|---:|---:|:---:|',
  ];
  for (const row of rows) {
    const met = row.held ? (violates(row) ? '**no**' : 'yes') : '(lookup)';
    lines.push(
      `| \`${row.query}\` | ${row.page}${row.note ? ` (${row.note})` : ''} | ${row.returned} | ${row.examined} | ${row.removedByFilter} | ${row.genericExamined} | ` +
        `${row.hit}+${row.read} | ${row.ms} | ${met} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = new Command('scale-check')
    .description('EXPLAIN (ANALYZE, BUFFERS) of the first and a deep page of every list filter, on an existing dataset.')
    .requiredOption('--database-url <url>', "the dataset's database (e.g. postgres://postgres@127.0.0.1:5432/associa_bench_1000000)")
    .option('--deep-rows <n>', 'rows before the deep page', positiveInteger('--deep-rows'), 200_000)
    .parse()
    .opts<{ databaseUrl: string; deepRows: number }>();
  scaleCheck(options.databaseUrl, options.deepRows, (line) => process.stderr.write(`${line}\n`)).then(
    (rows) => {
      process.stdout.write(`${scaleTable(rows)}\n`);
      const failed = rows.filter(violates);
      if (failed.length > 0) {
        process.stdout.write(`\n${failed.length} page(s) examine more than ${EXAMINED_LIMIT} × the rows they return.\n`);
        process.exitCode = 1;
      }
    },
    (error: unknown) => {
      process.stderr.write(`scale-check: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
