import { sql } from 'kysely';
import type { Reader } from '../../db/connection.js';
import type { Categoria, CourseStatus } from '../../domain/enums.js';
import { afterKey } from '../list-order.js';
import type { PageQuery } from '../list-pipeline.js';

/** Open for enrolment: published, inside the enrolment window, places left or unlimited (API-DESIGN §6). */
const abertas = sql<boolean>`(c.status = 'publicado' and c.inscricao_inicio <= now() and now() < c.inscricao_fim
  and (c.vagas is null or c.inscritos < c.vagas))`;

const precos = sql<{ categoria: Categoria; valor: string }[]>`coalesce((select json_agg(json_build_object(
  'categoria', p.categoria, 'valor', p.valor::text) order by p.categoria) from curso_preco p where p.curso = c.id), '[]')`;

function courses(db: Reader) {
  return db
    .selectFrom('curso as c')
    .select([
      'c.id',
      'c.slug',
      'c.titulo',
      'c.tipo',
      'c.modalidade',
      'c.resumo',
      'c.cidade',
      'c.uf',
      'c.endereco',
      'c.data_inicio',
      'c.data_fim',
      'c.carga_horaria',
      'c.pontos_cna',
      'c.inscricao_inicio',
      'c.inscricao_fim',
      'c.vagas',
      'c.inscritos',
      'c.url_inscricao',
      'c.atualizado_em',
      abertas.as('abertas'),
      precos.as('precos'),
      // Drafts are never served: the condition below is what makes the status one of the served ones.
      sql<Exclude<CourseStatus, 'rascunho'>>`c.status`.as('status'),
    ])
    .where('c.status', '<>', 'rascunho');
}

export type CourseRow = Awaited<ReturnType<typeof findCourse>> & object;

export type CourseOrder = 'data_inicio';

/**
 * A page of courses by start date, then id, after `after`; one row more than `limit` tells a next page exists.
 * `onlyOpen` keeps those open for enrolment.
 */
export function listCourses({ db, filters, after, limit }: PageQuery<{ onlyOpen: boolean }, CourseOrder>) {
  let query = courses(db).select(sql<string>`c.data_inicio::text`.as('sort_key'));
  if (filters.onlyOpen) query = query.where(abertas);
  if (after) query = query.where(afterKey(sql.ref('c.data_inicio'), sql.ref('c.id'), after, 'date'));
  return query
    .orderBy('c.data_inicio')
    .orderBy('c.id')
    .limit(limit + 1)
    .execute();
}

export function findCourse(db: Reader, id: number) {
  return courses(db).where('c.id', '=', id).executeTakeFirst();
}
