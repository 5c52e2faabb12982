import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { businessDate, saoPauloTimestamp } from '../../src/domain/dates.js';

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
