import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import postgres, { type Sql } from 'postgres';
import { from as copyFrom } from 'pg-copy-streams';
import { Appender } from './appender.js';
import { CheapPool } from './cheap-pool.js';
import { assertDriverFixed, type PoolState } from './driver-fix.js';
import { FairGate, INSTANCE_LANE, type Lane } from './fair-gate.js';
import { pglitePool } from './pglite-pool.js';
import type { Schema } from './schema.js';
import { PostgresJsDialect } from './postgres-js.js';
import { pgliteParsers, pgTypes, postgresJsTypes } from './types.js';

export type DatabaseKind = 'embedded' | 'postgres';

/** A dedicated session inside one transaction, able to bulk-load rows with COPY. */
export interface BulkSession {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /**
   * Loads rows given as chunks of COPY text format (tab-separated lines, `\N` for null). The rows are
   * written frozen, which requires the table to have been truncated earlier in this transaction.
   */
  copy(table: string, columns: readonly string[], chunks: AsyncIterable<string> | Iterable<string>): Promise<void>;
}

/** What the API's reads get of Kysely: queries that select. It cannot build an insert, update or delete. */
export type Reader = Pick<Kysely<Schema>, 'selectFrom' | 'selectNoFrom'>;

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<Schema>;
  /**
   * Where the API's data reads go: a read replica when one is configured, otherwise `db`. Anything that
   * writes, or must see a write at once (tokens, revocations, the administration area), uses `db`.
   */
  readonly read: Reader;
  /**
   * Appends rows given in COPY text format (src/db/copy-text.ts) to `table`, in one statement. On
   * PostgreSQL over a connection of its own (src/db/appender.ts): the API's statements are pipelined on
   * busy connections of the pool and would otherwise wait behind it.
   */
  append(table: string, columns: readonly string[], rows: string): Promise<void>;
  /**
   * Runs a write that no request waits for (the tokens' last use, the past-due marks) on the connection
   * `append` uses: on the pool its commit would hold up the reads pipelined behind it. Resolves to the number
   * of rows it changed.
   */
  write(query: CompiledQuery): Promise<number>;
  /** Runs `work` in one transaction on a session of its own; a failure leaves nothing behind. */
  bulk<T>(work: (session: BulkSession) => Promise<T>): Promise<T>;
  /**
   * Runs `work` on a session of its own, outside any transaction: it begins and commits its own, and its temporary
   * tables last until the session ends. Its `copy` appends (no FREEZE).
   */
  session<T>(work: (session: BulkSession) => Promise<T>): Promise<T>;
  /**
   * The rows of `query` in batches of `size`, from a server-side cursor: an export of millions of rows holds one
   * batch at a time, and the next is read when the consumer asks for it. On PostgreSQL on a connection of its own, so
   * a slow download holds none of the pool's; embedded, a holdable cursor of the one session, read between the other
   * statements. Stopping early (a consumer's `return`) closes the cursor.
   */
  cursor<R>(query: CompiledQuery<R>, size: number): AsyncGenerator<R[]>;
  /**
   * `db` and `read` for `lane`'s statements: each takes a slot of its pool's gate in turn with other lanes'
   * (src/db/fair-gate.ts). `db` and `read` above are the instance's own lane's.
   */
  in(lane: Lane): Lanes;
  /** Each pool's connections and waiting statements at this moment, by pool: `primary`, and `replica` when configured. */
  poolState(): Record<string, PoolState>;
  /** Each pool's statements running and waiting by load, and list pages shed, by pool. */
  gateState(): Record<string, ReturnType<FairGate['state']>>;
  close(): Promise<void>;
}

export interface Lanes {
  readonly db: Kysely<Schema>;
  readonly read: Reader;
}

export class DatabaseUnreachableError extends Error {}

/**
 * A lane's Kysely instances, made on first use (a handful: the instance's, the public's, background work's, each
 * token's); a lane with a deadline, one request's, gets its own.
 */
function laneCache(make: (lane: Lane) => Lanes): (lane: Lane) => Lanes {
  const made = new Map<string, Lanes>();
  return (lane) => {
    if (lane.deadline !== undefined) return make(lane);
    const name = `${lane.key}/${lane.load}`;
    let lanes = made.get(name);
    if (!lanes) {
      lanes = make(lane);
      made.set(name, lanes);
    }
    return lanes;
  };
}

