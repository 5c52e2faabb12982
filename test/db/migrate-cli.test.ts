import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { adminQuery, onPostgres, withDatabaseName } from '../helpers/database.js';
import { runCli, serveWith, tempDir } from '../helpers/processes.js';

/** This release's migrations, in order. */
const MIGRATIONS = readdirSync(new URL('../../migrations/', import.meta.url))
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .map((name) => name.replace(/\.sql$/, ''));
const PUBLIC_BASE_URL = 'https://api.associa.example';

/** A database nothing has migrated: a new PostgreSQL database when the tests run on PostgreSQL, else an embedded one. */
async function freshDatabase(): Promise<{ env: Record<string, string>; url?: string; dispose(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { env: { DATA_DIR: tempDir() }, dispose: () => Promise.resolve() };
  const name = `associa_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = withDatabaseName(serverUrl, name);
  return {
    env: { DATABASE_URL: url },
    url,
    dispose: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`).then(() => {}),
  };
}

describe('associa migrate', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  before(async () => {
    fresh = await freshDatabase();
  });
  after(() => fresh.dispose());

  it('lists what is pending with --status, exit status 3', async () => {
    const { code, stdout, stderr } = await runCli(['migrate', '--status'], fresh.env);
    assert.equal(code, 3, stderr);
    assert.equal(stdout, `${MIGRATIONS.map((name) => `pending  ${name}\n`).join('')}0 applied, ${MIGRATIONS.length} pending.\n`);
  });

  it('prints each migration it applied with its duration, then that the schema is up to date', async () => {
    const { code, stdout, stderr } = await runCli(['migrate'], fresh.env);
    assert.equal(code, 0, stderr);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines.length, MIGRATIONS.length + 1, stdout);
    for (const [index, name] of MIGRATIONS.entries()) assert.match(lines[index]!, new RegExp(`^Applied ${name} in \\d+(\\.\\d)? (ms|s)$`));
    assert.equal(lines.at(-1), `The database schema is up to date (${MIGRATIONS.length} migrations).`);

    const again = await runCli(['migrate'], fresh.env);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(again.stdout, `The database schema is up to date (${MIGRATIONS.length} migrations).\n`);
  });

  it('lists what is applied, and when, with --status and --status --json, exit status 0', async () => {
    const text = await runCli(['migrate', '--status'], fresh.env);
    assert.equal(text.code, 0, text.stderr);
    const lines = text.stdout.trimEnd().split('\n');
    for (const [index, name] of MIGRATIONS.entries())
      assert.match(lines[index]!, new RegExp(`^applied  ${name} +\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`));
    assert.equal(lines.at(-1), `${MIGRATIONS.length} applied, 0 pending.`);

    const json = await runCli(['migrate', '--status', '--json'], fresh.env);
    assert.equal(json.code, 0, json.stderr);
    const status = JSON.parse(json.stdout) as { applied: { name: string; applied_at: string }[]; pending: string[]; unknown: unknown[] };
    assert.deepEqual(
      status.applied.map((migration) => migration.name),
      MIGRATIONS,
    );
    assert.ok(status.applied.every((migration) => Date.now() - Date.parse(migration.applied_at) < 600_000));
    assert.deepEqual(status.pending, []);
    assert.deepEqual(status.unknown, []);
  });
});

describe('production (PostgreSQL)', { skip: onPostgres ? false : 'needs DATABASE_URL: production runs on PostgreSQL only' }, () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let production: Record<string, string>;
  const servers: { child: ChildProcess }[] = [];
  before(async () => {
    fresh = await freshDatabase();
    production = { ...fresh.env, NODE_ENV: 'production', PUBLIC_BASE_URL };
  });
  after(async () => {
    for (const { child } of servers) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
    await fresh.dispose();
  });

  it('serve refuses a database that lacks migrations of its release: one line, exit status 1', async () => {
    const { code, stdout, stderr } = await runCli(['serve'], { ...production, PORT: '0' });
    assert.equal(code, 1);
    assert.equal(stdout, '');
    const lacking = `${MIGRATIONS.slice(0, 3).join(', ')} and ${MIGRATIONS.length - 3} more`;
    assert.equal(
      stderr,
      `associa: The database schema lacks migrations ${lacking}: run \`associa migrate\` first (the release step), or \`associa serve --migrate\`.\n`,
    );
  });

  it('serve --migrate applies them, says so in its log, and serves', async () => {
    const server = await serveWith(['serve', '--migrate'], { ...production, LOG_LEVEL: 'info' });
    servers.push(server);
    const logged = server
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; migrations?: string[] });
    const applied = logged.find((line) => line.msg === `applied ${MIGRATIONS.length} migrations`);
    assert.deepEqual(applied?.migrations, MIGRATIONS, server.stdout());
    assert.equal((await fetch(`${server.base}/readyz`)).status, 200);
    const status = await runCli(['migrate', '--status'], production);
    assert.equal(status.code, 0, status.stdout);
  });

  it('seed --reset refuses a production database without --production-database', async () => {
    const refused = await runCli(['seed', '--members', '20', '--reset'], production);
    assert.equal(refused.code, 1);
    assert.equal(
      refused.stderr,
      'associa: seed --reset would replace the members, courses and invoices of this production database (NODE_ENV=production) with fictitious ones; add --production-database if that is what you want.\n',
    );
    const seeded = await runCli(['seed', '--members', '20', '--reset', '--production-database'], production);
    assert.equal(seeded.code, 0, seeded.stderr);
    assert.match(seeded.stdout, /Seeded 20 members/);
  });

  it('migrate on a database a newer release migrated applies nothing and says so; serve starts and logs it', async () => {
    await adminQuery(
      fresh.url!,
      `insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_release', '${new Date().toISOString()}')`,
    );
    const migrated = await runCli(['migrate'], production);
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.equal(
      migrated.stdout,
      'The database has a migration this release does not know (9999_from_a_newer_release), applied by a newer release: nothing to apply; this release runs on that schema as it is.\n',
    );
    const status = await runCli(['migrate', '--status'], production);
    assert.equal(status.code, 0);
    assert.match(status.stdout, /^unknown {2}9999_from_a_newer_release +\S+ {2}\(applied by a newer release\)$/m);
    assert.match(status.stdout, new RegExp(`^${MIGRATIONS.length} applied, 0 pending, 1 unknown to this release\\.$`, 'm'));

    const server = await serveWith(['serve'], production);
    servers.push(server);
    const warning = JSON.parse(server.stdout().split('\n')[0]!) as { level: number; msg: string; unknown: string[] };
    assert.equal(warning.level, 40);
    assert.deepEqual(warning.unknown, ['9999_from_a_newer_release']);
    assert.match(
      warning.msg,
      /this release does not know \(9999_from_a_newer_release\), applied by a newer release; this release runs on it unchanged$/,
    );
    assert.equal((await fetch(`${server.base}/readyz`)).status, 200);
  });
});
