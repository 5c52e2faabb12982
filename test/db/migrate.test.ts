import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { connect, type Database } from '../../src/db/connection.js';
import {
  migrate,
  MigrationError,
  migrationSession,
  parseMigration,
  schemaStatus,
  splitStatements,
  type MigrateOptions,
} from '../../src/db/migrate.js';
import { adminQuery, onPostgres, withDatabaseName } from '../helpers/database.js';
import { tempDir } from '../helpers/processes.js';

const MIGRATIONS = new URL('../../migrations/', import.meta.url);

/** A folder of migration files, for `migrate({ folder })`. */
function folder(files: Record<string, string>): string {
  const dir = tempDir('associa-migrations-');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('migration files', () => {
  it('are split at semicolons outside literals, quoted names, comments and dollar-quoted bodies', () => {
    const text = [
      "insert into t values ('a;b', E'c\\';d', 'e'';f');",
      'select "odd;name" from t; -- a comment; with a semicolon',
      '/* a block; /* nested; */ still; */ select 1;',
      'create function f() returns int language sql as $$ select 1; $$;',
      'create function g() returns int language plpgsql as $body$ begin return 2; end $body$',
    ].join('\n');
    assert.deepEqual(
      splitStatements(text).map((statement) => statement.trim()),
      [
        "insert into t values ('a;b', E'c\\';d', 'e'';f')",
        'select "odd;name" from t',
        '-- a comment; with a semicolon\n/* a block; /* nested; */ still; */ select 1',
        'create function f() returns int language sql as $$ select 1; $$',
        'create function g() returns int language plpgsql as $body$ begin return 2; end $body$',
      ],
    );
  });

  it("keeps each of this release's files whole where it must be: a function's body is one statement", () => {
    for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql'))) {
      const migration = parseMigration(file, readFileSync(new URL(file, MIGRATIONS), 'utf8'));
      assert.ok(migration.statements.length > 0, file);
      // A file run statement by statement holds index builds only (migrations/README.md).
      if (!migration.transactional)
        for (const statement of migration.statements)
          assert.match(
            statement.sql.replace(/^--.*\n/gm, '').trim(),
            /^(drop index concurrently if exists|create (unique )?index concurrently) /,
            file,
          );
      for (const statement of migration.statements) assert.equal(statement.sql.split('$$').length % 2, 1, `${file}: ${statement.sql}`);
    }
    const overdue = parseMigration('0007', readFileSync(new URL('0007_overdue_marks.sql', MIGRATIONS), 'utf8'));
    assert.ok(overdue.statements.some((statement) => /^create function[\s\S]*end\n\$\$$/.test(statement.sql)));
  });

  it('reads the directives, and refuses a misspelt or misplaced one', () => {
    const backfill = parseMigration(
      'x',
      '-- associa:no-transaction\nalter table t add column if not exists c int;\n-- why\n-- associa:repeat-until-zero\nupdate t set c = 1 where c is null;',
    );
    assert.equal(backfill.transactional, false);
    assert.deepEqual(
      backfill.statements.map((statement) => statement.repeat),
      [false, true],
    );
    assert.equal(backfill.statements[1]!.sql, 'update t set c = 1 where c is null');
    for (const [text, pattern] of [
      ['-- associa:no-transactions\nselect 1;', /"-- associa:no-transactions" is not a directive here/],
      ['select 1;\n-- associa:no-transaction\nselect 2;', /"-- associa:no-transaction" is not a directive here/],
      ['-- associa:repeat-until-zero\nupdate t set c = 1;', /needs a file whose first line is "-- associa:no-transaction"/],
      ['-- associa:no-transaction\n-- associa:repeat-until-zero\nselect 1;', /must be an update, delete or insert/],
    ] as const) {
      assert.throws(() => parseMigration('x', text), pattern);
    }
  });
});

