import { spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';

/** The URL of `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
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
export async function ensureDataset(serverUrl: string, members: number, log: (line: string) => void): Promise<string> {
  const name = `associa_bench_${members}`;
  const url = databaseUrl(serverUrl, name);
  const exists = (await query(serverUrl, `select 1 from pg_database where datname = '${name}'`)).length > 0;
  if (exists) {
    const [row] = await query<{ members: string; invoices: string }>(url,
      `select (select count(*) from associado) as members, (select count(*) from fatura) as invoices`).catch(() => []);
    if (row && Number(row.members) === members && Number(row.invoices) > 0) {
      log(`dataset ${name}: reused (${members.toLocaleString('en')} members, ${Number(row.invoices).toLocaleString('en')} invoices)`);
      await query(url, 'truncate auditoria');
      return url;
    }
  } else {
    await query(serverUrl, `create database ${name}`);
  }
  log(`dataset ${name}: seeding ${members.toLocaleString('en')} members…`);
  const started = Date.now();
  const child = spawn(process.execPath, ['bin/associa.js', 'seed', '--members', String(members), '--seed', '7', '--reset'],
    { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'ignore', 'inherit'] });
  const [code] = await once(child, 'exit') as [number | null];
  if (code !== 0) throw new Error(`seeding ${name} failed (exit ${code})`);
  log(`dataset ${name}: seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  return url;
}