export interface ConnectOptions {
  databaseUrl?: string | undefined;
  /** A streaming replica of `databaseUrl` for the API's reads. */
  databaseReadUrl?: string | undefined;
  /** Folder of the embedded database; absent: in memory. */
  dataDir?: string | undefined;
  /** The embedded database starts as a copy of this one (PGlite's `dumpDataDir`) instead of a new cluster. */
  embeddedCopyOf?: Blob;
  poolSize?: number;
  statementTimeoutMs?: number;
}

export async function connect(options: ConnectOptions): Promise<Database> {
  return options.databaseUrl ? connectPostgres(options.databaseUrl, options) : connectEmbedded(options);
}

async function connectPostgres(url: string, options: ConnectOptions): Promise<Database> {
  const statementTimeoutMs = options.statementTimeoutMs ?? 2000;
  const poolSize = options.poolSize ?? 10;
  const primary = await openPools(url, poolSize, statementTimeoutMs);
  const { db } = primary.of(INSTANCE_LANE);
  const closers = [() => primary.close()];
  let replica: Pools | undefined;
  const appender = new Appender(url, statementTimeoutMs, CONNECT_TIMEOUT_MS);
  closers.push(() => appender.close());
  try {
    if (options.databaseReadUrl) {
      const opened = await openPools(options.databaseReadUrl, poolSize, statementTimeoutMs);
      closers.push(() => opened.close());
      replica = opened;
    }
  } catch (error) {
    await Promise.all(closers.map((close) => close()));
    throw error;
  }
  const lanes = laneCache((lane) => ({ db: primary.of(lane).db, read: (replica ?? primary).of(lane).db }));

  return {
    kind: 'postgres',
    db,
    read: lanes(INSTANCE_LANE).read,
    in: lanes,
    append: (table, columns, rows) => appender.append(table, columns, rows),
    write: (query) => appender.run(query.sql, query.parameters),
    async bulk(work) {
      return pgSession(url, true, async (session) => {
        await session.query('begin');
        try {
          const result = await work(session);
          await session.query('commit');
          return result;
        } catch (error) {
          await session.query('rollback').catch(() => {});
          throw error;
        }
      });
    },
    session: (work) => pgSession(url, false, work),
    cursor: (query, size) => pgCursor(url, query, size),
    poolState: () => ({ ...primary.state('primary'), ...replica?.state('replica') }),
    gateState: () => ({ primary_bulk: primary.gate.state(), ...(replica && { replica_bulk: replica.gate.state() }) }),
    async close() {
      await Promise.all(closers.map((close) => close()));
    },
  };
}

