/** Business dates are São Paulo dates (API-DESIGN §1). */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The São Paulo calendar date of an instant, `YYYY-MM-DD`. */
export function businessDate(instant: Date): string {
  return dateFormat.format(instant);
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

const dateCache = new Map<number, string>();

export function dateOfDay(day: number): string {
  let date = dateCache.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dateCache.size < 100_000) dateCache.set(day, date);
  }
  return date;
}

export function yearOfDay(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/**
 * The instant of a São Paulo wall-clock time on a given day. Brazil has kept UTC−3 all year since 2019;
 * the fictitious data does not need the older summer-time shifts.
 */
export function saoPauloInstant(day: number, minutesOfDay = 0): Date {
  return new Date(day * DAY_MS + (minutesOfDay + 180) * 60_000);
}
