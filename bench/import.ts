// The import's own figures at the association's scale: 1,000,000 members with their CRMs, specialties and titles and
// their ~4.7 M invoices, exported to the documented files and imported into an empty PostgreSQL database by the built
// command, timed, with the process's peak memory; then the same files again (nothing to change).
//
//   npm run build && npm run bench:import            (DATABASE_URL: the server; default postgres://postgres@127.0.0.1:5432/postgres)
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportQuery } from '../src/import/export.js';
import { FORMATS, KINDS } from '../src/import/formats.js';
import { databaseUrl, definedOnly, ensureDataset, query } from './dataset.js';
import { BENCH_SECRETS_KEY } from './processes.js';

const MEMBERS = 1_000_000;
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FILES = process.env.IMPORT_FILES_DIR ?? '/tmp/associa-import-1m';
const TARGET = 'associa_bench_import';
const log = (line: string) => process.stderr.write(`${line}\n`);
/** The settings production requires of every command. */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://api.associa.example', WEBHOOK_SECRETS_KEY: BENCH_SECRETS_KEY };

/** The dataset's nine files, written by PostgreSQL itself (`\copy` of the export's queries): made once, then reused. */
function exportFiles(source: string): string[] {
  mkdirSync(FILES, { recursive: true });
  return KINDS.map((kind) => {
    const path = join(FILES, FORMATS[kind].file);
    if (!existsSync(path)) {
      const started = Date.now();
      const copy = `\\copy (${exportQuery(kind).replace(/\s+/g, ' ')}) to '${path}' with (format csv, header, delimiter ';')`;
      const result = spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', source, '-c', copy], {
        env: { ...process.env, PGTZ: 'America/Sao_Paulo' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (result.status !== 0) throw new Error(`exporting ${kind} failed`);
      log(`exported ${path} in ${Math.round((Date.now() - started) / 1000)} s`);
    }
    return path;
  });
}

interface Run {
  seconds: number;
  maxRssMiB: number;
  stdout: string;
}

/** `associa import` as an operator runs it, under GNU time for its peak resident memory. */
async function runImport(url: string, files: readonly string[]): Promise<Run> {
  const started = Date.now();
  const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, 'bin/associa.js', 'import', ...files], {
    env: definedOnly({ ...process.env, ...PRODUCTION, DATABASE_URL: url }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`import failed (exit ${code}):\n${stdout}`);
  const kib = Number(/(\d+)\s*$/.exec(stderr)![1]);
  return { seconds: (Date.now() - started) / 1000, maxRssMiB: Math.round(kib / 1024), stdout };
}

const source = await ensureDataset(SERVER, MEMBERS, log);
const files = exportFiles(source);
const [{ invoices }] = (await query<{ invoices: string }>(source, 'select count(*) as invoices from fatura')) as [{ invoices: string }];
const lines = Object.fromEntries(
  KINDS.map((kind, i) => [kind, Number(/^\d+/.exec(spawnSync('wc', ['-l', files[i]!]).stdout.toString())![0]) - 1]),
);
const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);

await query(SERVER, `drop database if exists ${TARGET} with (force)`);
await query(SERVER, `create database ${TARGET}`);
const target = databaseUrl(SERVER, TARGET);
const migrated = spawnSync(process.execPath, ['bin/associa.js', 'migrate'], {
  env: definedOnly({ ...process.env, ...PRODUCTION, DATABASE_URL: target }),
  stdio: 'inherit',
});
if (migrated.status !== 0) throw new Error('migrate failed');

log(
  `importing ${MEMBERS.toLocaleString('en')} members and ${Number(invoices).toLocaleString('en')} invoices (${Math.round(bytes / 2 ** 20)} MiB of CSV)…`,
);
const first = await runImport(target, files);
log(first.stdout);
log('importing the same files again…');
const again = await runImport(target, files);
log(again.stdout);

const result = {
  measuredAt: new Date().toISOString(),
  members: MEMBERS,
  invoices: Number(invoices),
  lines,
  csvMiB: Math.round(bytes / 2 ** 20),
  firstImport: { seconds: Math.round(first.seconds), maxRssMiB: first.maxRssMiB },
  sameFilesAgain: { seconds: Math.round(again.seconds), maxRssMiB: again.maxRssMiB },
  targets: { seconds: 300, maxRssMiB: 500 },
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/import.json', JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result, null, 2));
