import { Problem } from '../errors/problems.js';

/**
 * The limits that answer 429, as the metrics name them (`associa_refusals_total`): the request limits per token,
 * per address on the public list and on the OpenAPI document, failed authentications per address, lookups by CPF
 * that find nothing per token, and a token's requests in flight at once.
 */
export const LIMIT_NAMES = ['token', 'public', 'docs', 'auth_failures', 'cpf_lookup', 'concurrency'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** The problem code of a limit's 429. */
export function limitCode(limit: LimitName): 'rate_limited' | 'cpf_lookup_limited' | 'concurrency_limited' {
  if (limit === 'cpf_lookup') return 'cpf_lookup_limited';
  return limit === 'concurrency' ? 'concurrency_limited' : 'rate_limited';
}

/** The whole seconds a client waits for a window to end, never 0: what `Retry-After` and `RateLimit`'s `t` say. */
export function retryAfter(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/** The 429 of a limit reached, with `Retry-After` (the `seconds` its window has left) and the limit named for the metrics. */
export function limitReached(limit: LimitName, seconds: number, detail: string, headers: Record<string, string> = {}): Problem {
  return new Problem(limitCode(limit), detail, {
    headers: { 'retry-after': String(seconds), ...headers },
    limit,
  });
}
