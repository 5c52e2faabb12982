import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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
const execFileAsync = promisify(execFile);

/** Why a server of the test's own cannot be started here, or undefined when it can. */
export const postgresServerUnavailable = BIN ? undefined : "needs PostgreSQL's server programs (Debian's postgresql package)";

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function command(program: string, args: readonly string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [join(BIN!, program), [...args]];
  return ['runuser', ['-u', 'postgres', '--', join(BIN!, program), ...args]];
}

function failure(program: string, args: readonly string[], output: string): Error {
  return new Error(`${program} ${args.join(' ')} failed: ${output}`);
}

/**
 * Runs one of PostgreSQL's programs without blocking the event loop: a test's clients, in this process, keep sending and
 * timing their requests while the server stops or starts (blocked, they would count the wait in their answers' times).
 */
async function run(program: string, args: readonly string[]): Promise<void> {
  const [file, fullArgs] = command(program, args);
  try {
    await execFileAsync(file, fullArgs, { encoding: 'utf8', timeout: 60_000 });
  } catch (error) {
    const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string };
    throw failure(program, args, stderr || stdout || message);
  }
}

/** The same, blocking: for a test's teardown, where nothing else runs and `after` may not wait. */
function runSync(program: string, args: readonly string[]): void {
  const [file, fullArgs] = command(program, args);
  const result = spawnSync(file, fullArgs, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw failure(program, args, result.stderr || result.stdout || String(result.error?.message));
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
    await run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
    const server = new PostgresServer(dataDir, await freePort());
    await server.start();
    return server;
  }

  /**
   * A streaming replica of this server (pg_basebackup), started on a port of its own. The backup begins with an
   * immediate checkpoint: the default, spread over the checkpoint interval, keeps it waiting for half a minute.
   */
  async replica(): Promise<PostgresServer> {
    const dataDir = ownedDir('associa-pg-replica-');
    const source = ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres'];
    await run('pg_basebackup', [...source, '-D', dataDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
    const replica = new PostgresServer(dataDir, await freePort());
    await replica.start();
    return replica;
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    // Its socket stays in its own folder; fsync is off, as nothing here must survive a power cut.
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dataDir} -c fsync=off`;
    await run('pg_ctl', ['start', '-D', this.dataDir, '-w', '-t', '30', '-l', join(this.dataDir, 'server.log'), '-o', options]);
  }

  /** `fast` ends every session and shuts down cleanly; `immediate` is a crash. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await run('pg_ctl', this.stopArgs(mode));
  }

  private stopArgs(mode: 'fast' | 'immediate'): string[] {
    return ['stop', '-D', this.dataDir, '-w', '-t', '30', '-m', mode];
  }

  destroy(): void {
    try {
      runSync('pg_ctl', this.stopArgs('immediate'));
    } catch {
      // Already stopped.
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
