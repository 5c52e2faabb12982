// Runs once, on PostgreSQL: it needs PostgreSQL's own sessions, plans or server programs.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { adminQuery, onPostgres, withDatabaseName } from '../helpers/database.js';
import { SCOPE_NAMES } from '../../src/tokens/scopes.js';
import { childEnv, runCli, serveWith } from '../helpers/processes.js';

/**
 * The release before this one: the commit it was cut from. Move it at each release. This release's migrations
 * must keep it working while it still serves (migrations/README.md, "Expand, then contract").
 */
const PREVIOUS_RELEASE = '59b5489';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PUBLIC_BASE_URL = 'https://api.associa.example';
const run = promisify(execFile);

interface Server {
  child: ChildProcess;
  base: string;
  stdout(): string;
}

/**
 * One request of each GET operation the server's own OpenAPI document lists, with the ids of rows it lists, and the
 * public list, the health checks and the document itself: each must answer 2xx.
 */
interface Operations {
  get?: { parameters?: { name: string; in: string; required?: boolean; example?: unknown }[] };
}

async function smoke(server: Server, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const document = (await (await fetch(`${server.base}/api/v1/openapi.json`)).json()) as { paths: Record<string, Operations> };
  const paths = ['/healthz', '/readyz', '/api/v1/openapi.json'];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!operations.get) continue;
    const parameter = path.indexOf('/{');
    // The batch status: its required ids, as its example gives them.
    const required = operations.get.parameters?.filter((p) => p.in === 'query' && p.required) ?? [];
    if (parameter === -1) {
      paths.push(
        required.length > 0
          ? `${path}?${required.map((p) => `${p.name}=${encodeURIComponent([p.example].flat().join(','))}`).join('&')}`
          : `${path}?limit=5`,
      );
      continue;
    }
    // /associados/{id}/situacao: the id of the first row /associados lists.
    const list = path.slice(0, parameter);
    const rows = (await (await fetch(`${server.base}${list}?limit=1`, { headers })).json()) as Record<string, unknown>[];
    const id = rows[0]?.matricula ?? rows[0]?.id;
    assert.ok(typeof id === 'string' || typeof id === 'number', `no row in ${list} to ask ${path} about`);
    paths.push(path.replace(/\{[^}]+\}/, String(id)));
  }
  assert.ok(paths.length >= 10, paths.join(' '));
  for (const path of paths) {
    const response = await fetch(`${server.base}${path}`, { headers });
    const body = await response.text();
    assert.ok(response.ok, `${path}: ${response.status} ${body.slice(0, 300)}`);
  }
}

describe(
  `upgrading from the previous release (${PREVIOUS_RELEASE})`,
  { skip: onPostgres ? false : 'needs DATABASE_URL: production runs on PostgreSQL only' },
  () => {
    const scratch = mkdtempSync(join(tmpdir(), 'associa-previous-'));
    const tree = join(scratch, 'tree');
    const name = `associa_test_${randomBytes(6).toString('hex')}`;
    const url = withDatabaseName(process.env.DATABASE_URL ?? 'postgres://localhost/none', name);
    const servers: Server[] = [];
    let previous: Server;
    let token: string;
    /** A token of this release's scopes, made once this release runs. */
    let currentToken: string;

    /** The previous release's `associa args…`. */
    const previousCli = (args: string[]) =>
      run(process.execPath, [join(tree, 'bin/associa.js'), ...args], { env: childEnv({ DATABASE_URL: url }), cwd: tree });

    before(async () => {
      await run('git', ['-C', ROOT, 'cat-file', '-e', `${PREVIOUS_RELEASE}^{commit}`]).catch(() => {
        throw new Error(
          `The previous release ${PREVIOUS_RELEASE} is not in this clone's history (a shallow clone?): git fetch --unshallow`,
        );
      });
      await run('git', ['-C', ROOT, 'worktree', 'add', '--detach', tree, PREVIOUS_RELEASE]);
      symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
      // Its own build script, as its `npm ci` would run it.
      await run('npm', ['run', '--silent', 'build'], { cwd: tree });
      await adminQuery(process.env.DATABASE_URL!, `create database ${name}`);

      // The previous release migrates the fresh database as it opens it, seeds it and creates a token with every scope.
      await previousCli(['seed', '--members', '200']);
      const scopes = await previousCli(['token', 'create', '--name', 'x', '--scopes', 'none']).then(
        () => assert.fail('an unknown scope was accepted'),
        (error: { stderr: string }) => /the scopes are ([^;\n]+?)\.?$/m.exec(error.stderr)?.[1]?.split(', '),
      );
      assert.ok(scopes && scopes.length > 1, 'the scopes of the previous release');
      const created = await previousCli(['token', 'create', '--name', 'upgrade test', '--scopes', scopes.join(','), '--json']);
      token = (JSON.parse(created.stdout) as { token: string }).token;
      previous = await serveWith(['serve'], { DATABASE_URL: url }, join(tree, 'bin/associa.js'));
      servers.push(previous);
    });

    after(async () => {
      for (const { child } of servers) {
        if (child.exitCode !== null) continue;
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await run('git', ['-C', ROOT, 'worktree', 'remove', '--force', tree]).catch(() => {});
      rmSync(scratch, { recursive: true, force: true });
      if (onPostgres) await adminQuery(process.env.DATABASE_URL!, `drop database if exists ${name} with (force)`);
    });

    it("this release migrates the database while the previous release serves, and every GET of the previous release's still answers", async () => {
      await smoke(previous, token);
      const migrated = await runCli(['migrate'], { DATABASE_URL: url });
      assert.equal(migrated.code, 0, migrated.stderr);
      assert.match(migrated.stdout, /^The database schema is up to date \(\d+ migrations\)\.$/m);
      await smoke(previous, token);
    });

    it('this release then serves in production on that database without --migrate', async () => {
      // What an administrator does after the upgrade to use what it adds: a token with its scopes, an exam scheduled.
      const created = await runCli(['token', 'create', '--name', 'after the upgrade', '--scopes', SCOPE_NAMES.join(','), '--json'], {
        DATABASE_URL: url,
      });
      assert.equal(created.code, 0, created.stderr);
      currentToken = (JSON.parse(created.stdout) as { token: string }).token;
      const exam = await runCli(['prova', 'create', '--code', 'TE-UPGRADE-2099', '--specialty', 'cardiologia', '--date', '2099-10-04'], {
        DATABASE_URL: url,
      });
      assert.equal(exam.code, 0, exam.stderr);
      const current = await serveWith(['serve'], { DATABASE_URL: url, NODE_ENV: 'production', PUBLIC_BASE_URL });
      servers.push(current);
      await smoke(current, currentToken);
      current.child.kill('SIGTERM');
      await once(current.child, 'exit');
    });

    it('and on a database a newer release has migrated, logging it; the previous release still serves', async () => {
      await adminQuery(
        url,
        `insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_release', '${new Date().toISOString()}')`,
      );
      const current = await serveWith(['serve'], { DATABASE_URL: url, NODE_ENV: 'production', PUBLIC_BASE_URL });
      servers.push(current);
      assert.match(current.stdout(), /"level":40,.*"unknown":\["9999_from_a_newer_release"\]/);
      await smoke(current, currentToken);
      await smoke(previous, token);
    });
  },
);
