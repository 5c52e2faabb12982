/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- the calls below are meant not to type-check */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Database } from '../../src/db/connection.js';

// The assertion is the type check (npm run typecheck, in CI): a line below fails to compile, through its
// unused @ts-expect-error, as soon as the API's read handle could build that write.
it('gives the API a read handle that cannot build an insert, update or delete', () => {
  const writes = (database: Database) => [
    // @ts-expect-error: no insert through the API's reads
    () => database.read.insertInto('auditoria'),
    // @ts-expect-error: no update
    () => database.read.updateTable('associado'),
    // @ts-expect-error: no delete
    () => database.read.deleteFrom('fatura'),
    () => database.read.selectFrom('associado'),
  ];
  assert.equal(typeof writes, 'function');
});
