import { type Command, InvalidArgumentError, Option } from 'commander';
import { suggestLimits, type DefaultLimits } from '../audit/limit-suggestion.js';
import { tokenUsePeaks, USE_DAYS } from '../audit/token-use.queries.js';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import { isUf } from '../domain/uf.js';
import { Refused } from '../operations/refused.js';
import { changeTokenLimits, createToken, revokeToken, type TokenReason } from '../operations/tokens.js';
import { parseDuration } from '../tokens/duration.js';
import { isScope, SCOPE_NAMES, type Scope } from '../tokens/scopes.js';
import { getToken, listTokens, MAX_TOKEN_CONCURRENCY, MAX_TOKEN_LIMIT, type TokenLimits } from '../tokens/tokens.queries.js';
import { cliActor } from './operator.js';
import { limitOrDefault, positiveInteger } from './options.js';
import { UsageError, withDatabase } from './usage.js';

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

/** `associa token …`: what Integrações does with tokens, for the association's IT. */
export function addTokenCommands(program: Command): void {
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
}
