import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class EmbeddedDatabaseBusyError extends Error {}

/**
 * The embedded database is a single-process database: a second process opening the same folder would
 * corrupt it. A lock file holding the owner's pid keeps others out; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'associa.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new EmbeddedDatabaseBusyError(
          `The embedded database in ${dataDir} is in use by process ${owner}; stop it first (or set DATABASE_URL to use PostgreSQL).`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new EmbeddedDatabaseBusyError(`Could not lock the embedded database in ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
