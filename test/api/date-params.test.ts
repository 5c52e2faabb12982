import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { dateEdge, timestampEdge, type DateEdge, type TimestampEdge } from '../helpers/date-edges.js';

interface Problem {
  code: string;
  detail: string;
  errors: { parameter: string; message: string }[];
}

/** The oracle, written apart from the service: a date exists when its month has that day (Gregorian leap years). */
function exists({ year, month, day }: DateEdge): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

/** A date the API accepts: one that exists, from 0001-01-01 (PostgreSQL has no year 0) to 9999-12-31. */
function acceptedDate(date: DateEdge): boolean {
  return exists(date) && date.year >= 1;
}

const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A timestamp the API accepts: a real wall-clock time (no hour 24, no leap second), at most nine fractional
 * digits, an offset of at most ±14:00, and an instant (to the millisecond) from 0001-01-01T00:00:00Z to
 * 9999-12-31T23:59:59.999Z. Its wall-clock date may be in year 0 if the offset brings the instant into year 1.
 */
function acceptedTimestamp(t: TimestampEdge): boolean {
  const { hours, minutes, sign } = t.offset;
  if (!exists(t) || t.hour > 23 || t.minute > 59 || t.second > 59 || t.fraction.length > 10) return false;
  if (minutes > 59 || hours * 60 + minutes > 14 * 60) return false;
  const instant = new Date(0);
  instant.setUTCFullYear(t.year, t.month - 1, t.day);
  instant.setUTCHours(t.hour, t.minute - sign * (hours * 60 + minutes), t.second, Number(t.fraction.slice(1, 4).padEnd(3, '0')));
  return instant.getTime() >= FIRST_INSTANT && instant.getTime() <= LAST_INSTANT;
}

