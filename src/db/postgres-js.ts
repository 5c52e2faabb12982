import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection, type Dialect, type Driver,
  type Kysely, type QueryResult, type TransactionSettings,
} from 'kysely';
import type { ReservedSql, Sql } from 'postgres';

/**
 * Kysely on postgres.js with every statement prepared: PostgreSQL parses and plans each distinct statement
 * once per connection instead of at every request. A statement outside a transaction runs on whichever
 * pooled connection is free, pipelined behind others; a transaction reserves one connection until it ends.
 * (`db.connection()` without a transaction does not pin a session: nothing here needs one.)
 */
export class PostgresJsDialect implements Dialect {
  /** `queueTimeoutMs`: how long a statement may wait for a connection before it fails (as a cancelled one). */
  constructor(private readonly sql: Sql, private readonly queueTimeoutMs: number) {}

  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver { return new PostgresJsDriver(this.sql, this.queueTimeoutMs); }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
}

class PostgresJsConnection implements DatabaseConnection {
  private reserved: ReservedSql | undefined;

  constructor(private readonly sql: Sql, private readonly queueTimeoutMs: number) {}

  async reserve(): Promise<void> {
    this.reserved = await this.sql.reserve();
  }

  release(): void {
    this.reserved?.release();
    this.reserved = undefined;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.reserved ?? this.sql;
    // Without parameters postgres.js uses the simple protocol, which also takes several statements (migrations).
    const pending = target.unsafe(query.sql, query.parameters.map(untypedArray) as never[], { prepare: true });
    // While the server is away, postgres.js keeps statements queued through its reconnection attempts: one
    // that was never sent is cancelled (57014, which the API answers 503) rather than left to wait.
    const timer = setTimeout(() => { if (!(pending as unknown as { state: unknown }).state) pending.cancel(); }, this.queueTimeoutMs);
    let result;
    try {
      result = await pending;
    } finally {
      clearTimeout(timer);
    }
    const affected = result.command === 'INSERT' || result.command === 'UPDATE' || result.command === 'DELETE' || result.command === 'MERGE';
    // A plain array: postgres.js's Result subclass would leak into what callers compare and serialise.
    return { rows: Array.from(result) as R[], ...(affected ? { numAffectedRows: BigInt(result.count) } : {}) };
  }

  // Kysely requires the method; no query here streams.
  streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('streaming is not supported on this connection');
  }
}

/**
 * postgres.js declares an array parameter with its first element's type (a timestamptz, not a timestamptz[]),
 * which PostgreSQL then refuses to cast. Elements as text leave the array's type to the statement's cast.
 */
function untypedArray(parameter: unknown): unknown {
  if (!Array.isArray(parameter)) return parameter;
  return parameter.map((element: unknown) => (element instanceof Date ? element.toISOString()
    : typeof element === 'bigint' ? String(element) : element));
}

class PostgresJsDriver implements Driver {
  constructor(private readonly sql: Sql, private readonly queueTimeoutMs: number) {}

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new PostgresJsConnection(this.sql, this.queueTimeoutMs));
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
