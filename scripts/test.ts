// `npm test [-- file…]`: the test files, several processes at a time, each process running a batch of files one after
// another. On the embedded database (no DATABASE_URL) or on PostgreSQL and Redis (DATABASE_URL, REDIS_URL): each file
// makes its own database; `--both` runs the two passes together, as CI does. Named files run whatever their pass;
// without names every file runs, less those that belong to the other pass and, without `--all`, the slow ones (SLOW).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = new URL('..', import.meta.url).pathname;

/**
 * Files that load the machine on purpose or break servers of their own (stopping PostgreSQL, flooding a limit,
 * draining under load): they run after the others, so that the batches' work does not pass for a fault, and each with
 * one other at most (ALONE_AT_ONCE). Listed the longest first, the order they start in.
 */
const ALONE = [
  'test/reliability/fault-suite.test.ts',
  'test/reliability/webhook-delivery.test.ts',
  'test/reliability/rolling-restart.test.ts',
  'test/reliability/graceful-shutdown.test.ts',
  'test/reliability/database-faults.test.ts',
  'test/limits/rate-limit.test.ts',
  'test/client/retries.test.ts',
  'test/reliability/instances.test.ts',
];

/**
 * Files that keep PostgreSQL busy on purpose for minutes (a due date of 50,000 fees and their events): beside one, another
 * file's requests wait for that database, and its list pages are shed (503) as under overload. A rolling restart run
 * beside the due date had 35 of 5,800 requests shed, in the tree before the wider limit for pages as after it; run alone,
 * none. They run last, one at a time.
 */
const BY_ITSELF = ['test/reliability/due-date-burst.test.ts'];

/**
 * One at a time, these files kept two cores 60 % busy: they wait on the faults they make (a server stopped for 6 s, a
 * receiver away for 20 s). Two at a time kept them 90 % busy and took 151 s instead of 256 s, each file still passing.
 */
const ALONE_AT_ONCE = 2;

/**
 * Of those, the ones that take minutes (a fault suite, a due date of 50,000 fees, 10,000 payments delivered): CI runs
 * them (`--all`); a developer's `npm test` leaves them out unless named or asked for, and says so.
 */
const SLOW = new Set([
  'test/reliability/due-date-burst.test.ts',
  'test/reliability/fault-suite.test.ts',
  'test/reliability/webhook-delivery.test.ts',
]);

type Pass = 'postgres' | 'embedded';

