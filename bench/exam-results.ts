import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { Command } from 'commander';
import pg from 'pg';
import { positiveInteger } from '../src/cli/options.js';
import { connect } from '../src/db/connection.js';
import { SCOPE_NAMES } from '../src/tokens/scopes.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { ensureDataset } from './dataset.js';
import { startAssociaProcess } from './processes.js';

/**
 * The exam system's write (API-DESIGN §14) under load: `clients` clients each sending 500-result batches, each batch
 * with its Idempotency-Key, to an exam of its own (a batch locks its exam), for `seconds`; against a ceiling measured
 * in the same run: the same rows (the results, the títulos of the approvals) inserted by the same number of clients,
 * one bare transaction a batch, over node-postgres. Prints items/s of both, their ratio and the p99 of a batch; the
 * exams, fees, results, títulos and events it made are deleted afterwards (the members it granted títulos keep the
 * `atualizado_em` of the grant).
 *
 *   npm run bench:results -- [--members 1000000] [--clients 8] [--seconds 10]
 */

const program = new Command('bench:results')
  .option('--members <n>', 'members in the dataset', positiveInteger('--members'), 1_000_000)
  .option('--clients <n>', 'clients sending batches at once', positiveInteger('--clients'), 8)
  .option('--seconds <n>', 'seconds each side runs', positiveInteger('--seconds'), 10)
  .option('--database-url <url>', 'PostgreSQL server', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  .option('--redis-url <url>', "Redis for the service's rate limits", process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
  .parse();
const options = program.opts<{ members: number; clients: number; seconds: number; databaseUrl: string; redisUrl: string }>();

const BATCH = 500;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Batches a side may send in its time, with room to spare: each its own members, so every row is a new one. */
const batchesPerClient = Math.max(2, Math.min(40, Math.floor(options.members / options.clients / BATCH / 2)));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The members of client `c`'s batch `b`: a block of its own, so that no two batches name the same member. */
const membersOf = (c: number, b: number) => {
  const first = 1 + (c * batchesPerClient + b) * BATCH;
  return Array.from({ length: BATCH }, (_, i) => first + i);
};
/** Every fifth approved, the rest failed. */
const resultOf = (i: number) => (i % 5 === 0 ? { resultado: 'aprovado', nota: '8.50' } : { resultado: 'reprovado', nota: '4.25' });

interface Side {
  items: number;
  batchMs: number[];
  errors: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** `clients` loops, each sending its batches one after the other until the time is up or its batches run out. */
async function drive(send: (client: number, batch: number) => Promise<boolean>): Promise<Side & { seconds: number }> {
  const side: Side = { items: 0, batchMs: [], errors: 0 };
  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      for (let batch = 0; batch < batchesPerClient && performance.now() < until; batch++) {
        const at = performance.now();
        if (await send(client, batch)) {
          side.items += BATCH;
          side.batchMs.push(performance.now() - at);
        } else side.errors++;
      }
    }),
  );
  return { ...side, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  log('building…');
  if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('the build failed');
  const url = await ensureDataset(options.databaseUrl, options.members, log);
  const needed = options.clients * batchesPerClient * BATCH;
  if (needed > options.members) throw new Error(`${needed} members needed, the dataset has ${options.members}`);
  const pool = new pg.Pool({ connectionString: url, max: options.clients });
  // What the run announces goes with the rest: the events after this one.
  const mark = Number((await pool.query<{ id: string }>('select coalesce(max(id), 0) as id from evento')).rows[0]!.id);
  /** Statements in one transaction that announces nothing, as the seed writes. */
  const quietly = async (statements: [string, unknown[]][]) => {
    const connection = await pool.connect();
    try {
      await connection.query('begin');
      await connection.query("set local associa.eventos = 'off'");
      for (const [text, values] of statements) await connection.query(text, values);
      await connection.query('commit');
    } catch (error) {
      await connection.query('rollback');
      throw error;
    } finally {
      connection.release();
    }
  };
  const database = await connect({ databaseUrl: url });
  const { token } = await createToken(database.db, {
    limiteSimultaneas: 1_000,
    nome: 'bench results',
    scopes: SCOPE_NAMES,
    criadoPor: 'npm run bench:results',
    limitePorMinuto: 100_000_000,
  });
  await database.close();

  // Two exams a client, one for the service and one for the ceiling, each with every member of its blocks a candidate.
  const code = (side: string, c: number) => `TE-BENCH${side}${c}-2099`;
  const exams = new Map<string, number>();
  log(`preparing ${options.clients * 2} exams with ${(needed * 2).toLocaleString('en')} paid exam fees…`);
  for (const side of ['S', 'C']) {
    for (let c = 0; c < options.clients; c++) {
      const { rows } = await pool.query<{ id: number }>(
        `insert into prova (codigo, tipo_titulo, especialidade, data, status) values ($1, 'especialista', 'cardiologia', '2099-10-04', 'realizada')
         returning id`,
        [code(side, c)],
      );
      const id = rows[0]!.id;
      exams.set(`${side}${c}`, id);
      const first = 1 + c * batchesPerClient * BATCH;
      await quietly([
        [
          `insert into fatura (numero, kind, descricao, associado, prova_id, valor, vencimento, status, pago_em, valor_pago, forma_pagamento, transacao_id)
         select 'BENCH-' || $1::int || '-' || m, 'taxa_prova', 'Taxa da prova (benchmark)', m, $1::int, 1500, '2099-09-01', 'paid', now(), 1500, 'pix', 'BENCH' || m
           from generate_series($2::bigint, $3::bigint) m`,
          [id, first, first + batchesPerClient * BATCH - 1],
        ],
      ]);
    }
  }
  await pool.query('analyze fatura, prova');

  const service = await startAssociaProcess(
    'associa',
    'bin/associa.js',
    { NODE_ENV: 'production', DATABASE_URL: url, REDIS_URL: options.redisUrl },
    await freePort(),
  );
  try {
    log(`the service: ${options.clients} clients, batches of ${BATCH}, ${options.seconds} s…`);
    const served = await drive(async (client, batch) => {
      const body = JSON.stringify({
        resultados: membersOf(client, batch).map((m, i) => ({ candidato: String(m), ...resultOf(i) })),
      });
      const response = await fetch(`${service.base}/api/v1/provas/${exams.get(`S${client}`)}/resultados`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `bench-${client}-${batch}` },
        body,
      });
      await response.arrayBuffer();
      return response.status === 200;
    });

    log(`the ceiling: the same rows, one bare transaction a batch, ${options.seconds} s…`);
    const ceiling = await drive(async (client, batch) => {
      const exam = exams.get(`C${client}`)!;
      const members = membersOf(client, batch);
      const approved = members.filter((_, i) => i % 5 === 0);
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const { rows } = await connection.query<{ id: string; associado: string }>(
          `insert into titulo (associado, tipo, especialidade, numero, ano)
           select m, 'especialista', 'cardiologia', $1 || '/' || lpad(n::text, 4, '0'), 2099
             from unnest($2::bigint[]) with ordinality as a (m, n)
           returning id, associado`,
          [code('C', client) + `-${batch}`, approved],
        );
        const titles = new Map(rows.map((row) => [Number(row.associado), Number(row.id)]));
        await connection.query(
          `insert into prova_resultado (prova, associado, resultado, nota, titulo_id)
           select $1, m, r, n, t from unnest($2::bigint[], $3::text[], $4::numeric[], $5::bigint[]) as x (m, r, n, t)`,
          [
            exam,
            members,
            members.map((_, i) => resultOf(i).resultado),
            members.map((_, i) => resultOf(i).nota),
            members.map((m) => titles.get(m) ?? null),
          ],
        );
        await connection.query('commit');
        return true;
      } catch (error) {
        await connection.query('rollback');
        throw error;
      } finally {
        connection.release();
      }
    });

    const rate = (side: { items: number; seconds: number }) => side.items / side.seconds;
    log('');
    log(`| | items/s | batches | p50 per batch | p99 per batch | errors |`);
    log(`|---|---:|---:|---:|---:|---:|`);
    for (const [label, side] of [
      ['service, POST /provas/{id}/resultados', served],
      ['ceiling, bare transaction', ceiling],
    ] as const) {
      log(
        `| ${label} | ${Math.round(rate(side)).toLocaleString('en')} | ${side.batchMs.length} | ${percentile(side.batchMs, 50).toFixed(0)} ms | ` +
          `${percentile(side.batchMs, 99).toFixed(0)} ms | ${side.errors} |`,
      );
    }
    log('');
    log(
      `service ÷ ceiling: ${(rate(served) / rate(ceiling)).toFixed(2)} (target ≥ 0.5); service p99 per batch ${percentile(served.batchMs, 99).toFixed(0)} ms (target < 1000)`,
    );
  } finally {
    await service.stop();
    log('removing what the benchmark wrote…');
    const ids = [...exams.values()];
    await quietly([
      [`delete from prova_resultado where prova = any($1::int[])`, [ids]],
      [`delete from titulo where numero like 'TE-BENCH%'`, []],
      [`delete from chave_idempotencia where chave like 'bench-%'`, []],
      [`delete from fatura where prova_id = any($1::int[])`, [ids]],
      [`delete from prova where id = any($1::int[])`, [ids]],
      [`delete from evento where id > $1`, [mark]],
    ]);
    await pool.end();
  }
}

await main();
