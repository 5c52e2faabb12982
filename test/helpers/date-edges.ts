import fc from 'fast-check';

export interface DateEdge {
  year: number;
  month: number;
  day: number;
  text: string;
}

export interface TimestampEdge extends DateEdge {
  hour: number;
  minute: number;
  second: number;
  /** `''` or `.` and digits. */
  fraction: string;
  /** As written, possibly out of range (`+14:01`, `-00:60`); `Z` is `+00:00`. */
  offset: { sign: 1 | -1; hours: number; minutes: number };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Years at the ends of what the database holds, at the Unix epoch, now, and of each leap-year rule. */
const YEAR = fc.constantFrom(0, 1, 1900, 1969, 1970, 2000, 2024, 2026, 9998, 9999);
/** Days 29–31, where months and leap years differ, more often than any other. */
const DAY = fc.oneof(fc.integer({ min: 0, max: 32 }), fc.integer({ min: 28, max: 31 }));

/** Dates `YYYY-MM-DD` around the edges of the calendar and of the range: months 00–13, days 00–32. */
export const dateEdge: fc.Arbitrary<DateEdge> = fc
  .record({ year: YEAR, month: fc.integer({ min: 0, max: 13 }), day: DAY })
  .map((date) => ({ ...date, text: `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}` }));

const OFFSET = fc.oneof(
  fc.constantFrom('Z', 'z', '+00:00', '-00:00', '+14:00', '-14:00', '+14:01', '-14:01', '+23:59', '-23:59'),
  fc
    .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 60 }))
    .map(([sign, hours, minutes]) => `${sign}${pad(hours)}:${pad(minutes)}`),
);

/** RFC 3339 timestamps around the same edges: hours 00–24, minutes 00–60, seconds 00–61, fractions, T/t/space, offsets. */
export const timestampEdge: fc.Arbitrary<TimestampEdge> = fc
  .record({
    date: dateEdge,
    hour: fc.oneof(fc.integer({ min: 0, max: 24 }), fc.constantFrom(0, 23, 24)),
    minute: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constantFrom(0, 59, 60)),
    second: fc.oneof(fc.integer({ min: 0, max: 61 }), fc.constantFrom(0, 59, 60, 61)),
    fraction: fc.constantFrom('', '', '.0', '.5', '.999', '.9999', '.123456', '.123456789', '.1234567890'),
    separator: fc.constantFrom('T', 't', ' '),
    offsetText: OFFSET,
  })
  .map(({ date, hour, minute, second, fraction, separator, offsetText }) => {
    const written = /^([+-])(\d{2}):(\d{2})$/.exec(offsetText);
    const offset = written
      ? { sign: written[1] === '-' ? (-1 as const) : (1 as const), hours: Number(written[2]), minutes: Number(written[3]) }
      : { sign: 1 as const, hours: 0, minutes: 0 };
    return {
      ...date,
      hour,
      minute,
      second,
      fraction,
      offset,
      text: `${date.text}${separator}${pad(hour)}:${pad(minute)}:${pad(second)}${fraction}${offsetText}`,
    };
  });
