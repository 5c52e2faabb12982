import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { ReservedSql, Sql } from 'postgres';
import type { CheapPool } from './cheap-pool.js';
import type { FairGate, Lane } from './fair-gate.js';

/**
 * Where a dialect's statements go: the cheap pool's, counted so that it is lent only while quiet (`forRequest`: requests'
 * statements, rather than the instance's own); or the second pool's, each taking a slot of the gate for its lane first,
 * and run on the cheap pool when it lends itself.
 */
export type Routing = { cheap: CheapPool; forRequest: boolean } | { gate: FairGate; lane: Lane; spare: CheapPool };

/**
 * Kysely on postgres.js with every statement prepared: PostgreSQL parses and plans each distinct statement
 * once per connection instead of at every request. A statement outside a transaction runs on whichever pooled
 * connection is free, pipelined behind others when none is; a transaction reserves one connection until it ends.
 * With a gate (list pages' and background work's pool), each first takes a slot for its lane (src/db/fair-gate.ts).
 * (`db.connection()` without a transaction does not pin a session: nothing here needs one.)
 */
export class PostgresJsDialect implements Dialect {
  constructor(
    private readonly sql: Sql,
    private readonly limits: StatementLimits,
    private readonly routing?: Routing,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PostgresJsDriver(this.sql, this.limits, this.routing);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PostgresJsConnection implements DatabaseConnection {
  private reserved: ReservedSql | undefined;
  /** When the transaction took its slot of the gate. */
  private reservedAt = 0;
  /** Whether the transaction runs on a connection the cheap pool lent. */
  private borrowed = false;

  private readonly gate: Extract<Routing, { gate: FairGate }> | undefined;
  /** A cheap statement's pool, which counts what runs on it. */
  private readonly counted: Extract<Routing, { cheap: CheapPool }> | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly limits: StatementLimits,
    routing?: Routing,
  ) {
    this.gate = routing && 'gate' in routing ? routing : undefined;
    this.counted = routing && 'cheap' in routing ? routing : undefined;
  }

  async reserve(): Promise<void> {
    const gated = this.gate;
    const arrived = performance.now();
    if (gated) await gated.gate.acquire(gated.lane);
    this.reservedAt = performance.now();
    // A write's transaction (tens of milliseconds) may also run on a cheap connection while no cheap statement wants it:
    // with two connections, one each, writes alone would leave one idle. A cheap statement that comes meanwhile waits
    // for one transaction at most. Background work's transactions may take seconds: never lent.
    const write = gated?.lane.load === 'write' ? gated : undefined;
    const spare = write?.spare.lend();
    this.borrowed = spare !== undefined;
    try {
      const reserving = (spare ?? this.sql).reserve();
      // A write's request is answered in time like a read's, its wait at the gate counted; background work and
      // migrations wait for their connection.
      this.reserved = write
        ? await reservedWithin(reserving, this.limits.queueMs - (this.reservedAt - arrived), spare ? undefined : write.gate)
        : await reserving;
    } catch (error) {
      this.giveBack();
      throw error;
    }
  }

  release(): void {
    if (!this.reserved) return;
    this.reserved.release();
    this.reserved = undefined;
    this.giveBack();
  }

  /** Gives back what the transaction took: its slot of the gate, and the cheap pool's connection it borrowed. */
  private giveBack(): void {
    if (this.borrowed) this.gate?.spare.giveBack();
    this.borrowed = false;
    this.gate?.gate.release(this.gate.lane, performance.now() - this.reservedAt);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.reserved) return this.run(query, this.reserved, this.limits.queueMs);
    // Outside a transaction (every API read) a statement has a deadline, so that a request is answered even when
    // the server hangs; the time it waited for its slot at the gate counts towards it.
    const gated = this.gate;
    if (!gated) {
      const counted = this.counted;
      counted?.cheap.sent();
      try {
        return await this.run(query, this.sql, this.limits.queueMs, this.limits.answerMs);
      } finally {
        counted?.cheap.answered(counted.forRequest);
      }
    }
    const arrived = performance.now();
    const waiting = gated.gate.acquire(gated.lane);
    if (waiting) await waiting;
    const started = performance.now();
    const waited = started - arrived;
    // A list page's request has its own deadline, its wait for a turn counted in it.
    const left = gated.lane.deadline === undefined ? Infinity : gated.lane.deadline - started;
    const queueMs = Math.max(1, Math.min(this.limits.queueMs - waited, left));
    const spare = gated.spare.lend();
    let heldMs: number | undefined;
    try {
      const result = await this.run<R>(query, spare ?? this.sql, queueMs, Math.max(1, Math.min(this.limits.answerMs - waited, left)));
      heldMs = performance.now() - started;
      return result;
    } finally {
      if (spare) gated.spare.giveBack();
      gated.gate.release(gated.lane, heldMs);
    }
  }

