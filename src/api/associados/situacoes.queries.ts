import { sql, type SqlBool } from 'kysely';
import type { Reader } from '../../db/connection.js';
import { compiledSelect } from '../../db/compiled-select.js';
import { membersWithStanding, type Visibility } from './associados.queries.js';

/**
 * The standing of every member named by matricula or CPF, of those the token may see, in one statement: each
 * list is one array parameter, so a batch of any size is the same prepared statement, read through the primary
 * key and the CPF's unique index.
 */
const situacoes = compiledSelect(
  (
    db,
    shape: 'all' | 'in branch',
    [matriculas, cpfs, regional, year, today]: [readonly number[], readonly string[], string, number, string],
  ) =>
    membersWithStanding(db, { regional: shape === 'in branch' ? regional : null }, year, today)
      .select('a.cpf')
      // bpchar[], the column's type: compared as text, the CPFs would miss the index.
      .where(sql<SqlBool>`(a.matricula = any(${matriculas}::bigint[]) or a.cpf = any(${cpfs}::bpchar[]))`),
);

export function findSituacoes(
  db: Reader,
  matriculas: readonly number[],
  cpfs: readonly string[],
  visibility: Visibility,
  year: number,
  today: string,
) {
  return situacoes(db, visibility.regional ? 'in branch' : 'all', [matriculas, cpfs, visibility.regional ?? '', year, today]);
}
