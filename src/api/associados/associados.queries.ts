import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Reader } from '../../db/connection.js';
import type { CrmQuery } from '../../domain/crm.js';
import type { CrmSituacao } from '../../domain/enums.js';
import type { Uf } from '../../domain/uf.js';
import type { Schema } from '../../db/schema.js';
import { compiledSelect } from '../../db/compiled-select.js';
import { adimplenteExpression } from '../../db/standing.js';
import { afterKey, oneOf, type ListKey } from '../list-order.js';
import type { PageQuery } from '../list-pipeline.js';
import type { MemberKey } from './member-id.js';

/** What the caller may see: a token restricted to a branch sees only that branch's members. */
export interface Visibility {
  regional: string | null;
}

/**
 * Where every query of members starts: the members a token may see, those of its branch when it is
 * restricted to one (API-DESIGN §3). No member query reads `associado` otherwise.
 */
export function visibleMembers(db: Reader, visibility: Visibility) {
  const members = db.selectFrom('associado as a');
  return visibility.regional ? members.where('a.regional', '=', visibility.regional) : members;
}

/** The members a viewer may see with their standing: the six fields of the status, and the category it reads. */
export function membersWithStanding(db: Reader, visibility: Visibility, year: number, today: string) {
  return visibleMembers(db, visibility)
    .innerJoin('categoria as c', 'c.codigo', 'a.categoria')
    .select(['a.matricula', 'a.nome', 'a.status', 'a.categoria', adimplenteExpression(year, today).as('adimplente')]);
}

const situacao = compiledSelect(
  (
    db,
    shape: 'matricula' | 'cpf' | 'matricula in branch' | 'cpf in branch',
    [id, regional, year, today]: [number | string, string, number, string],
  ) => {
    const query = membersWithStanding(db, { regional: shape.endsWith(' in branch') ? regional : null }, year, today);
    return shape.startsWith('matricula') ? query.where('a.matricula', '=', id as number) : query.where('a.cpf', '=', id as string);
  },
);

export async function findSituacao(db: Reader, key: MemberKey, visibility: Visibility, year: number, today: string) {
  const by = 'matricula' in key ? 'matricula' : 'cpf';
  const id = 'matricula' in key ? key.matricula : key.cpf;
  const rows = await situacao(db, visibility.regional ? `${by} in branch` : by, [id, visibility.regional ?? '', year, today]);
  return rows[0];
}

/** A member's CRMs as `numero-UF`, the principal first. */
function crmStrings(matricula: RawBuilder<unknown>) {
  return sql<string[]>`coalesce((select array_agg(c.numero || '-' || c.uf order by c.principal desc, c.uf, c.numero)
    from crm c where c.associado = ${matricula}), '{}')`;
}

export interface MemberFilters {
  cpf?: string;
  crm?: CrmQuery;
  status?: string[];
  regional?: string[];
  updatedSince?: Date;
}

/** Members are listed by matricula; with `updated_since`, by (`atualizado_em`, matricula), read from an index in order (API-DESIGN §5). */
export type MemberOrder = 'matricula' | 'atualizado_em';

/** The member list's filters, with the branch of the viewer it is narrowed to. */
export type MemberListFilters = MemberFilters & { visibility: Visibility };

/**
 * One page of members in `order`, starting after `after` (that order's key, from the last row's `sort_key`);
 * one row more than `limit` tells a next page exists. With `updated_since`, only members stamped before `before`.
 */
export async function listMembers({ db, filters, order, after, limit, before }: PageQuery<MemberListFilters, MemberOrder>) {
  const { visibility } = filters;
  const column = order === 'atualizado_em' ? sql.ref('a.atualizado_em') : null;
  const spread = column ? undefined : (['status', 'regional'] as const).find((name) => (filters[name]?.length ?? 0) > 1);
  if (!spread) {
    let query = filtered(visibleMembers(db, visibility), filters, after, column, before).select([
      ...LIST_COLUMNS,
      crmStrings(sql.ref('a.matricula')).as('crms'),
      // The exact timestamp (microseconds) of the order, for the cursor; a Date would round it to milliseconds.
      (column ? sql<string | null>`${column}::text` : sql<string | null>`null`).as('sort_key'),
    ]);
    if (column) query = query.orderBy(column);
    return query
      .orderBy('a.matricula')
      .limit(limit + 1)
      .execute();
  }
  // Several statuses or branches in matricula order: the pages of each value, read in order from the
  // (value, matricula) index, merged. Walking the primary key instead reads every member of the other
  // values on the way, 17 for each one returned with status=licenciado,suspenso at 1 M members.
  const values = db.selectNoFrom(sql<string>`unnest(${filters[spread]}::text[])`.as('value')).as('v');
  return db
    .selectFrom(values)
    .innerJoinLateral(
      () =>
        filtered(visibleMembers(db, visibility), { ...filters, [spread]: undefined }, null, null)
          // From (value, cursor) up to the value, rather than `=` and `matricula >`: with `=` the planner drops the
          // value from the order (it is constant) and, not knowing which value, may walk the primary key instead.
          // As written, only the index on (value, matricula) gives the order, and its scan starts at the cursor.
          .where(sql<SqlBool>`(${sql.ref(`a.${spread}`)}, a.matricula) > (v.value, ${after?.[0] ?? 0}::bigint)`)
          .where(sql<SqlBool>`${sql.ref(`a.${spread}`)} <= v.value`)
          .select(LIST_COLUMNS)
          .orderBy(`a.${spread}`)
          .orderBy('a.matricula')
          .limit(limit + 1)
          .as('a'),
      (join) => join.onTrue(),
    )
    .select([...LIST_COLUMNS, crmStrings(sql.ref('a.matricula')).as('crms'), sql<string | null>`null`.as('sort_key')])
    .orderBy('a.matricula')
    .limit(limit + 1)
    .execute();
}

