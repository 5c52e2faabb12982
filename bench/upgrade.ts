import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Command } from 'commander';
import { Migrator, sql, type Migration } from 'kysely';
import pg from 'pg';
import { positiveInteger } from '../src/cli/options.js';
import { migrate, migrationSession, type AppliedMigration } from '../src/db/migrate.js';
import { UFS } from '../src/domain/uf.js';
import { databaseUrl, definedOnly, query } from './dataset.js';
import { requireWrk } from './load.js';
import { BENCH_SECRETS_KEY, NODE_FLAGS, startService, type Service } from './processes.js';

/**
 * Upgrade under load (docs/deployment.md, "Upgrading"): the previous release serves a copy of the benchmark's
 * dataset to 64 keep-alive clients while this release's runner applies this release's pending migrations and the
 * example "heavy" ones of bench/upgrade-migrations/ (an index on the 4.7 M invoices, a column on the tokens every
 * request reads, a backfill of the invoices). The same examples applied as releases up to 59b5489 applied
 * migrations (all in one transaction, indexes built in place, no lock_timeout) show what the runner changed.
 *
 *   node --import tsx bench/upgrade.ts [--runner new|old|both] [--members 1000000]
 */

/** The release whose instances serve during the upgrade: the one before this, as test/db/upgrade.test.ts has it. */
const PREVIOUS_RELEASE = '59b5489';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('./upgrade-migrations/', import.meta.url));
const run = promisify(execFile);

