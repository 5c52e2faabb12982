import type { Config } from '../config.js';
import { connect, type Database } from './connection.js';
import { lockDataDir } from './embedded-lock.js';
import { migrate } from './migrate.js';
import { syncReferenceData } from './reference-data.js';

/** Opens the configured database with its schema up to date and its reference data written. */
export async function openDatabase(config: Config): Promise<Database> {
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
    await migrate(database.db);
    await syncReferenceData(database.db);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}
