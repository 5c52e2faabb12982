import type { Config } from '../config.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/connection.js';
import { openDatabase, type SchemaMode } from '../db/open.js';

/** A mistake of the operator's: one line on stderr, exit status 1. */
export class UsageError extends Error {}

export type WithDatabase = <T>(work: (database: Database, config: Config) => Promise<T>) => Promise<T>;

/** Runs `work` on the configured database; in production it refuses one that lacks migrations (src/db/open.ts). */
export async function withDatabase<T>(
  work: (database: Database, config: Config) => Promise<T>,
  options: { config?: Config; schema?: SchemaMode } = {},
): Promise<T> {
  const config = options.config ?? loadConfig();
  const database = await openDatabase(config, options.schema ? { schema: options.schema } : {});
  try {
    return await work(database, config);
  } finally {
    await database.close();
  }
}
