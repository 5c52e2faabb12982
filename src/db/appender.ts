import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pgTypes } from './types.js';

/**
 * Appends rows to a table with COPY, and runs the writes nothing waits for, over one connection of its own
 * (node-postgres, whose COPY stream fails when its connection is lost; postgres.js leaves it waiting forever
 * once the data is sent). Apart from the API's pool, a write's commit holds up no read pipelined behind it.
 * A failure drops the connection and the next call opens another, so a caller may retry a batch until the
 * server is back. While the server is frozen a call waits for it: giving up then, and retrying, could write
 * the batch twice. Calls take turns: node-postgres deprecates a statement sent while another runs on its client
 * (pg@9 refuses it), and the audit trail, the tokens' use and the past-due marks write at the same moments.
 */
export class Appender {
  private client: Promise<pg.Client> | null = null;
  /** The last call given, settled or not: the next one starts once it has. */
  private turn: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly statementTimeoutMs: number,
    private readonly connectTimeoutMs: number,
  ) {}

  append(table: string, columns: readonly string[], rows: string): Promise<void> {
    return this.using((client) =>
      pipeline(Readable.from([rows]), client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`))),
    );
  }

  /** Resolves to the number of rows the statement changed. */
  run(sql: string, parameters: readonly unknown[]): Promise<number> {
    return this.using(async (client) => (await client.query(sql, parameters as unknown[])).rowCount ?? 0);
  }

  /** `work` on the connection, opened if need be, once the calls given before it are over; a failure drops it. */
  private using<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const next = this.turn.then(() => this.runOn(work));
    this.turn = next.catch(() => {});
    return next;
  }

  private async runOn<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('The audit connection is closed');
    const client = await (this.client ??= this.open());
    try {
      return await work(client);
    } catch (error) {
      this.drop(client);
      throw error;
    }
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'associa-audit',
      types: pgTypes,
      statement_timeout: this.statementTimeoutMs,
      connectionTimeoutMillis: this.connectTimeoutMs,
    });
    // Without a listener, an error on an idle connection (the server going away) would end the process.
    client.on('error', () => this.drop(client));
    try {
      await client.connect();
    } catch (error) {
      this.client = null;
      throw error;
    }
    return client;
  }

  private drop(client: pg.Client): void {
    void this.client?.then(
      (current) => {
        if (current === client) this.client = null;
      },
      () => {},
    );
    client.end().catch(() => {});
  }

  async close(): Promise<void> {
    // Calls still waiting their turn fail rather than open a connection nobody would close.
    this.closed = true;
    const client = await this.client?.catch(() => null);
    this.client = null;
    await client?.end().catch(() => {});
  }
}
