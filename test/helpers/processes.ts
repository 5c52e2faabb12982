import { once } from 'node:events';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * How a test starts `associa`: from source through tsx, or, under `npm test` (which builds it first), the bundle
 * `bin/associa.js` runs, which starts in a fraction of the time.
 */
export const CLI_COMMAND =
  process.env.TEST_CLI_BUNDLE === '1'
    ? [new URL('../../bin/associa.js', import.meta.url).pathname]
    : ['--import', 'tsx', new URL('./cli-entry.ts', import.meta.url).pathname];

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A WEBHOOK_SECRETS_KEY for processes the tests start (32 zero bytes). */
export const TEST_SECRETS_KEY = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export function tempDir(prefix = 'associa-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The environment of a child process: the parent's, less what configures Associa, plus `env`. */
export function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of Object.keys(base)) {
    if (
      /^(NODE_ENV|DATABASE_|REDIS_|DATA_DIR$|PORT$|HOST$|LOG_LEVEL$|PUBLIC_BASE_URL$|METRICS|SIMULATION$|OTEL_|RATE_LIMIT_|SHUTDOWN_|WEBHOOK_)/.test(
        name,
      )
    ) {
      delete base[name];
    }
  }
  // No drain unless a test asks for one: production's default would add seconds to every stop of a child. Production's
  // required key for the webhooks' secrets is given unless a test takes it away.
  return { ...base, SHUTDOWN_DRAIN_MS: '0', WEBHOOK_SECRETS_KEY: TEST_SECRETS_KEY, ...env };
}

export function startCli(args: readonly string[], env: Record<string, string | undefined>): ChildProcess {
  return spawn(process.execPath, [...CLI_COMMAND, ...args], { env: childEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Runs `associa args…` to completion, writing `input` to its standard input. */
export function runCli(args: readonly string[], env: Record<string, string | undefined>, input = ''): Promise<RunResult> {
  const child = startCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin!.end(input);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Stops each child still running with SIGTERM, as a supervisor would, and waits for it to exit. */
export async function stopChildren(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    }),
  );
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The address a server's banner names: the text banner's health check, or production's JSON line's `listening`. */
function listeningAt(stdout: string): string | undefined {
  return /Health: (\S+)\/readyz/.exec(stdout)?.[1] ?? /"listening":"([^"]+)"/.exec(stdout)?.[1];
}

/** Starts `associa serve`, returns its base URL once it printed its banner, and what it printed. */
export function serve(env: Record<string, string | undefined>) {
  return serveWith(['serve'], env);
}

/**
 * Starts a server as `serve` does, from another command line: this release's `associa` with `args` (`serve
 * --migrate`), or `entry` (another release's `bin/associa.js`) run by node instead of this release's.
 */
export async function serveWith(args: readonly string[], env: Record<string, string | undefined>, entry?: string) {
  const command = entry ? [entry] : CLI_COMMAND;
  const child = spawn(process.execPath, [...command, ...args], {
    env: childEnv({ PORT: '0', LOG_LEVEL: 'warn', ...env }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 60_000;
  let base: string | undefined;
  while (!(base = listeningAt(stdout))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`serve did not start: ${stdout}${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { child, base, stdout: () => stdout };
}
