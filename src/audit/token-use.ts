import { sql } from 'kysely';
import type { Database } from '../db/connection.js';

const MINUTE_MS = 60_000;
/** How long a token's use is kept: the suggestions read a week, an administrator may look back a month. */
const KEPT = sql`interval '35 days'`;
/** Old rows are deleted at most this often by each process, after a write: an hour's worth of rows each time. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/**
 * Token-minutes kept while the database refuses them (100 tokens busy for 16 hours); past this the oldest go: they
 * only inform a suggestion.
 */
const MAX_WAITING = 100_000;

/** One token's use in one minute (minutes since 1970). */
interface MinuteUse {
  tokenId: number;
  minute: number;
  requests: number;
  cpfMisses: number;
  refused: number;
}

/**
 * Each token's use per minute, kept in memory as requests are audited and added to `uso_token_minuto` once the
 * minute is over (or at a flush), where every instance adds its own counts to the same rows. Counting a request
 * is a Map lookup and three additions (about 10 ns): the audit hook runs it on every request of the busiest endpoints.
 */
export class TokenUse {
  /** The minute being counted, per token: a token's entry is replaced when its next minute begins. */
  private readonly current = new Map<number, MinuteUse>();
  /** Minutes over, waiting to be written. */
  private closed: MinuteUse[] = [];
  /** Writes one after another: a flush waits for the write under way, then writes what is left. */
  private writing: Promise<void> = Promise.resolve();
  private prunedAt = 0;

  constructor(private readonly database: Pick<Database, 'db' | 'write'>) {}

  /**
   * `requests`: what the request counted against the token's rate limit (0 when the limit refused it);
   * `cpfMisses`: lookups by CPF that found nobody, as the CPF-miss limit counted them; `refused`: 1 for a 429.
   */
  count(tokenId: number, atMs: number, requests: number, cpfMisses: number, refused: number): void {
    const minute = Math.floor(atMs / MINUTE_MS);
    let use = this.current.get(tokenId);
    if (use === undefined || use.minute !== minute) {
      if (use !== undefined && this.closed.push(use) > MAX_WAITING) this.closed.shift();
      use = { tokenId, minute, requests: 0, cpfMisses: 0, refused: 0 };
      this.current.set(tokenId, use);
    }
    use.requests += requests;
    use.cpfMisses += cpfMisses;
    use.refused += refused;
  }

  /** Token-minutes not yet written. */
  get size(): number {
    return this.closed.length + this.current.size;
  }

  /**
   * Writes the minutes that are over, or with `all` the current ones too (their later requests are added to the
   * same rows). A failed write keeps its minutes for the next call, and rejects.
   */
  write(all: boolean): Promise<void> {
    const before = all ? Infinity : Math.floor(Date.now() / MINUTE_MS);
    for (const [tokenId, use] of this.current) {
      if (use.minute >= before) continue;
      this.current.delete(tokenId);
      this.closed.push(use);
    }
    if (this.closed.length === 0 && !all) return Promise.resolve();
    const next = this.writing.then(() => this.writeClosed());
    this.writing = next.catch(() => {});
    return next;
  }

  private async writeClosed(): Promise<void> {
    const rows = this.closed;
    if (rows.length === 0) return;
    this.closed = [];
    // The same order on every instance, so that two upserts of the same rows never wait on each other in a cycle.
    rows.sort((a, b) => a.tokenId - b.tokenId || a.minute - b.minute);
    try {
      await this.database.write(
        sql`insert into uso_token_minuto as u (token_id, minuto, requisicoes, cpf_sem_resultado, recusadas)
          select t, to_timestamp(m * 60), r, c, x
            from unnest(${rows.map((row) => row.tokenId)}::bigint[], ${rows.map((row) => row.minute)}::bigint[],
                        ${rows.map((row) => row.requests)}::integer[], ${rows.map((row) => row.cpfMisses)}::integer[],
                        ${rows.map((row) => row.refused)}::integer[]) as rows (t, m, r, c, x)
          on conflict (token_id, minuto) do update set
            requisicoes = u.requisicoes + excluded.requisicoes,
            cpf_sem_resultado = u.cpf_sem_resultado + excluded.cpf_sem_resultado,
            recusadas = u.recusadas + excluded.recusadas`.compile(this.database.db),
      );
    } catch (error) {
      this.closed = rows.concat(this.closed);
      throw error;
    }
    if (Date.now() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await this.database.write(sql`delete from uso_token_minuto where minuto < now() - ${KEPT}`.compile(this.database.db));
    }
  }
}
