import { sql } from 'kysely';
import type { Database } from '../db/connection.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/**
 * A token refused by its rate limit in this many minutes of the last hour is an alert in Auditoria, at most one an
 * hour: one minute over the limit is a burst, several are an integration that needs a higher limit or fewer calls.
 */
export const LIMITED_MINUTES_ALERT = 3;
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
  limited: number;
}

/** One token's use of one operation in one hour (hours since 1970). */
interface HourUse {
  tokenId: number;
  hour: number;
  route: string;
  requests: number;
  errors: number;
  refused: number;
  /** Of `refused`, refused for too many requests in flight at once. */
  concurrency: number;
}

/**
 * Each token's use per minute, kept in memory as requests are audited and added to `uso_token_minuto` once the
 * minute is over (or at a flush), where every instance adds its own counts to the same rows; and per hour and
 * operation, added to `uso_token_hora` with them. Counting a request is a Map lookup or two and a few additions:
 * the audit hook runs it on every request of the busiest endpoints.
 */
export class TokenUse {
  /** The minute being counted, per token: a token's entry is replaced when its next minute begins. */
  private readonly current = new Map<number, MinuteUse>();
  /** Minutes over, waiting to be written. */
  private closed: MinuteUse[] = [];
  /** Writes one after another: a flush waits for the write under way, then writes what is left. */
  private writing: Promise<void> = Promise.resolve();
  private prunedAt = 0;
  /** The hours' counts since the last write, by token, hour and route. */
  private hours = new Map<string, HourUse>();

  constructor(private readonly database: Pick<Database, 'db' | 'write'>) {}

  /**
   * `requests`: what the request counted against the token's rate limit (0 when the limit refused it);
   * `cpfMisses`: lookups by CPF that found nobody, as the CPF-miss limit counted them; `refused`: 1 for a 429;
   * `limited`: 1 for a 429 of the token's own rate limit.
   */
  count(tokenId: number, atMs: number, requests: number, cpfMisses: number, refused: number, limited = 0): void {
    const minute = Math.floor(atMs / MINUTE_MS);
    let use = this.current.get(tokenId);
    if (use === undefined || use.minute !== minute) {
      if (use !== undefined && this.closed.push(use) > MAX_WAITING) this.closed.shift();
      use = { tokenId, minute, requests: 0, cpfMisses: 0, refused: 0, limited: 0 };
      this.current.set(tokenId, use);
    }
    use.requests += requests;
    use.cpfMisses += cpfMisses;
    use.refused += refused;
    use.limited += limited;
  }

  /**
   * A request that presented a known token (refused ones too), for its hour's counts by operation; `concurrency`: it
   * was refused for too many requests in flight at once.
   */
  countRoute(tokenId: number, atMs: number, route: string, status: number, concurrency = false): void {
    const hour = Math.floor(atMs / HOUR_MS);
    const key = `${tokenId} ${hour} ${route}`;
    let use = this.hours.get(key);
    if (use === undefined) {
      if (this.hours.size >= MAX_WAITING) return;
      use = { tokenId, hour, route, requests: 0, errors: 0, refused: 0, concurrency: 0 };
      this.hours.set(key, use);
    }
    use.requests++;
    if (status === 429) {
      use.refused++;
      if (concurrency) use.concurrency++;
    } else if (status >= 400) use.errors++;
  }

  /** Token-minutes not yet written. */
  get size(): number {
    return this.closed.length + this.current.size + this.hours.size;
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
    if (this.closed.length === 0 && (!all || this.hours.size === 0)) return Promise.resolve();
    const next = this.writing.then(() => this.writeClosed());
    this.writing = next.catch(() => {});
    return next;
  }

