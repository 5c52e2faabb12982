// `npm run bench:compare -- --against <commit or checkout>`: this tree's service against another release's (built in
// its own folder), on the same 1 M dataset (or one of its size that release seeded), measured in pairs alternating
// the order, with the ceiling (b) between them. The method of docs/benchmark-findings.md#micro-optimisations, for a
// change whose worth is a few per cent.
import { Command } from 'commander';
import { positiveInteger } from '../src/cli/options.js';
import { UFS } from '../src/domain/uf.js';
import { ensureDataset } from './dataset.js';
import { load, requireWrk, type LoadOptions } from './load.js';
import { median } from './stats.js';
import { startAssociaProcess, startDatabaseBaseline, type Service } from './processes.js';
import { releaseCheckout, releaseDatabase, releaseToken } from './release.js';
import { spawnSync } from 'node:child_process';

/** A branch drawn from the number given: the first page of its members is what the bench's members-by-branch mix reads. */
const branch = (n: number) => UFS[n % UFS.length];

const ENDPOINTS = {
  status: { service: (id: number) => `/api/v1/associados/${id}/situacao`, baseline: (id: number) => `/situacao/${id}` },
  record: { service: (id: number) => `/api/v1/associados/${id}`, baseline: (id: number) => `/associados/${id}` },
  branch: {
    service: (n: number) => `/api/v1/associados?regional=${branch(n)}`,
    baseline: (n: number) => `/associados?regional=${branch(n)}`,
  },
  invoices: { service: () => '/api/v1/faturas?status=paid', baseline: () => '/faturas?status=paid' },
  public: { service: () => '/api/v1/public/cursos', baseline: null },
} as const;
type EndpointName = keyof typeof ENDPOINTS;

const program = new Command('bench:compare')
  .description("Measures this tree's service against another checkout's, in pairs, on the benchmark's dataset.")
  .requiredOption(
    '--against <release>',
    'a commit of this repository (exported and built once), or a checkout with its bin/associa.js built',
  )
  .option('--endpoint <name>', `one of ${Object.keys(ENDPOINTS).join(', ')}`, 'status')
  .option('--pairs <n>', 'pairs of 10-s runs', positiveInteger('--pairs'), 6)
  .option('--members <n>', 'members in the dataset', positiveInteger('--members'), 1_000_000)
  .option('--database <url>', "this tree's database, seeded with --seed 7 (default: the benchmark's dataset)")
  .option(
    '--against-database <url>',
    "the other release's database (default: this tree's when the release knows its migrations, otherwise one the release seeds with --seed 7)",
  )
  .option('--database-url <url>', 'PostgreSQL server', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  .option('--redis-url <url>', 'Redis', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
  .parse();
const options = program.opts<{
  against: string;
  endpoint: string;
  pairs: number;
  members: number;
  database?: string;
  againstDatabase?: string;
  databaseUrl: string;
  redisUrl: string;
}>();
if (!(options.endpoint in ENDPOINTS)) throw new Error(`--endpoint must be one of ${Object.keys(ENDPOINTS).join(', ')}`);
const endpoint = ENDPOINTS[options.endpoint as EndpointName];
const log = (line: string) => process.stdout.write(`${line}\n`);
const release = releaseCheckout(options.against, log);
const other = release.checkout;

requireWrk();
if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('the build failed');
const url = options.database ?? (await ensureDataset(options.databaseUrl, options.members, log));
const otherUrl = options.againstDatabase ?? (await releaseDatabase(release, url, options.members, log));
const token = releaseToken('.', url);
const otherToken = releaseToken(other, otherUrl);

/** Each checkout's service as `npm run bench` starts it, on the same database and Redis. */
const storage = { NODE_ENV: 'production', REDIS_URL: options.redisUrl, DB_POOL_SIZE: '2', CONCURRENCY_LIMIT_TOKEN: '1000' };
const here = await startAssociaProcess('this tree', 'bin/associa.js', { ...storage, DATABASE_URL: url }, 4300);
const there = await startAssociaProcess(other, `${other}/bin/associa.js`, { ...storage, DATABASE_URL: otherUrl }, 4301);
const ceiling = endpoint.baseline
  ? await startDatabaseBaseline('database baseline', { DATABASE_URL: url, DB_POOL_SIZE: '2' }, 4302)
  : undefined;

const random = () => 1 + Math.floor(Math.random() * options.members);
const target = (service: Service, bearer: string | null): LoadOptions => ({
  base: service.base,
  path: () => (bearer === null ? endpoint.baseline!(random()) : endpoint.service(random())),
  headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
  connections: 64,
  seconds: 10,
});
const targets = [target(here, token), target(there, otherToken), ...(ceiling ? [target(ceiling, null)] : [])];
try {
  for (const each of targets) await load({ ...each, seconds: 3 });
  const ratios: number[] = [];
  const rps: number[][] = targets.map(() => []);
  for (let pair = 0; pair < options.pairs; pair++) {
    // Alternating which goes first: a machine slowing down during a pair favours neither.
    const order = [...(pair % 2 === 0 ? [0, 1] : [1, 0]), ...(ceiling ? [2] : [])];
    for (const index of order) {
      const result = await load(targets[index]!);
      if (result.errors > 0) throw new Error(`${result.errors} errors in a run of ${targets[index]!.base}`);
      rps[index]!.push(result.rps);
    }
    ratios.push(rps[0]!.at(-1)! / rps[1]!.at(-1)!);
    log(`pair ${pair + 1}: ${rps.map((runs) => runs.at(-1)).join(' / ')} req/s (this / other${ceiling ? ' / (b)' : ''})`);
  }
  log(`\n${options.endpoint}: this ÷ other, median of pairs ${median(ratios).toFixed(3)}; medians ${rps.map(median).join(' / ')} req/s`);
  if (ceiling)
    log(`÷ (b): this ${(median(rps[0]!) / median(rps[2]!)).toFixed(3)}, other ${(median(rps[1]!) / median(rps[2]!)).toFixed(3)}`);
} finally {
  await Promise.all([here.stop(), there.stop(), ceiling?.stop()]);
}
