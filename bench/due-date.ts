import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { connect, type Database } from '../src/db/connection.js';
import { businessDate } from '../src/domain/dates.js';
import { SecretBox } from '../src/events/secrets.js';
import { createEndpoint } from '../src/events/webhooks.queries.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { databaseUrl, ensureDataset, query, upToDate } from './dataset.js';
import { statusLoad, statusToken, type LoadResult } from './load.js';
import { BENCH_SECRETS_KEY, startAssociaProcess } from './processes.js';

/**
 * The annual fees' due date (`npm run bench:webhooks -- --due-date`): FEES of this year's annual fees, unpaid, fall
 * past due together, as on 31 March. One instance as production runs it marks them at its next minute, which
 * captures two events for each (`fatura.vencida`, and the member's `associado.situacao_alterada`), numbers them and
 * delivers them to one endpoint on the loopback. The statistics are those of the day before, taken while the fees
 * were not yet due and no event waited. Measured: the time to mark, to number and to deliver every event, and the
 * status endpoint's throughput (wrk, 64 connections) in each phase against the same before the burst.
 *
 * The burst rewrites invoices and fills the events, so it runs on a copy of the seeded dataset, made once and
 * reused: each run puts the same fees back as they were the day before.
 */

const PORT = 4401;
const WINDOW_SECONDS = 10;
const log = (line: string) => process.stdout.write(`${line}\n`);

export interface DueDateResult {
  status: { before: number; marking: PhaseShare | null; numbering: PhaseShare | null; delivering: PhaseShare | null; after: number };
  delivered: number;
  duplicates: number;
  errors: number;
}

interface PhaseShare {
  windows: number;
  rps: number;
  ratio: number;
  p99: number;
}

/**
 * `loadedDeliveringWindows`: with a number, wrk loads only that many windows of the delivery (bench:fairness), which
 * then finishes with no request served; without, it loads the whole burst.
 */
