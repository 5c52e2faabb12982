// Runs once, on PostgreSQL: it checks the PostgreSQL driver's install and build, the same whatever the tests' database.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DRIVER_NOT_FIXED } from '../../src/db/driver-fix.js';
import { createTestDatabase, onPostgres, type TestDatabase } from '../helpers/database.js';
import { childEnv, tempDir } from '../helpers/processes.js';

const ROOT = new URL('../../', import.meta.url).pathname;
/** Nothing listens there: past the driver check, the service fails to connect. */
const NOWHERE = 'postgres://associa@127.0.0.1:1/associa';

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node args…` in `cwd` to its end, or, once its stdout shows the banner's health line, stops it with SIGTERM
 * (the outcome then says `started`).
 */
function run(cwd: string, args: readonly string[], env: Record<string, string | undefined> = {}): Promise<Outcome & { started: boolean }> {
  const child = spawn(process.execPath, args, { cwd, env: childEnv({ PORT: '0', LOG_LEVEL: 'warn', ...env }), stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  let started = false;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (!started && /Health: \S+\/readyz|"health":/.test(stdout)) {
      started = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, started });
    });
  });
}

/**
 * A copy of the service in a temporary folder, as a fresh clone would be after an install that skipped its scripts:
 * its node_modules links every package of this checkout's but postgres, which is a copy of its own, patch taken out.
 */
describe('the PostgreSQL driver without its fix (patches/postgres+3.4.9.patch)', () => {
  let dir: string;
  let test: TestDatabase | undefined;
  let databaseUrl = NOWHERE;

  before(async () => {
    dir = tempDir('associa-driver-fix-');
    for (const entry of ['src', 'migrations', 'bin', 'scripts', 'patches', 'package.json', 'tsconfig.json'])
      cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
    // The entry that runs the command from source, as the tests' own processes do.
    mkdirSync(join(dir, 'test/helpers'), { recursive: true });
    cpSync(join(ROOT, 'test/helpers/cli-entry.ts'), join(dir, 'test/helpers/cli-entry.ts'));
    mkdirSync(join(dir, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules')))
      if (name !== 'postgres') symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
    cpSync(join(ROOT, 'node_modules/postgres'), join(dir, 'node_modules/postgres'), { recursive: true });
    if (onPostgres) {
      test = await createTestDatabase();
      databaseUrl = test.url!;
    }
  });
  after(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await test?.dispose();
  });

  describe('taken out', () => {
    before(async () => {
      const reversed = await run(dir, ['scripts/apply-patches.js', '--reverse']);
      assert.equal(reversed.code, 0, reversed.stderr);
      assert.match(reversed.stdout, /^apply-patches: postgres@3\.4\.9: unpatched \(6 of 6 files changed\)\n$/);
    });

    it('the build refuses to bundle it: one line, exit 1, no bundle', async () => {
      const build = await run(dir, ['scripts/build.js']);
      assert.equal(build.code, 1);
      assert.equal(build.stderr, `build: ${DRIVER_NOT_FIXED}\n`);
      assert.throws(() => readdirSync(join(dir, 'dist')), { code: 'ENOENT' });
    });

    it('the service refuses to start: one line, exit 1, before it connects or listens', async () => {
      const serve = await run(dir, ['--import', 'tsx', 'test/helpers/cli-entry.ts', 'serve'], { DATABASE_URL: databaseUrl });
      assert.equal(serve.started, false);
      assert.equal(serve.code, 1);
      assert.equal(serve.stderr, `associa: ${DRIVER_NOT_FIXED}\n`);
      assert.equal(serve.stdout, '');
    });
  });

  describe('applied by the install step', () => {
    before(async () => {
      const applied = await run(dir, ['scripts/apply-patches.js']);
      assert.equal(applied.code, 0, applied.stderr);
      assert.match(applied.stdout, /^apply-patches: postgres@3\.4\.9: patched \(6 of 6 files changed\)\n$/);
    });

    it('applying it again changes nothing', async () => {
      const before = readFileSync(join(dir, 'node_modules/postgres/src/index.js'), 'utf8');
      const again = await run(dir, ['scripts/apply-patches.js']);
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stdout, /^apply-patches: postgres@3\.4\.9: already patched \(0 of 6 files changed\)\n$/);
      assert.equal(readFileSync(join(dir, 'node_modules/postgres/src/index.js'), 'utf8'), before);
    });

    it('the bundle is built, and it and the source get past the check', async () => {
      const build = await run(dir, ['scripts/build.js']);
      assert.equal(build.code, 0, build.stderr);
      for (const args of [
        ['bin/associa.js', 'serve'],
        ['--import', 'tsx', 'test/helpers/cli-entry.ts', 'serve'],
      ]) {
        const serve = await run(dir, args, { DATABASE_URL: databaseUrl });
        assert.doesNotMatch(serve.stderr, /lacks Associa's fix/);
        if (onPostgres) assert.ok(serve.started, `${args.join(' ')} started: ${serve.stdout}${serve.stderr}`);
        else assert.match(serve.stderr, /^associa: PostgreSQL at \S+ is unreachable/);
      }
    });
  });

  it('a driver file neither as the patch expects nor patched fails the install step with one line naming it', async () => {
    const file = join(dir, 'node_modules/postgres/cjs/src/queue.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace('index === 32', 'index === 64'));
    const applied = await run(dir, ['scripts/apply-patches.js']);
    assert.equal(applied.code, 1);
    assert.match(
      applied.stderr,
      /^apply-patches: patches\/postgres\+3\.4\.9\.patch: postgres\/cjs\/src\/queue\.js \(in [^)]+\) is neither [^\n]+\n$/,
    );
  });
});
