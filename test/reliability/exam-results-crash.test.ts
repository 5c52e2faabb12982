// Runs once, on PostgreSQL: it needs PostgreSQL's own sessions, plans or server programs.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { connect, type Database } from '../../src/db/connection.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { examWithCandidates } from '../helpers/exams.js';
import { eventually, sleep } from '../helpers/load.js';
import { PostgresServer, postgresServerUnavailable } from '../helpers/postgres-server.js';
import { runCli, serve } from '../helpers/processes.js';

// The service runs against a PostgreSQL server of the test's own, which the test kills.
const skip = postgresServerUnavailable ?? (process.env.DATABASE_URL ? false : 'runs with the PostgreSQL suite (DATABASE_URL)');

const CANDIDATES = Array.from({ length: 500 }, (_, i) => i + 1);
const BATCH = {
  resultados: CANDIDATES.map((m, i) => ({
    candidato: String(m),
    resultado: i % 4 === 0 ? 'aprovado' : 'reprovado',
    nota: i % 4 === 0 ? '8.00' : '4.00',
  })),
};
const APPROVED = CANDIDATES.filter((_, i) => i % 4 === 0).length;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Every process of the server at once, with SIGKILL: the postmaster and each of its children, as the OOM killer would;
 * answers once they are gone, when a new server may start on the same data.
 */
async function killServer(server: PostgresServer): Promise<void> {
  const postmaster = readFileSync(join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]!;
  const children = execFileSync('pgrep', ['-P', postmaster], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const pids = [postmaster, ...children].map(Number);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  await eventually(() => Promise.resolve(!pids.some(alive)), 10_000, 'the killed server gone');
}

describe('PostgreSQL killed while a batch of results commits (API-DESIGN §14)', { skip }, () => {
  let server: PostgresServer;
  let database: Database;
  let service: Awaited<ReturnType<typeof serve>>;
  let headers: Record<string, string>;

  before(async () => {
    server = await PostgresServer.create();
    const url = server.url();
    const seeded = await runCli(['seed', '--members', '520'], { DATABASE_URL: url });
    assert.equal(seeded.code, 0, seeded.stderr);
    database = await connect({ databaseUrl: url, poolSize: 2 });
    const { token } = await createToken(database.db, {
      nome: 'provas',
      scopes: ['provas:resultados'],
      criadoPor: 'test',
      regional: null,
      limitePorMinuto: 1_000_000,
    });
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    service = await serve({ DATABASE_URL: url, DB_POOL_SIZE: '4' });
  });

  after(async () => {
    if (service?.child.exitCode === null) {
      service.child.kill('SIGTERM');
      await once(service.child, 'exit');
    }
    await database?.close().catch(() => undefined);
    server?.destroy();
  });

  it('answers a retry with the same key with the stored answer, or writes it once: never two results, never a título without its result', async () => {
    // Killed before the batch reaches the database, while it is written, as it commits, and after: each round its own exam.
    for (const [round, delayMs] of [0, 30, 50, 65, 80, 90, 100, 115, 130, 160, 250, 400].entries()) {
      const codigo = `TE-CRASH${round}-2099`;
      const exam = await examWithCandidates(database.db, codigo, 'realizada', CANDIDATES);
      const key = `lote-${round}`;
      const send = () =>
        fetch(`${service.base}/api/v1/provas/${exam}/resultados`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': key },
          body: JSON.stringify(BATCH),
        }).then(
          async (response) => ({
            status: response.status,
            body: await response.text(),
            replayed: response.headers.get('idempotent-replayed'),
          }),
          (error: unknown) => ({ status: 0, body: String(error), replayed: null }),
        );
      const first = send();
      await sleep(delayMs);
      await killServer(server);
      const answered = await first;
      assert.ok([0, 200, 503].includes(answered.status), `round ${round}: ${answered.status} ${answered.body.slice(0, 300)}`);
      await server.start();
      await database.close().catch(() => undefined);
      database = await connect({ databaseUrl: server.url(), poolSize: 2 });

      let retried = { status: 0, body: '', replayed: null as string | null };
      await eventually(
        async () => {
          retried = await send();
          return retried.status === 200;
        },
        30_000,
        `round ${round}: the retry's 200`,
      );
      if (answered.status === 200) {
        assert.equal(retried.body, answered.body, `round ${round}: the stored answer`);
        assert.equal(retried.replayed, 'true');
      }
      const { rows } = await sql<{ results: number; titles: number; approved_without: number; audited: number }>`
        select (select count(*)::int from prova_resultado where prova = ${exam}) as results,
               (select count(*)::int from titulo where numero like ${`${codigo}/%`}) as titles,
               (select count(*)::int from prova_resultado where prova = ${exam} and resultado = 'aprovado' and titulo_id is null) as approved_without,
               (select count(*)::int from auditoria where detalhe like ${`prova ${codigo}:%`}) as audited`.execute(database.db);
      assert.deepEqual(rows[0], { results: 500, titles: APPROVED, approved_without: 0, audited: 1 }, `round ${round}`);
    }
  });
});
