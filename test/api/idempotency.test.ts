import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  isIdempotencyKey,
  keepAnswer,
  keptAnswer,
  KeysInFlight,
  KEPT_FOR_MS,
  requestDigest,
  sweepAnswers,
  takeKey,
} from '../../src/api/idempotency.js';
import { connect, type Database } from '../../src/db/connection.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const BODY = '{"resultados":[{"candidato":"000001","resultado":"aprovado","nota":"8.75"}]}';
const PATH = '/api/v1/provas/1/resultados';

describe('Idempotency-Key: the answers kept (API-DESIGN §14)', () => {
  let t: TestDatabase;

  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t?.dispose());

  it('takes 1 to 255 printable characters as a key', () => {
    assert.ok(isIdempotencyKey('lote-2026-10-04-001'));
    assert.ok(isIdempotencyKey('x'.repeat(255)));
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'ção']) assert.equal(isIdempotencyKey(key), false, JSON.stringify(key));
  });

  it('finds the answer kept for the same request, tells another request apart, and forgets it after a day', async () => {
    const { db } = t.database;
    const digest = requestDigest('POST', PATH, BODY);
    assert.deepEqual(await keptAnswer(db, 1, 'chave-a', digest), { found: 'none' });
    await db.transaction().execute((tx) => keepAnswer(tx, 1, 'chave-a', digest, { status: 200, body: '{"ok":true}' }));
    assert.deepEqual(await keptAnswer(db, 1, 'chave-a', digest), { found: 'same', answer: { status: 200, body: '{"ok":true}' } });
    assert.deepEqual(await keptAnswer(db, 1, 'chave-a', requestDigest('POST', PATH, `${BODY} `)), { found: 'other' });
    assert.deepEqual(await keptAnswer(db, 1, 'chave-a', requestDigest('POST', '/api/v1/provas/2/resultados', BODY)), { found: 'other' });
    assert.deepEqual(await keptAnswer(db, 2, 'chave-a', digest), { found: 'none' }, 'keys are per token');
    const tomorrow = new Date(Date.now() + KEPT_FOR_MS + 1000);
    assert.deepEqual(await keptAnswer(db, 1, 'chave-a', digest, tomorrow), { found: 'none' });
  });

  it('sweeps the answers older than a day', async () => {
    const { db } = t.database;
    const digest = requestDigest('POST', PATH, BODY);
    await db.transaction().execute((tx) => keepAnswer(tx, 1, 'chave-b', digest, { status: 200, body: '{}' }));
    await db
      .updateTable('chave_idempotencia')
      .set({ criado_em: new Date(Date.now() - KEPT_FOR_MS - 60_000) })
      .where('chave', '=', 'chave-b')
      .execute();
    assert.equal(await sweepAnswers(db), 1);
    assert.deepEqual(
      (await db.selectFrom('chave_idempotencia').select('chave').execute()).map((row) => row.chave),
      ['chave-a'],
    );
  });

  it('gives requests with the same key at once the first one’s answer, and refuses another body', async () => {
    const inFlight = new KeysInFlight();
    let runs = 0;
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const digest = requestDigest('POST', PATH, BODY);
    const answer = async () => {
      runs++;
      await held;
      return { status: 200, body: '{"n":1}' };
    };
    const first = inFlight.once(1, 'k', digest, answer);
    const second = inFlight.once(1, 'k', digest, answer);
    assert.deepEqual(await inFlight.once(1, 'k', requestDigest('POST', PATH, '{}'), answer), { reused: true });
    finish();
    assert.deepEqual(await first, { answer: { status: 200, body: '{"n":1}' }, waited: false });
    assert.deepEqual(await second, { answer: { status: 200, body: '{"n":1}' }, waited: true });
    assert.equal(runs, 1);
  });

  it('lets one transaction at a time hold a key', { skip: !process.env.DATABASE_URL && 'needs two sessions: PostgreSQL' }, async () => {
    const other: Database = await connect({ databaseUrl: t.url!, poolSize: 1 });
    try {
      await t.database.db.transaction().execute(async (tx) => {
        assert.equal(await takeKey(tx, 1, 'chave-c'), true);
        assert.equal(await other.db.transaction().execute((tx2) => takeKey(tx2, 1, 'chave-c')), false);
        assert.equal(await other.db.transaction().execute((tx2) => takeKey(tx2, 1, 'chave-d')), true);
      });
      assert.equal(await other.db.transaction().execute((tx2) => takeKey(tx2, 1, 'chave-c')), true, 'given back at commit');
    } finally {
      await other.close();
    }
  });
});
