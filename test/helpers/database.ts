import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { connect, type Database } from '../../src/db/connection.js';
import { migrate } from '../../src/db/migrate.js';
import { syncReferenceData } from '../../src/db/reference-data.js';

export interface TestDatabase {
  database: Database;
  /** The URL of the fresh PostgreSQL database, when the tests run on PostgreSQL. */
  url: string | undefined;
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database on the server of
 * DATABASE_URL when it is set (dropped afterwards), otherwise an in-memory embedded database.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await connect({ embeddedCopyOf: await embeddedTemplate() });
    return { database, url: undefined, dispose: () => database.close() };
  }
  const name = `associa_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${await postgresTemplate(serverUrl)}`);
  const url = withDatabaseName(serverUrl, name);
  const database = await connect({ databaseUrl: url, poolSize: 4 });
  // Each test database its own keys, as each deployment has: the deployment's id, made from them, names its counters in
  // the Redis every test file shares.
  await adminQuery(url, `update chave_servico set valor = ${RANDOM_KEY}`);
  return {
    database,
    url,
    async dispose() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** One statement on its own connection to `url` (for servers the tests start or administer). */
export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

export const onPostgres = Boolean(process.env.DATABASE_URL);

const ROOT = new URL('../..', import.meta.url).pathname;
const TEMPLATES = join(ROOT, 'node_modules/.cache/associa-tests');

/**
 * A migrated embedded database with its reference data, as PGlite's dump: a copy starts in about a fifth of the
 * CPU a new cluster and its migrations take. Made once for each version of the source (and of PGlite), and kept.
 */
export function embeddedTemplate(): Promise<Blob> {
  // Read once a process: the dump is some 40 MB, and a process's files make a database each, some several.
  return (template ??= readOrMakeTemplate());
}
let template: Promise<Blob> | undefined;

async function readOrMakeTemplate(): Promise<Blob> {
  const file = join(TEMPLATES, `embedded-${sourceHash()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const dataDir = mkdtempSync(join(tmpdir(), 'associa-template-'));
  try {
    const database = await connect({ dataDir });
    await migrate(database.db);
    await syncReferenceData(database.db);
    await database.close();
    const pglite = await PGlite.create(dataDir);
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    mkdirSync(TEMPLATES, { recursive: true });
    // Written whole, then renamed: files made side by side never read a half-written one.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A new service key, as migrations 0002 and 0003 make them. */
const RANDOM_KEY = `encode(sha256(convert_to(gen_random_uuid()::text || random()::text || clock_timestamp()::text, 'UTF8')), 'hex')`;

/**
 * A migrated PostgreSQL database with its reference data on the server of `serverUrl`, which each test file's
 * database copies (`create database … template`): a copy takes a fraction of the time the migrations take. Made once
 * for each version of the source and each month, under an advisory lock so that files starting together make it once; the versions
 * before it are dropped when no copy is being made of them.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  // Of this month: migrations make the audit trail's partitions from the current month on.
  const name = `associa_template_${sourceHash()}_${new Date().toISOString().slice(0, 7).replace('-', '')}`;
  const exists = async () => (await adminQuery(serverUrl, `select 1 from pg_database where datname = '${name}'`)).length > 0;
  if (await exists()) return name;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('associa test template'))`);
    if (await exists()) return name;
    const building = `${name}_${process.pid}`;
    await client.query(`drop database if exists ${building}`);
    await client.query(`create database ${building}`);
    const database = await connect({ databaseUrl: withDatabaseName(serverUrl, building), poolSize: 1 });
    try {
      await migrate(database.db);
      await syncReferenceData(database.db);
    } finally {
      await database.close();
    }
    // Renamed once whole: a file never copies a half-made template.
    await client.query(`alter database ${building} rename to ${name}`);
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'associa\\_template\\_%' and datname <> $1`,
      [name],
    );
    // One being copied cannot be dropped; it goes at a later version's turn.
    for (const { datname } of rows) await client.query(`drop database if exists ${datname}`).catch(() => {});
    return name;
  } finally {
    await client.end();
  }
}

/** The source the template is made from (src/, whose migrations and reference data it holds) and PGlite's version. */
let source: string | undefined;
function sourceHash(): string {
  return (source ??= hashOfSource());
}

function hashOfSource(): string {
  const hash = createHash('sha256').update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'migrations'));
  return hash.digest('hex').slice(0, 16);
}
