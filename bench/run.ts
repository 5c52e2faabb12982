import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Command } from 'commander';
import { connect, type Database } from '../src/db/connection.js';
import { businessDate, saoPauloTimestamp } from '../src/domain/dates.js';
import { UFS } from '../src/domain/uf.js';
import { SCOPE_NAMES } from '../src/tokens/scopes.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { ensureDataset, ensureEmbeddedDataset } from './dataset.js';
import { measureInterleaved, requireWrk } from './load.js';
import { baselinePath, bodyBytes, deepPages, firstPages, follow, sequentialMs } from './pages.js';
import { positiveInteger } from '../src/cli/options.js';
import {
  NODE_FLAGS,
  startAssociaProcess,
  startDatabaseBaseline,
  startHandSqlBaseline,
  startService,
  timeNpmStart,
  type Service,
} from './processes.js';
import { listRanges } from './ranges.js';
import { ratios, writeReport, type Comparison, type Measurement, type Report } from './report.js';
import { releaseCheckout, releaseDatabase, releaseToken } from './release.js';
import { measureResultsWrite } from './results-write.js';
import { readmeExamples, scaleCheck, scaleTable, violates } from './scale-check.js';

const program = new Command('bench')
  .description("Measures every endpoint against the machine's own ceilings, on PostgreSQL.")
  .option('--quick', 'small dataset and short runs (about a minute and a half); measures and reports, fails on nothing', false)
  .option('--members <n>', 'members in the main dataset', positiveInteger('--members'))
  .option(
    '--database-url <url>',
    'PostgreSQL server to use (a database per dataset is created there)',
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  )
  .option(
    '--redis-url <url>',
    "Redis for the service's shared rate limits, as in production",
    process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  )
  .option('--connections <n>', 'concurrent connections', (value) => Number(value), 64)
  .option(
    '--pool-size <n>',
    "PostgreSQL connections of the service and of the ceilings (default: this machine's cores, as docs/deployment.md advises for a database on the same machine)",
    positiveInteger('--pool-size'),
    availableParallelism(),
  )
  .option(
    '--against <release>',
    'the previous release, a commit (exported and built once) or a built checkout: every endpoint is measured on it too, in turns, and a list under 0.9 × its figure fails the run',
  )
  .parse();

const options = program.opts<{
  quick: boolean;
  members?: number;
  databaseUrl: string;
  redisUrl: string;
  connections: number;
  poolSize: number;
  against?: string;
}>();
const members = options.members ?? (options.quick ? 10_000 : 1_000_000);
const smallMembers = Math.max(1000, Math.min(10_000, Math.floor(members / 10)));
// A quick run checks that the benchmark runs, not how fast: one 1-s run, no warm-up.
const seconds = options.quick ? 1 : 10;
const warmup = options.quick ? 0 : 3;
const times = options.quick ? 1 : 3;
const deepRows = options.quick ? 5000 : 200_000;
/** Pages in each mix of list pages: a run spreads over them rather than hitting one hot page. */
const PAGES = options.quick ? 10 : 20;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** What a browser sends, as the association's website's visitors do. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

const random = (n: number) => 1 + Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

let nextPort = 4100;
const port = () => nextPort++;

