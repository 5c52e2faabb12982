import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { connect } from '../src/db/connection.js';
import { SCOPE_NAMES } from '../src/tokens/scopes.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { ensureDataset } from './dataset.js';
import { positiveInteger } from '../src/cli/options.js';
import { BENCH_SECRETS_KEY, NODE_FLAGS, rssKiB, startService } from './processes.js';
import { percentile } from './stats.js';

const options = new Command('soak')
  .description('A bounded mixed load of every endpoint, as the three consumers use them, watching errors, p99 and memory over time.')
  .option('--minutes <n>', 'how long the load lasts', positiveInteger('--minutes'), 10)
  .option('--members <n>', 'members in the dataset', positiveInteger('--members'), 100_000)
  .option('--interval <s>', 'seconds per reported interval', positiveInteger('--interval'), 30)
  .option(
    '--database-url <url>',
    'PostgreSQL server (a database per dataset is created there)',
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  )
  .option('--redis-url <url>', 'Redis for the shared rate limits', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
  .parse()
  .opts<{ minutes: number; members: number; interval: number; databaseUrl: string; redisUrl: string }>();

const log = (line: string) => process.stdout.write(`${line}\n`);
const random = (n: number) => 1 + Math.floor(Math.random() * n);

interface Sample {
  at: number;
  ms: number;
  status: number;
}
interface Interval {
  second: number;
  requests: number;
  errors: number;
  limited: number;
  p50: number;
  p99: number;
  rssMiB: number;
}

async function main(): Promise<void> {
  if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('the build failed');
  const url = await ensureDataset(options.databaseUrl, options.members, log);
  const database = await connect({ databaseUrl: url });
  const token = async (nome: string) =>
    `Bearer ${
      (
        await createToken(database.db, {
          limiteSimultaneas: 1_000,
          nome,
          scopes: SCOPE_NAMES,
          criadoPor: 'npm run soak',
          lifetimeSeconds: 86400,
          limitePorMinuto: 100_000_000,
        })
      ).token
    }`;
  const exam = await token('soak: exam delivery');
  const erp = await token('soak: ERP');
  const backOffice = await token('soak: back office');
  await database.close();

  // The heap of a production instance (docs/deployment.md).
  const service = await startService(
    'associa',
    process.execPath,
    [...NODE_FLAGS, 'bin/associa.js', 'serve'],
    {
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'http://127.0.0.1:4200',
      WEBHOOK_SECRETS_KEY: BENCH_SECRETS_KEY,
      DATABASE_URL: url,
      REDIS_URL: options.redisUrl,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // The website's visitors all come from this one address here.
      RATE_LIMIT_PUBLIC: '100000000',
    },
    4200,
    '/readyz',
  );

  const samples: Sample[] = [];
  const endAt = Date.now() + options.minutes * 60_000;
  async function client(next: () => Promise<string | null>, headers: Record<string, string>): Promise<void> {
    let path: string | null = null;
    while (Date.now() < endAt) {
      path ??= await next();
      const started = Date.now();
      let status = 0;
      try {
        const response: Response = await fetch(`${service.base}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
        status = response.status;
        const link: string | undefined = /<[^>]*(\/api\/v1\/[^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
        await response.arrayBuffer();
        path = link ?? null;
      } catch {
        path = null;
      }
      samples.push({ at: started, ms: Date.now() - started, status });
    }
  }
  const fixed = (make: () => string) => () => Promise.resolve(make());
  const clients = [
    // The website: the public course list, many visitors, often revalidating.
    ...Array.from({ length: 4 }, () =>
      client(
        fixed(() => '/api/v1/public/cursos'),
        {},
      ),
    ),
    // The exam-delivery system: bursts of status checks on random candidates.
    ...Array.from({ length: 16 }, () =>
      client(
        fixed(() => `/api/v1/associados/${random(options.members)}/situacao`),
        { authorization: exam },
      ),
    ),
    // The ERP: walks every invoice, page by page, then starts over (paid since a date, as reconciliation does).
    ...Array.from({ length: 2 }, (_, i) =>
      client(
        fixed(() => (i === 0 ? '/api/v1/faturas?limit=500' : '/api/v1/faturas?status=paid&limit=200')),
        { authorization: erp },
      ),
    ),
    // Everything else: member lists and details, course lists and details.
    ...['/api/v1/associados?status=ativo', '/api/v1/cursos', '/api/v1/cursos/1'].map((path) =>
      client(
        fixed(() => path),
        { authorization: backOffice },
      ),
    ),
    client(
      fixed(() => `/api/v1/associados/${random(options.members)}`),
      { authorization: backOffice },
    ),
  ];

  const intervals: Interval[] = [];
  const started = Date.now();
  let from = 0;
  const report = () => {
    const now = Date.now();
    const window = samples.slice(from);
    from = samples.length;
    const ms = window.map((s) => s.ms);
    const interval: Interval = {
      second: Math.round((now - started) / 1000),
      requests: window.length,
      errors: window.filter((s) => s.status === 0 || s.status >= 500).length,
      limited: window.filter((s) => s.status === 429).length,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      rssMiB: Math.round(rssKiB(service.pid) / 1024),
    };
    intervals.push(interval);
    log(
      `${String(interval.second).padStart(5)} s  ${String(interval.requests).padStart(7)} requests  ${interval.errors} errors  ` +
        `${interval.limited} limited  p50 ${interval.p50} ms  p99 ${interval.p99} ms  RSS ${interval.rssMiB} MiB`,
    );
  };
  log(`soaking for ${options.minutes} min on ${options.members.toLocaleString('en')} members (${clients.length} clients)…`);
  const timer = setInterval(report, options.interval * 1000);
  await Promise.all(clients);
  clearInterval(timer);
  report();
  await service.stop();

  const errors = intervals.reduce((sum, i) => sum + i.errors, 0);
  const rss = intervals.map((i) => i.rssMiB);
  const settled = rss.slice(Math.floor(rss.length / 3));
  const summary = {
    when: new Date().toISOString(),
    minutes: options.minutes,
    members: options.members,
    requests: samples.length,
    errors,
    p99Max: Math.max(...intervals.map((i) => i.p99)),
    rssMiB: { first: rss[0], last: rss.at(-1), max: Math.max(...rss), settledMin: Math.min(...settled), settledMax: Math.max(...settled) },
    intervals,
  };
  writeFileSync('bench/results/soak.json', `${JSON.stringify(summary, null, 2)}\n`);
  log(
    `\n${summary.requests} requests, ${errors} errors, worst interval p99 ${summary.p99Max} ms; RSS ${summary.rssMiB.first} → ${summary.rssMiB.last} MiB ` +
      `(after the first third: ${summary.rssMiB.settledMin}–${summary.rssMiB.settledMax} MiB). Wrote bench/results/soak.json.`,
  );
  if (errors > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`soak: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
