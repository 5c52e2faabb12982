import type { BulkSession } from './connection.js';

/**
 * Drops the secondary indexes, unique keys and foreign keys of `tables` (their primary keys stay); returns the
 * statements that restore them. A bulk load into empty tables then builds each index once, at the end, which is
 * much faster than maintaining it row by row; the keys are checked then too.
 */
export async function dropIndexesAndConstraints(session: BulkSession, tables: readonly string[]): Promise<string[]> {
  const constraints = await session.query<{ tablename: string; conname: string; def: string; contype: string }>(
    `select conrelid::regclass::text as tablename, conname, pg_get_constraintdef(oid) as def, contype
       from pg_constraint where conrelid::regclass::text = any($1) and contype in ('f', 'u') order by contype desc, conname`,
    [tables],
  );
  const indexes = await session.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = any($1)
        and indexname not in (select conname from pg_constraint where contype in ('p', 'u', 'x'))
      order by indexname`,
    [tables],
  );
  for (const c of constraints) await session.query(`alter table ${c.tablename} drop constraint ${c.conname}`);
  for (const i of indexes) await session.query(`drop index ${i.indexname}`);
  // Unique keys before foreign keys, which may rely on them.
  return [
    ...indexes.map((i) => i.indexdef),
    ...constraints.filter((c) => c.contype === 'u').map((c) => `alter table ${c.tablename} add constraint ${c.conname} ${c.def}`),
    ...constraints.filter((c) => c.contype === 'f').map((c) => `alter table ${c.tablename} add constraint ${c.conname} ${c.def}`),
  ];
}
