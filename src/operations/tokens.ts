import type { Kysely } from 'kysely';
import type { DefaultLimits } from '../audit/limit-suggestion.js';
import type { Schema } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { isUf } from '../domain/uf.js';
import { isScope, type Scope } from '../tokens/scopes.js';
import {
  createToken as insertToken,
  MAX_TOKEN_CONCURRENCY,
  MAX_TOKEN_LIFETIME_SECONDS,
  MAX_TOKEN_LIMIT,
  revokeToken as revoke,
  rotateToken as rotate,
  setTokenLimits,
  type CreatedToken,
  type RotatedToken,
  type TokenLimits,
} from '../tokens/tokens.queries.js';
import { actorName, audit, type Actor } from './actor.js';
import { refuseIf } from './refused.js';

/** The shortest lifetime a token may be given. */
const MIN_TOKEN_LIFETIME_SECONDS = 3600;
const NAME_LENGTH = { min: 1, max: 100 };

/** Why a token's creation or new limits were refused, each with what it was judged on. */
export type TokenReason =
  | { rule: 'name_length'; min: number; max: number }
  | { rule: 'no_scope' }
  | { rule: 'unknown_scope'; scopes: string[] }
  | { rule: 'lifetime'; min: number; max: number }
  | { rule: 'regional'; regional: string }
  | { rule: 'limit_range'; limit: keyof TokenLimits; max: number }
  | { rule: 'cpf_minute_over_day'; perMinute: number; perDay: number; dayIsDefault: boolean };

export interface TokenRequest {
  nome: string;
  scopes: readonly string[];
  lifetimeSeconds: number;
  regional: string | null;
  limits: TokenLimits;
}

const LIMIT_NAMES: [keyof TokenLimits, string][] = [
  ['limite_por_minuto', 'requisições por minuto'],
  ['limite_simultaneas', 'requisições simultâneas'],
  ['limite_cpf_sem_resultado_minuto', 'CPFs sem resultado por minuto'],
  ['limite_cpf_sem_resultado_dia', 'CPFs sem resultado por dia'],
];

const maxOf = (limit: keyof TokenLimits) => (limit === 'limite_simultaneas' ? MAX_TOKEN_CONCURRENCY : MAX_TOKEN_LIMIT);

/** What is wrong with a token's limits: a number out of its range, or CPF misses a minute above those of a day. */
function limitReasons(limits: TokenLimits, defaults: DefaultLimits): TokenReason[] {
  const reasons: TokenReason[] = [];
  for (const [limit] of LIMIT_NAMES) {
    const value = limits[limit];
    if (value !== null && (!Number.isInteger(value) || value < 1 || value > maxOf(limit))) {
      reasons.push({ rule: 'limit_range', limit, max: maxOf(limit) });
    }
  }
  if (reasons.length > 0) return reasons;
  const { limite_cpf_sem_resultado_minuto: minute, limite_cpf_sem_resultado_dia: day } = limits;
  if (minute === null && day === null) return reasons;
  // The day's limit would stop the token first: the minute's would never be reached.
  const perMinute = minute ?? defaults.cpfMisses.perMinute;
  const perDay = day ?? defaults.cpfMisses.perDay;
  if (perMinute > perDay) reasons.push({ rule: 'cpf_minute_over_day', perMinute, perDay, dayIsDefault: day === null });
  return reasons;
}

function tokenReasons(request: TokenRequest, defaults: DefaultLimits): TokenReason[] {
  const reasons: TokenReason[] = [];
  if (request.nome.length < NAME_LENGTH.min || request.nome.length > NAME_LENGTH.max) reasons.push({ rule: 'name_length', ...NAME_LENGTH });
  if (request.scopes.length === 0) reasons.push({ rule: 'no_scope' });
  const unknown = request.scopes.filter((scope) => !isScope(scope));
  if (unknown.length > 0) reasons.push({ rule: 'unknown_scope', scopes: unknown });
  const { lifetimeSeconds } = request;
  if (!Number.isInteger(lifetimeSeconds) || lifetimeSeconds < MIN_TOKEN_LIFETIME_SECONDS || lifetimeSeconds > MAX_TOKEN_LIFETIME_SECONDS) {
    reasons.push({ rule: 'lifetime', min: MIN_TOKEN_LIFETIME_SECONDS, max: MAX_TOKEN_LIFETIME_SECONDS });
  }
  if (request.regional !== null && !isUf(request.regional)) reasons.push({ rule: 'regional', regional: request.regional });
  return [...reasons, ...limitReasons(request.limits, defaults)];
}

