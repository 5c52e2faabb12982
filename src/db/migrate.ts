import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

/**
 * The migrations in `migrations/` (their rules are in migrations/README.md), recorded in Kysely's table
 * `kysely_migration` under Kysely's advisory lock, as every earlier release's Migrator recorded them. Each file is a
 * transaction of its own unless it opts out, and no statement waits long for a lock: one queued behind a long reader
 * would make every request queue behind it.
 *
 * Kysely's Migrator no longer applies them: it runs every migration inside one `db.connection()`, where the
 * service's pool (src/db/postgres-js.ts) pins no session, so a transaction per migration there reserved a
 * connection each and released only the last; and it refuses a database that has a migration it does not know.
 */

// migrations/ is at the package root: one folder above the bundle (dist/cli.js), two above this source file.
const MIGRATIONS_DIR =
  ['../migrations/', '../../migrations/'].map((path) => new URL(path, import.meta.url)).find((url) => existsSync(url)) ??
  new URL('../../migrations/', import.meta.url);

/** Kysely's table of applied migrations, in the default schema, as every release since the first has kept it. */
const MIGRATION_TABLE = 'kysely_migration';

export interface MigrateOptions {
  /** Folder of the migration files (tests and the upgrade benchmark use their own); default: the package's `migrations/`. */
  folder?: URL | string;
  /** How long a statement may wait for a lock before it gives up (then the migration is retried); default 2 s. */
  lockTimeoutMs?: number;
  /** Attempts of a migration whose statements keep timing out on a lock; default 5. */
  attempts?: number;
  /** Wait before the second attempt, doubled before each further one; default 1 s. */
  backoffMs?: number;
  /** Called as each migration is applied. */
  onApplied?: (migration: AppliedMigration) => void;
  /** Called when a migration timed out on a lock and will be attempted again. */
  onRetry?: (retry: { name: string; attempt: number; attempts: number; waitMs: number; table: string }) => void;
  /** Called after each batch of a repeated statement (a batched backfill), with the file's counts so far. */
  onBatch?: (progress: { name: string; batches: number; rows: number }) => void;
}

export interface AppliedMigration {
  name: string;
  ms: number;
  /** Attempts that gave up on a lock before the one that succeeded. */
  lockTimeouts: number;
  /** For a file with a repeated statement (a batched backfill): its executions, and the rows they changed. */
  batches?: number;
  rows?: number;
}

export interface RecordedMigration {
  name: string;
  appliedAt: Date;
}

export interface SchemaStatus {
  /** Migrations of this release the database has, in name order. */
  applied: RecordedMigration[];
  /** Migrations of this release the database lacks, in name order. */
  pending: string[];
  /** Migrations the database has that this release does not know: a newer release applied them. */
  unknown: RecordedMigration[];
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Applies the pending migrations in name order and returns what it applied. Each runs in a transaction of its own
 * with `lock_timeout` and no statement timeout (`-- associa:no-transaction` files run statement by statement
 * instead); one whose lock cannot be had is retried with backoff, then fails with a MigrationError naming it and
 * the table. A database with migrations this release does not know gets nothing: with pending ones too, that is
 * a MigrationError.
 *
 * Transactional migrations may run on any Kysely, the service's pool included. A no-transaction file needs `db`
 * to be one session: the embedded database, or `migrationSession(url)` on PostgreSQL (its advisory lock and its
 * settings are the session's, and the pool gives a statement outside a transaction the API's deadline).
 */
export async function migrate<DB>(db: Kysely<DB>, options: MigrateOptions = {}): Promise<AppliedMigration[]> {
  const files = await readMigrations(options.folder);
  const known = files.map((file) => file.name);
  const status = statusOf(known, await recordedMigrations(db));
  if (status.pending.length === 0) return [];
  assertApplicable(status);
  await createTables(db);
  const settings: Settings = {
    known,
    lockTimeoutMs: options.lockTimeoutMs ?? 2000,
    attempts: options.attempts ?? 5,
    backoffMs: options.backoffMs ?? 1000,
    onRetry: options.onRetry,
    onBatch: options.onBatch,
  };
  const applied: AppliedMigration[] = [];
  for (const file of files.filter((candidate) => status.pending.includes(candidate.name))) {
    const migration = await apply(db, file, settings);
    // Undefined: another process applied it meanwhile.
    if (!migration) continue;
    applied.push(migration);
    options.onApplied?.(migration);
  }
  return applied;
}

/** What the database has applied, against this release's migrations. */
export async function schemaStatus<DB>(db: Kysely<DB>, options: Pick<MigrateOptions, 'folder'> = {}): Promise<SchemaStatus> {
  const files = await readMigrations(options.folder);
  return statusOf(
    files.map((file) => file.name),
    await recordedMigrations(db),
  );
}

/** "The database has migrations this release does not know (…), applied by a newer release" */
export function newerSchemaMessage(status: SchemaStatus): string {
  const count = status.unknown.length;
  return `The database has ${count === 1 ? 'a migration' : `${count} migrations`} this release does not know (${names(status.unknown.map((m) => m.name))}), applied by a newer release`;
}

/** The first few names of a list, and how many more there are. */
export function names(list: readonly string[], shown = 3): string {
  return list.length <= shown + 1 ? list.join(', ') : `${list.slice(0, shown).join(', ')} and ${list.length - shown} more`;
}

/**
 * A Kysely on one PostgreSQL session of its own, for `migrate`: node-postgres with a single connection, without the
 * API's statement timeout or deadline. Destroy it afterwards.
 */
export function migrationSession(url: string): Kysely<unknown> {
  // Never closed while idle: the advisory lock and the settings of a no-transaction file are the connection's.
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    idleTimeoutMillis: 0,
    application_name: 'associa-migrate',
    connectionTimeoutMillis: 5000,
  });
  // A connection lost while idle is reported on the pool; the statement that next needs it fails by itself.
  pool.on('error', () => {});
  return new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Kysely's migration lock (its PostgresAdapter's advisory lock id), which every earlier release's Migrator takes
 * for as long as it migrates: a release never migrates alongside another.
 */
