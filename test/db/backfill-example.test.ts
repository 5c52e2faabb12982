import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { migrate } from '../../src/db/migrate.js';
import { businessDate } from '../../src/domain/dates.js';
import { seed } from '../../src/seed/load.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { tempDir } from '../helpers/processes.js';

const ROOT = new URL('../../', import.meta.url);

/** The SQL blocks of migrations/README.md's section on batched backfills, in order. */
function backfillExample(): string[] {
  const readme = readFileSync(new URL('migrations/README.md', ROOT), 'utf8');
  const section = readme.slice(readme.indexOf('### Batched backfills'), readme.indexOf('## Expand, then contract'));
  return [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

describe("migrations/README.md's batched backfill", () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
    const now = new Date();
    await seed(t.database, { members: 30, seed: 7, now, today: businessDate(now), reset: false });
  });
  after(() => t?.dispose());

  it('fills the new column in on every invoice and moves no atualizado_em, so no list with updated_since serves them again', async () => {
    const { db } = t.database;
    const before = await sql<{ id: string; atualizado_em: Date }>`select id, atualizado_em from fatura order by id`.execute(db);
    assert.ok(before.rows.length > 30);

    const folder = tempDir('associa-backfill-');
    cpSync(new URL('migrations/', ROOT).pathname, folder, { recursive: true });
    const [expand, backfill] = backfillExample();
    assert.ok(expand && backfill, 'the section has the two files');
    writeFileSync(join(folder, '9998_fatura_valor_centavos.sql'), expand);
    writeFileSync(join(folder, '9999_fatura_valor_centavos_backfill.sql'), backfill);
    const applied = await migrate(db, { folder });
    assert.deepEqual(
      applied.map((migration) => migration.name),
      ['9998_fatura_valor_centavos', '9999_fatura_valor_centavos_backfill'],
    );

    const after = await sql<{ id: string; atualizado_em: Date; certo: boolean }>`
      select id, atualizado_em, valor_centavos = (valor * 100)::bigint as certo from fatura order by id`.execute(db);
    assert.ok(after.rows.every((row) => row.certo));
    assert.deepEqual(
      after.rows.map((row) => [row.id, row.atualizado_em.getTime()]),
      before.rows.map((row) => [row.id, row.atualizado_em.getTime()]),
    );

    // A change of the invoice itself is still stamped.
    const id = before.rows[0]!.id;
    await sql`update fatura set valor = valor + 1 where id = ${id}`.execute(db);
    const [changed] = (await sql<{ atualizado_em: Date }>`select atualizado_em from fatura where id = ${id}`.execute(db)).rows;
    assert.ok(changed!.atualizado_em.getTime() > before.rows[0]!.atualizado_em.getTime());
  });
});
