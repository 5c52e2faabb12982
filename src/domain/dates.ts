/** Business dates are São Paulo dates (API-DESIGN §1). */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 86_400_000;

/**
 * The dates the database and our driver path both hold: PostgreSQL has no year 0, and the drivers send a
 * `Date` as `toISOString()` writes it, `+010000-…` past 9999, which PostgreSQL refuses.
 */
export const FIRST_DATE = '0001-01-01';
export const LAST_DATE = '9999-12-31';
/** The first and last instants of those dates, in milliseconds: what a timestamp parameter may name. */
export const FIRST_INSTANT = Date.parse(`${FIRST_DATE}T00:00:00Z`);
export const LAST_INSTANT = Date.parse(`${LAST_DATE}T23:59:59.999Z`);
/** The farthest offset from UTC in use (Kiribati, +14:00), in minutes. */
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * The São Paulo calendar date of an instant, `YYYY-MM-DD`. Every request asks it; Intl took 30 µs a
 * call, a tenth of the status endpoint's own work.
 */
export function businessDate(instant: Date): string {
  const ms = instant.getTime();
  return dateOfDay(Math.floor((ms + saoPauloOffsetMinutes(ms) * 60_000) / DAY_MS));
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  // The proleptic Gregorian calendar's day count (H. Hinnant's days_from_civil), without parsing a Date.
  const month = Number(date.slice(5, 7));
  const year = Number(date.slice(0, 4)) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + Number(date.slice(8, 10)) - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const dateCache = new Map<number, string>();

export function dateOfDay(day: number): string {
  let date = dateCache.get(day);
  if (date === undefined) {
    // Cuts `THH:MM:SS.sssZ` off the end: a year past 9999 is written `+010000`.
    date = new Date(day * DAY_MS).toISOString().slice(0, -14);
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

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, timeZoneName: 'longOffset' });
/** Brazil's last summer time ended on 2019-02-17; since then São Paulo is UTC−3 all year. */
const FIXED_OFFSET_SINCE = Date.parse('2019-02-17T03:00:00Z');

/** São Paulo's offset from UTC at an instant, in minutes (−180 since 2019). */
function saoPauloOffsetMinutes(ms: number): number {
  if (ms >= FIXED_OFFSET_SINCE) return -180;
  const name = offsetFormat.formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT-03:00';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : -180;
}

/** The instant a São Paulo calendar day begins. */
export function startOfBusinessDay(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  return new Date(utcMidnight - saoPauloOffsetMinutes(utcMidnight + 180 * 60_000) * 60_000);
}

const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/**
 * `YYYY-MM-DDTHH:MM:SS` of a millisecond count read as wall-clock time. Written by hand because a list
 * page formats hundreds of timestamps and `Date#toISOString` was a visible share of its cost.
 */
function wallClock(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  const seconds = Math.floor((ms - day * DAY_MS) / 1000);
  return `${dateOfDay(day)}T${PAD2[Math.floor(seconds / 3600)]}:${PAD2[Math.floor(seconds / 60) % 60]}:${PAD2[seconds % 60]}`;
}

/** An instant as RFC 3339 in São Paulo time, e.g. `2026-03-10T14:22:05-03:00`. */
export function saoPauloTimestamp(instant: Date): string {
  const ms = instant.getTime();
  const offsetMinutes = saoPauloOffsetMinutes(ms);
  const local = wallClock(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${PAD2[Math.floor(abs / 60)]}:${PAD2[abs % 60]}`;
}

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  // Arithmetic rather than a Date and its ISO string: imports check millions of dates.
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1]!);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 timestamp with an offset of at most ±14:00, whose instant is from FIRST_INSTANT to
 * LAST_INSTANT (its wall-clock date may be in year 0 when the offset brings it into year 1); null otherwise.
 * No hour 24 or leap second; digits past the millisecond are cut, as `Date` does.
 */
export function parseTimestamp(text: string): Date | null {
  const match = TIMESTAMP.exec(text);
  const date = match?.[1];
  if (!match || !date || !isCalendarDate(date)) return null;
  // Read without intermediate arrays or strings: a large import parses millions of these.
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  const seconds = Number(match[4]);
  const offsetMinutes = match[8] === undefined ? 0 : Number(match[8]);
  const offset = match[6] === undefined ? 0 : (match[6] === '-' ? -1 : 1) * (Number(match[7]) * 60 + offsetMinutes);
  if (hours > 23 || minutes > 59 || seconds > 59 || offsetMinutes > 59 || Math.abs(offset) > MAX_OFFSET_MINUTES) return null;
  const fraction = match[5];
  const millis =
    fraction === undefined ? 0 : fraction.length >= 3 ? Number(fraction.slice(0, 3)) : Number(fraction) * 10 ** (3 - fraction.length);
  const ms = dayNumber(date) * DAY_MS + ((hours * 60 + minutes - offset) * 60 + seconds) * 1000 + millis;
  return ms >= FIRST_INSTANT && ms <= LAST_INSTANT ? new Date(ms) : null;
}

/** A day written `DD/MM/AAAA`, as `YYYY-MM-DD`; null when it does not exist. */
export function parseBrazilianDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const date = `${match[3]}-${match[2]}-${match[1]}`;
  return isCalendarDate(date) ? date : null;
}

/** `YYYY-MM-DD` as `DD/MM/AAAA`. */
export function brazilianDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** `DD/MM/AAAA` or `DD/MM/AAAA HH:MM`, São Paulo time, as the administration's forms take it; null when not a real one. */
export function parseBrazilianDateTime(text: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year, hours = '00', minutes = '00'] = match;
  const date = `${year}-${month}-${day}`;
  if (!isCalendarDate(date) || Number(hours) > 23 || Number(minutes) > 59) return null;
  return saoPauloInstant(dayNumber(date), Number(hours) * 60 + Number(minutes));
}
