import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { connect, type Database } from '../src/db/connection.js';
import { SecretBox } from '../src/events/secrets.js';
import { createEndpoint } from '../src/events/webhooks.queries.js';
import { payInvoice } from '../src/simulation/payments.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { ensureDataset } from './dataset.js';
import { dueDateBurst } from './due-date.js';
import { requireWrk, statusLoad, statusToken, type LoadResult } from './load.js';
import { BENCH_SECRETS_KEY, startAssociaProcess, type Service } from './processes.js';
import { percentile } from './stats.js';

/**
 * A burst of simulated payments delivered as webhooks (issue 39's benchmark), on the million-member PostgreSQL
 * dataset: one instance as production runs it delivers `fatura.paga` to a receiver on the loopback while
 * PAYERS clients pay PAYMENTS open invoices through the simulation's own code, RATE a second (0: as fast as they can).
 * The same burst runs twice in one run, first with the events' capture off and no endpoint (what the payments alone
 * cost), then with events and webhooks. Measured:
 * - the delay from each payment's change (`ocorrido_em`) to its receipt, p50 and p99 (target p99 ≤ 2 s), and that
 *   every event arrived once;
 * - the status endpoint's throughput with wrk (64 connections) before, during and after each burst; during the burst
 *   with events against during the burst without them (target ≥ 0.8).
 *
 *   node --import tsx bench/webhooks.ts [--members 1000000] [--payments 10000] [--rate 100]
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
const PAYERS = 16;
const SECONDS = 15;
const PORT = 4400;
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Burst {
  events: boolean;
  paymentsPerSecond: number;
  /** Distinct events received. */
  delivered: number;
  /** Receipts of an event already received. */
  duplicates: number;
  /** From each payment's change to its receipt; absent without events. */
  lagMs?: { p50: number; p99: number; max: number };
  status: { before: number; during: number; after: number };
  errors: number;
}

