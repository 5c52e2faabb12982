import { sql, type Insertable, type Kysely } from 'kysely';
import type { AuditoriaTable, Schema } from '../db/schema.js';

export type AuditEntry = Insertable<AuditoriaTable>;

const FLUSH_INTERVAL_MS = 1000;
const BATCH_SIZE = 500;
/** Entries kept while the database refuses them; past this the oldest are dropped and counted. */
const MAX_PENDING = 200_000;

/**
 * Writes the audit trail in batches off the request path. Entries wait in memory until the next flush
 * (every second, or sooner when a batch fills); a failed write keeps them for the next try, and
 * `close()` writes everything still pending.
 */
export class AuditWriter {
  private pending: AuditEntry[] = [];
  private flushing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  dropped = 0;

  constructor(private readonly db: Kysely<Schema>, private readonly onError: (error: unknown) => void = () => {}) {
    this.timer = setInterval(() => { void this.flush(); }, FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  record(entry: AuditEntry): void {
    this.pending.push(entry);
    if (this.pending.length > MAX_PENDING) {
      this.dropped += this.pending.length - MAX_PENDING;
      this.pending.splice(0, this.pending.length - MAX_PENDING);
    }
    if (this.pending.length >= BATCH_SIZE) void this.flush();
  }

  /** Writes what is pending; concurrent calls share one write. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => { this.flushing = null; });
    return this.flushing;
  }

  private async write(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, BATCH_SIZE);
      try {
        await insertEntries(this.db, batch);
      } catch (error) {
        this.onError(error);
        return;
      }
      this.pending.splice(0, batch.length);
    }
  }

  get size(): number {
    return this.pending.length;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    await this.flush();
  }
}

/**
 * One statement whatever the batch size: each column goes as one array parameter, so PostgreSQL prepares
 * it once per connection instead of once per row count. The matriculas of a row travel as an array literal,
 * since arrays of arrays must be rectangular.
 */
function insertEntries(db: Kysely<Schema>, entries: readonly AuditEntry[]) {
  const column = <T>(pick: (entry: AuditEntry) => T) => entries.map(pick);
  return sql`insert into auditoria (ocorrido_em, origem, token_id, admin_id, metodo, rota, status, request_id, ip, matriculas, detalhe)
    select u.ocorrido_em, u.origem, u.token_id, u.admin_id, u.metodo, u.rota, u.status, u.request_id, u.ip, u.matriculas::bigint[], u.detalhe
      from unnest(${column((e) => e.ocorrido_em)}::timestamptz[], ${column((e) => e.origem)}::text[], ${column((e) => e.token_id ?? null)}::bigint[],
        ${column((e) => e.admin_id ?? null)}::bigint[], ${column((e) => e.metodo)}::text[], ${column((e) => e.rota)}::text[],
        ${column((e) => e.status)}::smallint[], ${column((e) => e.request_id)}::text[], ${column((e) => e.ip ?? null)}::text[],
        ${column((e) => `{${(e.matriculas ?? []).join(',')}}`)}::text[], ${column((e) => e.detalhe ?? null)}::text[])
        as u(ocorrido_em, origem, token_id, admin_id, metodo, rota, status, request_id, ip, matriculas, detalhe)`.execute(db);
}