const program = new Command('upgrade')
  .description('Measures an upgrade under load: the previous release serves while this release migrates a copy of the dataset.')
  .option('--members <n>', 'members of the dataset copied (bench/run.ts seeds associa_bench_<n>)', positiveInteger('--members'), 1_000_000)
  .option(
    '--database-url <url>',
    'PostgreSQL server holding the dataset',
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  )
  .option('--redis-url <url>', "Redis for the service's rate limits, as in production", process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
  .option('--runner <which>', '`new` (this release), `old` (one transaction, as up to 59b5489) or `both`', 'both')
  .option('--connections <n>', 'keep-alive clients', positiveInteger('--connections'), 64)
  .option('--baseline-seconds <n>', 'seconds of load measured before and after the migrations', positiveInteger('--baseline-seconds'), 15)
  .option('--out <file>', 'also write the results there as JSON')
  .parse();

const options = program.opts<{
  members: number;
  databaseUrl: string;
  redisUrl: string;
  runner: 'new' | 'old' | 'both';
  connections: number;
  baselineSeconds: number;
  out?: string;
}>();
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Window {
  seconds: number;
  requests: number;
  rps: number;
  /** Responses of 400 or more, and failed connections, reads, writes and timeouts. */
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

interface Result {
  runner: 'new' | 'old';
  copySeconds: number;
  before: Window;
  during: Window;
  after: Window;
  migrations: { name: string; seconds: number; lockTimeouts?: number; batches?: number; rows?: number }[];
  migrationSeconds: number;
  /** The most API sessions seen waiting for a lock at once (pg_stat_activity, sampled every 100 ms). */
  blockedSessionsMax: number;
}

async function main(): Promise<void> {
  requireWrk();
  if (!['new', 'old', 'both'].includes(options.runner)) throw new Error('--runner is new, old or both');
  const dataset = `associa_bench_${options.members}`;
  const scratch = mkdtempSync(join(tmpdir(), 'associa-upgrade-'));
  const tree = join(scratch, 'previous');
  try {
    log(`previous release ${PREVIOUS_RELEASE}: worktree and build…`);
    await run('git', ['-C', ROOT, 'worktree', 'add', '--detach', tree, PREVIOUS_RELEASE]);
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    await run('npm', ['run', '--silent', 'build'], { cwd: tree });
    const results: Result[] = [];
    for (const runner of options.runner === 'both' ? (['new', 'old'] as const) : [options.runner]) {
      results.push(await measure(runner, dataset, tree, scratch));
    }
    log(`\n${table(results)}`);
    if (options.out) writeFileSync(options.out, `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await run('git', ['-C', ROOT, 'worktree', 'remove', '--force', tree]).catch(() => {});
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function measure(runner: 'new' | 'old', dataset: string, tree: string, scratch: string): Promise<Result> {
  const copy = `associa_upgrade_${options.members}`;
  const url = databaseUrl(options.databaseUrl, copy);
  const copySeconds = await copyDatabase(dataset, copy);
  let service: Service | undefined;
  try {
    const token = await benchToken(tree, url);
    service = await startService(
      `previous release (${PREVIOUS_RELEASE})`,
      process.execPath,
      [...NODE_FLAGS, join(tree, 'bin/associa.js'), 'serve'],
      {
        DATABASE_URL: url,
        REDIS_URL: options.redisUrl,
        NODE_ENV: 'production',
        PUBLIC_BASE_URL: 'http://127.0.0.1:4300',
        WEBHOOK_SECRETS_KEY: BENCH_SECRETS_KEY,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PUBLIC: '100000000',
      },
      4300,
      '/readyz',
    );
    const paths = await requestMix(service, token);
    const headers = { authorization: `Bearer ${token}` };
    log(`${runner} runner: warming up…`);
    await wrk(service, paths, headers, { seconds: 5 });
    log(`${runner} runner: ${options.baselineSeconds} s of load before…`);
    const before = await wrk(service, paths, headers, { seconds: options.baselineSeconds });
    service.assertRunning('the load before the migrations');

    log(`${runner} runner: migrating under load…`);
    const folder = migrationFolder(scratch, runner);
    const during = startWrk(service, paths, headers);
    const sampler = blockedSessions(url);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const started = performance.now();
    const applied = runner === 'new' ? await migrateNew(url, folder) : await migrateOld(url, folder);
    const migrationSeconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const window = await during.stop();
    const blockedSessionsMax = await sampler.stop();
    service.assertRunning('the migrations');

    log(`${runner} runner: ${options.baselineSeconds} s of load after…`);
    const after = await wrk(service, paths, headers, { seconds: options.baselineSeconds });
    service.assertRunning('the load after the migrations');
    return {
      runner,
      copySeconds,
      before,
      during: window,
      after,
      migrations: applied,
      migrationSeconds: round(migrationSeconds),
      blockedSessionsMax,
    };
  } finally {
    await service?.stop();
    await query(options.databaseUrl, `drop database if exists ${copy} with (force)`);
  }
}

/** A copy of the dataset, made while nothing is connected to it (CREATE DATABASE … TEMPLATE requires that). */
async function copyDatabase(dataset: string, copy: string): Promise<number> {
  const connected = await query<{ application_name: string; n: string }>(
    options.databaseUrl,
    `select application_name, count(*) as n from pg_stat_activity where datname = '${dataset}' group by 1`,
  );
  if (connected.length > 0) {
    throw new Error(
      `${dataset} is in use (${connected.map((row) => `${row.n} × ${row.application_name || '?'}`).join(', ')}): a copy needs it idle`,
    );
  }
  await query(options.databaseUrl, `drop database if exists ${copy} with (force)`);
  log(`copying ${dataset} to ${copy}…`);
  const started = performance.now();
  await query(options.databaseUrl, `create database ${copy} template ${dataset}`);
  const seconds = round((performance.now() - started) / 1000);
  log(`copied in ${seconds} s`);
  return seconds;
}

/** A token with every scope of the previous release and a limit out of reach, created by that release's own command. */
async function benchToken(tree: string, url: string): Promise<string> {
  const cli = (args: string[]) =>
    run(process.execPath, [join(tree, 'bin/associa.js'), ...args], { env: definedOnly({ ...process.env, DATABASE_URL: url }) });
  const scopes = await cli(['token', 'create', '--name', 'x', '--scopes', 'none']).then(
    () => undefined,
    (error: { stderr: string }) => /the scopes are ([^;\n]+?)\.?$/m.exec(error.stderr)?.[1],
  );
  if (!scopes) throw new Error('could not read the scopes of the previous release');
  const created = await cli([
    'token',
    'create',
    '--name',
    'upgrade bench',
    '--scopes',
    scopes.replace(/, /g, ','),
    '--rate-limit',
    '100000000',
    '--json',
  ]);
  return (JSON.parse(created.stdout) as { token: string }).token;
}

/**
 * Requests spread over the routes integrators call: a member and their standing by matrícula, invoice and member
 * lists, courses, the public course list.
 */
async function requestMix(service: Service, token: string): Promise<string[]> {
  const courses = (await (
    await fetch(`${service.base}/api/v1/cursos?limit=500`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    id: number;
  }[];
  if (courses.length === 0) throw new Error('the dataset has no course');
  const random = (n: number) => 1 + Math.floor(Math.random() * n);
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
  const draws: [number, () => string][] = [
    [30, () => `/api/v1/associados/${random(options.members)}/situacao`],
    [25, () => `/api/v1/associados/${random(options.members)}`],
    [20, () => `/api/v1/faturas?${pick(['status=open', 'status=paid', 'kind=anuidade', 'kind=inscricao&status=paid'])}&limit=50`],
    [10, () => `/api/v1/associados?regional=${pick(UFS)}&limit=50`],
    [5, () => `/api/v1/cursos/${pick(courses).id}`],
    [5, () => '/api/v1/cursos?limit=50'],
    [5, () => '/api/v1/public/cursos'],
  ];
  const paths: string[] = [];
  for (const [weight, draw] of draws) for (let i = 0; i < weight * 200; i++) paths.push(draw());
  return paths.sort(() => Math.random() - 0.5);
}

/** This release's migrations and the examples, in one folder, as the runner reads them. */
function migrationFolder(scratch: string, runner: 'new' | 'old'): string {
  const folder = mkdtempSync(join(scratch, `migrations-${runner}-`));
  const sources = [
    fileURLToPath(new URL('../migrations/', import.meta.url)),
    runner === 'new' ? EXAMPLES : join(EXAMPLES, 'one-transaction'),
  ];
  for (const source of sources) {
    for (const file of readdirSync(source).filter((name) => name.endsWith('.sql'))) symlinkSync(join(source, file), join(folder, file));
  }
  return folder;
}

/** This release's runner, as `associa migrate` runs it. */
async function migrateNew(url: string, folder: string): Promise<Result['migrations']> {
  const session = migrationSession(url);
  let reported = Date.now();
  try {
    const applied = await migrate(session, {
      folder,
      onBatch: ({ name, batches, rows }) => {
        if (Date.now() - reported < 30_000) return;
        reported = Date.now();
        log(`  ${name}: ${rows.toLocaleString('en')} rows in ${batches} batches so far`);
      },
      onApplied: (migration) => log(`  applied ${migration.name} in ${round(migration.ms / 1000)} s`),
      onRetry: (retry) => log(`  ${retry.name}: ${retry.table} stayed locked; attempt ${retry.attempt + 1} in ${retry.waitMs} ms`),
    });
    return applied.map((migration: AppliedMigration) => ({
      name: migration.name,
      seconds: Math.round(migration.ms) / 1000,
      lockTimeouts: migration.lockTimeouts,
      ...(migration.batches === undefined ? {} : { batches: migration.batches, rows: migration.rows }),
    }));
  } finally {
    await session.destroy();
  }
}

/** The runner of releases up to 59b5489: Kysely's Migrator, every pending file in one transaction, no lock_timeout. */
async function migrateOld(url: string, folder: string): Promise<Result['migrations']> {
  const session = migrationSession(url);
  try {
    const started = performance.now();
    const migrations: Record<string, Migration> = {};
    for (const file of readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .sort()) {
      const text = readFileSync(join(folder, file), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db) => {
          await sql.raw(`set local statement_timeout = 0;\n${text}`).execute(db);
        },
      };
    }
    const { error, results } = await new Migrator({
      db: session,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
    const names = (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
    const seconds = round((performance.now() - started) / 1000);
    log(`  applied ${names.join(', ')} in one transaction in ${seconds} s`);
    return [{ name: names.join(' + '), seconds }];
  } finally {
    await session.destroy();
  }
}

/** The most sessions of the service (application_name associa) waiting for a lock at once, until stop(). */
function blockedSessions(url: string): { stop(): Promise<number> } {
  const client = new pg.Client({ connectionString: url, application_name: 'associa-bench-sampler' });
  let most = 0;
  let stopped = false;
  const sampling = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'associa' and wait_event_type = 'Lock'`,
      );
      most = Math.max(most, rows[0]!.n);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.end();
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      return most;
    },
  };
}

interface WrkSummary {
  requests: number;
  duration_us: number;
  p50_us: number;
  p99_us: number;
  max_us: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
}

/**
 * wrk (bench/wrk.lua) over `paths` with the given headers, until `stop()` (SIGINT, on which wrk reports what it
 * measured). The timeout is 10 s, so a request held up by a lock counts in the latencies rather than as lost.
 */
function startWrk(service: Service, paths: string[], headers: Record<string, string>, seconds = 3600): { stop(): Promise<Window> } {
  const dir = mkdtempSync(join(tmpdir(), 'associa-wrk-'));
  const pathsFile = join(dir, 'paths.txt');
  writeFileSync(pathsFile, `${paths.join('\n')}\n`);
  const child: ChildProcess = spawn(
    'wrk',
    [
      '-t1',
      `-c${options.connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '--latency',
      '-s',
      fileURLToPath(new URL('./wrk.lua', import.meta.url)),
      service.base,
    ],
    {
      env: {
        ...process.env,
        WRK_PATHS: pathsFile,
        WRK_HEADERS: Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exited = once(child, 'exit') as Promise<[number | null]>;
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      const [code] = await exited;
      rmSync(dir, { recursive: true, force: true });
      const line = stdout.split('\n').find((text) => text.startsWith('{'));
      if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}): ${stdout.trim().split('\n').at(-1) ?? ''}`);
      const summary = JSON.parse(line) as WrkSummary;
      const secondsRun = summary.duration_us / 1e6;
      return {
        seconds: round(secondsRun),
        requests: summary.requests,
        rps: Math.round(summary.requests / secondsRun),
        errors: summary.connect + summary.read + summary.write + summary.timeout + summary.status,
        p50Ms: round(summary.p50_us / 1000),
        p99Ms: round(summary.p99_us / 1000),
        maxMs: round(summary.max_us / 1000),
      };
    },
  };
}

