import { deprecatedSince, type TokenLifetime } from '../tokens/token-expiry.js';

export interface TokenWarning {
  /** Why: the token was replaced by rotation and is in its grace period, or it is in its last days. */
  kind: 'rotated' | 'expiring';
  deprecation: string;
  sunset: string;
  link: string;
}

/**
 * The warning owed to the integrator of a token going away (API-DESIGN §8): `Deprecation: @<seconds>` (RFC 9745),
 * `Sunset: <HTTP date>` (RFC 8594) and a `Link` to the token's row in the administration area, where a new token
 * is issued; null for a token that is neither in its rotation grace period nor in its last 14 days. The base URL is asked
 * for only when a warning is owed.
 */
export function tokenWarning(token: TokenLifetime & { id: number }, now: Date, baseUrl: () => string): TokenWarning | null {
  const since = deprecatedSince(token, now);
  if (!since) return null;
  return {
    kind: token.rotacionadoEm ? 'rotated' : 'expiring',
    deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    sunset: token.expiraEm.toUTCString(),
    link: `<${baseUrl()}/admin/integracoes#token-${token.id}>; rel="deprecation"; type="text/html"`,
  };
}
