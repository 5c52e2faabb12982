import type { Insertable } from 'kysely';
import type { Database } from '../db/connection.js';
import { copyLine, timestampText } from '../db/copy-text.js';
import type { AuditoriaTable } from '../db/schema.js';

export type AuditEntry = Insertable<AuditoriaTable>;

const FLUSH_INTERVAL_MS = 1000;
const BATCH_SIZE = 1000;
/** Entries kept while the database refuses them; past this the oldest are dropped and counted. */
const MAX_PENDING = 200_000;
const COLUMNS = ['ocorrido_em', 'origem', 'token_id', 'admin_id', 'metodo', 'rota', 'status', 'request_id', 'ip', 'matriculas', 'detalhe'] as const;

/**
 * An entry as a line of COPY text, made when it is recorded: a waiting entry is one string, and a batch
 * goes to the database as one COPY, the cheapest way PostgreSQL takes rows.
 */
function line(entry: AuditEntry): string {
  const at = entry.ocorrido_em instanceof Date ? timestampText(entry.ocorrido_em.getTime()) : entry.ocorrido_em;
  return copyLine([at, entry.origem, entry.token_id, entry.admin_id, entry.metodo, entry.rota, entry.status, entry.request_id,
    entry.ip, entry.matriculas ?? [], entry.detalhe]);
}

export class AuditWriter {
  private pending: string[] = [];
  private flushing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  dropped = 0;

  constructor(private readonly database: Pick<Database, 'append'>, private readonly onError: (error: unknown) => void = () => {}) {
    this.timer = setInterval(() => { void this.flush(); }, FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  record(entry: AuditEntry): void {
    this.pending.push(line(entry));
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
        await this.database.append('auditoria', COLUMNS, batch.join(''));
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