async function wrk(service: Service, paths: string[], headers: Record<string, string>, { seconds }: { seconds: number }): Promise<Window> {
  const running = startWrk(service, paths, headers, seconds);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 2000));
  return running.stop();
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function table(results: Result[]): string {
  const lines = [
    '| runner | phase | seconds | requests | req/s | non-2xx or failed | p50 ms | p99 ms | max ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const result of results) {
    for (const phase of ['before', 'during', 'after'] as const) {
      const w = result[phase];
      lines.push(
        `| ${result.runner} | ${phase} | ${w.seconds} | ${w.requests.toLocaleString('en')} | ${w.rps.toLocaleString('en')} | ${w.errors.toLocaleString('en')} | ${w.p50Ms} | ${w.p99Ms} | ${w.maxMs} |`,
      );
    }
  }
  for (const result of results) {
    lines.push(
      '',
      `${result.runner} runner: migrations ${result.migrationSeconds} s in all; at most ${result.blockedSessionsMax} API sessions waiting for a lock at once; copy ${result.copySeconds} s`,
    );
    for (const migration of result.migrations) {
      const notes = [
        migration.lockTimeouts ? `${migration.lockTimeouts} lock timeouts` : '',
        migration.batches === undefined ? '' : `${migration.batches} batches, ${migration.rows?.toLocaleString('en')} rows`,
      ].filter(Boolean);
      lines.push(`  ${migration.name}: ${migration.seconds} s${notes.length ? ` (${notes.join(', ')})` : ''}`);
    }
  }
  return lines.join('\n');
}

await main();
