import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { compiledSelect } from '../../src/db/compiled-select.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('selects compiled once per shape', () => {
  let test: TestDatabase;
  let builds: string[];
  const branches = compiledSelect((db, shape: 'one' | 'all but', [code]: [string]) => {
    builds.push(shape);
    const query = db.selectFrom('regional').select('codigo').orderBy('codigo');
    return shape === 'one' ? query.where('codigo', '=', code) : query.where('codigo', '<>', code);
  });

  before(async () => {
    test = await createTestDatabase();
    builds = [];
  });
  after(() => test?.dispose());

  it("builds each shape once and runs it with each call's values", async () => {
    const db = test.database.read;
    assert.deepEqual(await branches(db, 'one', ['SP']), [{ codigo: 'SP' }]);
    assert.deepEqual(await branches(db, 'one', ['RJ']), [{ codigo: 'RJ' }]);
    assert.deepEqual(await branches(db, 'one', ['XX']), []);
    const others = await branches(db, 'all but', ['SP']);
    assert.equal(others.length, 26);
    assert.ok(!others.some((row) => row.codigo === 'SP'));
    assert.equal((await branches(db, 'all but', ['RJ'])).length, 26);
    assert.deepEqual(builds, ['one', 'all but']);
  });

  it('runs concurrent calls of one shape each with its own values', async () => {
    const codes = ['AC', 'BA', 'DF', 'MG', 'PR', 'RS', 'SP', 'TO'];
    const rows = await Promise.all(codes.map((code) => branches(test.database.read, 'one', [code])));
    assert.deepEqual(
      rows,
      codes.map((codigo) => [{ codigo }]),
    );
  });
});
