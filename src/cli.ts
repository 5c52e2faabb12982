import { createInterface } from 'node:readline';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { positiveInteger } from './command-options.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import type { Database } from './db/connection.js';
import { businessDate } from './domain/dates.js';
import { isUf } from './domain/uf.js';
import { createAdminUser } from './admin/admin-users.js';
import { seed } from './seed/load.js';
import { terminalProgress } from './seed/progress.js';
import { parseDuration } from './tokens/duration.js';
import { isScope, SCOPE_NAMES, type Scope } from './tokens/scopes.js';
import { createToken, listTokens, MAX_TOKEN_LIFETIME_SECONDS, revokeToken } from './tokens/tokens.queries.js';

/** The `associa` command. Every failure ends with one line on stderr and a non-zero exit code. */

class UsageError extends Error {}

function scopeList(value: string): Scope[] {
  const scopes = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length || scopes.length === 0) {
    throw new InvalidArgumentError(
      `unknown scope ${unknown.map((s) => `"${s}"`).join(', ') || '(none given)'}; the scopes are ${SCOPE_NAMES.join(', ')}.`,
    );
  }
  return [...new Set(scopes)] as Scope[];
}

function lifetime(value: string): number {
  const seconds = parseDuration(value);
  if (seconds === null || seconds > MAX_TOKEN_LIFETIME_SECONDS) {
    throw new InvalidArgumentError('expected a duration such as 12h, 90d, 8w or 1y, at most 5y.');
  }
  return seconds;
}

function regional(value: string): string {
  const code = value.toUpperCase();
  if (!isUf(code)) throw new InvalidArgumentError(`"${value}" is not a regional code (a state abbreviation such as SP).`);
  return code;
}

async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig());
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      process.stderr.write(question);
      // Hide what is typed: the prompt was written above, keystrokes are not echoed.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
      rl.question('', (answer) => {
        process.stderr.write('\n');
        resolve(answer);
      });
    });
  try {
    const first = await ask('Password: ');
    const second = await ask('Repeat the password: ');
    if (first !== second) throw new UsageError('The passwords do not match.');
    return first;
  } finally {
    rl.close();
  }
}

