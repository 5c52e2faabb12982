// `npm test [-- file…]`: the test files, several at a time, each in a process of its own. On the embedded database
// (no DATABASE_URL) or on PostgreSQL and Redis (DATABASE_URL, REDIS_URL): each file makes its own database.
// Named files run whatever their pass; without names every file runs, less those that belong to the other pass.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = new URL('..', import.meta.url).pathname;

/**
 * Files that measure time or break shared servers on purpose (stopping PostgreSQL, flooding a limit, draining under
 * load): each runs alone, after the others, so that a busy machine does not pass for a fault.
 */
const ALONE = new Set([
  'test/client/retries.test.ts',
  'test/plugins/rate-limit.test.ts',
  'test/reliability/database-faults.test.ts',
  'test/reliability/fault-suite.test.ts',
  'test/reliability/graceful-shutdown.test.ts',
  'test/reliability/instances.test.ts',
  'test/reliability/rolling-restart.test.ts',
]);

/** A file runs in one pass only when its first lines say so: `// Runs once, on PostgreSQL: why` (or `on the embedded database`). */
function passOf(file: string): 'postgres' | 'embedded' | undefined {
  const head = readFileSync(join(ROOT, file), 'utf8').slice(0, 600);
  const mark = /^\/\/ Runs once, on (PostgreSQL|the embedded database)\b/m.exec(head)?.[1];
  return mark === 'PostgreSQL' ? 'postgres' : mark ? 'embedded' : undefined;
}

function testFiles(dir = 'test'): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return testFiles(path);
      return entry.name.endsWith('.test.ts') ? [path] : [];
    })
    .sort();
}

interface Outcome {
  file: string;
  code: number | null;
  seconds: number;
}

/** The longest a file may run: Node's `--test-timeout` holds only under `--test`, which would start a second process. */
const FILE_TIMEOUT_MS = 10 * 60_000;

/** Runs one file with Node's test runner; its output is printed whole when it ends, not interleaved with others'. */
function run(file: string): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--test-force-exit', file], {
    cwd: ROOT,
    env: { ...process.env, TEST_CLI_BUNDLE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, FILE_TIMEOUT_MS);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      const seconds = (Date.now() - started) / 1000;
      const verdict = timedOut ? `FAILED, stopped after ${FILE_TIMEOUT_MS / 1000} s` : code === 0 ? 'passed' : `FAILED, exit ${code}`;
      process.stdout.write(`\n━━ ${file} (${seconds.toFixed(1)} s, ${verdict})\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ file, code, seconds });
    });
  });
}

async function inTurn(files: readonly string[], concurrency: number): Promise<Outcome[]> {
  const queue = [...files];
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) outcomes.push(await run(file));
    }),
  );
  return outcomes;
}

/** The bundled `associa` the tests' child processes run (`bin/associa.js`): it starts in a fraction of tsx's time. */
async function build(): Promise<void> {
  const child = spawn(process.execPath, ['scripts/build.js'], { cwd: ROOT, stdio: 'inherit' });
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error('npm run build failed');
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { concurrency: { type: 'string', default: process.env.TEST_CONCURRENCY ?? String(availableParallelism() + 1) } },
});
const concurrency = Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1)
  throw new Error(`--concurrency must be a positive integer, not ${values.concurrency}`);

const pass = process.env.DATABASE_URL ? 'postgres' : 'embedded';
const files = positionals.length
  ? positionals.map((file) => relative(ROOT, join(process.cwd(), file)))
  : testFiles().filter((file) => (passOf(file) ?? pass) === pass);

/** The longest first, so that the last files to end start early: by their size, a rough measure of their work. */
const longestFirst = (a: string, b: string) => statSync(join(ROOT, b)).size - statSync(join(ROOT, a)).size;

const started = Date.now();
await build();
const outcomes = [
  ...(await inTurn(files.filter((file) => !ALONE.has(file)).sort(longestFirst), concurrency)),
  ...(await inTurn(
    files.filter((file) => ALONE.has(file)),
    1,
  )),
];
const failed = outcomes.filter((outcome) => outcome.code !== 0);
const slowest = [...outcomes].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
process.stdout.write(
  `\n━━ ${outcomes.length} files on the ${pass === 'postgres' ? 'PostgreSQL' : 'embedded'} database, ${concurrency} at a time, in ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s; slowest: ${slowest.map((o) => `${o.file} ${o.seconds.toFixed(0)} s`).join(', ')}\n`,
);
if (failed.length) {
  process.stdout.write(`━━ FAILED: ${failed.map((outcome) => outcome.file).join(', ')}\n`);
  process.exitCode = 1;
}
