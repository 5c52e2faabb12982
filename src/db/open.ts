import type { Config } from '../config.js';
import { connect, type Database } from './connection.js';
import { lockDataDir } from './embedded-lock.js';
import {
  migrate,
  migrationSession,
  MigrationError,
  names,
  newerSchemaMessage,
  schemaStatus,
  type AppliedMigration,
  type MigrateOptions,
} from './migrate.js';
import { syncReferenceData } from './reference-data.js';

/**
 * What opening does to the schema:
 * - `migrate`: applies the pending migrations and writes the reference data (the default, except in production);
 * - `check`: refuses to open a database that lacks migrations of this release (the default in production, where
 *   only `associa migrate` and `serve --migrate` change the schema);
 * - `as-is`: nothing (`associa migrate`, which migrates by itself).
 * Either way, migrations this release does not know (a newer release applied them) are logged, not refused: the
 * newer release's migrations keep this one working (migrations/README.md). Nor is its reference data rewritten.
 */
export type SchemaMode = 'migrate' | 'check' | 'as-is';

/** Where opening tells what it did to the schema (a pino logger will do). */
export interface SchemaLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface OpenOptions {
  schema?: SchemaMode;
  logger?: SchemaLogger;
}

export class PendingMigrationsError extends MigrationError {}

/** Opens the configured database, its schema prepared as `options.schema` says. */
export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database;
  try {
    database = await connect({
      databaseUrl: config.databaseUrl,
      databaseReadUrl: config.databaseReadUrl,
      dataDir: config.dataDir,
      poolSize: config.dbPoolSize,
      statementTimeoutMs: config.dbStatementTimeoutMs,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const opened: Database = {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        unlock();
      }
    },
  };
  try {
    const mode = options.schema ?? (config.production ? 'check' : 'migrate');
    if (mode !== 'as-is') await prepareSchema(config, database, mode, options.logger);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

async function prepareSchema(config: Config, database: Database, mode: 'migrate' | 'check', logger: SchemaLogger | undefined) {
  const status = await schemaStatus(database.db);
  if (status.unknown.length > 0) {
    logger?.warn(
      { unknown: status.unknown.map((migration) => migration.name) },
      `${newerSchemaMessage(status)}; this release runs on it unchanged`,
    );
  }
  if (mode === 'check') {
    if (status.pending.length > 0) {
      throw new PendingMigrationsError(
        `The database schema lacks ${status.pending.length === 1 ? 'migration' : 'migrations'} ${names(status.pending)}: run \`associa migrate\` first (the release step), or \`associa serve --migrate\`.`,
      );
    }
    return;
  }
  // A newer release's schema and reference data are left as they are (with pending migrations too, migrate refuses).
  if (status.unknown.length > 0 && status.pending.length === 0) return;
  if (status.pending.length > 0) {
    const started = performance.now();
    const applied = await applyMigrations(config, database);
    if (applied.length > 0) {
      logger?.info(
        { migrations: applied.map((migration) => migration.name), ms: Math.round(performance.now() - started) },
        `applied ${applied.length === 1 ? 'a migration' : `${applied.length} migrations`}`,
      );
    }
  }
  await syncReferenceData(database.db);
}

/**
 * Applies the pending migrations of `database`: over a PostgreSQL session of its own (the Migrator's lock and the
 * statements outside a transaction need one), or on the embedded database, which is one session.
 */
export async function applyMigrations(config: Config, database: Database, options: MigrateOptions = {}): Promise<AppliedMigration[]> {
  if (!config.databaseUrl) return migrate(database.db, options);
  const session = migrationSession(config.databaseUrl);
  try {
    return await migrate(session, options);
  } finally {
    await session.destroy();
  }
}
