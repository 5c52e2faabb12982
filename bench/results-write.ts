import pg from 'pg';
import { connect } from '../src/db/connection.js';
import { SCOPE_NAMES } from '../src/tokens/scopes.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { freePort, startAssociaProcess } from './processes.js';
import { percentile } from './stats.js';

/**
 * The exam system's write (API-DESIGN §14) under load: `clients` clients each sending 500-result batches, each batch
 * with its Idempotency-Key, to an exam of its own (a batch locks its exam), for `seconds`; against a ceiling measured
 * in the same run: the same rows (the results, the títulos of the approvals) inserted by as many clients over as many
 * connections as the service has, one bare transaction a batch, over node-postgres. What the run wrote (exams, fees,
 * results, títulos, events, idempotency keys) is deleted afterwards and those tables vacuumed, so that every run
 * starts from the same tables.
 */

export const BATCH = 500;
/** What npm run bench holds the write to: a share of the ceiling's items/s, and the slowest batch's time. */
export const RESULTS_TARGET = { ratio: 0.5, p99Ms: 1000 };

export interface WriteSide {
  itemsPerSecond: number;
  batches: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface ResultsWrite {
  clients: number;
  poolSize: number;
  seconds: number;
  service: WriteSide;
  ceiling: WriteSide;
  ratio: number;
  met: boolean;
}

interface WriteOptions {
  url: string;
  redisUrl: string;
  members: number;
  clients: number;
  seconds: number;
  /** PostgreSQL connections of the service (DB_POOL_SIZE) and of the ceiling. */
  poolSize: number;
  log: (line: string) => void;
}

/** Every fifth approved, the rest failed. */
const resultOf = (i: number) => (i % 5 === 0 ? { resultado: 'aprovado', nota: '8.50' } : { resultado: 'reprovado', nota: '4.25' });

export async function measureResultsWrite(options: WriteOptions): Promise<ResultsWrite> {
  const { clients, log } = options;
  // Batches a side may send in its time, with room to spare: each its own members, so every row is a new one.
  const batchesPerClient = Math.max(2, Math.min(40, Math.floor(options.members / clients / BATCH / 2)));
  const needed = clients * batchesPerClient * BATCH;
  if (needed > options.members) throw new Error(`${needed} members needed, the dataset has ${options.members}`);
  const membersOf = (c: number, b: number) => {
    const first = 1 + (c * batchesPerClient + b) * BATCH;
    return Array.from({ length: BATCH }, (_, i) => first + i);
  };

  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
  // What the run announces goes with the rest: the events after this one.
  const mark = Number((await pool.query<{ id: string }>('select coalesce(max(id), 0) as id from evento')).rows[0]!.id);
  /** `work` in one transaction on a connection of the pool: a bare one, or (`quiet`) one that announces nothing, as the seed writes. */
  const transaction = async <T>(work: (connection: pg.PoolClient) => Promise<T>, quiet = false): Promise<T> => {
    const connection = await pool.connect();
    try {
      await connection.query('begin');
      if (quiet) await connection.query("set local associa.eventos = 'off'");
      const result = await work(connection);
      await connection.query('commit');
      return result;
    } catch (error) {
      await connection.query('rollback');
      throw error;
    } finally {
      connection.release();
    }
  };
  const quietly = (statements: [string, unknown[]][]) =>
    transaction(async (connection) => {
      for (const [text, values] of statements) await connection.query(text, values);
    }, true);
  const database = await connect({ databaseUrl: options.url });
  const { token } = await createToken(database.db, {
    limiteSimultaneas: 1_000,
    nome: 'bench results',
    scopes: SCOPE_NAMES,
    criadoPor: 'npm run bench',
    limitePorMinuto: 100_000_000,
  });
  await database.close();

  // Two exams a client, one for the service and one for the ceiling, each with every member of its blocks a candidate.
  const code = (side: string, c: number) => `TE-BENCH${side}${c}-2099`;
  const exams = new Map<string, number>();
  log(`exam results: preparing ${clients * 2} exams with ${(needed * 2).toLocaleString('en')} paid exam fees…`);
  try {
    for (const side of ['S', 'C']) {
      for (let c = 0; c < clients; c++) {
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

    /** `clients` loops, each sending its batches one after the other until the time is up or its batches run out. */
    const drive = async (send: (client: number, batch: number) => Promise<boolean>): Promise<WriteSide> => {
      let items = 0;
      let errors = 0;
      const batchMs: number[] = [];
      const started = performance.now();
      const until = started + options.seconds * 1000;
      await Promise.all(
        Array.from({ length: clients }, async (_, client) => {
          for (let batch = 0; batch < batchesPerClient && performance.now() < until; batch++) {
            const at = performance.now();
            if (await send(client, batch)) {
              items += BATCH;
              batchMs.push(performance.now() - at);
            } else errors++;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return {
        itemsPerSecond: Math.round(items / seconds),
        batches: batchMs.length,
        p50Ms: Math.round(percentile(batchMs, 50)),
        p99Ms: Math.round(percentile(batchMs, 99)),
        errors,
      };
    };

    const service = await startAssociaProcess(
      'associa',
      'bin/associa.js',
      { NODE_ENV: 'production', DATABASE_URL: options.url, REDIS_URL: options.redisUrl, DB_POOL_SIZE: String(options.poolSize) },
      await freePort(),
    );
    let served: WriteSide;
    const refusals = new Set<number>();
    try {
      log(`exam results: the service, ${clients} clients, batches of ${BATCH}, ${options.seconds} s…`);
      served = await drive(async (client, batch) => {
        const body = JSON.stringify({
          resultados: membersOf(client, batch).map((m, i) => ({ candidato: String(m), ...resultOf(i) })),
        });
        const response = await fetch(`${service.base}/api/v1/provas/${exams.get(`S${client}`)}/resultados`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `bench-${client}-${batch}` },
          body,
        });
        const answer = await response.text();
        // What went wrong, once per kind: a count of errors alone says nothing of their cause.
        if (response.status !== 200 && !refusals.has(response.status)) {
          refusals.add(response.status);
          log(`exam results: the service answered ${response.status}: ${answer.slice(0, 300)}`);
        }
        return response.status === 200;
      });
    } finally {
      await service.stop();
    }

    log(`exam results: the ceiling, the same rows in bare transactions, ${options.seconds} s…`);
    const ceiling = await drive(async (client, batch) => {
      const exam = exams.get(`C${client}`)!;
      const members = membersOf(client, batch);
      const approved = members.filter((_, i) => i % 5 === 0);
      return transaction(async (connection) => {
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
        return true;
      });
    });
    const ratio = served.itemsPerSecond / ceiling.itemsPerSecond;
    const met = ratio >= RESULTS_TARGET.ratio && served.p99Ms < RESULTS_TARGET.p99Ms && served.errors === 0;
    return { clients, poolSize: options.poolSize, seconds: options.seconds, service: served, ceiling, ratio, met };
  } finally {
    log('exam results: removing what the benchmark wrote…');
    const ids = [...exams.values()];
    await quietly([
      [`delete from prova_resultado where prova = any($1::int[])`, [ids]],
      [`delete from titulo where numero like 'TE-BENCH%'`, []],
      [`delete from chave_idempotencia where chave like 'bench-%'`, []],
      [`delete from fatura where prova_id = any($1::int[])`, [ids]],
      [`delete from prova where id = any($1::int[])`, [ids]],
      [`delete from evento where id > $1`, [mark]],
    ]);
    // Without autovacuum (as on this machine) the dead rows would slow the next run's scans, not this one's.
    await pool.query('vacuum analyze prova_resultado, titulo, chave_idempotencia, fatura, prova, evento');
    await pool.end();
  }
}

/** The write's lines in the benchmark's report. */
export function resultsWriteTable(write: ResultsWrite): string {
  const row = (label: string, side: WriteSide) =>
    `| ${label} | ${side.itemsPerSecond.toLocaleString('en')} | ${side.batches} | ${side.p50Ms} | ${side.p99Ms} | ${side.errors} |`;
  return [
    `Exam results written (POST /api/v1/provas/{id}/resultados): ${write.clients} clients, batches of ${BATCH}, ` +
      `${write.poolSize} PostgreSQL connections on each side, ${write.seconds} s each.`,
    '',
    '| Write | items/s | batches | p50 ms per batch | p99 ms per batch | errors |',
    '|---|---:|---:|---:|---:|---:|',
    row('service, 500-result batches with Idempotency-Key', write.service),
    row('ceiling, the same rows in bare transactions', write.ceiling),
    '',
    `Service ÷ ceiling: ${write.ratio.toFixed(3)}; target ≥ ${RESULTS_TARGET.ratio} with p99 < ${RESULTS_TARGET.p99Ms} ms and no errors: ` +
      `${write.met ? 'yes' : '**no**'}.`,
  ].join('\n');
}
