import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { invalidCursor } from '../lists/pagination.js';

/**
 * Where a page of a keyset-paginated list starts: after the last row's sort key. Lists ordered by their
 * identifier carry `[id]`; lists ordered by a timestamp or a date carry `[value, id]`, the value as
 * PostgreSQL's text (a timestamp exact to the microsecond).
 */
export type ListKey = readonly [number] | readonly [string, number];

/** What a list's key carries before the id. */
export type KeyKind = 'id' | 'timestamp' | 'date';

const VALUE_TEXT = {
  timestamp: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

/** The key a cursor carried, checked against the shape of the list's order; a 400 otherwise. */
export function checkedKey(key: readonly unknown[], kind: KeyKind): ListKey {
  const id = key.at(-1);
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw invalidCursor();
  if (kind === 'id') {
    if (key.length !== 1) throw invalidCursor();
    return [id];
  }
  const [value] = key;
  if (key.length !== 2 || typeof value !== 'string' || !VALUE_TEXT[kind].test(value)) throw invalidCursor();
  return [value, id];
}

/**
 * `column` equals one of `values`. One value stays an equality, so an index on (column, key) still gives
 * the key order; several are one array parameter, so any number of them is the same prepared statement.
 */
export function oneOf(column: RawBuilder<unknown>, values: readonly string[]): Expression<SqlBool> {
  return values.length === 1 ? sql<SqlBool>`${column} = ${values[0]}` : sql<SqlBool>`${column} = any(${values}::text[])`;
}

/** Rows after `after` in the order (`column`, `id`), or (`id`) when the list is ordered by its identifier. */
export function afterKey(
  column: RawBuilder<unknown> | null,
  id: RawBuilder<unknown>,
  after: ListKey,
  type: 'timestamptz' | 'date' = 'timestamptz',
): Expression<SqlBool> {
  if (after.length === 1) return sql<SqlBool>`${id} > ${after[0]}`;
  if (!column) throw invalidCursor();
  return sql<SqlBool>`(${column}, ${id}) > (${after[0]}::${sql.raw(type)}, ${after[1]})`;
}
