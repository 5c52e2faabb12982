import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Schema } from '../src/db/schema.js';
import { createToken } from '../src/tokens/tokens.queries.js';

export interface LoadOptions {
  base: string;
  /** A request's path: drawn once per listed request, so a run spreads over many ids and filters. */
  path: () => string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/** Requests listed per run; wrk cycles through them. */
const PATHS_PER_RUN = 20_000;
const SCRIPT = new URL('./wrk.lua', import.meta.url).pathname;

/** Throws a one-line message when wrk is not installed. */
export function requireWrk(): void {
  const probe = spawnSync('wrk', ['--version'], { stdio: 'ignore' });
  if (probe.error && (probe.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error('wrk is not installed; the benchmark uses it as its load generator: apt-get install wrk');
  }
}

interface WrkSummary {
  requests: number;
  duration_us: number;
  p50_us: number;
  p99_us: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
}

/**
 * One wrk run in a process of its own (a load generator inside node would share the event loop it measures
 * with). An error is a failed connection, read or write, a timeout, or a status above 399. The timeout is
 * 10 s rather than wrk's 2 s, so a slow response counts in the latencies instead of as an error.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'associa-wrk-'));
  try {
    const pathsFile = join(dir, 'paths.txt');
    writeFileSync(pathsFile, `${Array.from({ length: PATHS_PER_RUN }, options.path).join('\n')}\n`);
    const headers = Object.entries(options.headers ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
    const child = spawn(
      'wrk',
      ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '--latency', '-s', SCRIPT, options.base],
      { env: { ...process.env, WRK_PATHS: pathsFile, WRK_HEADERS: headers }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    const line = stdout.split('\n').find((text) => text.startsWith('{'));
    if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}): ${(stderr || stdout).trim().split('\n').at(-1) ?? ''}`);
    const summary = JSON.parse(line) as WrkSummary;
    return {
      rps: Math.round(summary.requests / (summary.duration_us / 1e6)),
      p50: Math.round(summary.p50_us / 100) / 10,
      p99: Math.round(summary.p99_us / 100) / 10,
      errors: summary.connect + summary.read + summary.write + summary.timeout + summary.status,
      requests: summary.requests,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The run with the median requests/s, with the errors of all runs and every run's requests/s. */
function median(runs: LoadResult[]): LoadResult & { runs: number[] } {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  return { ...middle, errors: runs.reduce((sum, run) => sum + run.errors, 0), runs: runs.map((run) => run.rps) };
}

/**
 * Measures several targets in turns (each warmed up, then A, B, C, A, B, C, …) and returns each one's median
 * run. A ratio between targets then compares runs minutes apart at most, not a whole benchmark apart: on a
 * shared machine the speed of every process drifts by a factor of several over an hour.
 */
export async function measureInterleaved(
  targets: LoadOptions[],
  times: number,
  warmupSeconds: number,
): Promise<(LoadResult & { runs: number[] })[]> {
  if (warmupSeconds > 0) for (const target of targets) await load({ ...target, seconds: warmupSeconds });
  const runs: LoadResult[][] = targets.map(() => []);
  for (let i = 0; i < times; i++) {
    for (const [index, target] of targets.entries()) runs[index]!.push(await load(target));
  }
  return runs.map(median);
}

/** The exam system's token for `statusLoad`: status only, with a rate limit no load here reaches. */
export async function statusToken(db: Kysely<Schema>): Promise<string> {
  const { token } = await createToken(db, {
    limiteSimultaneas: 1_000,
    nome: 'bench provas',
    scopes: ['associados:situacao'],
    criadoPor: 'bench',
    lifetimeSeconds: 86_400,
    limitePorMinuto: 100_000_000,
  });
  return token;
}

/** The exam system's load while a burst runs: wrk's 64 connections on random members' status, with `token`. */
export function statusLoad(base: string, token: string, members: number, seconds: number): Promise<LoadResult> {
  return load({
    base,
    path: () => `/api/v1/associados/${1 + Math.floor(Math.random() * members)}/situacao`,
    headers: { authorization: `Bearer ${token}` },
    connections: 64,
    seconds,
  });
}