const LOCK_ID = '3853314791062309107';
/** How long a migrator waits for another to finish, as Kysely's Migrator waits. */
const LOCK_WAIT = '1h';

async function recordedMigrations<DB>(db: Kysely<DB>): Promise<RecordedMigration[]> {
  const { rows: found } = await sql<{ present: boolean }>`select to_regclass(${MIGRATION_TABLE}) is not null as present`.execute(db);
  if (!found[0]?.present) return [];
  const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from ${sql.table(MIGRATION_TABLE)}`.execute(db);
  return rows.map((row) => ({ name: row.name, appliedAt: new Date(row.timestamp) }));
}

function statusOf(known: readonly string[], recorded: readonly RecordedMigration[]): SchemaStatus {
  const byName = new Map(recorded.map((migration) => [migration.name, migration]));
  const knownNames = new Set(known);
  const inOrder = (a: RecordedMigration, b: RecordedMigration) => (a.name < b.name ? -1 : 1);
  return {
    applied: recorded.filter((migration) => knownNames.has(migration.name)).sort(inOrder),
    pending: known.filter((name) => !byName.has(name)),
    unknown: recorded.filter((migration) => !knownNames.has(migration.name)).sort(inOrder),
  };
}

/** Pending migrations are applied only after every applied one, and never on a newer release's schema. */
function assertApplicable(status: SchemaStatus): void {
  if (status.unknown.length > 0) {
    throw new MigrationError(`${newerSchemaMessage(status)}, and lacks ${names(status.pending)}: applied nothing.`);
  }
  const last = status.applied.at(-1)?.name;
  const early = status.pending.find((name) => last !== undefined && name < last);
  if (early) {
    throw new MigrationError(
      `Migration ${early} sorts before ${last}, which the database already has: a new migration must sort after every applied one (migrations/README.md); applied nothing.`,
    );
  }
}

/** Kysely's tables, as its Migrator creates them (an earlier release may yet open this database). */
async function createTables<DB>(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await lock(tx, 'transaction');
    await sql`create table if not exists ${sql.table(MIGRATION_TABLE)} (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(
      tx,
    );
    await sql`create table if not exists kysely_migration_lock (id varchar(255) not null primary key, is_locked integer not null default 0)`.execute(
      tx,
    );
    await sql`insert into kysely_migration_lock (id, is_locked) values ('migration_lock', 0) on conflict do nothing`.execute(tx);
  });
}

