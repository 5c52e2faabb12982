import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes.js';

/** Debian's PostgreSQL programs (initdb, pg_ctl, pg_basebackup), when the machine has them. */
function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? join(root, version, 'bin') : undefined;
}

const BIN = binDir();

/** Why a server of the test's own cannot be started here, or undefined when it can. */
export const postgresServerUnavailable = BIN ? undefined : "needs PostgreSQL's server programs (Debian's postgresql package)";

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function run(program: string, args: readonly string[]): void {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'runuser' : join(BIN!, program);
  const fullArgs = asRoot ? ['-u', 'postgres', '--', join(BIN!, program), ...args] : [...args];
  const result = spawnSync(command, fullArgs, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error?.message}`);
}

function ownedDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  return dir;
}

/**
 * A PostgreSQL server of a test's own, in a temporary folder on a free port (TCP on 127.0.0.1, trust
 * authentication): one the test may stop, restart or replicate without touching the machine's server.
 */
export class PostgresServer {
  private constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PostgresServer> {
    if (!BIN) throw new Error(postgresServerUnavailable);
    const dataDir = ownedDir('associa-pg-');
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
    const server = new PostgresServer(dataDir, await freePort());
    server.start();
    return server;
  }

  /**
   * A streaming replica of this server (pg_basebackup), started on a port of its own. The backup begins with an
   * immediate checkpoint: the default, spread over the checkpoint interval, keeps it waiting for half a minute.
   */
  async replica(): Promise<PostgresServer> {
    const dataDir = ownedDir('associa-pg-replica-');
    const source = ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres'];
    run('pg_basebackup', [...source, '-D', dataDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
    const replica = new PostgresServer(dataDir, await freePort());
    replica.start();
    return replica;
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    // Its socket stays in its own folder; fsync is off, as nothing here must survive a power cut.
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dataDir} -c fsync=off`;
    run('pg_ctl', ['start', '-D', this.dataDir, '-w', '-t', '30', '-l', join(this.dataDir, 'server.log'), '-o', options]);
  }

  /** `fast` ends every session and shuts down cleanly; `immediate` is a crash. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    run('pg_ctl', ['stop', '-D', this.dataDir, '-w', '-t', '30', '-m', mode]);
  }

  destroy(): void {
    try {
      this.stop('immediate');
    } catch {
      // Already stopped.
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
