import type { Insertable } from 'kysely';
import type { Database } from '../db/connection.js';
import { copyLine, timestampText } from '../db/copy-text.js';
import type { AuditoriaTable } from '../db/schema.js';
import type { TokenUse } from './token-use.js';

export type AuditEntry = Insertable<AuditoriaTable>;

/** How often the instance's runner writes what is waiting (`tick`). */
export const FLUSH_INTERVAL_MS = 1000;
const BATCH_SIZE = 200;
/** Entries kept while the database refuses them; past this the oldest are dropped and counted. */
const MAX_PENDING = 200_000;
/** Bursts of refusals held for their minute; past this, a minute's further refusals are counted per route and status only. */
const MAX_BURSTS = 50_000;
const MINUTE_MS = 60_000;
/** How long closing waits for the last rows to be written: within the process's 10 s to stop. */
const CLOSE_WAIT_MS = 5000;
const COLUMNS = [
  'ocorrido_em',
  'origem',
  'token_id',
  'admin_id',
  'metodo',
  'rota',
  'status',
  'request_id',
  'request_id_cliente',
  'ip',
  'matriculas',
  'detalhe',
  'quantidade',
  'alerta',
] as const;

/**
 * An entry as a line of COPY text, made when it is recorded: a waiting entry is one string, and a batch
 * goes to the database as one COPY, the cheapest way PostgreSQL takes rows.
 */
function line(entry: AuditEntry): string {
  const at = entry.ocorrido_em instanceof Date ? timestampText(entry.ocorrido_em.getTime()) : entry.ocorrido_em;
  return copyLine([
    at,
    entry.origem,
    entry.token_id,
    entry.admin_id,
    entry.metodo,
    entry.rota,
    entry.status,
    entry.request_id,
    entry.request_id_cliente,
    entry.ip,
    // Once each: a member's accesses are counted by the entries that name it (src/audit/titular-counts.ts).
    [...new Set(entry.matriculas ?? [])],
    entry.detalhe,
    entry.quantidade ?? 1,
    entry.alerta ?? false,
  ]);
}

/** Refusals of one minute from one address or token, on one route with one status: the first of them, and how many. */
interface Burst {
  minute: number;
  first: AuditEntry;
  count: number;
}

/**
 * Rows go to the database in batches of BATCH_SIZE as they fill, and whatever is waiting at each tick, not one COPY
 * per round trip: each COPY costs both processes and a commit. Batches of 200 rather than 1,000 keep a backend from
 * being busy long enough to lengthen the status endpoint's p99 (docs/benchmark-findings.md).
 */
export class AuditWriter {
  private pending: string[] = [];
  /** Rows recorded since the start; all but the last `pending.length` of them are gone (written or dropped). */
  private recorded = 0;
  /** Rows recorded before this count are written even in a batch short of BATCH_SIZE. */
  private drainTo = 0;
  /** Rows at the front of `pending` being written now. */
  private inFlight = 0;
  /** After a failed write, the next attempt waits for the next drain, so a database that is away is tried once a second. */
  private failed = false;
  private readonly bursts = new Map<string, Burst>();
  private flushing: Promise<void> | null = null;
  /** Rows dropped, oldest first, while more than MAX_PENDING waited (the database away for long). */
  dropped = 0;
  /** Rows written since the start, and batches whose write failed (each retried later): read by the metrics. */
  written = 0;
  failedWrites = 0;

  /** The last write's failure, until a write succeeds: what `tick` reports. */
  private lastError: unknown = null;

  /** `use`: each token's use per minute, written with the trail: the minutes over at each tick, every one at a flush. */
  constructor(
    private readonly database: Pick<Database, 'append'>,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly use?: TokenUse,
  ) {}

  /**
   * Writes what is waiting: the bursts of minutes that are over, the rows recorded until now, and the tokens' use of
   * the minutes that are over. The instance's runner calls it every FLUSH_INTERVAL_MS; it rejects when the database
   * refused a batch, which waits for the next tick.
   */
  async tick(): Promise<void> {
    this.closeBursts(Math.floor(Date.now() / MINUTE_MS));
    await Promise.all([this.drain(), this.use?.write(false)]);
    if (this.failed) throw this.lastError;
  }

  /**
   * A refused request (401, 429): whoever sends them in bulk must not be able to flood the trail, so a
   * minute's refusals from one address or token, on one route with one status, are one row with their count
   * (API-DESIGN §7), written once the minute is over.
   */
  refused(entry: AuditEntry & { ocorrido_em: Date }): void {
    const minute = Math.floor(entry.ocorrido_em.getTime() / MINUTE_MS);
    const own = `${minute} ${entry.token_id ?? ''} ${entry.ip ?? ''} ${entry.status} ${entry.rota}`;
    const full = !this.bursts.has(own) && this.bursts.size >= MAX_BURSTS;
    const key = full ? `${minute} * * ${entry.status} ${entry.rota}` : own;
    const burst = this.bursts.get(key);
    if (burst) burst.count++;
    else this.bursts.set(key, { minute, first: full ? { ...entry, token_id: null, ip: null } : entry, count: 1 });
  }

  /** Moves the bursts of minutes before `minute` to the rows waiting to be written. */
  private closeBursts(minute: number): void {
    for (const [key, burst] of this.bursts) {
      if (burst.minute >= minute) continue;
      this.bursts.delete(key);
      this.record({ ...burst.first, quantidade: burst.count });
    }
  }

  record(entry: AuditEntry): void {
    this.pending.push(line(entry));
    this.recorded++;
    if (this.pending.length > MAX_PENDING) {
      // The oldest rows go, but not those being written: their batch is taken off the front once written.
      const excess = this.pending.length - MAX_PENDING;
      this.pending.splice(this.inFlight, excess);
      this.dropped += excess;
    }
    if (this.pending.length >= BATCH_SIZE && !this.failed) void this.write();
  }

  /** Writes everything pending, the bursts and the tokens' use of the current minute included; concurrent calls share one write. */
  async flush(): Promise<void> {
    this.closeBursts(Infinity);
    await Promise.all([this.drain(), this.use?.write(true).catch(this.onError)]);
  }

  /** Writes every row recorded until now; rows recorded meanwhile wait for a full batch or the next drain. */
  private drain(): Promise<void> {
    this.drainTo = this.recorded;
    this.failed = false;
    return this.write();
  }

  private write(): Promise<void> {
    this.flushing ??= this.writeBatches().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async writeBatches(): Promise<void> {
    while (this.pending.length >= BATCH_SIZE || (this.pending.length > 0 && this.recorded - this.pending.length < this.drainTo)) {
      const batch = this.pending.slice(0, BATCH_SIZE);
      this.inFlight = batch.length;
      try {
        await this.database.append('auditoria', COLUMNS, batch.join(''));
      } catch (error) {
        this.failed = true;
        this.lastError = error;
        this.failedWrites++;
        this.onError(error);
        return;
      } finally {
        this.inFlight = 0;
      }
      this.pending.splice(0, batch.length);
      this.written += batch.length;
    }
  }

  /** Rows waiting to be written, a burst counting as one. */
  get size(): number {
    return this.pending.length + this.bursts.size;
  }

  /**
   * Writes what is pending, waiting at most `waitMs` for a database that does not answer, and returns how
   * many rows are left unwritten (a batch whose write never got an answer counts as unwritten).
   */
  async close(waitMs = CLOSE_WAIT_MS): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([
      (async () => {
        await this.flushing;
        await this.flush();
      })(),
      waited,
    ]);
    clearTimeout(timer);
    return this.size;
  }
}
