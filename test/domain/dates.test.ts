// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  businessDate,
  dateOfDay,
  dayNumber,
  FIRST_INSTANT,
  isCalendarDate,
  LAST_INSTANT,
  parseTimestamp,
  saoPauloTimestamp,
  startOfBusinessDay,
} from '../../src/domain/dates.js';

/** São Paulo's wall-clock time and offset at an instant, as Intl (and its time-zone database) tells them. */
function reference(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Sao_Paulo',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

describe('São Paulo timestamps', () => {
  it('format like the time-zone database, summer time included, seconds truncated', () => {
    assert.equal(saoPauloTimestamp(new Date('2026-03-10T17:22:05.999Z')), '2026-03-10T14:22:05-03:00');
    assert.equal(saoPauloTimestamp(new Date('2018-12-01T12:00:00Z')), '2018-12-01T10:00:00-02:00');
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('1990-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') }), (ms) => {
        const instant = new Date(ms);
        assert.equal(saoPauloTimestamp(instant), reference(instant));
      }),
      { numRuns: 5000 },
    );
  });

  it('give the São Paulo calendar day of an instant, as the time-zone database does', () => {
    assert.equal(businessDate(new Date('2026-03-11T02:59:59Z')), '2026-03-10');
    assert.equal(businessDate(new Date('2026-03-11T03:00:00Z')), '2026-03-11');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('1990-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') }), (ms) => {
        assert.equal(businessDate(new Date(ms)), day.format(new Date(ms)));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('calendar dates', () => {
  it('exist or not, leap years included', () => {
    for (const date of ['2024-02-29', '2000-02-29', '1900-02-28', '0000-02-29', '0001-01-01', '9999-12-31', '2026-04-30'])
      assert.ok(isCalendarDate(date), date);
    for (const date of ['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-01', '+010000-01-01'])
      assert.ok(!isCalendarDate(date), date);
  });

  it('are written for any day number, past 9999 as an expanded year rather than cut short', () => {
    assert.equal(dateOfDay(dayNumber('0001-01-01')), '0001-01-01');
    assert.equal(dateOfDay(dayNumber('9999-12-31')), '9999-12-31');
    assert.equal(dateOfDay(dayNumber('9999-12-31') + 1), '+010000-01-01');
  });

  it('start at 00:00 São Paulo time, with the local mean time of year 1', () => {
    assert.equal(startOfBusinessDay('2026-03-10').toISOString(), '2026-03-10T03:00:00.000Z');
    assert.equal(startOfBusinessDay('9999-12-31').toISOString(), '9999-12-31T03:00:00.000Z');
    assert.ok(startOfBusinessDay('0001-01-01').getTime() >= FIRST_INSTANT);
  });
});

describe('parsing RFC 3339 timestamps', () => {
  const parsed = (text: string) => parseTimestamp(text)?.toISOString() ?? null;

  it('reads the instant with its offset, any separator and up to nine fractional digits, cut to the millisecond', () => {
    assert.equal(parsed('2026-03-10T14:22:05-03:00'), '2026-03-10T17:22:05.000Z');
    assert.equal(parsed('2026-03-10t14:22:05z'), '2026-03-10T14:22:05.000Z');
    assert.equal(parsed('2026-03-10 14:22:05.5+01:30'), '2026-03-10T12:52:05.500Z');
    assert.equal(parsed('2026-03-10T14:22:05.123456789Z'), '2026-03-10T14:22:05.123Z');
    assert.equal(parsed('2024-02-29T23:59:59.999-00:00'), '2024-02-29T23:59:59.999Z');
  });

  it('takes offsets up to ±14:00', () => {
    assert.equal(parsed('2026-01-01T00:00:00+14:00'), '2025-12-31T10:00:00.000Z');
    assert.equal(parsed('2026-01-01T00:00:00-14:00'), '2026-01-01T14:00:00.000Z');
    for (const offset of ['+14:01', '-14:01', '+23:59', '-23:59', '+00:60', '+0300', '+03', 'UTC', '']) {
      assert.equal(parsed(`2026-01-01T00:00:00${offset}`), null, offset);
    }
  });

  it('takes instants from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, whatever the wall-clock date', () => {
    assert.equal(parseTimestamp('0001-01-01T00:00:00Z')?.getTime(), FIRST_INSTANT);
    assert.equal(parseTimestamp('9999-12-31T23:59:59.999Z')?.getTime(), LAST_INSTANT);
    assert.equal(parseTimestamp('9999-12-31T23:59:59.9999999Z')?.getTime(), LAST_INSTANT);
    assert.equal(parseTimestamp('0000-12-31T23:00:00-01:00')?.getTime(), FIRST_INSTANT);
    assert.equal(parsed('9999-12-31T23:59:59+01:00'), '9999-12-31T22:59:59.000Z');
    for (const text of [
      '0000-01-01T00:00:00Z',
      '0000-12-31T23:59:59.999Z',
      '0001-01-01T00:00:00+00:01',
      '0001-01-01T00:00:00+14:00',
      '9999-12-31T23:59:59-00:01',
      '9999-12-31T23:59:59-14:00',
    ]) {
      assert.equal(parsed(text), null, text);
    }
  });

  it('refuses times and dates that do not exist', () => {
    for (const text of [
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:60:00Z',
      '2026-12-31T23:59:60Z',
      '2026-01-01T00:00:00.Z',
      '2026-01-01T00:00:00.1234567890Z',
      '2026-01-01T00:00Z',
      '2026-01-01',
      '+02026-01-01T00:00:00Z',
    ]) {
      assert.equal(parsed(text), null, text);
    }
  });

  it('agrees with Date.parse wherever both read the text and the offset is in range', () => {
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: FIRST_INSTANT + 14 * 3_600_000, max: LAST_INSTANT - 14 * 3_600_000 }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        (ms, offset) => {
          const local = new Date(ms + offset * 60_000).toISOString().slice(0, 23);
          const text = `${local}${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
          assert.equal(parseTimestamp(text)?.getTime(), ms, text);
          assert.equal(Date.parse(text), ms, text);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
