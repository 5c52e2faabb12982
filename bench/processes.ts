import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { definedOnly } from './dataset.js';

/** Production's required WEBHOOK_SECRETS_KEY for the benchmark's instances (32 zero bytes): nothing here is secret. */
export const BENCH_SECRETS_KEY = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * Node flags of a production instance (docs/deployment.md): a heap that keeps the process under 300 MB, and no
 * pretenuring, whose choices depended on the traffic an instance had served before. The ceilings run with them too,
 * or a ceiling slowed by garbage collection would flatter every ratio (docs/benchmark-findings.md).
 */
export const NODE_FLAGS = ['--max-old-space-size=192', '--max-semi-space-size=32', '--no-allocation-site-pretenuring'];

/** A port nothing listens on now, for a service started next. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Service {
  name: string;
  base: string;
  pid: number;
  /** Peak resident memory (MiB) since the last reset, sampled every 100 ms. */
  peakRssMiB(): number;
  resetPeak(): void;
  /** Throws, with the end of its output, when the process has exited: a crash under load must not pass for a slow run. */
  assertRunning(during: string): void;
  stop(): Promise<void>;
}

export function rssKiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Starts a server process on `port` and resolves once `readyPath` answers 2xx or 404 (it listens). */
export async function startService(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath = '/',
): Promise<Service> {
  const child: ChildProcess = spawn(command, args, {
    // Stopped between measurements, never behind a balancer: no drain.
    env: definedOnly({ ...process.env, SHUTDOWN_DRAIN_MS: '0', ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The end of its output (the service logs to stdout, node's own crash reports go to stderr).
  let stderr = '';
  const keep = (chunk: Buffer) => {
    stderr = `${stderr}${chunk.toString()}`.slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start within 120 s: ${stderr}`);
    const ok = await fetch(`${base}${readyPath}`).then(
      (response) => response.status < 500,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKiB(child.pid!));
  }, 100);
  return {
    name,
    base,
    pid: child.pid!,
    peakRssMiB: () => Math.round(Math.max(peak, rssKiB(child.pid!)) / 1024),
    resetPeak: () => {
      peak = 0;
    },
    assertRunning(during) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) during ${during}: ${stderr.trim()}`);
      }
    },
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await once(child, 'exit');
      clearTimeout(timer);
    },
  };
}

/**
 * The service as the benchmark runs it, `bin` (a checkout's `bin/associa.js`) with `storage` (its database and Redis
 * settings): quiet logs, metrics on, and the per-address limit out of reach, since the load comes from one address
 * standing for the website's many visitors.
 */
export function startAssociaProcess(name: string, bin: string, storage: NodeJS.ProcessEnv, port: number): Promise<Service> {
  return startService(
    name,
    process.execPath,
    [...NODE_FLAGS, bin, 'serve'],
    {
      ...storage,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      WEBHOOK_SECRETS_KEY: BENCH_SECRETS_KEY,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      METRICS: 'on',
      RATE_LIMIT_PUBLIC: '100000000',
    },
    port,
    '/readyz',
  );
}

/** Ceiling (b) (or (c), on an embedded database's `storage`): each endpoint's own query in a minimal Fastify app. */
export function startDatabaseBaseline(name: string, storage: NodeJS.ProcessEnv, port: number): Promise<Service> {
  return startService(
    name,
    process.execPath,
    [...NODE_FLAGS, '--import', 'tsx', 'bench/baselines/database.ts'],
    storage,
    port,
    '/situacao/1',
  );
}

/** Ceiling (h): the lists as SQL written by hand (bench/baselines/hand-sql.ts). */
export function startHandSqlBaseline(storage: NodeJS.ProcessEnv, port: number): Promise<Service> {
  return startService(
    'hand-written SQL',
    process.execPath,
    [...NODE_FLAGS, '--import', 'tsx', 'bench/baselines/hand-sql.ts'],
    storage,
    port,
    '/cursos',
  );
}

/**
 * Milliseconds from `npm start` to the first 200 from /readyz, polled every 20 ms, on an existing embedded
 * database: what someone restarting the demo waits.
 */
export async function timeNpmStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  // A process group of its own, so npm and the node it starts stop together.
  const child = spawn('npm', ['start'], {
    env: definedOnly({
      ...process.env,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
    }),
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error('npm start was not ready within 60 s');
      if (
        await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Math.round(performance.now() - started);
  } finally {
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await once(child, 'exit');
    }
  }
}