export async function dueDateBurst(members: number, fees: number, loadedDeliveringWindows?: number): Promise<DueDateResult> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await workingCopy(serverUrl, members);
  const database = await connect({ databaseUrl: url, poolSize: 2, statementTimeoutMs: 600_000 });
  const events = 2 * fees;

  let delivered = 0;
  const seen = new Set<string>();
  let lastArrival = 0;
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const id = (JSON.parse(body) as { id: string }).id;
      seen.add(id);
      delivered += 1;
      lastArrival = Date.now();
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

  const { exam } = await theDayBefore(database, fees, receiverUrl);
  const service = await startAssociaProcess(
    'associa',
    'bin/associa.js',
    { NODE_ENV: 'production', DATABASE_URL: url, DB_POOL_SIZE: '4', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
    PORT,
  );
  const status = (): Promise<LoadResult> => statusLoad(service.base, exam, members, WINDOW_SECONDS);
  const counts = async () =>
    (
      await sql<{ captured: number; waiting: number }>`
        select count(*)::int as captured, (count(*) filter (where sequencia is null))::int as waiting from evento`.execute(database.db)
    ).rows[0]!;

  try {
    await status();
    const before = await status();
    log(`status before the burst: ${before.rps} req/s, p99 ${before.p99} ms`);

    // Midnight passes: the fees' due date is now yesterday. Written without triggers, as time passing writes nothing.
    const yesterday = new Date(`${businessDate(new Date())}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    await database.db.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await sql`update fatura set vencimento = ${yesterday}::date where id in (select id from due_date_fees)`.execute(tx);
    });
    const midnight = Date.now();

    const phases: Record<string, number> = {};
    const windows: { phase: string; rps: number; p99: number; errors: number }[] = [];
    const phase = (): string =>
      phases.delivered ? 'after' : phases.numbered ? 'delivering' : phases.captured ? 'numbering' : phases.marking ? 'marking' : 'waiting';
    // The phases are read from the database and the receiver every second while wrk runs its windows.
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const { captured, waiting } = await counts();
        const now = Date.now();
        if (!phases.marking && captured > 0) phases.marking = now;
        if (!phases.captured && captured >= events) phases.captured = now;
        if (phases.captured && !phases.numbered && waiting === 0) phases.numbered = now;
        if (phases.numbered && !phases.delivered && seen.size >= events) phases.delivered = lastArrival;
        if (phases.delivered || now - midnight > 3_600_000) return;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    while (!phases.delivered && Date.now() - midnight < 3_600_000) {
      const current = phase();
      if (current === 'waiting') {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      if (current === 'delivering' && windows.filter((w) => w.phase === 'delivering').length >= (loadedDeliveringWindows ?? Infinity)) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      const window = await status();
      windows.push({ phase: current, rps: window.rps, p99: window.p99, errors: window.errors });
      log(`status while ${current}: ${window.rps} req/s, p99 ${window.p99} ms (${seen.size.toLocaleString('en')} delivered)`);
    }
    watching = false;
    await watcher;
    const after = await status();
    log(`status after the burst: ${after.rps} req/s, p99 ${after.p99} ms`);

    const seconds = (from: number | undefined, to: number | undefined) => (from && to ? Math.round((to - from) / 100) / 10 : null);
    const byPhase = (name: string): PhaseShare | null => {
      const chosen = windows.filter((window) => window.phase === name);
      if (chosen.length === 0) return null;
      const rps = Math.round(chosen.reduce((sum, window) => sum + window.rps, 0) / chosen.length);
      return { windows: chosen.length, rps, ratio: Math.round((rps / before.rps) * 100) / 100, p99: Math.max(...chosen.map((w) => w.p99)) };
    };
    const result = {
      members,
      fees,
      events,
      seconds: {
        untilMarkingStarted: seconds(midnight, phases.marking),
        marking: seconds(phases.marking, phases.captured),
        numberingAfterMarking: seconds(phases.captured, phases.numbered),
        deliveringAfterNumbering: seconds(phases.numbered, phases.delivered),
        firstCaptureToLastDelivery: seconds(phases.marking, phases.delivered),
      },
      deliveriesPerSecond: phases.delivered && phases.marking ? Math.round(seen.size / ((phases.delivered - phases.marking) / 1000)) : null,
      delivered: seen.size,
      duplicates: delivered - seen.size,
      status: {
        before: before.rps,
        marking: byPhase('marking'),
        numbering: byPhase('numbering'),
        delivering: byPhase('delivering'),
        after: after.rps,
      },
      errors: before.errors + after.errors + windows.reduce((sum, window) => sum + window.errors, 0),
    };
    log(JSON.stringify(result, null, 2));
    writeFileSync(new URL('./results/due-date.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
    if (seen.size < events) throw new Error(`${events - seen.size} of ${events} events not delivered within an hour`);
    return result;
  } finally {
    await service.stop();
    receiver.close();
    await database.close();
  }
}

/** A copy of the seeded dataset that the burst may rewrite, made once (from `associa_bench_<members>`) and reused. */
async function workingCopy(serverUrl: string, members: number): Promise<string> {
  const name = `associa_bench_${members}_vencimento`;
  const exists = (await query(serverUrl, `select 1 from pg_database where datname = '${name}'`)).length > 0;
  if (!exists) {
    const source = new URL(await ensureDataset(serverUrl, members, log)).pathname.slice(1);
    log(`dataset ${name}: copying ${source}…`);
    await query(serverUrl, `create database ${name} template ${source}`);
  }
  const url = databaseUrl(serverUrl, name);
  await upToDate(url);
  return url;
}

/**
 * The state of the day before the due date: FEES annual fees of this year open and due tomorrow, of members whose
 * standing they alone decide (of a paying category, no other fee past due), so each makes both events; no event
 * waiting, no endpoint but the bench's, an empty audit trail; then ANALYZE, as the night's maintenance would.
 */
async function theDayBefore(database: Database, fees: number, receiverUrl: string): Promise<{ exam: string }> {
  const { db } = database;
  const year = Number(businessDate(new Date()).slice(0, 4));
  const tomorrow = new Date(`${businessDate(new Date())}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  log(`the day before: ${fees.toLocaleString('en')} annual fees of ${year} open and due tomorrow…`);
  await db.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    await sql`truncate webhook_tentativa, webhook_entrega, evento, auditoria`.execute(tx);
    await sql`drop table if exists due_date_fees`.execute(tx);
    await sql`
      create table due_date_fees as
      select f.id from fatura f
        join associado a on a.matricula = f.associado
        join categoria c on c.codigo = a.categoria and not c.isenta_anuidade
       where f.kind = 'anuidade' and f.ano_referencia = ${year} and f.status in ('open', 'paid')
         and not exists (select 1 from fatura o where o.associado = f.associado and o.id <> f.id
                           and o.kind = 'anuidade' and o.status = 'open' and o.vencida)
       order by f.id limit ${fees}`.execute(tx);
    await sql`
      update fatura set status = 'open', vencimento = ${tomorrow}::date, vencida = false, pago_em = null, valor_pago = null,
             forma_pagamento = null, transacao_id = null, nfse_numero = null, nfse_codigo_verificacao = null,
             nfse_emitida_em = null, nfse_municipio = null
       where id in (select id from due_date_fees)`.execute(tx);
    await sql`update webhook_endpoint set ativo = false, desativado_em = now() where ativo`.execute(tx);
  });
  const chosen = (await sql<{ n: number }>`select count(*)::int as n from due_date_fees`.execute(db)).rows[0]!.n;
  if (chosen < fees) throw new Error(`only ${chosen} annual fees of ${year} can fall due`);
  await sql`analyze`.execute(db);

  const box = new SecretBox(Buffer.from(BENCH_SECRETS_KEY, 'base64'));
  const erp = await createToken(db, {
    limiteSimultaneas: 1_000,
    nome: 'bench ERP',
    scopes: ['faturas:read', 'associados:situacao'],
    criadoPor: 'bench',
    lifetimeSeconds: 86_400,
  });
  await createEndpoint(db, box, {
    tokenId: erp.id,
    url: receiverUrl,
    types: ['fatura.vencida', 'associado.situacao_alterada'],
    criadoPor: 'bench',
  });
  return { exam: await statusToken(db) };
}