function build(): void {
  log('building…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

/**
 * The service as production runs it: compiled, quiet logs; on PostgreSQL with Redis for rate limits and
 * NODE_ENV=production, or on the embedded database in `database.dataDir` without Redis, as `npm start` runs it
 * (production refuses the embedded database).
 */
function startAssocia(database: { url: string } | { dataDir: string }): Promise<Service> {
  const storage =
    'url' in database
      ? { NODE_ENV: 'production', DATABASE_URL: database.url, REDIS_URL: options.redisUrl, DB_POOL_SIZE: String(options.poolSize) }
      : { NODE_ENV: undefined, DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: database.dataDir };
  return startAssociaProcess('url' in database ? 'associa' : 'associa (embedded)', 'bin/associa.js', storage, port());
}

/** A bearer header for a token with every scope, the default lifetime (as an integrator's) and a limit out of reach. */
async function benchAuth(database: Database): Promise<Record<string, string>> {
  // With a shorter lifetime, a token in its last 14 days would carry the expiry warning's headers on every request.
  const { token } = await createToken(database.db, {
    limiteSimultaneas: 1_000,
    nome: 'bench',
    scopes: SCOPE_NAMES,
    criadoPor: 'npm run bench',
    limitePorMinuto: 100_000_000,
  });
  return { authorization: `Bearer ${token}` };
}

/** A request of an endpoint's mix: its path on the service, and the same request on baseline (b) when it has one. */
interface Pair {
  service: string;
  baseline: string | null;
}
interface Endpoint {
  id: string;
  group: string;
  label: string;
  draw: () => Pair;
  /** A list: measured against its SQL written by hand too (h), on the baseline's path. */
  list?: true;
}

/** One measured process and request mix, with the ids of the ceilings its ratios are taken against. */
interface Target {
  id: string;
  label: string;
  service: Service;
  path: () => string;
  headers?: Record<string, string>;
  ceilings?: Measurement['ceilings'];
}

const listPairs = (paths: string[]): Pair[] => paths.map((path) => ({ service: path, baseline: baselinePath(path) }));

/** The first day of the month `months` before today (São Paulo). */
function monthsBack(months: number): string {
  const [year, month] = businessDate(new Date()).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** Every course's id, and the course list starting after each course (and at the start). */
async function coursePairs(service: Service, headers: Record<string, string>): Promise<{ ids: number[]; starts: Pair[] }> {
  const ids = ((await (await fetch(`${service.base}/api/v1/cursos?limit=500`, { headers })).json()) as { id: number }[]).map(
    (course) => course.id,
  );
  const starts = ['/api/v1/cursos', ...(await follow(service.base, '/api/v1/cursos', headers, 1, ids.length))];
  return { ids, starts: listPairs(starts) };
}

/** `work` against `service`; when it fails because the service died, the error says so, with the service's last output. */
async function alive<T>(service: Service, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    service.assertRunning(what);
    throw error;
  }
}

/**
 * The previous release (`--against`) as the service runs, on this tree's dataset or one it seeded itself, with a
 * token its own command made.
 */
async function startPrevious(ref: string, url: string): Promise<{ service: Service; auth: Record<string, string>; commit: string }> {
  const release = releaseCheckout(ref, log);
  const database = await releaseDatabase(release, url, members, log);
  const auth = { authorization: `Bearer ${releaseToken(release.checkout, database)}` };
  const service = await startAssociaProcess(
    `release ${release.commit}`,
    `${release.checkout}/bin/associa.js`,
    {
      NODE_ENV: 'production',
      DATABASE_URL: database,
      REDIS_URL: options.redisUrl,
      DB_POOL_SIZE: String(options.poolSize),
      // A release's command line may not set a token's concurrency: the instance's default is raised instead.
      CONCURRENCY_LIMIT_TOKEN: '1000',
    },
    port(),
  );
  return { service, auth, commit: release.commit };
}

/**
 * Throws unless the hand-written SQL (h) answers `endpoint`'s pages with the service's items: a yardstick that served
 * less, or other rows, would flatter it.
 */
async function sameItems(service: Service, hand: Service, endpoint: Endpoint, auth: Record<string, string>): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const pair = endpoint.draw();
    const [served, written] = await Promise.all([
      fetch(`${service.base}${pair.service}`, { headers: auth }).then((response) => response.text()),
      fetch(`${hand.base}${pair.baseline!}`).then((response) => response.text()),
    ]);
    if (JSON.stringify(JSON.parse(served)) !== JSON.stringify(JSON.parse(written)))
      throw new Error(
        `(h) answers ${pair.baseline} otherwise than the service ${pair.service}:\n${served.slice(0, 400)}\n${written.slice(0, 400)}`,
      );
  }
}