export function buildCli(): Command {
  const program = new Command('associa')
    .description('Associa: the read-only integration API of a medical association (serve it, migrate, seed, manage tokens).')
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text.split('\n')[0] + '\n') });

  program
    .command('serve')
    .description('run the API (embedded database with demo data unless DATABASE_URL is set)')
    .action(async () => {
      const config = loadConfig();
      // The database opens while the HTTP stack's modules initialise.
      const database = openDatabase(config);
      database.catch(() => {});
      const { startServer } = await import('./server.js');
      await startServer(config, database);
    });

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(() =>
      withDatabase(() => {
        console.log('The database schema is up to date.');
        return Promise.resolve();
      }),
    );

  program
    .command('seed')
    .description('fill the database with deterministic fictitious data (in one transaction)')
    .option('--members <n>', 'how many members', positiveInteger('--members', 10_000_000), 2000)
    .option('--seed <s>', 'seed of the generator: the same seed gives the same data', positiveInteger('--seed', 2 ** 31), 1)
    .option('--reset', 'replace the members, courses and invoices already there (tokens, admins and audit are kept)', false)
    .action((options: { members: number; seed: number; reset: boolean }) =>
      withDatabase(async (database) => {
        const started = Date.now();
        const now = new Date();
        const result = await seed(database, { ...options, now, today: businessDate(now) }, terminalProgress());
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(`Seeded ${result.members} members, ${result.courses} courses and ${result.invoices} invoices in ${seconds} s.`);
      }),
    );

  const token = program.command('token').description('manage API tokens');
  token
    .command('create')
    .description('create a token and print it (it is shown only once)')
    .requiredOption('--name <name>', 'what the token is for, e.g. "ERP"')
    .requiredOption('--scopes <list>', `comma-separated scopes: ${SCOPE_NAMES.join(', ')}`, scopeList)
    .option('--expires-in <duration>', 'lifetime, e.g. 90d, 12w, 1y', lifetime, 365 * 86400)
    .option('--regional <code>', 'restrict the token to one regional branch (e.g. SP)', regional)
    .option(
      '--rate-limit <n>',
      'requests per minute for this token (default: the service default)',
      positiveInteger('--rate-limit', 100_000_000),
    )
    .option('--json', 'print a JSON object', false)
    .action((options: { name: string; scopes: Scope[]; expiresIn: number; regional?: string; rateLimit?: number; json: boolean }) =>
      withDatabase(async (database) => {
        const name = options.name.trim();
        if (!name || name.length > 100) throw new UsageError('--name must have 1 to 100 characters.');
        const created = await createToken(database.db, {
          nome: name,
          scopes: options.scopes,
          criadoPor: `cli:${process.env.USER ?? 'unknown'}`,
          lifetimeSeconds: options.expiresIn,
          regional: options.regional ?? null,
          limitePorMinuto: options.rateLimit ?? null,
        });
        if (options.json) {
          console.log(
            JSON.stringify({
              id: created.id,
              token: created.token,
              name,
              scopes: options.scopes,
              expires_at: created.expiraEm.toISOString(),
              regional: options.regional ?? null,
            }),
          );
        } else {
          console.log(`Token ${created.id} "${name}" (${options.scopes.join(', ')}), expires ${created.expiraEm.toISOString()}:`);
          console.log(created.token);
          console.log('Store it now: it cannot be shown again.');
        }
      }),
    );

  token
    .command('list')
    .description('list tokens (never their secrets)')
    .option('--json', 'print JSON', false)
    .action((options: { json: boolean }) =>
      withDatabase(async (database) => {
        const rows = await listTokens(database.db);
        const now = Date.now();
        const status = (row: (typeof rows)[number]) =>
          row.revogado_em ? 'revoked' : row.expira_em.getTime() <= now ? 'expired' : 'active';
        if (options.json) {
          console.log(
            JSON.stringify(
              rows.map((row) => ({
                id: row.id,
                name: row.nome,
                prefix: row.prefixo,
                scopes: row.scopes,
                regional: row.regional,
                rate_limit: row.limite_por_minuto,
                created_by: row.criado_por,
                created_at: row.criado_em.toISOString(),
                expires_at: row.expira_em.toISOString(),
                last_used_at: row.ultimo_uso_em?.toISOString() ?? null,
                revoked_at: row.revogado_em?.toISOString() ?? null,
                status: status(row),
              })),
            ),
          );
          return;
        }
        if (rows.length === 0) console.log('No tokens.');
        for (const row of rows) {
          console.log(
            [
              row.id,
              status(row),
              `${row.prefixo}…`,
              row.nome,
              row.scopes.join(','),
              `expires ${row.expira_em.toISOString().slice(0, 10)}`,
              row.regional ? `regional ${row.regional}` : '',
            ]
              .filter(Boolean)
              .join('\t'),
          );
        }
      }),
    );

  token
    .command('revoke')
    .description('revoke a token at once')
    .argument('<id>', 'the token id (see `associa token list`)', positiveInteger('id'))
    .action((id: number) =>
      withDatabase(async (database) => {
        if (!(await revokeToken(database.db, id))) throw new UsageError(`No active token has id ${id}.`);
        console.log(`Token ${id} revoked.`);
      }),
    );

  const admin = program.command('admin').description('manage administrators of the admin area');
  admin
    .command('create')
    .description('create an administrator (password from standard input, or asked for)')
    .requiredOption('--email <email>', "the administrator's e-mail address")
    .action((options: { email: string }) =>
      withDatabase(async (database) => {
        const password = await readPassword();
        const id = await createAdminUser(database.db, options.email, password);
        console.log(`Administrator ${id} <${options.email.trim().toLowerCase()}> created.`);
      }),
    );

  return program;
}

export async function runCli(argv: readonly string[]): Promise<void> {
  try {
    await buildCli().parseAsync([...argv]);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    process.stderr.write(`associa: ${(error as Error).message.split('\n')[0]}\n`);
    process.exitCode = 1;
  }
}
