import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../src/db/connection.js';
import { cpfCheckDigits, formatCpf } from '../src/domain/cpf.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { freePort, startService, type Service } from './processes.js';

/**
 * The exam morning of docs/guia-sistema-de-provas.md, on `npm start`'s demo: 3,000 candidates known by CPF, 2,900
 * of them members and 100 not, checked through the batch status operation in requests of 100, one after the
 * other and 4 at a time, with a token holding the limits the guide asks an administrator for; then, for
 * comparison, the same 3,000 checks one by one with the single operation, under the same limits. Prints, for
 * each run, the time, the requests, the 429s, the members answered and the nulls; exits 1 when a run has a 429
 * or a wrong count.
 *
 *   node --import tsx bench/exam-morning.ts
 */

const log = (line: string) => process.stdout.write(`${line}\n`);

/** What the guide asks for a 3,000-candidate exam (docs/guia-sistema-de-provas.md, "Limites"). */
const LIMITS = { perMinute: 4000, cpfMissesPerMinute: 250, cpfMissesPerDay: 400 };
const MEMBERS = 2900;
const STRANGERS = 100;
const BATCH = 100;

interface Run {
  label: string;
  ms: number;
  requests: number;
  refused: number;
  members: number;
  nulls: number;
}

/** The service as `npm start` runs it: the built command, the embedded database in `dataDir` (demo data the first time), no Redis. */
async function startDemo(dataDir: string): Promise<Service> {
  const env = { NODE_ENV: undefined, DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  return startService('npm start', process.execPath, ['bin/associa.js', 'serve'], env, await freePort(), '/readyz');
}

/** The candidates, shuffled: CPFs of members (the demo's 2,000, then again until 2,900; masked one in two) and valid CPFs of nobody. */
async function candidates(dataDir: string): Promise<string[]> {
  const database = await connect({ dataDir });
  try {
    const rows = await database.db.selectFrom('associado').select('cpf').orderBy('matricula').execute();
    const cpfs = new Set(rows.map((row) => row.cpf));
    const members = Array.from({ length: MEMBERS }, (_, i) => rows[i % rows.length]!.cpf).map((cpf, i) => (i % 2 ? formatCpf(cpf) : cpf));
    const strangers: string[] = [];
    for (let base = 123_456_789; strangers.length < STRANGERS; base += 7919) {
      const cpf = String(base) + cpfCheckDigits(String(base));
      if (!cpfs.has(cpf)) strangers.push(cpf);
    }
    const all = [...members, ...strangers];
    // A fixed shuffle, so that every run sends the same requests and the non-members are spread over the batches.
    for (let i = all.length - 1; i > 0; i--) {
      const j = (i * 7_919 + 13) % (i + 1);
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    return all;
  } finally {
    await database.close();
  }
}

/** A token for one run, with the guide's limits, set as an administrator sets them (api_token). */
async function tokens(dataDir: string, count: number): Promise<string[]> {
  const database = await connect({ dataDir });
  try {
    const created: string[] = [];
    for (let i = 0; i < count; i++) {
      const { id, token } = await createToken(database.db, {
        limiteSimultaneas: 1_000,
        nome: `Provas ${i + 1}`,
        scopes: ['associados:situacao'],
        criadoPor: 'bench/exam-morning.ts',
        limitePorMinuto: LIMITS.perMinute,
      });
      await database.db
        .updateTable('api_token')
        .set({ limite_cpf_sem_resultado_minuto: LIMITS.cpfMissesPerMinute, limite_cpf_sem_resultado_dia: LIMITS.cpfMissesPerDay })
        .where('id', '=', id)
        .execute();
      created.push(token);
    }
    return created;
  } finally {
    await database.close();
  }
}

/** Runs `work` for each of `count` items, `concurrency` at a time, in order of start. */
async function inTurns(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function batches(base: string, token: string, ids: readonly string[], concurrency: number): Promise<Run> {
  const run: Run = { label: `batch of ${BATCH}, ${concurrency} at a time`, ms: 0, requests: 0, refused: 0, members: 0, nulls: 0 };
  const started = performance.now();
  await inTurns(Math.ceil(ids.length / BATCH), concurrency, async (index) => {
    const lot = ids.slice(index * BATCH, (index + 1) * BATCH);
    const response = await fetch(`${base}/api/v1/associados/situacao?id=${lot.join(',')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    run.requests++;
    if (response.status !== 200) {
      run.refused += response.status === 429 ? 1 : 0;
      log(`  ${response.status} ${await response.text()}`);
      return;
    }
    for (const { situacao } of (await response.json()) as { situacao: unknown }[]) {
      if (situacao === null) run.nulls++;
      else run.members++;
    }
  });
  run.ms = performance.now() - started;
  return run;
}

async function oneByOne(base: string, token: string, ids: readonly string[], concurrency: number): Promise<Run> {
  const run: Run = { label: `single operation, ${concurrency} at a time`, ms: 0, requests: 0, refused: 0, members: 0, nulls: 0 };
  const started = performance.now();
  await inTurns(ids.length, concurrency, async (index) => {
    const response = await fetch(`${base}/api/v1/associados/${ids[index]}/situacao`, { headers: { authorization: `Bearer ${token}` } });
    run.requests++;
    await response.arrayBuffer();
    if (response.status === 200) run.members++;
    else if (response.status === 404) run.nulls++;
    else if (response.status === 429) run.refused++;
  });
  run.ms = performance.now() - started;
  return run;
}

log('building…');
if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('the build failed');
const dataDir = mkdtempSync(join(tmpdir(), 'associa-exam-'));
try {
  log('starting the demo once, to seed it…');
  await (await startDemo(dataDir)).stop();
  const ids = await candidates(dataDir);
  const runs = [
    (base: string, token: string) => batches(base, token, ids, 1),
    (base: string, token: string) => batches(base, token, ids, 4),
    (base: string, token: string) => oneByOne(base, token, ids, 1),
    (base: string, token: string) => oneByOne(base, token, ids, 8),
  ];
  // A token per run, as if each were an exam's morning: one run's counts never reach into another's.
  const runTokens = await tokens(dataDir, runs.length);
  const demo = await startDemo(dataDir);
  const results: Run[] = [];
  try {
    for (const [i, run] of runs.entries()) results.push(await run(demo.base, runTokens[i]!));
  } finally {
    await demo.stop();
  }
  log(
    `\n${ids.length} candidates (${MEMBERS} members' CPFs, ${STRANGERS} of nobody), token limits ${LIMITS.perMinute}/min, CPF misses ${LIMITS.cpfMissesPerMinute}/min and ${LIMITS.cpfMissesPerDay}/day:\n`,
  );
  log('| run | time | requests | 429s | members answered | nulls (404s) |');
  log('|---|---:|---:|---:|---:|---:|');
  for (const run of results) {
    log(`| ${run.label} | ${(run.ms / 1000).toFixed(2)} s | ${run.requests} | ${run.refused} | ${run.members} | ${run.nulls} |`);
  }
  const wrong = results.filter((run) => run.refused > 0 || run.members !== MEMBERS || run.nulls !== STRANGERS);
  if (wrong.length > 0) {
    log(`\nFAILED: ${wrong.map((run) => run.label).join('; ')}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
