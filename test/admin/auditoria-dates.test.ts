import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { dateEdge, timestampEdge } from '../helpers/date-edges.js';

describe('Auditoria: dates at the edges of the calendar', () => {
  let f: ApiFixture;
  let agent: AdminAgent;

  before(async () => {
    f = await apiFixture(10);
    await createTestAdmin(f.app);
    agent = new AdminAgent(f.app);
    await agent.login();
  });
  after(() => f.close());

  it('takes periods from 1900 to 2999 and refuses the rest with its 400 page', async () => {
    for (const query of ['de=1900-01-01', 'ate=2999-12-31', 'de=1900-01-01&ate=2999-12-31', 'antes=2999-12-31T23:59:59.999999Z_5']) {
      for (const path of ['/admin/auditoria', '/admin/auditoria.csv']) {
        const response = await agent.get(`${path}?${query}`);
        assert.equal(response.statusCode, 200, `${path}?${query}: ${response.body.slice(0, 500)}`);
      }
    }
    for (const [query, message] of [
      ['de=0000-01-01', /Data inicial inválida/],
      ['ate=9999-12-31', /Data final inválida/],
      ['de=0001-01-01&ate=9999-12-31', /Data inicial inválida/],
      ['antes=0000-01-01T00:00:00.000000Z_5', /marcador de página/],
      ['antes=9999-12-31T23:59:59.999999Z_5', /marcador de página/],
    ] as const) {
      const response = await agent.get(`/admin/auditoria?${query}`);
      assert.equal(response.statusCode, 400, query);
      assert.match(response.body, message, query);
    }
  });

  it('never answers a 5xx to a date or a page marker around the edges', async () => {
    const marker = timestampEdge.map((timestamp) => `${timestamp.text}_5`);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/admin/auditoria', '/admin/auditoria.csv'),
        fc.record({ de: dateEdge, ate: dateEdge }, { requiredKeys: [] }),
        fc.option(marker),
        async (path, { de, ate }, antes) => {
          const query = new URLSearchParams();
          if (de) query.set('de', de.text);
          if (ate) query.set('ate', ate.text);
          if (antes !== null) query.set('antes', antes);
          const response = await agent.get(`${path}?${query}`);
          assert.ok(response.statusCode === 200 || response.statusCode === 400, `${path}?${query} → ${response.statusCode}`);
        },
      ),
      { numRuns: 200 },
    );
  });
});
