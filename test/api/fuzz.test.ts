import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { dateEdge, timestampEdge } from '../helpers/date-edges.js';

const LISTS = {
  '/api/v1/associados': ['cpf', 'crm', 'status', 'regional', 'updated_since', 'limit', 'cursor'],
  '/api/v1/faturas': ['status', 'kind', 'paid_from', 'paid_to', 'updated_since', 'limit', 'cursor'],
  '/api/v1/cursos': ['limit', 'cursor'],
  '/api/v1/public/cursos': ['limit', 'cursor'],
} as const;

const PATHS = ['/api/v1/associados/{}', '/api/v1/associados/{}/situacao', '/api/v1/cursos/{}'];

/** Values that tend to break parsers: plausible ones, edge numbers and dates, odd characters, SQL and traversal. */
const value = fc.oneof(
  dateEdge.map((date) => date.text),
  timestampEdge.map((timestamp) => timestamp.text),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    'ativo',
    'paid,overdue',
    'SP',
    '2026-02-30',
    '2026-03-01',
    '0000-01-01',
    '9999-12-31',
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+23:59',
    '9999-12-31T23:59:59-23:59',
    '0',
    '-1',
    '501',
    '1e3',
    '',
    ' ',
    '%',
    '%00',
    '\u0000',
    "' or 1=1 --",
    '../../etc/passwd',
    '529.982.247-25',
    'CRM-SP 123456',
    '9'.repeat(40),
    'NaN',
    'true',
    '[]',
    '{}',
  ),
  fc.integer().map(String),
);

describe('fuzzing the API', () => {
  let f: ApiFixture;
  let token: string;

  before(async () => {
    f = await apiFixture(50);
    token = await f.token(['associados:read', 'associados:cpf', 'cursos:read', 'faturas:read']);
  });
  after(() => f.close());

  /** Never a 5xx; every 4xx a problem; every response as documented (the client checks it). */
  async function check(url: string, headers: Record<string, string> = {}): Promise<void> {
    const response = await f.api.request({ url, headers: { authorization: `Bearer ${token}`, ...headers } });
    assert.ok(response.statusCode < 500, `${url} → ${response.statusCode}: ${response.body.slice(0, 300)}`);
    if (response.statusCode >= 400) assert.match(String(response.headers['content-type']), /^application\/problem\+json/, url);
  }

  it('query strings never cause a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(LISTS) as (keyof typeof LISTS)[])),
        fc.array(fc.tuple(fc.oneof(fc.constantFrom(...new Set(Object.values(LISTS).flat())), fc.string({ maxLength: 10 })), value), {
          maxLength: 5,
        }),
        async (path, params) => {
          const query = params.map(([name, v]) => `${encodeURIComponent(name)}=${encodeURIComponent(v)}`).join('&');
          await check(`${path}?${query}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('dates and timestamps at the edges of the calendar and of the range never cause a 5xx', async () => {
    const dated = fc.oneof(
      dateEdge.map((date) => date.text),
      timestampEdge.map((timestamp) => timestamp.text),
      value,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({
            path: fc.constant('/api/v1/faturas'),
            params: fc.subarray(['paid_from', 'paid_to', 'updated_since'], { minLength: 1 }),
          }),
          fc.record({ path: fc.constant('/api/v1/associados'), params: fc.constant(['updated_since']) }),
        ),
        fc.array(dated, { minLength: 3, maxLength: 3 }),
        async ({ path, params }, values) => {
          await check(`${path}?${params.map((name, i) => `${name}=${encodeURIComponent(values[i]!)}`).join('&')}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('raw, badly encoded query strings never cause a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(LISTS)),
        fc.string({ unit: fc.constantFrom('%', 'a', '=', '&', '2', 'F', 'G', '+', 'c', 'p', 'f', ';', '[', ']'), maxLength: 20 }),
        async (path, raw) => {
          await check(`${path}?${raw}`);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('path ids never cause a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), value, async (template, id) => {
        if (id === '') return;
        await check(template.replace('{}', encodeURIComponent(id)));
      }),
      { numRuns: 300 },
    );
  });

  it('odd headers never cause a 5xx', async () => {
    const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            accept: fc.oneof(printable, fc.constantFrom('application/json;q=0', 'text/html', '*/*;q=0.5', 'application/*')),
            'if-none-match': printable,
            'x-request-id': printable,
            authorization: fc.oneof(printable, fc.constant(`Bearer ${'a'.repeat(2000)}`)),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom('/api/v1/associados?limit=2', '/api/v1/public/cursos', '/api/v1/faturas?status=paid&limit=1'),
        async (headers, url) => {
          await check(url, headers);
        },
      ),
      { numRuns: 200 },
    );
  });
});