/** Takes Kysely's migration lock, waiting as long as its Migrator would for another migrator to finish. */
async function lock<DB>(db: Kysely<DB>, scope: 'transaction' | 'session'): Promise<void> {
  const take = scope === 'transaction' ? sql`pg_advisory_xact_lock` : sql`pg_advisory_lock`;
  // As Kysely takes it: set_config(…, true) outside a transaction lasts for this one statement.
  await sql`with wait as (select set_config('lock_timeout', ${LOCK_WAIT}, true)) select ${take}(${sql.lit(LOCK_ID)}::bigint) from wait`.execute(
    db,
  );
}

// Migration files

interface Statement {
  sql: string;
  /** `-- associa:repeat-until-zero`: executed again and again, each time its own transaction, until it changes no row. */
  repeat: boolean;
}

interface MigrationFile {
  name: string;
  transactional: boolean;
  statements: Statement[];
}

const FILE_DIRECTIVES = new Set(['no-transaction']);
const STATEMENT_DIRECTIVES = new Set(['repeat-until-zero']);

async function readMigrations(folder: URL | string = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const dir = typeof folder === 'string' ? pathToFileURL(`${resolve(folder)}/`) : folder;
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(files.map(async (file) => parseMigration(file.replace(/\.sql$/, ''), await readFile(new URL(file, dir), 'utf8'))));
}

export function parseMigration(name: string, text: string): MigrationFile {
  const transactional = !/^--\s*associa:no-transaction\s*$/m.test(text.split('\n', 1)[0] ?? '');
  const statements: Statement[] = [];
  for (const [index, chunk] of splitStatements(text).entries()) {
    const { directives, body } = leadingDirectives(chunk);
    for (const directive of directives) {
      const atStart = index === 0 && FILE_DIRECTIVES.has(directive) && chunk.trimStart().startsWith(`-- associa:${directive}`);
      if (!atStart && !STATEMENT_DIRECTIVES.has(directive)) {
        throw new MigrationError(
          `Migration ${name}: "-- associa:${directive}" is not a directive here (the first line may say no-transaction, the comment before a statement repeat-until-zero).`,
        );
      }
    }
    const repeat = directives.includes('repeat-until-zero');
    if (repeat && transactional) {
      throw new MigrationError(
        `Migration ${name}: a repeat-until-zero statement needs a file whose first line is "-- associa:no-transaction".`,
      );
    }
    if (!body) {
      if (repeat) throw new MigrationError(`Migration ${name}: "-- associa:repeat-until-zero" is followed by no statement.`);
      continue;
    }
    if (repeat && !/^(update|delete|insert)\b/i.test(body)) {
      throw new MigrationError(`Migration ${name}: a repeat-until-zero statement must be an update, delete or insert.`);
    }
    statements.push({ sql: body, repeat });
  }
  return { name, transactional, statements };
}

/** The `-- associa:…` directives among the comments that open a statement, and the statement without them. */
function leadingDirectives(chunk: string): { directives: string[]; body: string } {
  const directives: string[] = [];
  let rest = chunk.trimStart();
  for (;;) {
    if (rest.startsWith('--')) {
      const end = rest.indexOf('\n');
      const directive = /^--\s*associa:(\S+)/.exec(rest)?.[1];
      if (directive) directives.push(directive);
      rest = end === -1 ? '' : rest.slice(end + 1).trimStart();
    } else if (rest.startsWith('/*')) {
      const end = rest.indexOf('*/');
      rest = end === -1 ? '' : rest.slice(end + 2).trimStart();
    } else {
      return { directives, body: rest.trimEnd() };
    }
  }
}

/**
 * Splits SQL into statements at each `;` outside string literals, quoted identifiers, comments and dollar-quoted
 * bodies (a function's `$$ … $$`).
 */
export function splitStatements(text: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  let i = 0;
  const isWordChar = (c: string | undefined) => c !== undefined && /[\w$]/.test(c);
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < text.length && depth > 0) {
        const pair = text.slice(i, i + 2);
        depth += pair === '/*' ? 1 : pair === '*/' ? -1 : 0;
        i += pair === '/*' || pair === '*/' ? 2 : 1;
      }
    } else if (c === "'") {
      // E'…' strings escape with backslashes; every string may double its quote.
      const escapes = /[eE]/.test(text[i - 1] ?? '') && !isWordChar(text[i - 2]);
      i++;
      while (i < text.length) {
        if (escapes && text[i] === '\\') i += 2;
        else if (text[i] === "'" && text[i + 1] === "'") i += 2;
        else if (text[i] === "'") break;
        else i++;
      }
      i++;
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '$' && !isWordChar(text[i - 1])) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i))?.[0];
      if (tag) {
        const end = text.indexOf(tag, i + tag.length);
        i = end === -1 ? text.length : end + tag.length;
      } else {
        i++;
      }
    } else if (c === ';') {
      chunks.push(text.slice(start, i));
      i++;
      start = i;
    } else {
      i++;
    }
  }
  chunks.push(text.slice(start));
  return chunks.filter((chunk) => chunk.trim() !== '');
}

