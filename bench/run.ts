import { spawnSync } from 'node:child_process';
import { Command, InvalidArgumentError } from 'commander';
import { connect } from '../src/db/connection.js';
import { SCOPE_NAMES } from '../src/tokens/scopes.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { ensureDataset, ensureEmbeddedDataset } from './dataset.js';
import { measure, type LoadResult } from './load.js';
import { startService, timeNpmStart, type Service } from './processes.js';
import { writeReport, type Measurement, type Report } from './report.js';

const program = new Command('bench')
  .description('Measures every endpoint against the machine\'s own ceilings, on PostgreSQL.')
  .option('--quick', 'small dataset and short runs (under two minutes)', false)
  .option('--members <n>', 'members in the main dataset', (value) => {
    if (!/^[1-9][0-9]*$/.test(value)) throw new InvalidArgumentError('a positive integer');
    return Number(value);
  })
  .option('--database-url <url>', 'PostgreSQL server to use (a database per dataset is created there)',
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  .option('--redis-url <url>', 'Redis for the service\'s shared rate limits, as in production', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
  .option('--connections <n>', 'concurrent connections', (value) => Number(value), 64)
  .parse();

const options = program.opts<{ quick: boolean; members?: number; databaseUrl: string; redisUrl: string; connections: number }>();
const members = options.members ?? (options.quick ? 10_000 : 1_000_000);
const smallMembers = Math.max(1000, Math.min(10_000, Math.floor(members / 10)));
const seconds = options.quick ? 2 : 10;
const warmup = options.quick ? 1 : 3;
const times = options.quick ? 1 : 3;
const deepRows = options.quick ? 5000 : 200_000;
const log = (line: string) => process.stdout.write(`${line}\n`);

const random = (n: number) => 1 + Math.floor(Math.random() * n);
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const UFS = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'];
const INVOICE_FILTERS = ['status=paid', 'status=open', 'status=overdue', 'kind=anuidade', 'kind=inscricao', 'kind=taxa_prova',
  'status=paid&kind=anuidade', 'status=open&kind=anuidade', 'status=paid,refunded'];

let nextPort = 4100;
const port = () => nextPort++;

function build(): void {
  log('building…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

/** Node flags of a production instance (docs/deployment.md): a heap sized so that the process stays under 300 MB. */
const SERVICE_NODE_FLAGS = ['--max-old-space-size=192'];

/** The service as production runs it: compiled, NODE_ENV=production, quiet logs, Redis for rate limits. */
function startAssocia(databaseUrl: string): Promise<Service> {
  return startService('associa', process.execPath, [...SERVICE_NODE_FLAGS, 'bin/associa.js', 'serve'], {
    NODE_ENV: 'production', DATABASE_URL: databaseUrl, REDIS_URL: options.redisUrl, LOG_LEVEL: 'warn', HOST: '127.0.0.1', METRICS: 'on',
    // The load comes from one address standing for the website's many visitors: the per-address limit stays on, out of reach.
    RATE_LIMIT_PUBLIC: '100000000',
  }, port(), '/readyz');
}

/** Follows `Link: rel="next"` until `rows` rows are behind, and returns the path of the page there. */
async function deepPage(service: Service, path: string, rows: number, headers: Record<string, string>): Promise<string> {
  let next = `${path}${path.includes('?') ? '&' : '?'}limit=500`;
  for (let seen = 0; seen < rows; seen += 500) {
    const response = await fetch(`${service.base}${next}`, { headers });
    const link = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    await response.arrayBuffer();
    if (!link) throw new Error(`${path} has fewer than ${rows} rows`);
    const url = new URL(link);
    next = `${url.pathname}${url.search}`;
  }
  return next.replace(/([?&])limit=500&?/, '$1').replace(/[?&]$/, '');
}

/** Walks the course list one by one: every course's id, and a cursor starting after each. */
async function walkCourses(service: Service, headers: Record<string, string>): Promise<{ ids: number[]; cursors: string[] }> {
  const ids: number[] = [];
  const cursors: string[] = [];
  let next = '/api/v1/cursos?limit=1';
  for (;;) {
    const response = await fetch(`${service.base}${next}`, { headers });
    ids.push(...(await response.json() as { id: number }[]).map((course) => course.id));
    const link = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    if (!link) return { ids, cursors };
    const cursor = new URL(link).searchParams.get('cursor')!;
    cursors.push(cursor);
    next = `/api/v1/cursos?limit=1&cursor=${encodeURIComponent(cursor)}`;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  build();
  const mainUrl = await ensureDataset(options.databaseUrl, members, log);
  const smallUrl = await ensureDataset(options.databaseUrl, smallMembers, log);

  const tokens: string[] = [];
  for (const url of [mainUrl, smallUrl]) {
    const database = await connect({ databaseUrl: url });
    tokens.push((await createToken(database.db, { nome: 'bench', scopes: SCOPE_NAMES, criadoPor: 'npm run bench', lifetimeSeconds: 86400, limitePorMinuto: 100_000_000 })).token);
    await database.close();
  }
  const [mainAuth, smallAuth] = tokens.map((token) => ({ authorization: `Bearer ${token}` }));
  const measurements: Measurement[] = [];
  const run = async (id: string, label: string, service: Service, path: () => string, headers: Record<string, string> = {}) => {
    log(`measuring ${label}…`);
    service.resetPeak();
    const result: LoadResult & { runs: number[] } = await measure({ base: service.base, path, headers, connections: options.connections, seconds }, times, warmup);
    measurements.push({ id, label, ...result, peakRssMiB: service.peakRssMiB() });
    log(`  ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors (runs: ${result.runs.join(', ')})`);
  };

  const runtime = await startService('runtime baseline', process.execPath, ['--import', 'tsx', 'bench/baselines/runtime.ts'], {}, port());
  await run('baseline_runtime', '(a) bare node:http, fixed JSON', runtime, () => '/');
  await runtime.stop();

  const databaseBaseline = await startService('database baseline', process.execPath, ['--import', 'tsx', 'bench/baselines/database.ts'], { DATABASE_URL: mainUrl }, port(), '/situacao/1');
  await run('baseline_database', '(b) minimal Fastify + status SQL', databaseBaseline, () => `/situacao/${random(members)}`);
  await databaseBaseline.stop();

  const service = await startAssocia(mainUrl);
  const { ids: courseIds, cursors } = await walkCourses(service, mainAuth!);
  await run('e1_public_cursos', '1 GET /public/cursos', service, () => '/api/v1/public/cursos');
  await run('e2_associados', '2 GET /associados?regional=…', service, () => `/api/v1/associados?regional=${pick(UFS)}`, mainAuth);
  await run('e3_associado', '3 GET /associados/{id}', service, () => `/api/v1/associados/${random(members)}`, mainAuth);
  await run('e4_situacao', '4 GET /associados/{id}/situacao', service, () => `/api/v1/associados/${random(members)}/situacao`, mainAuth);
  await run('e5_cursos', '5 GET /cursos', service, () => `/api/v1/cursos?cursor=${encodeURIComponent(pick(cursors))}`, mainAuth);
  await run('e6_curso', '6 GET /cursos/{id}', service, () => `/api/v1/cursos/${pick(courseIds)}`, mainAuth);
  await run('e7_faturas', '7 GET /faturas?…', service, () => `/api/v1/faturas?${pick(INVOICE_FILTERS)}`, mainAuth);

  const deepMembers = await deepPage(service, '/api/v1/associados', deepRows, mainAuth!);
  const deepInvoices = await deepPage(service, '/api/v1/faturas', deepRows, mainAuth!);
  await run('scale_associados_first', '2 /associados, first page', service, () => '/api/v1/associados', mainAuth);
  await run('scale_associados_deep', `2 /associados, after ${deepRows.toLocaleString('en')} rows`, service, () => deepMembers, mainAuth);
  await run('scale_faturas_first', '7 /faturas, first page', service, () => '/api/v1/faturas', mainAuth);
  await run('scale_faturas_deep', `7 /faturas, after ${deepRows.toLocaleString('en')} rows`, service, () => deepInvoices, mainAuth);
  await service.stop();

  const small = await startAssocia(smallUrl);
  await run('scale_situacao_small', `4 /situacao, ${smallMembers.toLocaleString('en')} members`, small, () => `/api/v1/associados/${random(smallMembers)}/situacao`, smallAuth);
  await small.stop();

  // The embedded database as `npm start` runs it: PGlite in the service's process, no Redis.
  const embeddedDir = await ensureEmbeddedDataset(smallMembers, log);
  const embeddedDatabase = await connect({ dataDir: embeddedDir });
  const embeddedAuth = { authorization: `Bearer ${(await createToken(embeddedDatabase.db, { nome: 'bench', scopes: SCOPE_NAMES, criadoPor: 'npm run bench', lifetimeSeconds: 86400, limitePorMinuto: 100_000_000 })).token}` };
  await embeddedDatabase.close();
  const embeddedEnv = { DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: embeddedDir };
  const embeddedBaseline = await startService('embedded baseline', process.execPath, ['--import', 'tsx', 'bench/baselines/database.ts'], embeddedEnv, port(), '/situacao/1');
  await run('baseline_embedded', '(c) minimal Fastify + status SQL, PGlite', embeddedBaseline, () => `/situacao/${random(smallMembers)}`);
  await embeddedBaseline.stop();
  const embedded = await startService('associa (embedded)', process.execPath, [...SERVICE_NODE_FLAGS, 'bin/associa.js', 'serve'], {
    ...embeddedEnv, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', METRICS: 'on', RATE_LIMIT_PUBLIC: '100000000',
  }, port(), '/readyz');
  await run('e4_embedded', `4 /situacao, PGlite, ${smallMembers.toLocaleString('en')} members`, embedded, () => `/api/v1/associados/${random(smallMembers)}/situacao`, embeddedAuth);
  await embedded.stop();
  log('timing npm start on the existing embedded database…');
  const startupMs: number[] = [];
  for (let i = 0; i < times; i++) startupMs.push(await timeNpmStart(embeddedDir, port()));
  log(`  ready after ${startupMs.join(', ')} ms`);

  const report: Report = {
    when: new Date().toISOString(), quick: options.quick, members, smallMembers, connections: options.connections, seconds, times, warmup,
    durationSeconds: Math.round((Date.now() - started) / 1000), measurements, startupMs,
  };
  writeReport(report, log);
}

main().then(() => process.exit(0), (error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
