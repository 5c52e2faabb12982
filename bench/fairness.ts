import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../src/db/connection.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { ensureDataset } from './dataset.js';
import { dueDateBurst } from './due-date.js';
import { requireWrk } from './load.js';
import { startAssociaProcess } from './processes.js';

/**
 * One integrator against another on one instance as production runs it (`npm run bench:fairness`, 1 M members,
 * DB_POOL_SIZE=4). Token A (an ERP's script, `associados:read`, the default 8 requests at once, a rate limit it stays
 * within) runs 64 clients at once on 500-row member pages, then the same 64 with `If-None-Match: *`; token B (the exam
 * system) checks a member's status 20 times a second and a batch of 100 twice a second throughout, on a schedule. Each
 * client is a process of its own (bench/fairness-client.ts). B's p99 in each phase is compared with its p99 alone in
 * the same run (target: ≤ 2 × alone or ≤ 50 ms, whichever is larger, with no 503 or 429 for B); A may get 429
 * `concurrency_limited` and slower pages, never a 503. Then the annual fees' due date (bench/due-date.ts): the status
 * endpoint's throughput in each phase of the burst against its own before it (target ≥ 0.7).
 *
 *   node --import tsx bench/fairness.ts [--members 1000000] [--fees 300000] [--seconds 60] [--skip-due-date | --only-due-date]
 */

const PORT = 4402;
const log = (line: string) => process.stdout.write(`${line}\n`);
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const MEMBERS = argument('members', 1_000_000);
const SECONDS = argument('seconds', 60);
/** B's target: twice its p99 alone, or this, whichever is larger (both cores are shared: some wait for CPU is physics). */
const FLOOR_MS = 50;
/** The member pages A cycles through: the first and those after it, as an ERP paging through the list. */
const PAGES = 40;

interface ClientResult {
  requests: number;
  statuses: Record<string, number>;
  errors: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

/** Runs a load client with `options` (written to a file: the batches' paths are too long for a command line). */
async function client(options: Record<string, unknown>): Promise<ClientResult> {
  const dir = mkdtempSync(join(tmpdir(), 'associa-fairness-'));
  try {
    const file = join(dir, 'options.json');
    writeFileSync(file, JSON.stringify(options));
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/fairness-client.ts', file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`a load client exited with ${code}`);
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as ClientResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The paths of the first PAGES pages of 500 members, from the Link headers. */
async function memberPages(base: string, token: string): Promise<string[]> {
  const paths: string[] = [];
  let next: string | undefined = '/api/v1/associados?limit=500';
  while (next && paths.length < PAGES) {
    paths.push(next);
    const response: Response = await fetch(`${base}${next}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`member page: ${response.status}`);
    const link = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    next = link ? new URL(link).pathname + new URL(link).search : undefined;
  }
  return paths;
}

const random = () => 1 + Math.floor(Math.random() * MEMBERS);

/** Token A's pages and flood against token B's schedule; written to bench/results/fairness.json. */
async function tokenAgainstToken(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await ensureDataset(serverUrl, MEMBERS, log);
  const admin = await connect({ databaseUrl: url, poolSize: 1 });
  const day = 86_400;
  // A stays within its rate limit (an ERP's, raised by its administrator); its requests at once are the default's.
  const a = await createToken(admin.db, {
    nome: 'bench integrador A',
    scopes: ['associados:read'],
    criadoPor: 'bench',
    lifetimeSeconds: day,
    limitePorMinuto: 1_000_000,
  });
  const b = await createToken(admin.db, {
    nome: 'bench provas B',
    scopes: ['associados:situacao'],
    criadoPor: 'bench',
    lifetimeSeconds: day,
    limitePorMinuto: 100_000,
  });
  await admin.close();

  const service = await startAssociaProcess(
    'associa',
    'bin/associa.js',
    { NODE_ENV: 'production', DATABASE_URL: url, DB_POOL_SIZE: '4' },
    PORT,
  );
  let result: Record<string, unknown>;
  try {
    const pages = await memberPages(service.base, a.token);
    const statusPaths = Array.from({ length: 2000 }, () => `/api/v1/associados/${random()}/situacao`);
    const batchPaths = Array.from({ length: 200 }, () => `/api/v1/associados/situacao?id=${Array.from({ length: 100 }, random).join(',')}`);
    const exam = (seconds: number) =>
      client({
        kind: 'paced',
        base: service.base,
        token: b.token,
        seconds,
        rates: [
          { paths: statusPaths, perSecond: 20 },
          { paths: batchPaths, perSecond: 2 },
        ],
      });
    const erp = (seconds: number, headers: Record<string, string> = {}) =>
      client({ kind: 'greedy', base: service.base, token: a.token, seconds, connections: 64, paths: pages, headers });

    log('warming up: both tokens, 10 s…');
    await Promise.all([exam(10), erp(10)]);
    log(`B alone, ${SECONDS} s…`);
    const alone = await exam(SECONDS);
    log(`B alone: p50 ${alone.p50} ms, p99 ${alone.p99} ms, max ${alone.max} ms, ${JSON.stringify(alone.statuses)}`);
    const target = Math.max(2 * alone.p99!, FLOOR_MS);
    const phases: Record<string, { a: ClientResult; b: ClientResult; met: boolean }> = {};
    for (const [name, headers] of [
      ['pages', {}],
      ['flood', { 'if-none-match': '*' }],
    ] as const) {
      log(`${name}: A 64 at once${name === 'flood' ? ' with If-None-Match: *' : ''} and B on its schedule, ${SECONDS} s…`);
      const [bResult, aResult] = await Promise.all([exam(SECONDS), erp(SECONDS, headers)]);
      service.assertRunning(name);
      const met =
        bResult.p99! <= target && !bResult.statuses['503'] && !bResult.statuses['429'] && bResult.errors === 0 && !aResult.statuses['503'];
      phases[name] = { a: aResult, b: bResult, met };
      log(
        `  B: p50 ${bResult.p50} ms, p99 ${bResult.p99} ms (target ≤ ${target}), max ${bResult.max} ms, ${JSON.stringify(bResult.statuses)}`,
      );
      log(`  A: p50 ${aResult.p50} ms, p99 ${aResult.p99} ms, ${JSON.stringify(aResult.statuses)}`);
    }
    const metrics = await (await fetch(`${service.base}/metrics`)).text();
    const metric = (pattern: RegExp) => Number(pattern.exec(metrics)?.[1] ?? NaN);
    result = {
      members: MEMBERS,
      seconds: SECONDS,
      alone,
      targetMs: target,
      phases,
      metrics: {
        concurrencyRefusals: metric(/^associa_concurrency_refusals_total (\S+)$/m),
        shed: metric(/^associa_shed_requests_total\{load="bulk"\} (\S+)$/m),
      },
    };
  } finally {
    await service.stop();
  }

  writeFileSync(new URL('./results/fairness.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
  log(JSON.stringify(result, null, 2));
}

requireWrk();
if (!process.argv.includes('--only-due-date')) await tokenAgainstToken();
if (!process.argv.includes('--skip-due-date')) {
  // Written to bench/results/due-date.json, with each phase's share of the status endpoint's throughput.
  log('the annual fees’ due date, with the status endpoint loaded through marking, numbering and 6 windows of delivering…');
  await dueDateBurst(MEMBERS, argument('fees', 300_000), 6);
}