async function main(): Promise<void> {
  requireWrk();
  if (process.argv.includes('--due-date')) {
    await dueDateBurst(MEMBERS, argument('fees', 300_000));
    return;
  }
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await ensureDataset(serverUrl, MEMBERS, log);
  const database = await connect({ databaseUrl: url, poolSize: 1, statementTimeoutMs: 60_000 });
  const receiver = await Receiver.start();
  try {
    await sql`update webhook_endpoint set ativo = false, desativado_em = now() where ativo`.execute(database.db);
    const erp = await createToken(database.db, {
      limiteSimultaneas: 1_000,
      nome: 'bench ERP',
      scopes: ['faturas:read'],
      criadoPor: 'bench',
      lifetimeSeconds: 86_400,
    });
    const exam = await statusToken(database.db);
    // The first payment in a city numbers its NFS-e from that city's invoices, a scan of hundreds of thousands of rows
    // at this scale: one payment per branch first, outside the measurement.
    const { rows: firsts } = await sql<{ id: number }>`
      select distinct on (a.regional) f.id from fatura f join associado a on a.matricula = f.associado
       where f.status = 'open' order by a.regional, f.id`.execute(database.db);
    for (const { id } of firsts) await payInvoice(database.db, { faturaId: id, forma: 'pix' });

    const without = await burst({ url, database, receiver, statusToken: exam, events: false });
    const box = new SecretBox(Buffer.from(BENCH_SECRETS_KEY, 'base64'));
    await createEndpoint(database.db, box, { tokenId: erp.id, url: receiver.url, types: ['fatura.paga'], criadoPor: 'bench' });
    const withEvents = await burst({ url, database, receiver, statusToken: exam, events: true });

    const result = {
      members: MEMBERS,
      payments: PAYMENTS,
      rate: RATE === 0 ? 'as fast as possible' : RATE,
      without,
      with: withEvents,
      /** The status endpoint during the burst with events ÷ during the same burst without them (target ≥ 0.8). */
      statusDuringRatio: Math.round((withEvents.status.during / without.status.during) * 1000) / 1000,
    };
    log(JSON.stringify(result, null, 2));
    writeFileSync(
      new URL(`./results/webhooks${RATE === 0 ? '-unpaced' : ''}.json`, import.meta.url),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    const missing = PAYMENTS - withEvents.delivered;
    if (missing > 0) throw new Error(`${missing} events not delivered within 5 minutes`);
  } finally {
    await receiver.close();
    await database.close();
  }
}

/** Notes when each `fatura.paga` arrived, and how many arrived again. */
class Receiver {
  readonly arrivals = new Map<string, { at: number; occurred: number }>();
  duplicates = 0;
  url = '';
  private readonly server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const at = Date.now();
      const event = JSON.parse(body) as { id: string; type: string; ocorrido_em: string };
      if (event.type === 'fatura.paga') {
        if (this.arrivals.has(event.id)) this.duplicates += 1;
        else this.arrivals.set(event.id, { at, occurred: Date.parse(event.ocorrido_em) });
      }
      response.writeHead(204).end();
    });
  });

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/webhooks`;
    return receiver;
  }

  reset(): void {
    this.arrivals.clear();
    this.duplicates = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * PAYMENTS open invoices paid at RATE a second, with the events' capture on or off for the whole database (a new
 * instance, whose sessions read the setting), the status endpoint loaded before, during and after.
 */
async function burst(options: {
  url: string;
  database: Database;
  receiver: Receiver;
  statusToken: string;
  events: boolean;
}): Promise<Burst> {
  const { url, database, receiver, events } = options;
  const name = new URL(url).pathname.slice(1);
  await sql.raw(`alter database ${name} ${events ? 'reset associa.eventos' : "set associa.eventos = 'off'"}`).execute(database.db);
  const label = events ? 'with events' : 'without events';
  const { rows: open } = await sql<{ id: number }>`
    select id from fatura where status = 'open' order by id desc limit ${PAYMENTS}`.execute(database.db);
  if (open.length < PAYMENTS) throw new Error(`only ${open.length} open invoices to pay`);
  receiver.reset();

  // Opened after the setting, which sessions read when they connect. The payers wait on each other's NFS-e numbers (one
  // sequence a city) while wrk loads the machine: no 2 s limit.
  const payers = await connect({ databaseUrl: url, poolSize: PAYERS, statementTimeoutMs: 60_000 });
  let service: Service | undefined;
  try {
    service = await startAssociaProcess(
      'associa',
      'bin/associa.js',
      { NODE_ENV: 'production', DATABASE_URL: url, DB_POOL_SIZE: '4', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
      PORT,
    );
    const base = service.base;
    const status = (seconds = SECONDS): Promise<LoadResult> => statusLoad(base, options.statusToken, MEMBERS, seconds);
    // Warmed up first, outside the measurement.
    await status(3);
    const before = await status();
    log(`${label}: status without the burst: ${before.rps} req/s, p99 ${before.p99} ms`);

    const started = Date.now();
    let next = 0;
    const paying: Promise<unknown> = Promise.all(
      Array.from({ length: PAYERS }, async () => {
        while (next < open.length) {
          const index = next++;
          const due = started + (RATE > 0 ? (index * 1000) / RATE : 0);
          if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
          await payInvoice(payers.db, { faturaId: open[index]!.id, forma: 'pix' });
        }
      }),
    );
    // wrk starts once the burst is under way and ends before it does (10,000 payments take over 25 s at any rate here).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const during = await status();
    log(`${label}: status during the burst: ${during.rps} req/s, p99 ${during.p99} ms (${next} payments made by its end)`);
    await paying;
    const paidIn = (Date.now() - started) / 1000;
    log(`${label}: ${PAYMENTS} payments in ${paidIn.toFixed(1)} s (${Math.round(PAYMENTS / paidIn)} a second)`);
    const deadline = Date.now() + 300_000;
    while (events && receiver.arrivals.size < PAYMENTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await status();
    log(`${label}: status after the burst: ${after.rps} req/s, p99 ${after.p99} ms`);

    const lags = [...receiver.arrivals.values()].map(({ at, occurred }) => at - occurred).sort((a, b) => a - b);
    return {
      events,
      paymentsPerSecond: Math.round(PAYMENTS / paidIn),
      delivered: receiver.arrivals.size,
      duplicates: receiver.duplicates,
      ...(lags.length > 0 && { lagMs: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1)! } }),
      status: { before: before.rps, during: during.rps, after: after.rps },
      errors: before.errors + during.errors + after.errors,
    };
  } finally {
    await service?.stop();
    await payers.close();
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
