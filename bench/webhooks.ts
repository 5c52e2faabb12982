import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { connect } from '../src/db/connection.js';
import { SecretBox } from '../src/events/secrets.js';
import { createEndpoint } from '../src/events/webhooks.queries.js';
import { payInvoice } from '../src/simulation/payments.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { ensureDataset } from './dataset.js';
import { dueDateBurst } from './due-date.js';
import { load, requireWrk, statusLoad, type LoadResult } from './load.js';
import { BENCH_SECRETS_KEY, startAssociaProcess } from './processes.js';
import { percentile } from './stats.js';

/**
 * A burst of simulated payments delivered as webhooks (issue 39's benchmark), on the million-member PostgreSQL
 * dataset: one instance as production runs it delivers `fatura.paga` to a receiver on the loopback while
 * PAYERS clients pay PAYMENTS open invoices through the simulation's own code, RATE a second (0: as fast as they can).
 * Measured:
 * - the delay from each payment's change (`ocorrido_em`) to its receipt, p50 and p99 (target p99 ≤ 2 s);
 * - the status endpoint's throughput with wrk (64 connections) during the burst, against the same without it,
 *   measured before and after the burst in the same run (target ≥ 0.8).
 *
 *   node --import tsx bench/webhooks.ts [--members 1000000] [--payments 10000] [--rate 100] [--without-events]
 *   node --import tsx bench/webhooks.ts --due-date [--members 1000000] [--fees 300000]   (bench/due-date.ts)
 *
 * Payments arrive as payers pay, so the burst is paced: 100 a second is 600 times the busiest hour of the seeded
 * million-member data (599 payments), and settles its busiest day (8,158) in 82 s, as a bank's boleto return file would.
 * `--rate 0` pays as fast as 16 clients can on this machine, which measures the payments' own cost, not the events'.
 */

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const MEMBERS = argument('members', 1_000_000);
const PAYMENTS = argument('payments', 10_000);
const RATE = argument('rate', 100);
/** The same burst with the events' capture off and no endpoint: what the payments alone cost the status endpoint. */
const WITHOUT_EVENTS = process.argv.includes('--without-events');
const PAYERS = 16;
const SECONDS = 15;
const PORT = 4400;
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  requireWrk();
  if (process.argv.includes('--due-date')) {
    await dueDateBurst(MEMBERS, argument('fees', 300_000));
    return;
  }
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await ensureDataset(serverUrl, MEMBERS, log);
  const name = new URL(url).pathname.slice(1);
  const admin = await connect({ databaseUrl: url, poolSize: 1 });
  await sql.raw(`alter database ${name} ${WITHOUT_EVENTS ? "set associa.eventos = 'off'" : 'reset associa.eventos'}`).execute(admin.db);
  await admin.close();
  // The payers wait on each other's NFS-e numbers (one sequence a city) while wrk loads the machine: no 2 s limit.
  const database = await connect({ databaseUrl: url, poolSize: PAYERS, statementTimeoutMs: 60_000 });

  // The receiver notes when each event arrived.
  const arrivals = new Map<string, { at: number; occurred: number }>();
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const at = Date.now();
      const event = JSON.parse(body) as { id: string; type: string; ocorrido_em: string };
      if (event.type === 'fatura.paga' && !arrivals.has(event.id)) arrivals.set(event.id, { at, occurred: Date.parse(event.ocorrido_em) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

  const box = new SecretBox(Buffer.from(BENCH_SECRETS_KEY, 'base64'));
  await sql`update webhook_endpoint set ativo = false, desativado_em = now() where ativo`.execute(database.db);
  const erp = await createToken(database.db, {
    limiteSimultaneas: 1_000,
    nome: 'bench ERP',
    scopes: ['faturas:read'],
    criadoPor: 'bench',
    lifetimeSeconds: 86_400,
  });
  if (!WITHOUT_EVENTS)
    await createEndpoint(database.db, box, { tokenId: erp.id, url: receiverUrl, types: ['fatura.paga'], criadoPor: 'bench' });
  const exam = await createToken(database.db, {
    limiteSimultaneas: 1_000,
    nome: 'bench provas',
    scopes: ['associados:situacao'],
    criadoPor: 'bench',
    lifetimeSeconds: 86_400,
    limitePorMinuto: 100_000_000,
  });
  // The first payment in a city numbers its NFS-e from that city's invoices, a scan of hundreds of thousands of rows
  // at this scale: one payment per branch first, outside the measurement.
  const { rows: firsts } = await sql<{ id: number }>`
    select distinct on (a.regional) f.id from fatura f join associado a on a.matricula = f.associado
     where f.status = 'open' order by a.regional, f.id`.execute(database.db);
  for (const { id } of firsts) await payInvoice(database.db, { faturaId: id, forma: 'pix' });
  const { rows: open } = await sql<{ id: number }>`
    select id from fatura where status = 'open' order by id desc limit ${PAYMENTS}`.execute(database.db);
  if (open.length < PAYMENTS) throw new Error(`only ${open.length} open invoices to pay`);

  const service = await startAssociaProcess(
    'associa',
    'bin/associa.js',
    { NODE_ENV: 'production', DATABASE_URL: url, DB_POOL_SIZE: '4', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
    PORT,
  );
  const status = (): Promise<LoadResult> => statusLoad(service.base, exam.token, MEMBERS, SECONDS);
  try {
    await load({
      base: service.base,
      path: () => '/api/v1/associados/1/situacao',
      headers: { authorization: `Bearer ${exam.token}` },
      connections: 64,
      seconds: 3,
    });
    const before = await status();
    log(`status without the burst: ${before.rps} req/s, p99 ${before.p99} ms`);

    const started = Date.now();
    let next = 0;
    const paying: Promise<unknown> = Promise.all(
      Array.from({ length: PAYERS }, async () => {
        while (next < open.length) {
          const index = next++;
          const due = started + (RATE > 0 ? (index * 1000) / RATE : 0);
          if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
          await payInvoice(database.db, { faturaId: open[index]!.id, forma: 'pix' });
        }
      }),
    );
    // wrk starts once the burst is under way and ends before it does (10,000 payments take over 25 s at any rate here).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const during = await status();
    const paidDuring = next;
    log(`status during the burst: ${during.rps} req/s, p99 ${during.p99} ms (${paidDuring} payments made by its end)`);
    await paying;
    const paidIn = (Date.now() - started) / 1000;
    log(`${PAYMENTS} payments in ${paidIn.toFixed(1)} s (${Math.round(PAYMENTS / paidIn)} a second)`);
    const deadline = Date.now() + 300_000;
    while (!WITHOUT_EVENTS && arrivals.size < PAYMENTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await status();
    log(`status after the burst: ${after.rps} req/s, p99 ${after.p99} ms`);

    const lags = [...arrivals.values()].map(({ at, occurred }) => at - occurred).sort((a, b) => a - b);
    const result = {
      members: MEMBERS,
      payments: PAYMENTS,
      delivered: arrivals.size,
      rate: RATE === 0 ? 'as fast as possible' : RATE,
      paymentsPerSecond: Math.round(PAYMENTS / paidIn),
      lagMs: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) },
      status: {
        before: before.rps,
        during: during.rps,
        after: after.rps,
        ratio: Math.round((during.rps / ((before.rps + after.rps) / 2)) * 1000) / 1000,
      },
      errors: before.errors + during.errors + after.errors,
    };
    log(JSON.stringify(result, null, 2));
    writeFileSync(
      new URL(`./results/webhooks${RATE === 0 ? '-unpaced' : ''}${WITHOUT_EVENTS ? '-without-events' : ''}.json`, import.meta.url),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    if (!WITHOUT_EVENTS && arrivals.size < PAYMENTS) throw new Error(`${PAYMENTS - arrivals.size} events not delivered within 5 minutes`);
  } finally {
    await service.stop();
    receiver.close();
    await database.close();
  }
}

main().then(
  // The receiver and the driver's timers would keep the process alive.
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench/webhooks: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
