import { createInterface } from 'node:readline';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { pino } from 'pino';
import { limitOrDefault, positiveInteger } from './command-options.js';
import { suggestLimits, type DefaultLimits } from './audit/limit-suggestion.js';
import { tokenUsePeaks, USE_DAYS } from './audit/token-use.queries.js';
import { loadConfig, type Config } from './config.js';
import { newerSchemaMessage, schemaStatus, type AppliedMigration, type SchemaStatus } from './db/migrate.js';
import { applyMigrations, openDatabase, type SchemaMode } from './db/open.js';
import { syncReferenceData } from './db/reference-data.js';
import type { Database } from './db/connection.js';
import { businessDate } from './domain/dates.js';
import { isUf } from './domain/uf.js';
import { createAdminUser } from './admin/admin-users.js';
import { seed } from './seed/load.js';
import { terminalProgress } from './seed/progress.js';
import { cliActor } from './operator.js';
import { Refused } from './operations/refused.js';
import { changeTokenLimits, createToken, revokeToken, type TokenReason } from './operations/tokens.js';
import { addWebhookCommands } from './webhook-commands.js';
import { addImportCommand } from './import/import-command.js';
import { parseDuration } from './tokens/duration.js';
import { isScope, SCOPE_NAMES, type Scope } from './tokens/scopes.js';
import { getToken, listTokens, MAX_TOKEN_CONCURRENCY, MAX_TOKEN_LIMIT, type TokenLimits } from './tokens/tokens.queries.js';

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
  if (seconds === null) throw new InvalidArgumentError('expected a duration such as 12h, 90d, 8w or 1y, at most 5y.');
  return seconds;
}

function regional(value: string): string {
  const code = value.toUpperCase();
  if (!isUf(code)) throw new InvalidArgumentError(`"${value}" is not a regional code (a state abbreviation such as SP).`);
  return code;
}

/** A limit given to `token limits`: a number, or the word `default`. */
type Limit = number | 'default';

function defaultLimits(config: Config): DefaultLimits {
  return { rateLimit: config.rateLimitToken, concurrency: config.concurrencyLimitToken, cpfMisses: config.cpfLookupLimits };
}

/** A reason an operation on a token gave, as the command line says it. */
function tokenReasonText(reason: TokenReason): string {
  switch (reason.rule) {
    case 'name_length':
      return `--name must have ${reason.min} to ${reason.max} characters.`;
    case 'no_scope':
    case 'unknown_scope':
      return `unknown scope ${reason.rule === 'unknown_scope' ? reason.scopes.map((s) => `"${s}"`).join(', ') : '(none given)'}; the scopes are ${SCOPE_NAMES.join(', ')}.`;
    case 'lifetime':
      return `--expires-in must be from ${reason.min / 3600}h to ${reason.max / (365 * 86400)}y.`;
    case 'regional':
      return `"${reason.regional}" is not a regional code (a state abbreviation such as SP).`;
    case 'limit_range':
      return `${reason.limit} must be a whole number from 1 to ${reason.max}.`;
    case 'cpf_minute_over_day':
      return `CPF misses per minute (${reason.perMinute}) exceed CPF misses per day (${reason.perDay}); raise the day's limit too.`;
  }
}

/** Runs a token operation; a refusal ends the command with its reasons on one line. */
async function onToken<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    if (error instanceof Refused) throw new UsageError((error.reasons as TokenReason[]).map(tokenReasonText).join(' '));
    throw error;
  }
}

/** "600 (service default)" or "2000". */
function limitText(own: number | null, standard: number): string {
  return own === null ? `${standard} (service default)` : String(own);
}

