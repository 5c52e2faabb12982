import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';

// migrations/ is at the package root: one folder above the bundle (dist/cli.js), two above this source file.
const MIGRATIONS_DIR =
  ['../migrations/', '../../migrations/'].map((path) => new URL(path, import.meta.url)).find((url) => existsSync(url)) ??
  new URL('../../migrations/', import.meta.url);

/** Plain SQL files in `migrations/`, applied in name order; the Migrator applies all that are pending in one transaction. */
class SqlFileProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort()) {
      const text = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      // A migration may build an index over millions of rows: the API's statement timeout is not for it.
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db) => {
          await sql.raw(`set local statement_timeout = 0;\n${text}`).execute(db);
        },
      };
    }
    return migrations;
  }
}

export class MigrationError extends Error {}

/** Brings the schema up to date; returns the names of the migrations applied now. */
export async function migrate<DB>(db: Kysely<DB>): Promise<string[]> {
  const provider = new SqlFileProvider();
  if (await allApplied(db, Object.keys(await provider.getMigrations()))) return [];
  const migrator = new Migrator({ db, provider });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new MigrationError(`Migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * The Migrator inspects the whole catalogue several times before it knows there is nothing to do, which
 * costs the embedded database 0.6 s at every start. One read of its table answers the common case; any
 * doubt (no table yet, a migration missing or unknown) falls through to the Migrator and its lock.
 */
async function allApplied<DB>(db: Kysely<DB>, names: readonly string[]): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return applied.size === names.length && names.every((name) => applied.has(name));
  } catch {
    return false;
  }
}