  private async run<R>(query: CompiledQuery, sql: Sql, queueMs: number, answerMs?: number): Promise<QueryResult<R>> {
    // Without parameters postgres.js uses the simple protocol, which also takes several statements (migrations).
    const pending = sql.unsafe(query.sql, query.parameters.map(untypedArray) as never[], { prepare: true });
    // Inside a transaction (migrations, the administration's writes) a statement may take its time.
    const result = await bounded(pending, queueMs, answerMs);
    const affected =
      result.command === 'INSERT' || result.command === 'UPDATE' || result.command === 'DELETE' || result.command === 'MERGE';
    const rows = rowsOf(result) as R[];
    // Emptied, the driver's result keeps no rows alive from a promise already in the old generation
    // (docs/benchmark-findings.md, "The storm's cause").
    (result as unknown as unknown[]).length = 0;
    return { rows, ...(affected ? { numAffectedRows: BigInt(result.count) } : {}) };
  }

  // Kysely requires the method; no query here streams.
  streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('streaming is not supported on this connection');
  }
}

/**
 * A result's rows as a plain array (postgres.js's Result subclass would leak into what callers compare and
 * serialise), without the holes postgres.js 3.4.9 can leave before them: after a statement fails while its rows
 * stream (a statement timeout, a connection ended by a server shutting down), the next statement on that
 * connection writes its rows after as many empty places (porsager/postgres#1181). Read as they are, the holes
 * make a member not found, a token unknown, a page with missing invoices.
 */
function rowsOf(result: ArrayLike<unknown>): unknown[] {
  if (result.length === 0 || 0 in result) return Array.from(result);
  const rows: unknown[] = [];
  for (let i = 0; i < result.length; i++) if (i in result) rows.push(result[i]);
  return rows;
}

/** How long a statement may wait: to be sent (while the server is away), and for its answer (when there is a deadline). */
export interface StatementLimits {
  queueMs: number;
  answerMs: number;
}

/**
 * The statement's result, or a failure as a cancelled statement (57014, which the API answers 503): one not
 * yet sent after `queueMs` (the server away, postgres.js reconnecting) and one sent to a server that stopped
 * answering (frozen, hung) after `answerMs` are given up. Neither is cancelled inside the driver: a cancel
 * request may reach another pipelined statement, and a statement cancelled while its connection was starting
 * leaves that connection out of the pool for good (postgres.js 3.4.9 skips the statement once connected, then
 * waits for its answer before it lends the connection again). The server's own statement timeout ends a slow
 * one; a statement given up completes, or fails, unseen when the server returns.
 */
async function bounded<Q extends PromiseLike<unknown>>(pending: Q, queueMs: number, answerMs: number | undefined): Promise<Awaited<Q>> {
  const timers: NodeJS.Timeout[] = [];
  const sent = () => Boolean((pending as unknown as { state: unknown }).state);
  const deadline = new Promise<never>((_resolve, reject) => {
    timers.push(
      setTimeout(() => {
        if (!sent()) reject(givenUp(`no connection to the database within ${queueMs} ms`));
      }, queueMs),
    );
    if (answerMs !== undefined)
      timers.push(setTimeout(() => reject(givenUp(`no answer from the database within ${answerMs} ms`)), answerMs));
  });
  try {
    return await Promise.race([pending, deadline]);
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}

/**
 * A write's connection, or a failure as a cancelled statement (57014: 503) when none is free within `queueMs` (the
 * server away, every connection busy); the connection that comes after is given back at once. The driver gives a
 * transaction only an idle connection, which a steady flow of pipelined pages would never leave: meanwhile `gate` sends
 * no new page or background statement (`drain`).
 */
async function reservedWithin(pending: Promise<ReservedSql>, queueMs: number, gate?: FairGate): Promise<ReservedSql> {
  let late = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => {
        late = true;
        reject(givenUp(`no connection to the database within ${Math.round(queueMs)} ms`));
      },
      Math.max(1, queueMs),
    );
  });
  pending.then(
    (reserved) => late && reserved.release(),
    () => undefined,
  );
  gate?.drain();
  try {
    return await Promise.race([pending, deadline]);
  } finally {
    clearTimeout(timer);
    gate?.drained();
  }
}

/** A statement, or a transaction's wait for its connection, given up as the server's own cancellation is answered. */
function givenUp(why: string): Error {
  return Object.assign(new Error(`canceling statement: ${why}`), { code: '57014' });
}

/**
 * postgres.js declares an array parameter with its first element's type (a timestamptz, not a timestamptz[]),
 * which PostgreSQL then refuses to cast. Elements as text leave the array's type to the statement's cast.
 */
function untypedArray(parameter: unknown): unknown {
  if (!Array.isArray(parameter)) return parameter;
  return parameter.map((element: unknown) =>
    element instanceof Date ? element.toISOString() : typeof element === 'bigint' ? String(element) : element,
  );
}

class PostgresJsDriver implements Driver {
  constructor(
    private readonly sql: Sql,
    private readonly limits: StatementLimits,
    private readonly routing?: Routing,
  ) {}

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new PostgresJsConnection(this.sql, this.limits, this.routing));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as PostgresJsConnection).reserve();
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PostgresJsConnection).release();
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }
}