// Applying a file

interface Settings {
  /** The names of this release's migrations. */
  known: readonly string[];
  lockTimeoutMs: number;
  attempts: number;
  backoffMs: number;
  onRetry: MigrateOptions['onRetry'];
  onBatch: MigrateOptions['onBatch'];
}

class LockTimeout extends Error {
  constructor(
    readonly statement: number,
    readonly table: string,
    readonly sql: string,
  ) {
    super('lock timeout');
  }
}

/** Applies `file`, retrying it when a lock could not be had; undefined when another process applied it first. */
async function apply<DB>(db: Kysely<DB>, file: MigrationFile, settings: Settings): Promise<AppliedMigration | undefined> {
  const started = performance.now();
  const counts = { batches: 0, rows: 0 };
  for (let attempt = 1; ; attempt++) {
    try {
      const done = file.transactional
        ? await applyInTransaction(db, file, settings)
        : await applyStatementByStatement(db, file, settings, counts);
      if (!done) return undefined;
      return {
        name: file.name,
        ms: performance.now() - started,
        lockTimeouts: attempt - 1,
        ...(file.statements.some((statement) => statement.repeat) ? counts : {}),
      };
    } catch (error) {
      if (!(error instanceof LockTimeout)) throw error;
      if (attempt >= settings.attempts) {
        throw new MigrationError(
          `Migration ${file.name} gave up after ${attempt} waits of ${seconds(settings.lockTimeoutMs)} for a lock on ${error.table} ` +
            `(statement ${error.statement + 1}: ${snippet(error.sql)}): another session holds a conflicting lock. ` +
            (file.transactional
              ? 'Nothing of it was applied; run `associa migrate` again once the lock is released.'
              : 'Run `associa migrate` again once the lock is released: it runs the file again from its first statement.'),
        );
      }
      const waitMs = settings.backoffMs * 2 ** (attempt - 1);
      settings.onRetry?.({ name: file.name, attempt, attempts: settings.attempts, waitMs, table: error.table });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** Whether `file` is still to be applied, once the lock is held (another process may have applied it meanwhile). */
async function stillPending<DB>(db: Kysely<DB>, file: MigrationFile, settings: Settings): Promise<boolean> {
  const status = statusOf(settings.known, await recordedMigrations(db));
  if (status.unknown.length > 0) throw new MigrationError(`${newerSchemaMessage(status)} meanwhile: ${file.name} was not applied.`);
  return status.pending.includes(file.name);
}

async function record<DB>(db: Kysely<DB>, file: MigrationFile): Promise<void> {
  await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, timestamp) values (${file.name}, ${new Date().toISOString()})`.execute(db);
}

/** The file in one transaction, under the lock, which it records itself: applied and recorded, or neither. */
async function applyInTransaction<DB>(db: Kysely<DB>, file: MigrationFile, settings: Settings): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await lock(tx, 'transaction');
    if (!(await stillPending(tx, file, settings))) return false;
    // A migration may build an index over millions of rows: the API's statement timeout is not for it.
    await sql`select set_config('lock_timeout', ${`${settings.lockTimeoutMs}ms`}, true), set_config('statement_timeout', '0', true)`.execute(
      tx,
    );
    for (const [index, statement] of file.statements.entries()) await run(tx, file, index, statement.sql);
    await record(tx, file);
    return true;
  });
}

/**
 * A no-transaction file, statement by statement, under the lock held by the session. Each statement commits by
 * itself, so the file must be safe to run again from its start (migrations/README.md).
 */
async function applyStatementByStatement<DB>(
  session: Kysely<DB>,
  file: MigrationFile,
  settings: Settings,
  counts: { batches: number; rows: number },
): Promise<boolean> {
  await lock(session, 'session');
  const lockTimeout = `${settings.lockTimeoutMs}ms`;
  try {
    if (!(await stillPending(session, file, settings))) return false;
    await sql`select set_config('lock_timeout', ${lockTimeout}, false), set_config('statement_timeout', '0', false)`.execute(session);
    for (const [index, statement] of file.statements.entries()) {
      // An index built concurrently blocks no reader or writer while it waits for older transactions to end, so
      // it may wait as long as they last; any other statement may hold up the API's, and waits 2 s at most.
      const patient = /^create\s+(unique\s+)?index\s+concurrently\b/i.test(statement.sql);
      if (patient) await sql`select set_config('lock_timeout', '0', false)`.execute(session);
      try {
        if (!statement.repeat) {
          await run(session, file, index, statement.sql);
          continue;
        }
        // A batched backfill: each execution is its own short transaction, until one changes nothing. A `$1` in it
        // is the largest key the previous batch returned (null at first), so that each batch starts where the last
        // one ended instead of walking again over the rows already done.
        const keyed = /\$1\b/.test(statement.sql);
        let after: bigint | null = null;
        for (;;) {
          const { changed, rows } = await run(session, file, index, statement.sql, keyed ? [after?.toString() ?? null] : []);
          if (changed === undefined) {
            throw new MigrationError(`Migration ${file.name}: statement ${index + 1} is repeated but reports no count of changed rows.`);
          }
          counts.batches++;
          counts.rows += changed;
          settings.onBatch?.({ name: file.name, ...counts });
          if (changed === 0) break;
          if (keyed) after = largestKey(file, index, rows, after);
        }
      } finally {
        if (patient) await sql`select set_config('lock_timeout', ${lockTimeout}, false)`.execute(session);
      }
    }
    await record(session, file);
    return true;
  } finally {
    // The embedded database's one session goes on serving the service.
    for (const statement of ['reset lock_timeout', 'reset statement_timeout', `select pg_advisory_unlock(${LOCK_ID})`]) {
      await sql
        .raw(statement)
        .execute(session)
        .catch(() => {});
    }
  }
}

/** Runs statement `index` of `file`: the rows it changed, when it reports them, and the rows it returned. */
async function run<DB>(
  db: Kysely<DB>,
  file: MigrationFile,
  index: number,
  text: string,
  parameters: readonly unknown[] = [],
): Promise<{ changed: number | undefined; rows: unknown[] }> {
  try {
    const result = await db.executeQuery(CompiledQuery.raw(text, [...parameters]));
    return { changed: result.numAffectedRows === undefined ? undefined : Number(result.numAffectedRows), rows: result.rows };
  } catch (error) {
    if ((error as { code?: unknown }).code === '55P03') throw new LockTimeout(index, lockedTable(text), text);
    throw new MigrationError(`Migration ${file.name} failed at statement ${index + 1} (${snippet(text)}): ${oneLine(messageOf(error))}`);
  }
}

/** The largest integer in the first column of a batch's returned rows. */
function largestKey(file: MigrationFile, index: number, rows: unknown[], previous: bigint | null): bigint {
  let largest = previous;
  for (const row of rows) {
    const value = Object.values(row as Record<string, unknown>)[0];
    let key: bigint;
    try {
      key = BigInt(String(value));
    } catch {
      throw new MigrationError(`Migration ${file.name}: statement ${index + 1} uses $1, so it must return an integer key first.`);
    }
    if (largest === null || key > largest) largest = key;
  }
  if (largest === null || largest === previous) {
    throw new MigrationError(
      `Migration ${file.name}: statement ${index + 1} uses $1, so it must return the keys it changed (returning id).`,
    );
  }
  return largest;
}

/** The table a statement names first: the one whose lock it most likely waited for. */
function lockedTable(text: string): string {
  const match =
    /\b(?:alter\s+table|lock\s+table|update|delete\s+from|insert\s+into|truncate|drop\s+table|references|on)\s+(?:only\s+)?(?:if\s+exists\s+)?("[^"]+"|[\w.]+)/i.exec(
      withoutComments(text),
    );
  return match?.[1] ?? 'a table';
}

function withoutComments(text: string): string {
  return text.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
}

function snippet(text: string): string {
  const flat = withoutComments(text).replace(/\s+/g, ' ').trim();
  return flat.length > 70 ? `${flat.slice(0, 69)}…` : flat;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : JSON.stringify(error);
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