/** Creates a token for `actor`, audited; its secret is returned here only. Throws Refused with every reason at once. */
export async function createToken(db: Kysely<Schema>, actor: Actor, request: TokenRequest, defaults: DefaultLimits): Promise<CreatedToken> {
  const nome = request.nome.trim();
  refuseIf(tokenReasons({ ...request, nome }, defaults));
  const scopes = [...new Set(request.scopes)] as Scope[];
  return inTransaction(db, async (tx) => {
    const created = await insertToken(tx, {
      nome,
      scopes,
      criadoPor: actorName(actor),
      lifetimeSeconds: request.lifetimeSeconds,
      regional: request.regional,
      limitePorMinuto: request.limits.limite_por_minuto,
      limiteSimultaneas: request.limits.limite_simultaneas,
      cpfMissesPerMinute: request.limits.limite_cpf_sem_resultado_minuto,
      cpfMissesPerDay: request.limits.limite_cpf_sem_resultado_dia,
    });
    await audit(tx, actor, { detalhe: `token ${created.id} criado (${nome}; ${scopes.join(', ')})` });
    return created;
  });
}

/** "requisições por minuto: padrão (600) → 2.000; …", the limits that changed, for the audit trail. */
function limitChanges(old: TokenLimits, next: TokenLimits, defaults: DefaultLimits): string {
  const standard: TokenLimits = {
    limite_por_minuto: defaults.rateLimit,
    limite_simultaneas: defaults.concurrency,
    limite_cpf_sem_resultado_minuto: defaults.cpfMisses.perMinute,
    limite_cpf_sem_resultado_dia: defaults.cpfMisses.perDay,
  };
  const text = (key: keyof TokenLimits, value: number | null) =>
    value === null ? `padrão (${standard[key]!.toLocaleString('pt-BR')})` : value.toLocaleString('pt-BR');
  return LIMIT_NAMES.filter(([key]) => old[key] !== next[key])
    .map(([key, name]) => `${name}: ${text(key, old[key])} → ${text(key, next[key])}`)
    .join('; ');
}

/**
 * Sets a token's four limits (null: the service's default), audited with what changed; nothing is written or audited
 * when nothing changes. Null when no token has that id.
 */
export async function changeTokenLimits(
  db: Kysely<Schema>,
  actor: Actor,
  token: { id: number; nome: string },
  limits: TokenLimits,
  defaults: DefaultLimits,
): Promise<TokenLimits | null> {
  refuseIf(limitReasons(limits, defaults));
  return inTransaction(db, async (tx) => {
    const old = await setTokenLimits(tx, token.id, limits);
    const changes = old && limitChanges(old, limits, defaults);
    if (changes) await audit(tx, actor, { detalhe: `token ${token.id} limites alterados (${token.nome}): ${changes}` });
    return old;
  });
}

/** Revokes a token and cancels its endpoints' pending deliveries, audited; false when it was not active. */
export function revokeToken(db: Kysely<Schema>, actor: Actor, token: { id: number; nome: string | null }): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const revoked = await revoke(tx, token.id);
    if (revoked) await audit(tx, actor, { detalhe: `token ${token.id} revogado${token.nome === null ? '' : ` (${token.nome})`}` });
    return revoked;
  });
}

/** Replaces a token by a new one, the old working `grace.seconds` more, audited; null when it was not active. */
export function rotateToken(
  db: Kysely<Schema>,
  actor: Actor,
  id: number,
  grace: { seconds: number; label: string },
): Promise<RotatedToken | null> {
  return inTransaction(db, async (tx) => {
    const rotated = await rotate(tx, id, grace.seconds, actorName(actor));
    if (rotated) await audit(tx, actor, { detalhe: `token ${id} rotacionado: novo token ${rotated.id} (carência ${grace.label})` });
    return rotated;
  });
}