/** A token's limits in force, one a line, and what its use of the last days suggests. */
async function printLimits(database: Database, token: TokenLimits & { id: number; nome: string }, defaults: DefaultLimits): Promise<void> {
  console.log(`Token ${token.id} "${token.nome}":`);
  console.log(`  rate limit             ${limitText(token.limite_por_minuto, defaults.rateLimit)} requests a minute`);
  console.log(`  concurrency            ${limitText(token.limite_simultaneas, defaults.concurrency)} requests at once in an instance`);
  console.log(`  CPF misses per minute  ${limitText(token.limite_cpf_sem_resultado_minuto, defaults.cpfMisses.perMinute)}`);
  console.log(`  CPF misses per day     ${limitText(token.limite_cpf_sem_resultado_dia, defaults.cpfMisses.perDay)}`);
  const use = await tokenUsePeaks(database.db, token.id);
  const suggested = suggestLimits(use, defaults);
  if (!use.requests && !use.cpfMissesDay) {
    console.log(`No use recorded in the last ${USE_DAYS} days.`);
    return;
  }
  const at = (minute: Date) => minute.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  console.log(`Busiest use in the last ${USE_DAYS} days:`);
  if (use.requests && suggested.rateLimit !== undefined) {
    console.log(`  ${use.requests.count} requests in a minute (${at(use.requests.minute)}); suggested --rate-limit ${suggested.rateLimit}`);
  }
  if (use.cpfMissesMinute && use.cpfMissesDay && suggested.cpfMisses) {
    console.log(
      `  ${use.cpfMissesMinute.count} CPF misses in a minute (${at(use.cpfMissesMinute.minute)}), ${use.cpfMissesDay.count} in a day ` +
        `(${use.cpfMissesDay.day}); suggested --cpf-misses-per-minute ${suggested.cpfMisses.perMinute} --cpf-misses-per-day ${suggested.cpfMisses.perDay}`,
    );
  }
  if (use.refused > 0) console.log(`  ${use.refused} requests refused with 429 (a limit reached)`);
}

/** Runs `work` on the configured database; in production it refuses one that lacks migrations (src/db/open.ts). */
async function withDatabase<T>(
  work: (database: Database, config: Config) => Promise<T>,
  options: { config?: Config; schema?: SchemaMode } = {},
): Promise<T> {
  const config = options.config ?? loadConfig();
  const database = await openDatabase(config, options.schema ? { schema: options.schema } : {});
  try {
    return await work(database, config);
  } finally {
    await database.close();
  }
}

