// Runs once, on PostgreSQL: the commands run the same queries on both databases; opening the embedded one's folder is test/server.test.ts's and test/db/migrate-cli.test.ts's.
import assert from 'node:assert/strict';
import { hostname, userInfo } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { connect, type Database } from '../src/db/connection.js';
import { isWellFormedToken } from '../src/tokens/token.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { runCli, tempDir } from './helpers/processes.js';

/** One line on stderr, nothing else. */
function assertOneLine(stderr: string, pattern: RegExp): void {
  assert.match(stderr, /^[^\n]+\n$/, `expected one line, got ${JSON.stringify(stderr)}`);
  assert.match(stderr, pattern);
}

describe('associa CLI', () => {
  let t: TestDatabase | undefined;
  let env: Record<string, string>;

  before(async () => {
    // On PostgreSQL the CLI works on a fresh database; otherwise on an embedded one in a folder of its own.
    if (process.env.DATABASE_URL) {
      t = await createTestDatabase();
      env = { DATABASE_URL: t.url! };
    } else {
      env = { DATA_DIR: tempDir() };
    }
  });
  after(() => t?.dispose());

  it('prints help listing its commands', async () => {
    const { code, stdout } = await runCli(['--help'], env);
    assert.equal(code, 0);
    for (const command of ['serve', 'migrate', 'seed', 'token', 'admin']) assert.match(stdout, new RegExp(`\\b${command}\\b`));
  });

  it('rejects an unknown option or command with one line and exit code 2', async () => {
    const option = await runCli(['seed', '--bogus'], env);
    assert.equal(option.code, 2);
    assertOneLine(option.stderr, /unknown option '--bogus'/);
    const command = await runCli(['sed'], env);
    assert.equal(command.code, 2);
    assertOneLine(command.stderr, /unknown command 'sed'/);
  });

  it('stops on a bad configuration value, naming the variable', async () => {
    const { code, stderr } = await runCli(['migrate'], { ...env, PORT: 'abc' });
    assert.equal(code, 1);
    assertOneLine(stderr, /^associa: Invalid configuration: PORT="abc" — expected a port number/);
  });

  it('stops when the database is unreachable, without revealing the password', async () => {
    const { code, stderr } = await runCli(['migrate'], { DATABASE_URL: 'postgres://associa:s3cret@127.0.0.1:1/associa' });
    assert.equal(code, 1);
    assertOneLine(stderr, /^associa: PostgreSQL at postgres:\/\/associa:\*\*\*@127\.0\.0\.1:1\/associa is unreachable: .*ECONNREFUSED/);
    assert.doesNotMatch(stderr, /s3cret/);
  });

  it('migrates', async () => {
    const { code, stdout } = await runCli(['migrate'], env);
    assert.equal(code, 0);
    assert.match(stdout, /schema is up to date/);
  });

  it('creates, lists and revokes tokens', async () => {
    const created = await runCli(
      ['token', 'create', '--name', 'ERP', '--scopes', 'faturas:read,associados:read', '--expires-in', '90d', '--json'],
      env,
    );
    assert.equal(created.code, 0, created.stderr);
    const token = JSON.parse(created.stdout) as { id: number; token: string; scopes: string[]; expires_at: string };
    assert.ok(Number.isInteger(token.id));
    assert.ok(isWellFormedToken(token.token));
    assert.deepEqual(token.scopes, ['faturas:read', 'associados:read']);
    const days = (Date.parse(token.expires_at) - Date.now()) / 86_400_000;
    assert.ok(days > 89.9 && days <= 90, `expires in ${days} days`);

    const listed = await runCli(['token', 'list', '--json'], env);
    assert.equal(listed.code, 0);
    const rows = JSON.parse(listed.stdout) as { id: number; name: string; prefix: string; status: string }[];
    const row = rows.find((r) => r.id === token.id)!;
    assert.equal(row.name, 'ERP');
    assert.equal(row.status, 'active');
    assert.ok(token.token.startsWith(row.prefix));
    assert.doesNotMatch(listed.stdout, new RegExp(token.token));

    const revoked = await runCli(['token', 'revoke', String(token.id)], env);
    assert.equal(revoked.code, 0);
    const again = await runCli(['token', 'revoke', String(token.id)], env);
    assert.equal(again.code, 1);
    assertOneLine(again.stderr, /No active token has id/);
    const relisted = JSON.parse((await runCli(['token', 'list', '--json'], env)).stdout) as { id: number; status: string }[];
    assert.equal(relisted.find((r) => r.id === token.id)!.status, 'revoked');
  });

  it('records who created a token: the name given with --operator, or the login name and host where USER is unset', async () => {
    const created = async (args: string[], extraEnv: Record<string, string | undefined> = {}) => {
      const result = await runCli([...args, '--scopes', 'cursos:read', '--json'], { ...env, ...extraEnv });
      assert.equal(result.code, 0, result.stderr);
      const { id } = JSON.parse(result.stdout) as { id: number };
      const row = await t!.database.db.selectFrom('api_token').select('criado_por').where('id', '=', id).executeTakeFirstOrThrow();
      return row.criado_por;
    };
    assert.equal(await created(['--operator', 'maria.souza', 'token', 'create', '--name', 'named']), 'cli:maria.souza');
    assert.equal(await created(['token', 'create', '--name', 'named after', '--operator', 'joao']), 'cli:joao');
    assert.equal(await created(['token', 'create', '--name', 'by cron'], { USER: undefined }), `cli:${userInfo().username}@${hostname()}`);
  });

  it('shows the default lifetime of a token in days', async () => {
    const help = await runCli(['token', 'create', '--help'], env);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /--expires-in <duration>[^(]*\(default: 365d\)/);
    assert.doesNotMatch(help.stdout, /31536000/);
  });

  it('creates a token restricted to a regional branch', async () => {
    const created = await runCli(
      ['token', 'create', '--name', 'Regional SP', '--scopes', 'associados:situacao', '--regional', 'sp', '--json'],
      env,
    );
    assert.equal(created.code, 0, created.stderr);
    assert.equal((JSON.parse(created.stdout) as { regional: string }).regional, 'SP');
  });

  it('rejects unknown scopes, bad lifetimes and unknown branches', async () => {
    for (const [args, pattern] of [
      [['--scopes', 'associados:write'], /unknown scope "associados:write"/],
      [['--scopes', 'cursos:read', '--expires-in', '10m'], /duration/],
      [['--scopes', 'cursos:read', '--regional', 'XX'], /regional code/],
    ] as const) {
      const { code, stderr } = await runCli(['token', 'create', '--name', 'x', ...args], env);
      assert.equal(code, 2);
      assertOneLine(stderr, pattern);
    }
  });

  /** `work` on the database the CLI uses, between two of its runs (the embedded one belongs to one process at a time). */
  const onCliDatabase = async (work: (database: Database) => Promise<unknown>) => {
    if (t) return void (await work(t.database));
    const database = await connect({ dataDir: env.DATA_DIR });
    try {
      await work(database);
    } finally {
      await database.close();
    }
  };

  it("creates a token with its own CPF-miss limits; token limits shows a token's limits, changes them, and sets them back to the default", async () => {
    const created = await runCli(
      [
        'token',
        'create',
        '--name',
        'Provas',
        '--scopes',
        'associados:situacao',
        '--cpf-misses-per-minute',
        '40',
        '--cpf-misses-per-day',
        '400',
        '--json',
      ],
      env,
    );
    assert.equal(created.code, 0, created.stderr);
    const token = JSON.parse(created.stdout) as {
      id: number;
      rate_limit: number | null;
      cpf_misses_per_minute: number;
      cpf_misses_per_day: number;
    };
    assert.deepEqual([token.rate_limit, token.cpf_misses_per_minute, token.cpf_misses_per_day], [null, 40, 400]);

    const shown = await runCli(['token', 'limits', String(token.id)], env);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(
      shown.stdout,
      `Token ${token.id} "Provas":\n` +
        '  rate limit             600 (service default) requests a minute\n' +
        '  concurrency            8 (service default) requests at once in an instance\n' +
        '  CPF misses per minute  40\n' +
        '  CPF misses per day     400\n' +
        'No use recorded in the last 7 days.\n',
    );

    const changed = await runCli(
      ['token', 'limits', String(token.id), '--rate-limit', '2000', '--concurrency', '3', '--cpf-misses-per-minute', 'default'],
      env,
    );
    assert.equal(changed.code, 0, changed.stderr);
    assert.match(changed.stdout, /^Token \d+: limits changed; the API applies them within a second\.\n/);
    assert.match(changed.stdout, /rate limit +2000 requests a minute\n/);
    assert.match(changed.stdout, /concurrency +3 requests at once in an instance\n/);
    assert.match(changed.stdout, /CPF misses per minute +20 \(service default\)\n/);
    assert.match(changed.stdout, /CPF misses per day +400\n/);

    const listed = JSON.parse((await runCli(['token', 'list', '--json'], env)).stdout) as Record<string, unknown>[];
    const row = listed.find((r) => r.id === token.id)!;
    assert.deepEqual([row.rate_limit, row.concurrency, row.cpf_misses_per_minute, row.cpf_misses_per_day], [2000, 3, null, 400]);
    const text = (await runCli(['token', 'list'], env)).stdout.split('\n').find((line) => line.startsWith(`${token.id}\t`));
    assert.match(text ?? '', /\trate limit 2000\/min\tconcurrency 3\tCPF misses 20 \(service default\)\/min, 400\/day$/);

    // What its use suggests: the busiest minute with headroom, in a round number.
    await onCliDatabase((database) =>
      sql`insert into uso_token_minuto (token_id, minuto, requisicoes, cpf_sem_resultado, recusadas)
        values (${token.id}, date_trunc('minute', now() - interval '1 day'), 1234, 35, 3)`.execute(database.db),
    );
    const suggested = await runCli(['token', 'limits', String(token.id)], env);
    assert.match(suggested.stdout, /Busiest use in the last 7 days:\n/);
    assert.match(suggested.stdout, / {2}1234 requests in a minute \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\); suggested --rate-limit 2000\n/);
    assert.match(
      suggested.stdout,
      / {2}35 CPF misses in a minute \([^)]+\), 35 in a day \(\d{4}-\d\d-\d\d\); suggested --cpf-misses-per-minute 60 --cpf-misses-per-day 200\n/,
    );
    assert.match(suggested.stdout, / {2}3 requests refused with 429/);
  });

  it('refuses limits that are not whole numbers, a minute above the day, and unknown tokens', async () => {
    const created = await runCli(['token', 'create', '--name', 'Limites', '--scopes', 'cursos:read', '--json'], env);
    const { id } = JSON.parse(created.stdout) as { id: number };
    for (const [args, pattern] of [
      [['--rate-limit', '0'], /--rate-limit must be a whole number from 1 to 100000000, or "default"/],
      [['--cpf-misses-per-day', 'muitos'], /--cpf-misses-per-day must be a whole number from 1 to 100000000, or "default"/],
    ] as const) {
      const { code, stderr } = await runCli(['token', 'limits', String(id), ...args], env);
      assert.equal(code, 2);
      assertOneLine(stderr, pattern);
    }
    const above = await runCli(['token', 'limits', String(id), '--cpf-misses-per-minute', '500'], env);
    assert.equal(above.code, 1);
    assertOneLine(above.stderr, /CPF misses per minute \(500\) exceed CPF misses per day \(200\)/);
    const create = await runCli(['token', 'create', '--name', 'x', '--scopes', 'cursos:read', '--cpf-misses-per-day', '10'], env);
    assert.equal(create.code, 1);
    assertOneLine(create.stderr, /CPF misses per minute \(20\) exceed CPF misses per day \(10\)/);
    const unknown = await runCli(['token', 'limits', '999999'], env);
    assert.equal(unknown.code, 1);
    assertOneLine(unknown.stderr, /No token has id 999999\./);
    const unchanged = JSON.parse((await runCli(['token', 'list', '--json'], env)).stdout) as Record<string, unknown>[];
    const row = unchanged.find((r) => r.id === id)!;
    assert.deepEqual([row.rate_limit, row.cpf_misses_per_minute, row.cpf_misses_per_day], [null, null, null]);
  });

  it('creates an administrator with the password from standard input', async () => {
    const created = await runCli(['admin', 'create', '--email', 'Secretaria@Associa.example'], env, 'uma senha bem longa\n');
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /secretaria@associa\.example/);
    const duplicate = await runCli(['admin', 'create', '--email', 'secretaria@associa.example'], env, 'outra senha bem longa\n');
    assert.equal(duplicate.code, 1);
    assertOneLine(duplicate.stderr, /already exists/);
    const short = await runCli(['admin', 'create', '--email', 'outra@associa.example'], env, 'curta\n');
    assert.equal(short.code, 1);
    assertOneLine(short.stderr, /at least 12 characters/);
  });

  it('seeds, refuses to seed again without --reset, and reseeds with it', async () => {
    const first = await runCli(['seed', '--members', '60', '--seed', '3'], env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /Seeded 60 members, 160 courses and \d+ invoices/);
    const again = await runCli(['seed', '--members', '60'], env);
    assert.equal(again.code, 1);
    assertOneLine(again.stderr, /already holds members.*--reset/);
    const reset = await runCli(['seed', '--members', '40', '--reset'], env);
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stdout, /Seeded 40 members/);
  });

  it('rejects a member count that is not a positive whole number', async () => {
    const { code, stderr } = await runCli(['seed', '--members', '0'], env);
    assert.equal(code, 2);
    assertOneLine(stderr, /--members must be a whole number/);
  });
});
