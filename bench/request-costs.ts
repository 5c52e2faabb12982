// `npm run bench:costs`: what each part of a request (the token check, the rate limit, the audit row, the ETag, the
// metrics) costs the status endpoint, measured by its absence: the service as built, and a build leaving out each
// part (scripts/build.js --omit, src/omitted-parts.ts), on the 1 M dataset, each between two runs of the whole service.
// A part's cost is the CPU time per request it adds to the service's process, and to PostgreSQL's.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Command } from 'commander';
import { positiveInteger } from '../src/cli/options.js';
import { connect } from '../src/db/connection.js';
import { PARTS, type Part } from '../src/omitted-parts.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { ensureDataset } from './dataset.js';
import { requireWrk, statusLoad } from './load.js';
import { freePort, startAssociaProcess, type Service } from './processes.js';
import { median } from './stats.js';

const program = new Command('bench:costs')
  .description("Measures what each part of a request costs the status endpoint, by leaving it out of the service's build.")
  .option('--rounds <n>', 'rounds of 5-s runs: each build once, each between two runs of the whole service', positiveInteger('--rounds'), 6)
  .option('--members <n>', 'members in the dataset', positiveInteger('--members'), 1_000_000)
  .option('--database-url <url>', 'PostgreSQL server', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  .option('--redis-url <url>', 'Redis', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
  .parse();
const options = program.opts<{ rounds: number; members: number; databaseUrl: string; redisUrl: string }>();
const log = (line: string) => process.stdout.write(`${line}\n`);
const SECONDS = 5;

/** Microseconds of a clock tick of /proc's CPU times. */
const TICK_US = 1e6 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim());

/** CPU time (user and system) of a process, in ticks. */
function cpuTicks(pid: number): number {
  try {
    // After the command's name, which may hold spaces: fields 14 and 15 are utime and stime.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // the process ended between listing and reading
  }
}

/** CPU time of every PostgreSQL process of the machine, in ticks: only the build under load sends it work. */
function postgresTicks(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') ticks += cpuTicks(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/** The service built without `part` into .bench-builds/, with an entry like bin/associa.js beside it. */
function buildWithout(part: Part): string {
  const outdir = `.bench-builds/without-${part}`;
  const built = spawnSync(process.execPath, ['scripts/build.js', '--omit', part, '--outdir', outdir], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`the build without ${part} failed`);
  writeFileSync(`${outdir}/associa.js`, "const { runCli } = await import('./cli.js');\nawait runCli(process.argv);\n");
  return `${outdir}/associa.js`;
}

interface Run {
  rps: number;
  serviceUs: number;
  postgresUs: number;
}

requireWrk();
log('building the service, and once without each part…');
if (spawnSync(process.execPath, ['scripts/build.js'], { stdio: 'inherit' }).status !== 0) throw new Error('the build failed');
const builds: { name: string; part?: Part; bin: string }[] = [
  { name: 'every part', bin: 'bin/associa.js' },
  ...PARTS.map((part) => ({ name: `without ${part}`, part, bin: buildWithout(part) })),
];
const url = await ensureDataset(options.databaseUrl, options.members, log);
const database = await connect({ databaseUrl: url });
const { token } = await createToken(database.db, {
  nome: 'bench:costs',
  scopes: ['associados:situacao'],
  criadoPor: 'npm run bench:costs',
  limitePorMinuto: 100_000_000,
  limiteSimultaneas: 1_000,
});
await database.close();

const poolSize = String(availableParallelism());
const services: Service[] = [];
try {
  for (const build of builds) {
    services.push(
      await startAssociaProcess(
        build.name,
        build.bin,
        { NODE_ENV: 'production', DATABASE_URL: url, REDIS_URL: options.redisUrl, DB_POOL_SIZE: poolSize },
        await freePort(),
      ),
    );
  }
  const measure = async (service: Service, seconds: number): Promise<Run> => {
    // A build idle for a minute is warmed up first, as the whole service, loaded every other run, always is.
    await statusLoad(service.base, token, options.members, 1);
    const [serviceBefore, postgresBefore] = [cpuTicks(service.pid), postgresTicks()];
    const result = await statusLoad(service.base, token, options.members, seconds);
    service.assertRunning('the status endpoint');
    if (result.errors > 0) throw new Error(`${result.errors} errors in a run of ${service.name}`);
    const perRequest = (ticks: number) => (ticks * TICK_US) / result.requests;
    return {
      rps: result.rps,
      serviceUs: perRequest(cpuTicks(service.pid) - serviceBefore),
      postgresUs: perRequest(postgresTicks() - postgresBefore),
    };
  };
  for (const service of services) await statusLoad(service.base, token, options.members, 3);
  // Each build runs between two runs of the whole service, and is compared with their mean: the machine's speed drifts
  // by tens of per cent within minutes, far more than a part costs.
  const [whole, ...without] = services as [Service, ...Service[]];
  const runs: Run[][] = services.map(() => []);
  const costs: { serviceUs: number; postgresUs: number }[][] = without.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    let before = await measure(whole, SECONDS);
    runs[0]!.push(before);
    for (let i = 0; i < without.length; i++) {
      // Each round starts with another build.
      const index = (round + i) % without.length;
      const run = await measure(without[index]!, SECONDS);
      const after = await measure(whole, SECONDS);
      runs[index + 1]!.push(run);
      runs[0]!.push(after);
      costs[index]!.push({
        serviceUs: (before.serviceUs + after.serviceUs) / 2 - run.serviceUs,
        postgresUs: (before.postgresUs + after.postgresUs) / 2 - run.postgresUs,
      });
      before = after;
    }
    log(`round ${round + 1}: ${costs.map((c, i) => `${builds[i + 1]!.name} ${c.at(-1)!.serviceUs.toFixed(0)} µs`).join('; ')}`);
  }

  const us = (value: number) => value.toFixed(0);
  log('');
  log(
    `Status endpoint (\`/api/v1/associados/{id}/situacao\`, random members of ${options.members.toLocaleString('en')}), wrk with 64 connections, ` +
      `${options.rounds} rounds of ${SECONDS}-s runs, DB_POOL_SIZE=${poolSize}, ${new Date().toISOString()}. CPU time per request, medians; ` +
      "a part's cost is the median (and range), over the rounds, of the whole service's CPU a request (the mean of the runs just before and after) less the build's.",
  );
  log('');
  log(
    '| Build | req/s | service, µs of CPU a request | PostgreSQL, µs of CPU a request | the part costs the service, µs (rounds) | and PostgreSQL, µs (rounds) |',
  );
  log('|---|---:|---:|---:|---:|---:|');
  for (const [index, build] of builds.entries()) {
    const own = runs[index]!;
    const part = costs[index - 1];
    const spread = (values: number[]) => `${us(median(values))} (${us(Math.min(...values))} to ${us(Math.max(...values))})`;
    const cost = part ? `${spread(part.map((c) => c.serviceUs))} | ${spread(part.map((c) => c.postgresUs))}` : '— | —';
    log(
      `| ${build.name} | ${median(own.map((run) => run.rps))} | ${us(median(own.map((run) => run.serviceUs)))} | ` +
        `${us(median(own.map((run) => run.postgresUs)))} | ${cost} |`,
    );
  }
} finally {
  await Promise.all(services.map((service) => service.stop()));
}
