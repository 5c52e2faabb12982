// Runs once, on PostgreSQL: the audit connection is node-postgres's, on PostgreSQL only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { AuditWriter, type AuditEntry } from '../../src/audit/audit-writer.js';
import { TokenUse } from '../../src/audit/token-use.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const entry = (n: number): AuditEntry => ({
  ocorrido_em: new Date(),
  origem: 'api',
  metodo: 'GET',
  rota: '/api/v1/associados/:id/situacao',
  status: 200,
  request_id: `concurrent-${n}`,
  ip: '127.0.0.1',
  matriculas: [n],
});

describe('the audit connection', { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)' }, () => {
  let test: TestDatabase;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);

  before(async () => {
    test = await createTestDatabase();
    process.on('warning', onWarning);
  });

  after(async () => {
    process.off('warning', onWarning);
    await test?.dispose();
  });

  it('writes the trail, the tokens’ use and other writes given at once, one after another, without a deprecation warning', async () => {
    const { database } = test;
    const use = new TokenUse(database);
    const writer = new AuditWriter(database, (error) => assert.fail(error as Error), use);
    for (let n = 0; n < 1000; n++) {
      writer.record(entry(n));
      use.count(1, Date.now(), 1, 0, 0);
    }
    const writes = Array.from({ length: 10 }, () => database.write(sql`select pg_sleep(0.01)`.compile(database.db)));
    await Promise.all([writer.flush(), ...writes]);
    await writer.close();

    const [rows] = await database.db
      .selectFrom('auditoria')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('request_id', 'like', 'concurrent-%')
      .execute();
    assert.equal(Number(rows!.n), 1000);
    const [minute] = await database.db.selectFrom('uso_token_minuto').select('requisicoes').execute();
    assert.equal(minute?.requisicoes, 1000);
    // A warning is emitted on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(
      warnings.map((warning) => warning.message),
      [],
    );
  });
});