describe('migrate', () => {
  let db: Kysely<unknown>;
  let close: () => Promise<void>;
  let url: string | undefined;

  before(async () => {
    if (onPostgres) {
      const name = `associa_test_${randomBytes(6).toString('hex')}`;
      await adminQuery(process.env.DATABASE_URL!, `create database ${name}`);
      url = withDatabaseName(process.env.DATABASE_URL!, name);
      const session = migrationSession(url);
      db = session;
      close = async () => {
        await session.destroy();
        await adminQuery(process.env.DATABASE_URL!, `drop database if exists ${name} with (force)`);
      };
    } else {
      const database = await connect({});
      db = database.db as unknown as Kysely<unknown>;
      close = () => database.close();
    }
  });
  after(() => close());

  const base = {
    '0001_table.sql': `-- A table of 1,000 rows.
create table t (id bigint primary key, v int not null);
insert into t select g, g % 10 from generate_series(1, 1000) g;`,
  };
  const withIndexAndBackfill = {
    ...base,
    '0002_index.sql': `-- associa:no-transaction
drop index concurrently if exists t_v_idx;
create index concurrently t_v_idx on t (v, id);`,
    '0003_backfill.sql': `-- associa:no-transaction
alter table t add column if not exists w int;
-- associa:repeat-until-zero
update t set w = v * 2
 where id > coalesce($1::bigint, 0)
   and id <= (select max(id) from (select id from t where id > coalesce($1::bigint, 0) order by id limit 100) as batch)
returning id;`,
  };
  const count = async (query: string) => Number((await sql.raw<{ n: string }>(query).execute(db)).rows[0]!.n);
  /** The files applied so far: each test's folder holds them, and its own. */
  const known: Record<string, string> = {};
  const withKnown = (files: Record<string, string>, keep = false) => folder(keep ? Object.assign(known, files) : { ...known, ...files });

  it('applies each file in order and returns what it applied: concurrent index builds and a batched backfill', async () => {
    const applied: string[] = [];
    const result = await migrate(db, {
      folder: withKnown(withIndexAndBackfill, true),
      onApplied: (migration) => applied.push(migration.name),
    });
    assert.deepEqual(
      result.map((migration) => migration.name),
      ['0001_table', '0002_index', '0003_backfill'],
    );
    assert.deepEqual(applied, ['0001_table', '0002_index', '0003_backfill']);
    assert.ok(result.every((migration) => migration.ms >= 0 && migration.lockTimeouts === 0));
    // Ten batches of 100 rows, and the one that found none.
    assert.equal(result[2]!.batches, 11);
    assert.equal(result[2]!.rows, 1000);
    assert.equal(await count('select count(*) as n from t where w = v * 2'), 1000);
    assert.equal(await count(`select count(*) as n from pg_index where indexrelid = 't_v_idx'::regclass and indisvalid`), 1);

    const status = await schemaStatus(db, { folder: withKnown({}) });
    assert.deepEqual(
      status.applied.map((migration) => migration.name),
      ['0001_table', '0002_index', '0003_backfill'],
    );
    assert.ok(status.applied.every((migration) => Date.now() - migration.appliedAt.getTime() < 60_000));
    assert.deepEqual(status.pending, []);
    assert.deepEqual(await migrate(db, { folder: withKnown({}) }), []);
  });

  it('leaves nothing of a transactional file that fails, and names the statement', async () => {
    const files = withKnown({ '0004_fails.sql': 'alter table t add column z int;\nselect 1 / 0;' });
    await assert.rejects(
      migrate(db, { folder: files }),
      (error: Error) =>
        error instanceof MigrationError &&
        /^Migration 0004_fails failed at statement 2 \(select 1 \/ 0\): division by zero$/.test(error.message),
    );
    assert.equal(await count(`select count(*) as n from information_schema.columns where table_name = 't' and column_name = 'z'`), 0);
    assert.deepEqual((await schemaStatus(db, { folder: files })).pending, ['0004_fails']);
  });

  it('runs a no-transaction file again from its start: a concurrent build that failed is redone', async () => {
    const files = withKnown(
      {
        '0004_unique.sql': `-- associa:no-transaction
drop index concurrently if exists t_w_unique;
create unique index concurrently t_w_unique on t (w);`,
      },
      true,
    );
    await assert.rejects(
      migrate(db, { folder: files }),
      /^MigrationError: Migration 0004_unique failed at statement 2 .*could not create unique index/,
    );
    await sql`update t set w = id`.execute(db);
    assert.deepEqual(
      (await migrate(db, { folder: files })).map((migration) => migration.name),
      ['0004_unique'],
    );
    assert.equal(await count(`select count(*) as n from pg_index where indexrelid = 't_w_unique'::regclass and indisvalid`), 1);
  });

  it('applies nothing on a database a newer release migrated, and refuses when this release has pending ones too', async () => {
    const files = withKnown({});
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_release', ${new Date().toISOString()})`.execute(db);
    try {
      const status = await schemaStatus(db, { folder: files });
      assert.deepEqual(
        status.unknown.map((migration) => migration.name),
        ['9999_from_a_newer_release'],
      );
      assert.deepEqual(await migrate(db, { folder: files }), []);
      const withPending = withKnown({ '0005_more.sql': 'create table u (id int);' });
      await assert.rejects(
        migrate(db, { folder: withPending }),
        /^MigrationError: The database has a migration this release does not know \(9999_from_a_newer_release\), applied by a newer release, and lacks 0005_more: applied nothing\.$/,
      );
      assert.equal(await count(`select count(*) as n from pg_class where relname = 'u'`), 0);
    } finally {
      await sql`delete from kysely_migration where name = '9999_from_a_newer_release'`.execute(db);
    }
  });

  it('refuses a pending migration that sorts before one already applied', async () => {
    const files = withKnown({ '0002a_late.sql': 'select 1;' });
    await assert.rejects(migrate(db, { folder: files }), /Migration 0002a_late sorts before 0004_unique, which the database already has/);
  });

  describe('locks (PostgreSQL)', { skip: onPostgres ? false : 'needs DATABASE_URL: the embedded database is a single session' }, () => {
    const fast: MigrateOptions = { lockTimeoutMs: 100, backoffMs: 20 };

    /** Another session reading `t` in a transaction it keeps open until `release()`. */
    async function reader() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('begin');
      await client.query('lock table t in access share mode');
      return {
        async release() {
          await client.query('commit');
          await client.end();
        },
      };
    }

    it('gives up on a lock held too long, after the attempts asked for, naming the migration and the table', async () => {
      const held = await reader();
      const retries: number[] = [];
      try {
        await assert.rejects(
          migrate(db, {
            ...fast,
            attempts: 3,
            folder: withKnown({ '0005_column.sql': 'alter table t add column x int;' }),
            onRetry: (retry) => retries.push(retry.waitMs),
          }),
          /^MigrationError: Migration 0005_column gave up after 3 waits of 100 ms for a lock on t \(statement 1: alter table t add column x int\): another session holds a conflicting lock\. Nothing of it was applied; run `associa migrate` again once the lock is released\.$/,
        );
      } finally {
        await held.release();
      }
      assert.deepEqual(retries, [20, 40]);
      assert.equal(await count(`select count(*) as n from information_schema.columns where table_name = 't' and column_name = 'x'`), 0);
    });

    it('retries a migration whose lock was taken for a moment', async () => {
      const held = await reader();
      setTimeout(() => void held.release(), 300);
      const [applied] = await migrate(db, {
        ...fast,
        attempts: 8,
        folder: withKnown({ '0005_column.sql': 'alter table t add column x int;' }, true),
      });
      assert.equal(applied!.name, '0005_column');
      assert.ok(applied!.lockTimeouts >= 1, `${applied!.lockTimeouts} lock timeouts`);
    });

    it('applies each migration once when two processes migrate at once', async () => {
      const other = migrationSession(url!);
      try {
        const extra = withKnown(
          {
            '0006_a.sql': 'create table a (id int); select pg_sleep(0.2);',
            '0007_b.sql': '-- associa:no-transaction\ncreate table b (id int);\nselect pg_sleep(0.2);',
            '0008_c.sql': 'create table c (id int);',
          },
          true,
        );
        const [first, second] = await Promise.all([migrate(db, { folder: extra }), migrate(other, { folder: extra })]);
        assert.deepEqual([...first, ...second].map((migration) => migration.name).sort(), ['0006_a', '0007_b', '0008_c']);
      } finally {
        await other.destroy();
      }
    });

    it("works on the service's pool for transactional files, and returns its connections", async () => {
      const database: Database = await connect({ databaseUrl: url, poolSize: 2 });
      try {
        const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`001${i}_pooled.sql`, `create table pooled_${i} (id int);`]));
        const applied = await migrate(database.db, { folder: withKnown(many, true) });
        assert.equal(applied.length, 6);
        assert.equal(Number((await sql<{ n: number }>`select 1 as n`.execute(database.db)).rows[0]!.n), 1);
      } finally {
        await database.close();
      }
    });
  });
});