/** A file runs in one pass only when its first lines say so: `// Runs once, on PostgreSQL: why` (or `on the embedded database`). */
function passOf(file: string): Pass | undefined {
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

/** Files one process runs, on one pass's database. */
interface Batch {
  pass: Pass;
  files: readonly string[];
}

interface Outcome extends Batch {
  code: number | null;
  seconds: number;
}

/** The longest a process may run its files: Node's `--test-timeout` holds only under `--test`, which would start a process a file. */
const FILE_TIMEOUT_MS = 10 * 60_000;

/** Runs a batch of files with Node's test runner; its output is printed whole when it ends, not interleaved with others'. */
function run({ pass, files }: Batch): Promise<Outcome> {
  const started = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_CLI_BUNDLE: '1' };
  if (pass === 'embedded') {
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', '--test-force-exit', 'scripts/test-batch.ts', ...files], {
    cwd: ROOT,
    env,
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
      process.stdout.write(`\n━━ ${NAMES[pass]}: ${files.join(', ')} (${seconds.toFixed(1)} s, ${verdict})\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ pass, files, code, seconds });
    });
  });
}

async function inTurn(batches: readonly Batch[], concurrency: number): Promise<Outcome[]> {
  const queue = [...batches];
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let batch = queue.shift(); batch; batch = queue.shift()) outcomes.push(await run(batch));
    }),
  );
  return outcomes;
}

/**
 * Files dealt into batches of about `size`, the longest first, like cards: every batch gets one of the longest files,
 * then one of the next, so the batches take about as long as each other and the last to start end together.
 */
function batched(files: readonly string[], size: number): string[][] {
  const sorted = [...files].sort(longestFirst);
  const batches: string[][] = Array.from({ length: Math.ceil(sorted.length / size) }, () => []);
  sorted.forEach((file, index) => batches[index % batches.length]!.push(file));
  return batches;
}

/** Each pass's batches taken in turn, so that the embedded database's work fills the time PostgreSQL's files spend waiting. */
function alternating(lists: readonly Batch[][]): Batch[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, index) => lists.flatMap((list) => list.slice(index, index + 1))).flat();
}

const NAMES: Record<Pass, string> = { embedded: 'embedded', postgres: 'PostgreSQL' };

/** The bundled `associa` the tests' child processes run (`bin/associa.js`): it starts in a fraction of tsx's time. */
async function build(): Promise<void> {
  const child = spawn(process.execPath, ['scripts/build.js'], { cwd: ROOT, stdio: 'inherit' });
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error('npm run build failed');
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    concurrency: { type: 'string', default: process.env.TEST_CONCURRENCY ?? String(availableParallelism() + 1) },
    // Loading the service, the test helpers and the embedded database costs a process 2–5 s of CPU: a batch pays it once.
    batch: { type: 'string', default: process.env.TEST_BATCH ?? '5' },
    both: { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
  },
});
const concurrency = Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1)
  throw new Error(`--concurrency must be a positive integer, not ${values.concurrency}`);
const batchSize = Number(values.batch);
if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`--batch must be a positive integer, not ${values.batch}`);

if (values.both && !process.env.DATABASE_URL) throw new Error('--both runs the PostgreSQL pass too: set DATABASE_URL (and REDIS_URL)');
const passes: Pass[] = values.both ? ['embedded', 'postgres'] : [process.env.DATABASE_URL ? 'postgres' : 'embedded'];
const named = positionals.map((file) => relative(ROOT, join(process.cwd(), file)));
/** Each pass's files, chosen once (reading each file's first lines). */
const skipped = named.length || values.all ? [] : [...SLOW];
const byPass = new Map(
  passes.map((pass) => [
    pass,
    // A file named with --both still runs only in its own pass; named alone, it runs on the database the environment names.
    named.length
      ? named.filter((file) => !values.both || (passOf(file) ?? pass) === pass)
      : testFiles().filter((file) => (passOf(file) ?? pass) === pass && !skipped.includes(file)),
  ]),
);
const filesOf = (pass: Pass) => byPass.get(pass)!;

/** The longest first, so that the last files to end start early: by their size, a rough measure of their work. */
const longestFirst = (a: string, b: string) => statSync(join(ROOT, b)).size - statSync(join(ROOT, a)).size;

/** A process for each of `files` in each pass that runs it. */
const eachInItsOwnProcess = (files: readonly string[]): Batch[] =>
  files.flatMap((file) => passes.filter((pass) => filesOf(pass).includes(file)).map((pass) => ({ pass, files: [file] })));

const started = Date.now();
await build();
const outcomes = [
  ...(await inTurn(
    alternating(
      passes.map((pass) =>
        batched(
          filesOf(pass).filter((file) => !ALONE.includes(file) && !BY_ITSELF.includes(file)),
          batchSize,
        ).map((files) => ({ pass, files })),
      ),
    ),
    concurrency,
  )),
  ...(await inTurn(eachInItsOwnProcess(ALONE), Math.min(ALONE_AT_ONCE, concurrency))),
  ...(await inTurn(eachInItsOwnProcess(BY_ITSELF), 1)),
];
const failed = outcomes.filter((outcome) => outcome.code !== 0);
const slowest = [...outcomes].sort((a, b) => b.seconds - a.seconds).slice(0, 3);
const files = passes.map((pass) => `${filesOf(pass).length} on the ${NAMES[pass]} database`).join(' and ');
process.stdout.write(
  `\n━━ ${files}, in ${outcomes.length} processes, ${concurrency} at a time, in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
    `slowest: ${slowest.map((o) => `${o.files.join(' + ')} ${o.seconds.toFixed(0)} s`).join('; ')}\n`,
);
if (skipped.length) {
  process.stdout.write(`━━ left out, as they take minutes: ${skipped.join(', ')}; \`npm test -- --all\` runs them too, as CI does\n`);
}
if (failed.length) {
  const where = failed.map((outcome) => `${NAMES[outcome.pass]}: ${outcome.files.join(', ')}`);
  process.stdout.write(`━━ FAILED, in these processes' files: ${where.join('; ')}\n`);
  process.exitCode = 1;
}
