import { readdir, readFile } from 'node:fs/promises';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';

const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url);

/** Plain SQL files in `migrations/`, applied in name order, each in its own transaction. */
class SqlFileProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort()) {
      const text = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = { up: async (db) => { await sql.raw(text).execute(db); } };
    }
    return migrations;
  }
}

export class MigrationError extends Error {}

/** Brings the schema up to date; returns the names of the migrations applied now. */
export async function migrate<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new SqlFileProvider() });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new MigrationError(`Migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
