import { type Command } from 'commander';
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { newerSchemaMessage, schemaStatus, type AppliedMigration, type SchemaStatus } from '../db/migrate.js';
import { applyMigrations, openDatabase } from '../db/open.js';
import { syncReferenceData } from '../db/reference-data.js';
import { businessDate } from '../domain/dates.js';
import { seed } from '../seed/load.js';
import { terminalProgress } from '../seed/progress.js';
import { positiveInteger } from './options.js';
import { UsageError, withDatabase } from './usage.js';

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

/** `associa serve`, `migrate` and `seed`: the service, its schema and its demo data. */
export function addDatabaseCommands(program: Command): void {
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
      const { startServer } = await import('../server.js');
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
}
