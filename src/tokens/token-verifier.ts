import type { Database } from '../db/connection.js';
import type { TokenLifetime } from './token-expiry.js';
import { hashToken, isWellFormedToken } from './token.js';
import { viewerOf, type Viewer } from './viewer.js';

export interface TokenIdentity extends TokenLifetime {
  id: number;
  scopes: readonly string[];
  regional: string | null;
  limitePorMinuto: number | null;
  /** The token's own number of requests in flight at once; null keeps the service's default. */
  limiteSimultaneas: number | null;
  /** The token's own limits of lookups by CPF that find nothing; null keeps the service's default. */
  cpfMissesPerMinute: number | null;
  cpfMissesPerDay: number | null;
  /** Who is asking, as handlers see it. */
  viewer: Viewer;
}

type StoredToken = TokenIdentity & { revoked: boolean };
/** A lookup, shared while in flight; `found` once it has answered. */
type CachedLookup = { row: Promise<StoredToken | null>; found?: StoredToken | null; at: number };

/** A refusal of a token the service issued (revoked, expired) names it: the audit trail attributes the request to it. */
export type Verification =
  | { ok: true; token: TokenIdentity }
  | { ok: false; reason: 'malformed' | 'unknown' }
  | { ok: false; reason: 'revoked' | 'expired'; tokenId: number };

/** How long a looked-up token is trusted without asking the database: revocation shows within this. */
export const TOKEN_CACHE_MS = 500;
export const LAST_USE_FLUSH_MS = 10_000;

/**
 * Verifies bearer tokens against their stored hashes, with a short in-memory cache so a burst of
 * requests costs one lookup, and records the last use in batches instead of a write per request.
 */
export class TokenVerifier {
  /** Lookups by token, so the requests of a burst wait for one query. */
  private readonly cache = new Map<string, CachedLookup>();
  /** When each token was last used, in ms since 1970. */
  private readonly lastUse = new Map<number, number>();

  constructor(
    private readonly database: Pick<Database, 'db' | 'write'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The verdict on a bearer token: given at once when the cache answered it recently, as it mostly does. */
  verify(token: string): Verification | Promise<Verification> {
    const now = this.now();
    let entry = this.cache.get(token);
    // Only tokens the cache does not know are checked for shape (a checksum): a known one passed already.
    if (!entry && !isWellFormedToken(token)) return { ok: false, reason: 'malformed' };
    if (!entry || now - entry.at > TOKEN_CACHE_MS) {
      const fresh: CachedLookup = { row: this.lookup(token), at: now };
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(token, fresh);
      fresh.row.then(
        (row) => {
          fresh.found = row;
        },
        // A failed lookup is not remembered: the next request asks the database again.
        () => {
          if (this.cache.get(token) === fresh) this.cache.delete(token);
        },
      );
      entry = fresh;
    }
    if (entry.found !== undefined) return this.verdict(entry.found, now);
    return entry.row.then((row) => this.verdict(row, now));
  }

  private verdict(row: StoredToken | null, now: number): Verification {
    if (!row) return { ok: false, reason: 'unknown' };
    // Revoked before expired: the integrator needs a new token either way, but a revocation is news to them.
    if (row.revoked) return { ok: false, reason: 'revoked', tokenId: row.id };
    if (row.expiraEm.getTime() <= now) return { ok: false, reason: 'expired', tokenId: row.id };
    this.lastUse.set(row.id, now);
    return { ok: true, token: row };
  }

  private async lookup(token: string) {
    const row = await this.database.db
      .selectFrom('api_token')
      .select([
        'id',
        'nome',
        'scopes',
        'regional',
        'limite_por_minuto',
        'limite_simultaneas',
        'limite_cpf_sem_resultado_minuto',
        'limite_cpf_sem_resultado_dia',
        'criado_em',
        'expira_em',
        'rotacionado_em',
        'revogado_em',
      ])
      .where('hash', '=', hashToken(token))
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          scopes: row.scopes,
          regional: row.regional,
          limitePorMinuto: row.limite_por_minuto,
          limiteSimultaneas: row.limite_simultaneas,
          cpfMissesPerMinute: row.limite_cpf_sem_resultado_minuto,
          cpfMissesPerDay: row.limite_cpf_sem_resultado_dia,
          criadoEm: row.criado_em,
          expiraEm: row.expira_em,
          rotacionadoEm: row.rotacionado_em,
          revoked: row.revogado_em !== null,
          viewer: viewerOf(row),
        }
      : null;
  }

  /**
   * Writes the last-use times gathered since the previous flush (every LAST_USE_FLUSH_MS, a job of the instance's
   * runner); those it could not write wait for the next, unless a later use replaced them.
   */
  async flushLastUse(): Promise<void> {
    const uses = [...this.lastUse];
    this.lastUse.clear();
    for (const [index, [id, ms]] of uses.entries()) {
      const at = new Date(ms);
      try {
        await this.database.write(
          this.database.db
            .updateTable('api_token')
            .set({ ultimo_uso_em: at })
            .where('id', '=', id)
            .where((eb) => eb.or([eb('ultimo_uso_em', 'is', null), eb('ultimo_uso_em', '<', at)]))
            .compile(),
        );
      } catch (error) {
        for (const [unwritten, when] of uses.slice(index)) if (!this.lastUse.has(unwritten)) this.lastUse.set(unwritten, when);
        throw error;
      }
    }
  }
}
