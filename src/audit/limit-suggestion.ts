import type { TokenUsePeaks } from './token-use.queries.js';

/** Room above the busiest use seen: a limit at the peak itself would refuse the next busier morning. */
const HEADROOM = 1.5;
/** Round limits an administrator recognises: 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten. */
const STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * The service's limits, for a token without limits of its own (RATE_LIMIT_TOKEN, CONCURRENCY_LIMIT_TOKEN,
 * CPF_LOOKUP_LIMIT_MINUTE, CPF_LOOKUP_LIMIT_DAY).
 */
export interface DefaultLimits {
  rateLimit: number;
  concurrency: number;
  cpfMisses: { perMinute: number; perDay: number };
}

/** Limits suggested from a token's use, where it had some. */
export interface SuggestedLimits {
  rateLimit?: number;
  cpfMisses?: { perMinute: number; perDay: number };
}

/** A limit for a use whose busiest period counted `peak`: the peak with headroom, rounded up, never below the default. */
export function suggestedLimit(peak: number, standard: number): number {
  const wanted = Math.ceil(peak * HEADROOM);
  if (wanted <= standard) return standard;
  const scale = 10 ** (String(wanted).length - 1);
  return STEPS.find((step) => step * scale >= wanted)! * scale;
}

/** What a token's busiest periods suggest, never below the defaults, the day's limit never below the minute's. */
export function suggestLimits(use: TokenUsePeaks, defaults: DefaultLimits): SuggestedLimits {
  const suggestions: SuggestedLimits = {};
  if (use.requests) suggestions.rateLimit = suggestedLimit(use.requests.count, defaults.rateLimit);
  if (use.cpfMissesMinute && use.cpfMissesDay) {
    const perMinute = suggestedLimit(use.cpfMissesMinute.count, defaults.cpfMisses.perMinute);
    const perDay = Math.max(perMinute, suggestedLimit(use.cpfMissesDay.count, defaults.cpfMisses.perDay));
    suggestions.cpfMisses = { perMinute, perDay };
  }
  return suggestions;
}