describe('date and timestamp parameters', () => {
  let f: ApiFixture;
  let token: string;

  before(async () => {
    f = await apiFixture(200);
    token = await f.token(['associados:read', 'faturas:read'], { regional: 'SP' });
  });
  after(() => f.close());

  /** Follows rel="next" links to the end; every page must be a 200. */
  async function walk(url: string): Promise<number[]> {
    const ids: number[] = [];
    let next: string | undefined = url;
    while (next) {
      const response = await f.api.get(next, token);
      assert.equal(response.statusCode, 200, `${next}: ${response.body}`);
      ids.push(...response.json<{ id: number }[]>().map((invoice) => invoice.id));
      const link = response.headers.link as string | undefined;
      const url = link ? new URL(/^<([^>]+)>/.exec(link)![1]!) : undefined;
      next = url ? url.pathname + url.search : undefined;
    }
    return ids;
  }

  it('refuse dates and instants outside what the database holds with a 400 naming the range, never a 5xx', async () => {
    for (const [url, parameter, range] of [
      ['/api/v1/faturas?paid_from=0000-01-01', 'paid_from', /0001-01-01 a 9999-12-31/],
      ['/api/v1/faturas?paid_to=0000-12-31', 'paid_to', /0001-01-01 a 9999-12-31/],
      ['/api/v1/faturas?updated_since=0000-01-01T00:00:00Z', 'updated_since', /0001-01-01T00:00:00.000Z a 9999-12-31T23:59:59.999Z/],
      ['/api/v1/associados?updated_since=0000-01-01T00:00:00Z', 'updated_since', /0001-01-01T00:00:00.000Z a 9999-12-31T23:59:59.999Z/],
      ['/api/v1/faturas?updated_since=0001-01-01T00:00:00%2B23:59', 'updated_since', /-14:00 a \+14:00/],
      ['/api/v1/associados?updated_since=0001-01-01T00:00:00%2B23:59', 'updated_since', /-14:00 a \+14:00/],
      ['/api/v1/faturas?updated_since=9999-12-31T23:59:59-23:59', 'updated_since', /-14:00 a \+14:00/],
      ['/api/v1/associados?updated_since=9999-12-31T23:59:59-23:59', 'updated_since', /-14:00 a \+14:00/],
      // A sane offset that still puts the instant in year 0 or year 10000.
      ['/api/v1/faturas?updated_since=0001-01-01T00:00:00%2B00:01', 'updated_since', /0001-01-01T00:00:00.000Z/],
      ['/api/v1/associados?updated_since=9999-12-31T23:59:59-01:00', 'updated_since', /9999-12-31T23:59:59.999Z/],
    ] as const) {
      const response = await f.api.get(url, token);
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      const body = response.json<Problem>();
      assert.equal(body.code, 'invalid_parameter', url);
      assert.deepEqual(
        body.errors.map((error) => error.parameter),
        [parameter],
        url,
      );
      assert.match(body.detail, range, url);
    }
  });

  it('accept the first and last dates and instants, and offsets up to ±14:00', async () => {
    for (const url of [
      '/api/v1/faturas?paid_from=0001-01-01',
      '/api/v1/faturas?paid_to=0001-01-01',
      '/api/v1/faturas?paid_from=9999-12-31',
      '/api/v1/faturas?paid_from=0001-01-01&paid_to=9999-12-31',
      '/api/v1/faturas?updated_since=0001-01-01T00:00:00Z',
      '/api/v1/associados?updated_since=0001-01-01T00:00:00Z',
      '/api/v1/faturas?updated_since=9999-12-31T23:59:59.999Z',
      '/api/v1/associados?updated_since=9999-12-31T23:59:59.999999999Z',
      // Year 0 on the wall clock, 0001-01-01T00:00:00Z as an instant.
      '/api/v1/associados?updated_since=0000-12-31T23:00:00-01:00',
      '/api/v1/faturas?updated_since=2026-01-01T00:00:00%2B14:00',
      '/api/v1/faturas?updated_since=2026-01-01T00:00:00-14:00',
      '/api/v1/associados?updated_since=2026-01-01T00:00:00%2B14:00',
      '/api/v1/associados?updated_since=2026-01-01T00:00:00-14:00',
    ]) {
      const response = await f.api.get(url, token);
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    }
  });

  it('read paid_to=9999-12-31 as "no upper bound": every paid invoice of the branch, by payment time, page after page', async () => {
    const { rows } = await sql<{ id: number }>`
      select f.id from fatura f join associado a on a.matricula = f.associado
       where a.regional = 'SP' and f.pago_em is not null order by f.pago_em, f.id`.execute(f.t.database.db);
    assert.ok(rows.length > 10, 'the seed has paid invoices in SP');
    const expected = rows.map((row) => row.id);
    assert.deepEqual(await walk('/api/v1/faturas?paid_to=9999-12-31&limit=7'), expected);
    assert.deepEqual(await walk('/api/v1/faturas?paid_from=0001-01-01&paid_to=9999-12-31&limit=500'), expected);
  });

  it('answer 200 or 400 to every date and timestamp around the edges, 400 exactly outside the grammar or the range', async () => {
    const cases = fc.oneof(
      fc.record({ path: fc.constant('/api/v1/faturas'), parameter: fc.constantFrom('paid_from', 'paid_to'), value: dateEdge }),
      fc.record({
        path: fc.constantFrom('/api/v1/faturas', '/api/v1/associados'),
        parameter: fc.constant('updated_since'),
        value: timestampEdge,
      }),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ path, parameter, value }) => {
        const url = `${path}?${parameter}=${encodeURIComponent(value.text)}&limit=1`;
        const response = await f.api.get(url, token);
        const accepted = 'hour' in value ? acceptedTimestamp(value) : acceptedDate(value);
        assert.equal(response.statusCode, accepted ? 200 : 400, `${url}: ${response.body}`);
        if (!accepted) {
          const body = response.json<Problem>();
          assert.equal(body.code, 'invalid_parameter', url);
          assert.equal(body.errors[0]!.parameter, parameter, url);
        }
      }),
      { numRuns: 600 },
    );
  });
});
