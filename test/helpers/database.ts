import { randomBytes } from 'node:crypto';
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
    const database = await connect({});
    await migrate(database.db);
    await syncReferenceData(database.db);
    return { database, url: undefined, dispose: () => database.close() };
  }
  const name = `associa_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = withDatabaseName(serverUrl, name);
  const database = await connect({ databaseUrl: url, poolSize: 4 });
  await migrate(database.db);
  await syncReferenceData(database.db);
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
