import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { once } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import { connect } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';

/** The URL of `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on a connection of its own, for what the service's pool is not for (creating, copying databases). */
export async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL database holding exactly `members` seeded members, reused when a previous run left one
 * (seeding a million takes about two minutes). The audit trail of earlier runs is emptied, so every run
 * writes into the same table size.
 */
export async function ensureDataset(
  serverUrl: string,
  members: number,
  log: (line: string) => void,
  // The audit trail's benchmark keeps the millions of entries it wrote; the others start from an empty trail.
  options: { keepAuditTrail?: boolean } = {},
): Promise<string> {
  const { url, reused } = await seededDataset(serverUrl, `associa_bench_${members}`, members, log, {
    keepAuditTrail: options.keepAuditTrail,
  });
  if (reused) await upToDate(url);
  return url;
}

/**
 * `name` on the server of `serverUrl` holding exactly `members` members, seeded with `--seed 7` by the `associa` of
 * `checkout` (this tree's by default): reused when a previous run left one, its audit trail emptied unless kept.
 */
export async function seededDataset(
  serverUrl: string,
  name: string,
  members: number,
  log: (line: string) => void,
  { checkout = '.', keepAuditTrail = false }: { checkout?: string; keepAuditTrail?: boolean } = {},
): Promise<{ url: string; reused: boolean }> {
  const url = databaseUrl(serverUrl, name);
  const exists = (await query(serverUrl, `select 1 from pg_database where datname = '${name}'`)).length > 0;
  if (exists) {
    const [row] = await query<{ members: string; invoices: string }>(
      url,
      `select (select count(*) from associado) as members, (select count(*) from fatura) as invoices`,
    ).catch(() => []);
    if (row && Number(row.members) === members && Number(row.invoices) > 0) {
      log(`dataset ${name}: reused (${members.toLocaleString('en')} members, ${Number(row.invoices).toLocaleString('en')} invoices)`);
      if (!keepAuditTrail) await query(url, 'truncate auditoria');
      return { url, reused: true };
    }
  } else {
    await query(serverUrl, `create database ${name}`);
  }
  await seed(name, members, { DATABASE_URL: url }, log, checkout);
  return { url, reused: false };
}

/** An embedded (PGlite) database folder in bench/data/ holding exactly `members` seeded members, reused when there. */
export async function ensureEmbeddedDataset(members: number, log: (line: string) => void): Promise<string> {
  const dir = resolve(`bench/data/embedded_${members}`);
  if (existsSync(dir)) {
    if (await migratedIfHolding(dir, members)) {
      log(`dataset ${dir}: reused`);
      return dir;
    }
  }
  await seed(dir, members, { DATA_DIR: dir, DATABASE_URL: undefined }, log);
  return dir;
}

/** Whether the embedded folder `dir` holds exactly `members` members; if so, its schema is brought up to date. */
async function migratedIfHolding(dir: string, members: number): Promise<boolean> {
  const database = await connect({ dataDir: dir });
  try {
    const [row] = await sql<{ members: string }>`select count(*) as members from associado`.execute(database.db).then(
      (r) => r.rows,
      () => [],
    );
    if (row === undefined || Number(row.members) !== members) return false;
    await migrate(database.db);
    return true;
  } finally {
    await database.close();
  }
}

/** A reused dataset gets the migrations of the code being measured, before a ceiling that does not migrate reads it. */
export async function upToDate(databaseUrl: string): Promise<void> {
  const database = await connect({ databaseUrl });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
}

/** Seeds `name` with `members` members by the `associa` of `checkout` (this tree's by default). */
async function seed(name: string, members: number, env: NodeJS.ProcessEnv, log: (line: string) => void, checkout = '.'): Promise<void> {
  log(`dataset ${name}: seeding ${members.toLocaleString('en')} members…`);
  const started = Date.now();
  const child = spawn(process.execPath, [`${checkout}/bin/associa.js`, 'seed', '--members', String(members), '--seed', '7', '--reset'], {
    env: definedOnly({ ...process.env, ...env }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seeding ${name} failed (exit ${code})`);
  log(`dataset ${name}: seeded in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** An environment without the variables set to undefined (a child would see the text "undefined"). */
export function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