/** "3.2 s", or "85 ms" under a second. */
function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function appliedLine(migration: AppliedMigration): string {
  const notes = [
    migration.batches === undefined
      ? ''
      : `${migration.batches.toLocaleString('en')} batches, ${(migration.rows ?? 0).toLocaleString('en')} rows`,
    migration.lockTimeouts > 0 ? `after ${migration.lockTimeouts} lock ${migration.lockTimeouts === 1 ? 'timeout' : 'timeouts'}` : '',
  ].filter(Boolean);
  return `Applied ${migration.name} in ${duration(migration.ms)}${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

/** `migrate --status`: one migration a line, then a count. */
function printStatus(status: SchemaStatus, json: boolean): void {
  if (json) {
    const recorded = ({ name, appliedAt }: { name: string; appliedAt: Date }) => ({ name, applied_at: appliedAt.toISOString() });
    console.log(JSON.stringify({ applied: status.applied.map(recorded), pending: status.pending, unknown: status.unknown.map(recorded) }));
    return;
  }
  const width = Math.max(0, ...[...status.applied, ...status.unknown].map((m) => m.name.length), ...status.pending.map((n) => n.length));
  for (const migration of status.applied) console.log(`applied  ${migration.name.padEnd(width)}  ${migration.appliedAt.toISOString()}`);
  for (const name of status.pending) console.log(`pending  ${name}`);
  for (const migration of status.unknown) {
    console.log(`unknown  ${migration.name.padEnd(width)}  ${migration.appliedAt.toISOString()}  (applied by a newer release)`);
  }
  console.log(
    `${status.applied.length} applied, ${status.pending.length} pending` +
      (status.unknown.length ? `, ${status.unknown.length} unknown to this release.` : '.'),
  );
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
    .configureOutput({ outputError: (text, write) => write(text.split('\n')[0] + '\n') })
    .option('--operator <name>', 'who is running the command, recorded by those that write (default: the login name and host)');

  program
    .command('serve')
    .description('run the API (embedded database with demo data unless DATABASE_URL is set)')
    .option('--migrate', 'apply pending migrations first (with NODE_ENV=production; otherwise serve always does)', false)
    .action(async (options: { migrate: boolean }) => {
      const config = loadConfig();
      // In production a release's migrations are applied by the release step, `associa migrate`, before any instance
      // of it starts; an instance that finds some missing refuses to start rather than migrate under the others.
      const schema = options.migrate || !config.production ? 'migrate' : 'check';
      // The database opens while the HTTP stack's modules initialise.
      const database = openDatabase(config, { schema, logger: pino({ level: config.logLevel }) });
      database.catch(() => {});
      const { startServer } = await import('./server.js');
      await startServer(config, database);
    });

  program
    .command('migrate')
    .description("bring the database schema up to date (a release's release step)")
    .option('--status', 'list the applied, pending and unknown migrations instead; exit status 3 when some are pending', false)
    .option('--json', 'with --status: print a JSON object', false)
    .action((options: { status: boolean; json: boolean }) =>
      withDatabase(
        async (database, config) => {
          const status = await schemaStatus(database.db);
          if (options.status) {
            printStatus(status, options.json);
            if (status.pending.length > 0) process.exitCode = 3;
            return;
          }
          if (status.unknown.length > 0 && status.pending.length === 0) {
            console.log(`${newerSchemaMessage(status)}: nothing to apply; this release runs on that schema as it is.`);
            return;
          }
          // A long backfill says how far it is, every 10 s.
          let reported = Date.now();
          await applyMigrations(config, database, {
            onApplied: (migration) => console.log(appliedLine(migration)),
            onBatch: ({ name, batches, rows }) => {
              if (Date.now() - reported < 10_000) return;
              reported = Date.now();
              console.log(`${name}: ${rows.toLocaleString('en')} rows in ${batches.toLocaleString('en')} batches so far…`);
            },
            onRetry: ({ name, table, attempt, attempts, waitMs }) =>
              console.log(`${name}: ${table} stayed locked; attempt ${attempt + 1} of ${attempts} in ${duration(waitMs)}.`),
          });
          await syncReferenceData(database.db);
          const known = status.applied.length + status.pending.length;
          console.log(`The database schema is up to date (${known} ${known === 1 ? 'migration' : 'migrations'}).`);
        },
        { schema: 'as-is' },
      ),
    );

  program
    .command('seed')
    .description('fill the database with deterministic fictitious data (in one transaction)')
    .option('--members <n>', 'how many members', positiveInteger('--members', 10_000_000), 2000)
    .option('--seed <s>', 'seed of the generator: the same seed gives the same data', positiveInteger('--seed', 2 ** 31), 1)
    .option('--reset', 'replace the members, courses and invoices already there (tokens, admins and audit are kept)', false)
    .option('--production-database', "with --reset and NODE_ENV=production: yes, replace a production database's data", false)
    .action((options: { members: number; seed: number; reset: boolean; productionDatabase: boolean }) => {
      const config = loadConfig();
      if (options.reset && config.production && !options.productionDatabase) {
        throw new UsageError(
          'seed --reset would replace the members, courses and invoices of this production database (NODE_ENV=production) with fictitious ones; add --production-database if that is what you want.',
        );
      }
      return withDatabase(
        async (database) => {
          const started = Date.now();
          const now = new Date();
          const result = await seed(
            database,
            { members: options.members, seed: options.seed, reset: options.reset, now, today: businessDate(now) },
            terminalProgress(),
          );
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          console.log(`Seeded ${result.members} members, ${result.courses} courses and ${result.invoices} invoices in ${seconds} s.`);
        },
        { config },
      );
    });

  const token = program.command('token').description('manage API tokens');
  token
    .command('create')
    .description('create a token and print it (it is shown only once)')
    .requiredOption('--name <name>', 'what the token is for, e.g. "ERP"')
    .requiredOption('--scopes <list>', `comma-separated scopes: ${SCOPE_NAMES.join(', ')}`, scopeList)
    .addOption(new Option('--expires-in <duration>', 'lifetime, e.g. 90d, 12w, 1y').argParser(lifetime).default(365 * 86400, '365d'))
    .option('--regional <code>', 'restrict the token to one regional branch (e.g. SP)', regional)
    .option(
      '--rate-limit <n>',
      'requests per minute for this token (default: the service default)',
      positiveInteger('--rate-limit', MAX_TOKEN_LIMIT),
    )
    .option(
      '--concurrency <n>',
      'requests in flight at once in an instance for this token (default: the service default)',
      positiveInteger('--concurrency', MAX_TOKEN_CONCURRENCY),
    )
    .option(
      '--cpf-misses-per-minute <n>',
      'lookups by CPF that find nobody allowed per minute (default: the service default)',
      positiveInteger('--cpf-misses-per-minute', MAX_TOKEN_LIMIT),
    )
    .option(
      '--cpf-misses-per-day <n>',
      'lookups by CPF that find nobody allowed per day (default: the service default)',
      positiveInteger('--cpf-misses-per-day', MAX_TOKEN_LIMIT),
    )
    .option('--json', 'print a JSON object', false)
    .action(
      (
        options: {
          name: string;
          scopes: Scope[];
          expiresIn: number;
          regional?: string;
          rateLimit?: number;
          concurrency?: number;
          cpfMissesPerMinute?: number;
          cpfMissesPerDay?: number;
          json: boolean;
        },
        command: Command,
      ) =>
        withDatabase(async (database, config) => {
          const name = options.name.trim();
          const limits: TokenLimits = {
            limite_por_minuto: options.rateLimit ?? null,
            limite_simultaneas: options.concurrency ?? null,
            limite_cpf_sem_resultado_minuto: options.cpfMissesPerMinute ?? null,
            limite_cpf_sem_resultado_dia: options.cpfMissesPerDay ?? null,
          };
          const request = {
            nome: name,
            scopes: options.scopes,
            lifetimeSeconds: options.expiresIn,
            regional: options.regional ?? null,
            limits,
          };
          const created = await onToken(createToken(database.db, cliActor(command), request, defaultLimits(config)));
          if (options.json) {
            console.log(
              JSON.stringify({
                id: created.id,
                token: created.token,
                name,
                scopes: options.scopes,
                expires_at: created.expiraEm.toISOString(),
                regional: options.regional ?? null,
                rate_limit: limits.limite_por_minuto,
                concurrency: limits.limite_simultaneas,
                cpf_misses_per_minute: limits.limite_cpf_sem_resultado_minuto,
                cpf_misses_per_day: limits.limite_cpf_sem_resultado_dia,
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
    .option('--json', 'print JSON (a limit is null where the service default applies)', false)
    .action((options: { json: boolean }) =>
      withDatabase(async (database, config) => {
        const rows = await listTokens(database.db);
        const defaults = defaultLimits(config);
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
                concurrency: row.limite_simultaneas,
                cpf_misses_per_minute: row.limite_cpf_sem_resultado_minuto,
                cpf_misses_per_day: row.limite_cpf_sem_resultado_dia,
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
              `rate limit ${limitText(row.limite_por_minuto, defaults.rateLimit)}/min`,
              `concurrency ${limitText(row.limite_simultaneas, defaults.concurrency)}`,
              `CPF misses ${limitText(row.limite_cpf_sem_resultado_minuto, defaults.cpfMisses.perMinute)}/min, ` +
                `${limitText(row.limite_cpf_sem_resultado_dia, defaults.cpfMisses.perDay)}/day`,
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
    .action((id: number, _options: unknown, command: Command) =>
      withDatabase(async (database) => {
        const token = await getToken(database.db, id);
        if (!token || !(await revokeToken(database.db, cliActor(command), token))) throw new UsageError(`No active token has id ${id}.`);
        console.log(`Token ${id} revoked.`);
      }),
    );

  token
    .command('limits')
    .description("print a token's limits and what its use suggests; with options, change them first")
    .argument('<id>', 'the token id (see `associa token list`)', positiveInteger('id'))
    .option('--rate-limit <n|default>', 'requests per minute', limitOrDefault('--rate-limit', MAX_TOKEN_LIMIT))
    .option(
      '--concurrency <n|default>',
      'requests in flight at once in an instance',
      limitOrDefault('--concurrency', MAX_TOKEN_CONCURRENCY),
    )
    .option(
      '--cpf-misses-per-minute <n|default>',
      'lookups by CPF that find nobody per minute',
      limitOrDefault('--cpf-misses-per-minute', MAX_TOKEN_LIMIT),
    )
    .option(
      '--cpf-misses-per-day <n|default>',
      'lookups by CPF that find nobody per day',
      limitOrDefault('--cpf-misses-per-day', MAX_TOKEN_LIMIT),
    )
    .action(
      (
        id: number,
        options: { rateLimit?: Limit; concurrency?: Limit; cpfMissesPerMinute?: Limit; cpfMissesPerDay?: Limit },
        command: Command,
      ) =>
        withDatabase(async (database, config) => {
          const token = await getToken(database.db, id);
          if (!token) throw new UsageError(`No token has id ${id}.`);
          const defaults = defaultLimits(config);
          /** The option's limit, null for the default, or the token's own when the option was not given. */
          const limit = (option: Limit | undefined, own: number | null) =>
            option === undefined ? own : option === 'default' ? null : option;
          const limits: TokenLimits = {
            limite_por_minuto: limit(options.rateLimit, token.limite_por_minuto),
            limite_simultaneas: limit(options.concurrency, token.limite_simultaneas),
            limite_cpf_sem_resultado_minuto: limit(options.cpfMissesPerMinute, token.limite_cpf_sem_resultado_minuto),
            limite_cpf_sem_resultado_dia: limit(options.cpfMissesPerDay, token.limite_cpf_sem_resultado_dia),
          };
          const changing = Object.values(options).some((value) => value !== undefined);
          if (changing) {
            await onToken(changeTokenLimits(database.db, cliActor(command), token, limits, defaults));
            console.log(`Token ${id}: limits changed; the API applies them within a second.`);
          }
          await printLimits(database, { ...token, ...limits }, defaults);
        }),
    );

  addWebhookCommands(program, withDatabase, (message) => new UsageError(message));
  addImportCommand(program, withDatabase);

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
