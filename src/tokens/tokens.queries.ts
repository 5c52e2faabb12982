import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { DISPLAY_PREFIX_LENGTH, generateToken, hashToken } from './token.js';
import type { Scope } from './scopes.js';

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 365 * 86400;
export const MAX_TOKEN_LIFETIME_SECONDS = 5 * 365 * 86400;

export interface NewToken {
  nome: string;
  scopes: readonly Scope[];
  criadoPor: string;
  lifetimeSeconds?: number;
  regional?: string | null;
  limitePorMinuto?: number | null;
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
      criado_por: input.criadoPor,
      expira_em: expiraEm,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, prefixo, expiraEm };
}

export function listTokens(db: Kysely<Schema>) {
  return db
    .selectFrom('api_token')
    .select(['id', 'nome', 'prefixo', 'scopes', 'regional', 'limite_por_minuto', 'criado_por', 'criado_em',
      'expira_em', 'ultimo_uso_em', 'revogado_em'])
    .orderBy('id')
    .execute();
}

/** Revokes a token; false when no token has that id or it was already revoked. */
export async function revokeToken(db: Kysely<Schema>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('api_token')
    .set({ revogado_em: new Date() })
    .where('id', '=', id)
    .where('revogado_em', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
