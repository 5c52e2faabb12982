/** How long before its expiry a token starts to be announced as going away (API-DESIGN §8). */
export const EXPIRY_WARNING_DAYS = 14;
const WARNING_MS = EXPIRY_WARNING_DAYS * 86_400_000;

export interface TokenLifetime {
  criadoEm: Date;
  expiraEm: Date;
  /** Set when the token was replaced by rotation: it then works only through its grace period. */
  rotacionadoEm: Date | null;
}

/**
 * Since when a token is deprecated: since its rotation, or since the start of its last 14 days (its creation,
 * when it was issued for less); null while neither applies. A fixed instant, so every response says the same.
 */
export function deprecatedSince(token: TokenLifetime, now: Date): Date | null {
  if (token.rotacionadoEm) return token.rotacionadoEm;
  const warnFrom = token.expiraEm.getTime() - WARNING_MS;
  return now.getTime() >= warnFrom ? new Date(Math.max(warnFrom, token.criadoEm.getTime())) : null;
}
