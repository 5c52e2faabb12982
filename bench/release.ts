import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { connect } from '../src/db/connection.js';
import { schemaStatus } from '../src/db/migrate.js';
import { seededDataset } from './dataset.js';

/** The scopes the measured endpoints need, which every release since the first has. */
const SCOPES = 'associados:read,associados:situacao,associados:cpf,cursos:read,faturas:read';

/** A release to measure against: its checkout (with `bin/associa.js` built) and the commit it holds. */
export interface Release {
  checkout: string;
  commit: string;
}

function git(args: readonly string[], cwd = '.'): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

function run(command: string, args: readonly string[], cwd: string): void {
  if (spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/**
 * `ref`, a built checkout's folder or a commit of this repository. A commit is exported into a folder of its own
 * under the system's temporary folder, installed from its lockfile and built there, once: later runs reuse it.
 */
export function releaseCheckout(ref: string, log: (line: string) => void): Release {
  if (existsSync(ref)) {
    const checkout = resolve(ref);
    if (!existsSync(join(checkout, 'bin/associa.js'))) throw new Error(`${checkout}/bin/associa.js is missing: build that checkout first`);
    return { checkout, commit: git(['rev-parse', '--short=12', 'HEAD'], checkout) };
  }
  const commit = git(['rev-parse', '--short=12', '--verify', `${ref}^{commit}`]);
  const checkout = join(tmpdir(), `associa-release-${commit}`);
  if (existsSync(join(checkout, 'bin/associa.js'))) return { checkout, commit };
  log(`release ${commit}: exporting, installing from its lockfile and building in ${checkout}…`);
  rmSync(checkout, { recursive: true, force: true });
  mkdirSync(checkout, { recursive: true });
  const archive = spawnSync('git', ['archive', commit], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${commit}: ${archive.stderr.toString().trim()}`);
  if (spawnSync('tar', ['-x', '-C', checkout], { input: archive.stdout }).status !== 0) throw new Error(`unpacking ${commit} failed`);
  run('npm', ['ci', '--no-audit', '--no-fund'], checkout);
  run('npm', ['run', '--silent', 'build'], checkout);
  return { checkout, commit };
}

/**
 * The database `release` is measured on: this tree's (`url`) when the release knows every migration it has, as
 * it would during a rolling upgrade; otherwise a dataset of the same size seeded by the release itself (kept for
 * later runs), since a release refuses a database a newer one migrated.
 */
export async function releaseDatabase(release: Release, url: string, members: number, log: (line: string) => void): Promise<string> {
  const database = await connect({ databaseUrl: url });
  const status = await schemaStatus(database.db, { folder: pathToFileURL(`${release.checkout}/migrations/`) }).finally(() =>
    database.close(),
  );
  if (status.unknown.length === 0) return url;
  log(`release ${release.commit} does not know ${status.unknown.length} of this tree's migrations: it has a dataset of its own`);
  return (await seededDataset(url, `associa_bench_${members}_${release.commit}`, members, log, { checkout: release.checkout })).url;
}

/** A token made by the command of `checkout` on `database` (an older release's tables lack newer columns), without a rate limit. */
export function releaseToken(checkout: string, database: string): string {
  const created = spawnSync(
    process.execPath,
    [`${checkout}/bin/associa.js`, 'token', 'create', '--name', 'bench', '--scopes', SCOPES, '--rate-limit', '100000000', '--json'],
    { env: { ...process.env, DATABASE_URL: database }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`token create in ${checkout} failed: ${created.stderr}`);
  return (JSON.parse(created.stdout) as { token: string }).token;
}
