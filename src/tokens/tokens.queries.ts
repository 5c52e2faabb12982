import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { cancelTokenDeliveries, moveEndpoints } from '../events/webhooks.queries.js';
import { DISPLAY_PREFIX_LENGTH, generateToken, hashToken } from './token.js';
import type { Scope } from './scopes.js';

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 365 * 86400;
export const MAX_TOKEN_LIFETIME_SECONDS = 5 * 365 * 86400;
/** The most any of a token's limits may be set to. */
export const MAX_TOKEN_LIMIT = 100_000_000;
/** The most a token's requests in flight at once may be set to (migration 0027's constraint). */
export const MAX_TOKEN_CONCURRENCY = 100_000;

export interface NewToken {
  nome: string;
  scopes: readonly Scope[];
  criadoPor: string;
  lifetimeSeconds?: number;
  regional?: string | null;
  limitePorMinuto?: number | null;
  /** Requests in flight at once in an instance; null keeps the service's default. */
  limiteSimultaneas?: number | null;
  /** Lookups by CPF that find nobody, per minute and per day; null keeps the service's default. */
  cpfMissesPerMinute?: number | null;
  cpfMissesPerDay?: number | null;
}

export interface CreatedToken {
  id: number;
  token: string;
  prefixo: string;
  expiraEm: Date;
}

/** Creates a token and returns its secret, which is stored only as a hash and never shown again. */
export async function createToken(db: Kysely<Schema>, input: NewToken): Promise<CreatedToken> {
  const token = generateToken();
  const lifetime = input.lifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
  const expiraEm = new Date(Date.now() + lifetime * 1000);
  const prefixo = token.slice(0, DISPLAY_PREFIX_LENGTH);
  const row = await db
    .insertInto('api_token')
    .values({
      nome: input.nome,
      prefixo,
      hash: hashToken(token),
      scopes: [...input.scopes],
      regional: input.regional ?? null,
      limite_por_minuto: input.limitePorMinuto ?? null,
      limite_simultaneas: input.limiteSimultaneas ?? null,
      limite_cpf_sem_resultado_minuto: input.cpfMissesPerMinute ?? null,
      limite_cpf_sem_resultado_dia: input.cpfMissesPerDay ?? null,
      criado_por: input.criadoPor,
      expira_em: expiraEm,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, prefixo, expiraEm };
}

const LISTED = [
  'id',
  'nome',
  'prefixo',
  'scopes',
  'regional',
  'limite_por_minuto',
  'limite_simultaneas',
  'limite_cpf_sem_resultado_minuto',
  'limite_cpf_sem_resultado_dia',
  'criado_por',
  'criado_em',
  'expira_em',
  'ultimo_uso_em',
  'revogado_em',
  'rotacionado_em',
] as const;

export function listTokens(db: Kysely<Schema>) {
  return db.selectFrom('api_token').select(LISTED).orderBy('id').execute();
}

export function getToken(db: Kysely<Schema>, id: number) {
  return db.selectFrom('api_token').select(LISTED).where('id', '=', id).executeTakeFirst();
}

/** Revokes a token, and cancels what its webhook endpoints still had to receive; false when no token has that id or it was already revoked. */
export async function revokeToken(db: Kysely<Schema>, id: number): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const result = await tx
      .updateTable('api_token')
      .set({ revogado_em: new Date() })
      .where('id', '=', id)
      .where('revogado_em', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await cancelTokenDeliveries(tx, id);
    return true;
  });
}

/**
 * A token's own limits; null is the service's default (RATE_LIMIT_TOKEN, CONCURRENCY_LIMIT_TOKEN, CPF_LOOKUP_LIMIT_MINUTE,
 * CPF_LOOKUP_LIMIT_DAY).
 */
export interface TokenLimits {
  limite_por_minuto: number | null;
  limite_simultaneas: number | null;
  limite_cpf_sem_resultado_minuto: number | null;
  limite_cpf_sem_resultado_dia: number | null;
}

/**
 * Sets a token's four limits, each to a number or back to the default (null). The API applies them as soon as
 * it looks the token up again (TOKEN_CACHE_MS). Returns the limits the token had, or null when there is no such token.
 */
export async function setTokenLimits(db: Kysely<Schema>, id: number, limits: TokenLimits): Promise<TokenLimits | null> {
  return inTransaction(db, async (tx) => {
    const old = await tx
      .selectFrom('api_token')
      .select(['limite_por_minuto', 'limite_simultaneas', 'limite_cpf_sem_resultado_minuto', 'limite_cpf_sem_resultado_dia'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!old) return null;
    await tx
      .updateTable('api_token')
      .set({
        limite_por_minuto: limits.limite_por_minuto,
        limite_simultaneas: limits.limite_simultaneas,
        limite_cpf_sem_resultado_minuto: limits.limite_cpf_sem_resultado_minuto,
        limite_cpf_sem_resultado_dia: limits.limite_cpf_sem_resultado_dia,
      })
      .where('id', '=', id)
      .execute();
    return old;
  });
}

export interface RotatedToken extends CreatedToken {
  /** When the old token stops working. */
  oldExpiresAt: Date;
}

/**
 * Replaces a token with a new one of the same name, scopes, branch, limits, lifetime and webhook endpoints; the old one keeps
 * working for `graceSeconds` (or until its own expiry, if sooner) so the integration can switch without
 * downtime, and is marked rotated so that the API warns whoever still uses it. Null when the token does not
 * exist, is revoked or has expired.
 */
export async function rotateToken(db: Kysely<Schema>, id: number, graceSeconds: number, criadoPor: string): Promise<RotatedToken | null> {
  return inTransaction(db, async (tx) => {
    const old = await tx
      .selectFrom('api_token')
      .selectAll()
      .where('id', '=', id)
      .where('revogado_em', 'is', null)
      .where('expira_em', '>', new Date())
      .forUpdate()
      .executeTakeFirst();
    if (!old) return null;
    const lifetimeSeconds = Math.min(
      MAX_TOKEN_LIFETIME_SECONDS,
      Math.max(3600, Math.round((old.expira_em.getTime() - old.criado_em.getTime()) / 1000)),
    );
    const created = await createToken(tx, {
      nome: old.nome,
      scopes: old.scopes as Scope[],
      criadoPor,
      lifetimeSeconds,
      regional: old.regional,
      limitePorMinuto: old.limite_por_minuto,
      limiteSimultaneas: old.limite_simultaneas,
      cpfMissesPerMinute: old.limite_cpf_sem_resultado_minuto,
      cpfMissesPerDay: old.limite_cpf_sem_resultado_dia,
    });
    const now = new Date();
    const oldExpiresAt = new Date(Math.min(old.expira_em.getTime(), now.getTime() + graceSeconds * 1000));
    await tx.updateTable('api_token').set({ expira_em: oldExpiresAt, rotacionado_em: now }).where('id', '=', id).execute();
    await moveEndpoints(tx, id, created.id);
    return { ...created, oldExpiresAt };
  });
}
