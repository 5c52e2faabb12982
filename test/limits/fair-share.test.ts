import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

/**
 * One token's list pages against another's status check (API-DESIGN §9): the pages wait for the database, and the
 * status check arrives after all of them. On PostgreSQL the events' table is locked by a session of its own, so every
 * page of the feed waits on the server for as long as the test holds it; on the embedded database its one session
 * sleeps, and everything waits for it.
 */
const PAGES = 16;

describe('the database shared between tokens', () => {
  let f: ApiFixture;

  before(async () => {
    f = await apiFixture(20);
  });
  after(() => f.close());

  it("answers a token's status check before another token's waiting list pages, within its deadline", async () => {
    const { db } = f.t.database;
    // More pages at once than the pool has connections.
    const feed = await createToken(db, {
      nome: 'feed',
      scopes: ['faturas:read'],
      criadoPor: 'test',
      limitePorMinuto: 1_000,
      limiteSimultaneas: PAGES,
    });
    const exam = await createToken(db, { nome: 'provas', scopes: ['associados:situacao'], criadoPor: 'test' });
    const page = () => f.api.get('/api/v1/eventos?limit=500', feed.token);
    const status = () => f.api.get('/api/v1/associados/1/situacao', exam.token);
    // Both tokens known: their lookups are not what waits.
    assert.equal((await page()).statusCode, 200);
    assert.equal((await status()).statusCode, 200);

    // What was answered, in order: `status`, a page served (200) or a page shed (503).
    const answered: string[] = [];
    const sent = (name: string, response: ReturnType<typeof page>) =>
      response.then((reply) => {
        answered.push(name === 'status' ? name : `page ${reply.statusCode}`);
        return reply;
      });
    const servedBeforeStatus = () => answered.slice(0, answered.indexOf('status')).filter((name) => name === 'page 200').length;
    let pages: ReturnType<typeof page>[];
    let checked: Awaited<ReturnType<typeof status>>;
    if (f.t.url) {
      const holder = new pg.Client({ connectionString: f.t.url });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('lock table evento in access exclusive mode');
        pages = Array.from({ length: PAGES }, (_, i) => sent(`page ${i}`, page()));
        // Until the first pages wait on the lock, with the others behind them.
        for (;;) {
          const { rows } = await holder.query<{ n: number }>(
            "select count(*)::int as n from pg_locks where relation = 'evento'::regclass and not granted",
          );
          if (rows[0]!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        checked = await sent('status', status());
        assert.equal(servedBeforeStatus(), 0, `the status check was answered while every page waited: ${answered.join(', ')}`);
        await holder.query('commit');
      } finally {
        await holder.end();
      }
    } else {
      const sleeping = sql`select pg_sleep(0.3)`.execute(db);
      pages = Array.from({ length: PAGES }, (_, i) => sent(`page ${i}`, page()));
      const pending = sent('status', status());
      await sleeping;
      checked = await pending;
    }
    const answeredPages = await Promise.all(pages);
    assert.equal(checked.statusCode, 200);
    // Two pages at a time: the others waited for their turn, and those that would have waited too long were shed.
    for (const response of answeredPages) {
      if (response.statusCode === 200) continue;
      assert.equal(response.statusCode, 503);
      assert.equal(response.headers['retry-after'], '1');
      assert.match(response.json<{ detail: string }>().detail, /sobrecarregado/);
    }
    assert.ok(answeredPages.filter((response) => response.statusCode === 200).length >= 2, 'the pages in their turn were served');
    // Lanes in turn: the status check waited for no more than the pages already running.
    assert.ok(servedBeforeStatus() <= 2, `answered in this order: ${answered.join(', ')}`);
  });
});