  private async writeClosed(): Promise<void> {
    await this.writeHours();
    const rows = this.closed;
    if (rows.length === 0) return;
    this.closed = [];
    // The same order on every instance, so that two upserts of the same rows never wait on each other in a cycle.
    rows.sort((a, b) => a.tokenId - b.tokenId || a.minute - b.minute);
    try {
      await this.database.write(
        sql`insert into uso_token_minuto as u (token_id, minuto, requisicoes, cpf_sem_resultado, recusadas, limitadas)
          select t, to_timestamp(m * 60), r, c, x, l
            from unnest(${rows.map((row) => row.tokenId)}::bigint[], ${rows.map((row) => row.minute)}::bigint[],
                        ${rows.map((row) => row.requests)}::integer[], ${rows.map((row) => row.cpfMisses)}::integer[],
                        ${rows.map((row) => row.refused)}::integer[], ${rows.map((row) => row.limited)}::integer[]) as rows (t, m, r, c, x, l)
          on conflict (token_id, minuto) do update set
            requisicoes = u.requisicoes + excluded.requisicoes,
            cpf_sem_resultado = u.cpf_sem_resultado + excluded.cpf_sem_resultado,
            recusadas = u.recusadas + excluded.recusadas,
            limitadas = u.limitadas + excluded.limitadas`.compile(this.database.db),
      );
    } catch (error) {
      this.closed = rows.concat(this.closed);
      throw error;
    }
    const limited = [...new Set(rows.filter((row) => row.limited > 0).map((row) => row.tokenId))];
    if (limited.length > 0) await this.alertLimited(limited);
    if (Date.now() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await this.database.write(sql`delete from uso_token_minuto where minuto < now() - ${KEPT}`.compile(this.database.db));
      await this.database.write(sql`delete from uso_token_hora where hora < now() - ${KEPT}`.compile(this.database.db));
    }
  }

  private async writeHours(): Promise<void> {
    if (this.hours.size === 0) return;
    const rows = [...this.hours.values()];
    this.hours = new Map();
    rows.sort((a, b) => a.tokenId - b.tokenId || a.hour - b.hour || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
    try {
      await this.database.write(
        sql`insert into uso_token_hora as u (token_id, hora, rota, requisicoes, erros, recusadas, simultaneas)
          select t, to_timestamp(h * 3600), o, r, e, x, s
            from unnest(${rows.map((row) => row.tokenId)}::bigint[], ${rows.map((row) => row.hour)}::bigint[],
                        ${rows.map((row) => row.route)}::text[], ${rows.map((row) => row.requests)}::integer[],
                        ${rows.map((row) => row.errors)}::integer[], ${rows.map((row) => row.refused)}::integer[],
                        ${rows.map((row) => row.concurrency)}::integer[]) as rows (t, h, o, r, e, x, s)
          on conflict (token_id, hora, rota) do update set
            requisicoes = u.requisicoes + excluded.requisicoes,
            erros = u.erros + excluded.erros,
            recusadas = u.recusadas + excluded.recusadas,
            simultaneas = u.simultaneas + excluded.simultaneas`.compile(this.database.db),
      );
    } catch (error) {
      // Back with what was counted meanwhile, for the next write.
      for (const row of rows) {
        const key = `${row.tokenId} ${row.hour} ${row.route}`;
        const now = this.hours.get(key);
        if (now) {
          now.requests += row.requests;
          now.errors += row.errors;
          now.refused += row.refused;
          now.concurrency += row.concurrency;
        } else this.hours.set(key, row);
      }
      throw error;
    }
  }

  /**
   * An alert in Auditoria for each of these tokens refused by its rate limit in LIMITED_MINUTES_ALERT minutes or more
   * of the last hour, unless it had one in that hour. Instances writing at once leave it to the first: the advisory
   * lock is held until the statement's end, when the alert it wrote is visible to the next.
   */
  private async alertLimited(tokenIds: number[]): Promise<void> {
    await this.database.write(
      sql`insert into auditoria (ocorrido_em, origem, token_id, metodo, rota, status, request_id, quantidade, alerta, detalhe)
        select now(), 'api', m.token_id, 'GET', '/api/v1', 429, 'alerta-' || gen_random_uuid(), m.limitadas, true,
               format('O token atingiu o seu limite de requisições por minuto em %s minutos da última hora (%s requisições recusadas com 429). '
                      'Veja o uso dele em Integrações: o limite pode ser pequeno para a integração, ou ela pode estar chamando mais do que precisa.',
                      m.minutos, m.limitadas)
          from (select token_id, count(*)::integer as minutos, sum(limitadas)::integer as limitadas
                  from uso_token_minuto
                 where token_id = any (${tokenIds}::bigint[]) and minuto >= now() - interval '1 hour' and limitadas > 0
                 group by token_id) m
         where m.minutos >= ${LIMITED_MINUTES_ALERT}
           and pg_try_advisory_xact_lock(hashtext('alerta-limite'), m.token_id::integer)
           and not exists (select from auditoria a
                            where a.alerta and a.token_id = m.token_id and a.rota = '/api/v1'
                              and a.ocorrido_em >= now() - interval '1 hour')`.compile(this.database.db),
    );
  }
}