async function main(): Promise<void> {
  requireWrk();
  const started = Date.now();
  build();
  const mainUrl = await ensureDataset(options.databaseUrl, members, log);
  const smallUrl = await ensureDataset(options.databaseUrl, smallMembers, log);

  log(`scale check: EXPLAIN ANALYZE of the first page and the page after ${deepRows.toLocaleString('en')} rows of every list filter…`);
  const scale = await scaleCheck(mainUrl, deepRows);
  log(scaleTable(scale));
  const ranges = await listRanges(mainUrl, deepRows);

  const auths: Record<string, string>[] = [];
  for (const url of [mainUrl, smallUrl]) {
    const database = await connect({ databaseUrl: url });
    auths.push(await benchAuth(database));
    await database.close();
  }
  const [mainAuth, smallAuth] = auths as [Record<string, string>, Record<string, string>];
  const measurements: Measurement[] = [];
  const comparisons: Comparison[] = [];
  /** Measures the targets in turns (bench/load.ts, measureInterleaved), so that their ratios compare runs made together. */
  const runTogether = async (targets: Target[]) => {
    log(`measuring ${targets.map((target) => target.label).join(' | ')}…`);
    for (const target of targets) target.service.resetPeak();
    const results = await measureInterleaved(
      targets.map((target) => ({
        base: target.service.base,
        path: target.path,
        headers: target.headers ?? {},
        connections: options.connections,
        seconds,
      })),
      times,
      warmup,
    );
    for (const [index, target] of targets.entries()) {
      const result = results[index]!;
      target.service.assertRunning(target.label);
      measurements.push({
        id: target.id,
        label: target.label,
        ...result,
        peakRssMiB: target.service.peakRssMiB(),
        ceilings: target.ceilings ?? {},
      });
      log(
        `  ${target.label}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors (runs: ${result.runs.join(', ')})`,
      );
    }
  };
  const run = (id: string, label: string, service: Service, path: () => string, headers: Record<string, string> = {}, ceilings = {}) =>
    runTogether([{ id, label, service, path, headers, ceilings }]);

  const service = await startAssocia({ url: mainUrl });
  const previous = options.against ? await startPrevious(options.against, mainUrl) : undefined;
  const erpFrom = monthsBack(8);
  const updatedSince = saoPauloTimestamp(new Date(Date.now() - 30 * 86_400_000));
  /** The lists' pages a run spreads over, followed on `on` (a cursor is signed with its database's keys). */
  const mixesOf = async (on: Service, auth: Record<string, string>) => {
    const invoiceMix = async (filter: string) => listPairs(await firstPages(on.base, `/api/v1/faturas?${filter}`, auth, PAGES));
    return {
      courses: await coursePairs(on, auth),
      paid: await invoiceMix('status=paid'),
      erp: await invoiceMix(`status=paid&kind=anuidade&paid_from=${erpFrom}`),
      updated: await invoiceMix(`updated_since=${updatedSince}`),
    };
  };
  const endpointsOf = ({ courses, paid, erp, updated }: Awaited<ReturnType<typeof mixesOf>>): Endpoint[] => [
    {
      id: 'e1_public_cursos',
      group: 'E1',
      label: '1 GET /public/cursos',
      draw: () => ({ service: '/api/v1/public/cursos', baseline: null }),
    },
    {
      id: 'e2_associados',
      group: 'E2',
      label: '2 GET /associados?regional=…',
      list: true,
      draw: () => {
        const uf = pick(UFS);
        return { service: `/api/v1/associados?regional=${uf}`, baseline: `/associados?regional=${uf}` };
      },
    },
    {
      id: 'e3_associado',
      group: 'E3',
      label: '3 GET /associados/{id}',
      draw: () => {
        const id = random(members);
        return { service: `/api/v1/associados/${id}`, baseline: `/associados/${id}` };
      },
    },
    {
      id: 'e4_situacao',
      group: 'E4',
      label: '4 GET /associados/{id}/situacao',
      draw: () => {
        const id = random(members);
        return { service: `/api/v1/associados/${id}/situacao`, baseline: `/situacao/${id}` };
      },
    },
    { id: 'e5_cursos', group: 'E5', label: '5 GET /cursos?cursor=…', draw: () => pick(courses.starts), list: true },
    {
      id: 'e6_curso',
      group: 'E6',
      label: '6 GET /cursos/{id}',
      draw: () => {
        const id = pick(courses.ids);
        return { service: `/api/v1/cursos/${id}`, baseline: `/cursos/${id}` };
      },
    },
    { id: 'e7_faturas_paid', group: 'E7', label: '7 GET /faturas?status=paid', draw: () => pick(paid), list: true },
    {
      id: 'e7_faturas_erp',
      group: 'E7',
      label: `7 GET /faturas?status=paid&kind=anuidade&paid_from=${erpFrom}`,
      draw: () => pick(erp),
      list: true,
    },
    { id: 'e7_faturas_updated', group: 'E7', label: `7 GET /faturas?updated_since=${updatedSince}`, draw: () => pick(updated), list: true },
  ];
  const endpoints = endpointsOf(await mixesOf(service, mainAuth));
  /** Each endpoint's mix on the previous release, drawn from its own pages. */
  const previousPaths = previous && new Map(endpointsOf(await mixesOf(previous.service, previous.auth)).map((e) => [e.id, e]));
  const authOf = (endpoint: Endpoint) => (endpoint.id === 'e1_public_cursos' ? {} : mainAuth);

  // Baseline (a) answers a body of each endpoint's size: measured here, on the service, before any load.
  const sizes = new Map<string, number>();
  for (const endpoint of endpoints) {
    if (sizes.has(endpoint.group)) continue;
    sizes.set(
      endpoint.group,
      await bodyBytes(
        service.base,
        Array.from({ length: 5 }, () => endpoint.draw().service),
        authOf(endpoint),
      ),
    );
  }
  const erpExample = readmeExamples().find((path) => path.includes('/faturas'));
  if (!erpExample) throw new Error("README.md has no /faturas example (the ERP's) to time for one client");
  log(`the README's ERP example for one client alone: ${erpExample}…`);
  const erpMs = await sequentialMs(service.base, erpExample, mainAuth, 20);

  // The ceilings run beside the service, idle until their turn: each endpoint is measured in turns with its
  // (b), its (a) and, for the status endpoint, the service on the small dataset.
  const runtime = await startService(
    'runtime baseline',
    process.execPath,
    [...NODE_FLAGS, '--import', 'tsx', 'bench/baselines/runtime.ts'],
    {},
    port(),
    '/bytes/2',
  );
  const databaseBaseline = await startDatabaseBaseline(
    'database baseline',
    { DATABASE_URL: mainUrl, DB_POOL_SIZE: String(options.poolSize) },
    port(),
  );
  const handSql = await startHandSqlBaseline({ DATABASE_URL: mainUrl, DB_POOL_SIZE: String(options.poolSize) }, port());
  for (const endpoint of endpoints.filter((e) => e.list)) await sameItems(service, handSql, endpoint, mainAuth);
  const small = await startAssocia({ url: smallUrl });
  const runtimeMeasured = new Set<string>();
  for (const endpoint of endpoints) {
    const hasBaseline = endpoint.draw().baseline !== null;
    const targets: Target[] = [
      {
        id: endpoint.id,
        label: endpoint.label,
        service,
        path: () => endpoint.draw().service,
        headers: authOf(endpoint),
        ceilings: {
          a: `a_${endpoint.group}`,
          ...(hasBaseline ? { b: `b_${endpoint.id}` } : {}),
          ...(endpoint.list ? { h: `h_${endpoint.id}` } : {}),
          ...(previous ? { p: `p_${endpoint.id}` } : {}),
        },
      },
    ];
    if (previous) {
      const drawn = previousPaths!.get(endpoint.id)!;
      targets.push({
        id: `p_${endpoint.id}`,
        label: `(p) release ${previous.commit}, ${endpoint.label}`,
        service: previous.service,
        path: () => drawn.draw().service,
        headers: endpoint.id === 'e1_public_cursos' ? {} : previous.auth,
      });
    }
    if (endpoint.list) {
      targets.push({
        id: `h_${endpoint.id}`,
        label: `(h) hand-written SQL, ${endpoint.label.replace(/^\d /, `E${endpoint.group.slice(1)} `)}`,
        service: handSql,
        path: () => endpoint.draw().baseline!,
      });
    }
    if (hasBaseline) {
      targets.push({
        id: `b_${endpoint.id}`,
        label: `(b) minimal Fastify + same query, ${endpoint.label.replace(/^\d /, `E${endpoint.group.slice(1)} `)}`,
        service: databaseBaseline,
        path: () => endpoint.draw().baseline!,
      });
    }
    if (!runtimeMeasured.has(endpoint.group)) {
      runtimeMeasured.add(endpoint.group);
      const bytes = sizes.get(endpoint.group)!;
      const as = endpoint.group === 'E7' ? 'E7, status=paid' : endpoint.group;
      targets.push({
        id: `a_${endpoint.group}`,
        label: `(a) bare node:http, ${bytes.toLocaleString('en')}-byte body (as ${as})`,
        service: runtime,
        path: () => `/bytes/${bytes}`,
      });
    }
    if (endpoint.id === 'e1_public_cursos') {
      // The website's visitors ask for it compressed: a measurement beside the one the target is taken on.
      const bytes = await bodyBytes(service.base, [endpoint.draw().service], BROWSER_ENCODINGS);
      targets.push(
        {
          id: 'e1_public_cursos_br',
          label: `1 GET /public/cursos, compressed as browsers ask (${BROWSER_ENCODINGS['accept-encoding']})`,
          service,
          path: () => endpoint.draw().service,
          headers: BROWSER_ENCODINGS,
          ceilings: { a: 'a_E1_br' },
        },
        {
          id: 'a_E1_br',
          label: `(a) bare node:http, ${bytes.toLocaleString('en')}-byte body (as E1 compressed)`,
          service: runtime,
          path: () => `/bytes/${bytes}`,
        },
      );
    }
    if (endpoint.id === 'e4_situacao') {
      targets.push({
        id: 'scale_situacao_small',
        label: `4 /situacao, ${smallMembers.toLocaleString('en')} members`,
        service: small,
        path: () => `/api/v1/associados/${random(smallMembers)}/situacao`,
        headers: smallAuth,
      });
    }
    await alive(service, endpoint.label, () => runTogether(targets));
  }
  await Promise.all([runtime.stop(), databaseBaseline.stop(), handSql.stop(), small.stop(), previous?.service.stop()]);
  comparisons.push({ label: '/situacao: small dataset ÷ large dataset', fast: 'scale_situacao_small', slow: 'e4_situacao', limit: 1.2 });

  const orders = [
    { id: 'members_matricula', label: '/associados by matricula', path: '/api/v1/associados' },
    {
      id: 'members_updated',
      label: '/associados by atualizado_em',
      path: `/api/v1/associados?updated_since=${ranges.membersUpdatedSince}`,
    },
    { id: 'invoices_id', label: '/faturas by id', path: '/api/v1/faturas' },
    { id: 'invoices_paid', label: '/faturas by pago_em', path: `/api/v1/faturas?paid_from=${ranges.paidFrom}` },
    { id: 'invoices_updated', label: '/faturas by atualizado_em', path: `/api/v1/faturas?updated_since=${ranges.invoicesUpdatedSince}` },
  ];
  for (const order of orders) {
    const [first, deep] = await alive(service, `the walk through ${order.path}`, async () => [
      await firstPages(service.base, order.path, mainAuth, 10),
      await deepPages(service.base, order.path, mainAuth, deepRows, 10),
    ]);
    const filter = order.path.replace(/^\/api\/v1\/[a-z]+\??/, '') || 'no filter';
    await runTogether([
      {
        id: `depth_${order.id}_first`,
        label: `${order.label} (${filter}), first pages`,
        service,
        path: () => pick(first),
        headers: mainAuth,
      },
      {
        id: `depth_${order.id}_deep`,
        label: `${order.label} (${filter}), after ${deepRows.toLocaleString('en')} rows`,
        service,
        path: () => pick(deep),
        headers: mainAuth,
      },
    ]);
    comparisons.push({
      label: `${order.label}: deep page ÷ first page`,
      fast: `depth_${order.id}_first`,
      slow: `depth_${order.id}_deep`,
      limit: 1.3,
    });
  }
  await service.stop();

  // The exam system's write, 8 clients as on a results day, with the service's connections on each side.
  const resultsWrite = await measureResultsWrite({
    url: mainUrl,
    redisUrl: options.redisUrl,
    members,
    clients: 8,
    seconds,
    poolSize: options.poolSize,
    log,
  });

  // The embedded database as `npm start` runs it: PGlite in the service's process, no Redis.
  const embeddedDir = await ensureEmbeddedDataset(smallMembers, log);
  const embeddedDatabase = await connect({ dataDir: embeddedDir });
  const embeddedAuth = await benchAuth(embeddedDatabase);
  await embeddedDatabase.close();
  const embeddedBaseline = await startDatabaseBaseline(
    'embedded baseline',
    { DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: embeddedDir },
    port(),
  );
  await run('c_e4', '(c) minimal Fastify + same query, E4 /situacao, PGlite', embeddedBaseline, () => `/situacao/${random(smallMembers)}`);
  await embeddedBaseline.stop();
  const embedded = await startAssocia({ dataDir: embeddedDir });
  await run(
    'e4_embedded',
    `4 /situacao, PGlite, ${smallMembers.toLocaleString('en')} members`,
    embedded,
    () => `/api/v1/associados/${random(smallMembers)}/situacao`,
    embeddedAuth,
    { c: 'c_e4' },
  );
  await embedded.stop();
  log('timing npm start on the existing embedded database…');
  const startupMs: number[] = [];
  for (let i = 0; i < times; i++) startupMs.push(await timeNpmStart(embeddedDir, port()));
  log(`  ready after ${startupMs.join(', ')} ms`);

  const report: Report = {
    when: new Date().toISOString(),
    quick: options.quick,
    members,
    smallMembers,
    connections: options.connections,
    poolSize: options.poolSize,
    seconds,
    times,
    warmup,
    deepRows,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    measurements,
    comparisons,
    scale,
    erp: { path: erpExample, ms: erpMs },
    startupMs,
    resultsWrite,
  };
  writeReport(report, log);
  if (options.quick) return;
  // On a few thousand rows the planner rightly reads small tables whole, so the rule holds on full runs only.
  const failed = scale.filter(violates);
  const behind = ratios(report).endpoints.filter((e) => e.previousLimit !== undefined && e.previous! < e.previousLimit);
  const problems = [
    ...(failed.length > 0
      ? [
          `${failed.length} page(s) of the scale check examine more than 10 × the rows they return: ${[...new Set(failed.map((row) => row.query))].join(', ')}`,
        ]
      : []),
    ...behind.map(
      (e) => `${e.label} answers ${e.previous!.toFixed(3)} × what release ${previous!.commit} does (at least ${e.previousLimit})`,
    ),
  ];
  if (problems.length > 0) throw new Error(problems.join('; '));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}${cause}\n`);
    process.exit(1);
  },
);