const LIST_COLUMNS = ['a.matricula', 'a.nome', 'a.cpf', 'a.categoria', 'a.status', 'a.regional', 'a.atualizado_em'] as const;

/** The members `filters` let through, after `after` in the order (`column`, matricula), stamped before `updatedBefore`. */
function filtered<Q extends SelectQueryBuilder<Schema & { a: Schema['associado'] }, 'a', object>>(
  query: Q,
  filters: MemberFilters,
  after: ListKey | null,
  column: RawBuilder<unknown> | null,
  updatedBefore: Date | null = null,
): Q {
  let q = query as SelectQueryBuilder<Schema & { a: Schema['associado'] }, 'a', object>;
  if (after) q = q.where(afterKey(column, sql.ref('a.matricula'), after));
  if (filters.cpf) q = q.where('a.cpf', '=', filters.cpf);
  if (filters.status) q = q.where(oneOf(sql.ref('a.status'), filters.status));
  if (filters.regional) q = q.where(oneOf(sql.ref('a.regional'), filters.regional));
  if (filters.updatedSince) q = q.where('a.atualizado_em', '>=', filters.updatedSince);
  if (updatedBefore) q = q.where('a.atualizado_em', '<', updatedBefore);
  const crm = filters.crm;
  if (crm) {
    q = q.where('a.matricula', 'in', (eb) => {
      const inscriptions = eb.selectFrom('crm').select('crm.associado').where('crm.numero', '=', crm.numero);
      return crm.uf ? inscriptions.where('crm.uf', '=', crm.uf) : inscriptions;
    });
  }
  return q as Q;
}

/** The full record of one member, with CRMs, specialties and titles, in one statement. */
const member = compiledSelect((db, shape: 'all' | 'in branch', [matricula, regional, year, today]: [number, string, number, string]) =>
  membersWithStanding(db, { regional: shape === 'in branch' ? regional : null }, year, today)
    .innerJoin('regional as r', 'r.codigo', 'a.regional')
    .select([
      'a.cpf',
      'a.regional',
      'r.nome as regional_nome',
      'a.data_admissao',
      'a.atualizado_em',
      sql<{ uf: Uf; numero: string; situacao: CrmSituacao; principal: boolean }[]>`coalesce((select json_agg(json_build_object(
        'uf', c2.uf, 'numero', c2.numero::text, 'situacao', c2.situacao, 'principal', c2.principal) order by c2.principal desc, c2.uf, c2.numero)
        from crm c2 where c2.associado = a.matricula), '[]')`.as('crms'),
      sql<{ codigo: string; nome: string; rqe: string; uf: Uf }[]>`coalesce((select json_agg(json_build_object(
        'codigo', e.codigo, 'nome', e.nome, 'rqe', ae.rqe, 'uf', ae.uf) order by e.nome)
        from associado_especialidade ae join especialidade e on e.codigo = ae.especialidade where ae.associado = a.matricula), '[]')`.as(
        'especialidades',
      ),
      sql<
        { tipo: 'especialista' | 'area_atuacao'; nome: string; especialidade: string; numero: string; ano: number }[]
      >`coalesce((select json_agg(json_build_object(
        'tipo', t.tipo,
        'nome', case t.tipo when 'especialista' then 'Título de Especialista em ' else 'Certificado de Área de Atuação em ' end || e.nome,
        'especialidade', e.codigo, 'numero', t.numero, 'ano', t.ano) order by t.ano, t.numero)
        from titulo t join especialidade e on e.codigo = t.especialidade where t.associado = a.matricula), '[]')`.as('titulos'),
    ])
    .where('a.matricula', '=', matricula),
);

export async function findMember(db: Reader, matricula: number, visibility: Visibility, year: number, today: string) {
  const rows = await member(db, visibility.regional ? 'in branch' : 'all', [matricula, visibility.regional ?? '', year, today]);
  return rows[0];
}