/** A session of node-postgres, which streams COPY, for work that runs far longer than an API statement may. */
async function pgSession<T>(url: string, freeze: boolean, work: (session: BulkSession) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'associa', types: pgTypes, statement_timeout: 0 });
  // A connection lost between statements (the server restarted) fails the next one; unheard, it would end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    return await work({
      async query<R>(sql: string, params: readonly unknown[] = []) {
        return (await client.query(sql, params as unknown[])).rows as R[];
      },
      async copy(table, columns, chunks) {
        const sink = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin${freeze ? ' with (freeze)' : ''}`));
        await pipeline(Readable.from(chunks), sink);
      },
    });
  } finally {
    await client.end();
  }
}

/** A cursor's transaction left waiting this long (a download stalled) ends, and with it the snapshot it holds. */
const CURSOR_IDLE_MS = 5 * 60_000;

async function* pgCursor<R>(url: string, query: CompiledQuery<R>, size: number): AsyncGenerator<R[]> {
  const client = new pg.Client({
    connectionString: url,
    application_name: 'associa',
    types: pgTypes,
    // The first fetch may sort the whole result: an export is not held to an API statement's timeout.
    statement_timeout: 0,
    idle_in_transaction_session_timeout: CURSOR_IDLE_MS,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query(`declare associa_cursor no scroll cursor for ${query.sql}`, query.parameters as unknown[]);
    for (;;) {
      const { rows } = await client.query<R & pg.QueryResultRow>(`fetch forward ${size} from associa_cursor`);
      if (rows.length > 0) yield rows;
      if (rows.length < size) break;
    }
    await client.query('commit');
  } finally {
    // Ending the connection also ends a transaction left open by a consumer that stopped early.
    await client.end();
  }
}

/** A server's two pools (`openPools`): each lane's Kysely, their states for the metrics, and the list pages' gate. */
interface Pools {
  of(lane: Lane): Lanes;
  state(name: string): Record<string, PoolState>;
  readonly gate: FairGate;
  close(): Promise<void>;
}

/**
 * List pages' statements sent at once on the second pool, as many as their turns give (src/limits/lanes.ts): pipelined
 * beside others, a statement costs both the service and PostgreSQL less (an ERP's 64 clients paging: about a tenth
 * less CPU a page, and a fifth more pages a second, than eight at a time on one connection).
 */
export const PAGES_PIPELINED = 64;
/**
 * Background statements sent at once per connection of the second pool: background work sends many short ones (a
 * delivery's record, a claim), which pipelined keep up with a due date's deliveries within their share of the time.
 */
const BACKGROUND_PIPELINED_PER_CONNECTION = 8;

/**
 * A server's DB_POOL_SIZE connections in two pools, so that a cheap statement is never sent behind a list page's, a
 * write's or background work's on a busy connection: half (rounded up) for cheap statements, which the driver pipelines
 * on a busy connection (that keeps the server busy between round trips: the status endpoint's throughput halves
 * without); the rest, at least one, for list pages (taking turns in an instance, src/limits/lanes.ts), writes (a batch
 * of results: one transaction) and background work (its share of the time, src/db/background-share.ts), whose
 * statements and transactions take a slot at the gate lane by lane in turn (src/db/fair-gate.ts), and run on the first
 * pool's connections while no cheap statement wants them (src/db/cheap-pool.ts).
 */
async function openPools(url: string, poolSize: number, statementTimeoutMs: number): Promise<Pools> {
  const cheap = Math.max(1, Math.ceil(poolSize / 2));
  const shared = Math.max(1, poolSize - cheap);
  const limits = { queueMs: QUEUE_TIMEOUT_MS, answerMs: statementTimeoutMs + ANSWER_MARGIN_MS };
  const cheapSql = await openSql(url, cheap, statementTimeoutMs);
  let sharedSql: Sql;
  try {
    sharedSql = await openSql(url, shared, statementTimeoutMs);
  } catch (error) {
    await cheapSql.end({ timeout: 0 });
    throw error;
  }
  const backgroundSlots = shared * BACKGROUND_PIPELINED_PER_CONNECTION;
  const slots = PAGES_PIPELINED + backgroundSlots;
  const gate = new FairGate({ slots, sharedSlots: slots, backgroundSlots, queueMs: QUEUE_TIMEOUT_MS });
  const spare = new CheapPool(cheapSql, cheap);
  const interactive = new Kysely<Schema>({ dialect: new PostgresJsDialect(cheapSql, limits, { cheap: spare, forRequest: true }) });
  const own = new Kysely<Schema>({ dialect: new PostgresJsDialect(cheapSql, limits, { cheap: spare, forRequest: false }) });
  const of = laneCache((lane) => {
    if (lane.load === 'interactive') {
      const db = lane.key === INSTANCE_LANE.key ? own : interactive;
      return { db, read: db };
    }
    const db = new Kysely<Schema>({ dialect: new PostgresJsDialect(sharedSql, limits, { gate, lane, spare }) });
    return { db, read: db };
  });
  return {
    of,
    gate,
    state: (name) => ({ [name]: cheapSql.poolState(), [`${name}_bulk`]: sharedSql.poolState() }),
    async close() {
      await Promise.all([cheapSql.end({ timeout: 5 }), sharedSql.end({ timeout: 5 })]);
    },
  };
}

/** A connection attempt gives up after this; a statement waits at most this long for a connection. */
const CONNECT_TIMEOUT_MS = 2000;
const QUEUE_TIMEOUT_MS = 1500;

async function openSql(url: string, max: number, statementTimeoutMs: number): Promise<Sql> {
  assertDriverFixed();
  const sql = postgres(url, {
    max,
    connect_timeout: CONNECT_TIMEOUT_MS / 1000,
    idle_timeout: 30,
    // Reconnect soon after a lost server comes back, however long it was away (the default grows to 20 s).
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
    prepare: true,
    connection: {
      application_name: 'associa',
      statement_timeout: statementTimeoutMs,
      // Every API statement reads at most a page through an index. A prepared statement's generic plan, whose
      // LIMIT is a parameter, may otherwise start parallel workers: 13 ms instead of 1 ms for the ERP example.
      // (A string: postgres.js leaves falsy values out of the start-up message.)
      max_parallel_workers_per_gather: '0',
    },
    types: postgresJsTypes,
    onnotice: () => {},
  });
  try {
    await sql`select 1`;
  } catch (error) {
    await sql.end({ timeout: 0 });
    throw new DatabaseUnreachableError(
      `PostgreSQL at ${withoutPassword(url)} is unreachable: ${(error as Error).message || String(error)}`,
    );
  }
  return sql;
}

/**
 * A statement outside a transaction is answered within its server-side timeout and this margin, or
 * abandoned: the server may be frozen rather than gone, and then it cancels nothing itself.
 */
const ANSWER_MARGIN_MS = 500;

/** Numbers the embedded session's cursors, each open export its own. */
let embeddedCursors = 0;

async function connectEmbedded(options: ConnectOptions): Promise<Database> {
  const { dataDir, embeddedCopyOf: copyOf } = options;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { parsers: pgliteParsers, ...(copyOf && { loadDataDir: copyOf }) });
  const sessions = pglitePool(pglite);
  const lanes = laneCache((lane) => {
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: sessions.forLane(lane) }) });
    return { db, read: db };
  });
  const { db } = lanes(INSTANCE_LANE);
  const pool = sessions.forLane(INSTANCE_LANE);

  return {
    kind: 'embedded',
    db,
    read: db,
    in: lanes,
    async append(table, columns, rows) {
      const client = await pool.connect();
      try {
        await pglite.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob: new Blob([rows]) });
      } finally {
        client.release();
      }
    },
    async write(query) {
      return Number((await db.executeQuery(query)).numAffectedRows ?? 0n);
    },
    async bulk(work) {
      // Holding the pool's only client keeps every other query out until the transaction ends.
      const client = await pool.connect();
      try {
        return await pglite.transaction((tx) =>
          work({
            async query<R>(sql: string, params: readonly unknown[] = []) {
              return (await tx.query<R>(sql, params as unknown[])).rows;
            },
            async copy(table, columns, chunks) {
              const parts: string[] = [];
              for await (const chunk of chunks) parts.push(chunk);
              await tx.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob' with (freeze)`, [], { blob: new Blob(parts) });
            },
          }),
        );
      } finally {
        client.release();
      }
    },
    async session(work) {
      const client = await pool.connect();
      try {
        return await work({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            return (await pglite.query<R>(sql, params as unknown[])).rows;
          },
          async copy(table, columns, chunks) {
            const parts: string[] = [];
            for await (const chunk of chunks) parts.push(chunk);
            await pglite.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob: new Blob(parts) });
          },
        });
      } finally {
        // The embedded database has one connection for every session: the session's temporary tables end here, as
        // they would with its own connection on PostgreSQL (the next import's would otherwise meet them).
        await pglite.exec('rollback; discard temp').catch(() => {});
        client.release();
      }
    },
    async *cursor<R>(query: CompiledQuery<R>, size: number) {
      const name = `associa_cursor_${++embeddedCursors}`;
      // WITH HOLD: the cursor outlives its statement's transaction, so the session is free between fetches.
      await db.executeQuery(CompiledQuery.raw(`declare ${name} no scroll cursor with hold for ${query.sql}`, [...query.parameters]));
      try {
        for (;;) {
          const { rows } = await db.executeQuery<R>(CompiledQuery.raw(`fetch forward ${size} from ${name}`));
          if (rows.length > 0) yield rows;
          if (rows.length < size) break;
        }
      } finally {
        await db.executeQuery(CompiledQuery.raw(`close ${name}`));
      }
    },
    poolState: () => ({ primary: sessions.state() }),
    gateState: () => ({ primary: sessions.gate.state() }),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** A database URL fit for a message: its password masked. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<invalid URL>';
  }
}
