const UNITS: Record<string, number> = { h: 3600, d: 86400, w: 7 * 86400, y: 365 * 86400 };

/** Parses `12h`, `90d`, `8w` or `1y` into seconds; null for anything else. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,5})([hdwy])$/.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * UNITS[match[2]!]!;
  return seconds > 0 ? seconds : null;
}
