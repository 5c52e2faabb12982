import { sql } from 'kysely';
import type { Reader } from '../../db/connection.js';
import type { ExamStatus } from '../../domain/enums.js';
import { afterKey, oneOf } from '../list-order.js';
import type { PageQuery } from '../list-pipeline.js';

export type ExamOrder = 'data';
export type ByMatricula = 'matricula';

function exams(db: Reader) {
  return db
    .selectFrom('prova as p')
    .innerJoin('especialidade as e', 'e.codigo', 'p.especialidade')
    .select([
      'p.id',
      'p.codigo',
      'p.tipo_titulo',
      'p.especialidade',
      'e.nome as especialidade_nome',
      'p.data',
      'p.status',
      'p.atualizado_em',
    ]);
}

export type ExamRow = Awaited<ReturnType<typeof findExam>> & object;

/** Exams by date, then id, after `after`; one row more than `limit` tells a next page exists. */
export function listExams({ db, filters, after, limit }: PageQuery<{ status?: ExamStatus[] }, ExamOrder>) {
  let query = exams(db).select(sql<string>`p.data::text`.as('sort_key'));
  if (filters.status) query = query.where(oneOf(sql.ref('p.status'), filters.status));
  if (after) query = query.where(afterKey(sql.ref('p.data'), sql.ref('p.id'), after, 'date'));
  return query
    .orderBy('p.data')
    .orderBy('p.id')
    .limit(limit + 1)
    .execute();
}

export function findExam(db: Reader, id: number) {
  return exams(db).where('p.id', '=', id).executeTakeFirst();
}

/** Of an exam, and of a branch for a token restricted to one. */
export interface ExamMembersFilters {
  exam: number;
  regional: string | null;
}

/**
 * An exam's candidates by matrícula: the members whose exam fee for it is paid, or still open (they may yet pay, and
 * until then take no result). A member with several fees for it (one cancelled, one paid) is listed once, by the fee
 * that counts most: paid, then open, the latest first.
 */
export function listCandidates({ db, filters, after, limit }: PageQuery<ExamMembersFilters, ByMatricula>) {
  let query = db
    .selectFrom('fatura as f')
    .innerJoin('associado as a', 'a.matricula', 'f.associado')
    .distinctOn('f.associado')
    .select([
      'f.associado as matricula',
      'a.nome',
      'a.cpf',
      'f.id as fatura_id',
      sql<
        'paid' | 'open' | 'overdue'
      >`case when f.status = 'open' and f.vencimento < (now() at time zone 'America/Sao_Paulo')::date then 'overdue' else f.status end`.as(
        'fatura_status',
      ),
      sql<null>`null`.as('sort_key'),
    ])
    .where('f.prova_id', '=', filters.exam)
    .where('f.kind', '=', 'taxa_prova')
    .where('f.status', 'in', ['paid', 'open']);
  if (filters.regional) query = query.where('a.regional', '=', filters.regional);
  if (after) query = query.where('f.associado', '>', after[0] as number);
  return query
    .orderBy('f.associado')
    .orderBy(sql`f.status = 'paid'`, 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit + 1)
    .execute();
}

function results(db: Reader, { exam, regional }: ExamMembersFilters) {
  let query = db
    .selectFrom('prova_resultado as r')
    .innerJoin('associado as a', 'a.matricula', 'r.associado')
    .leftJoin('titulo as t', 't.id', 'r.titulo_id')
    .select([
      'r.prova',
      'r.associado as matricula',
      'a.nome',
      'r.resultado',
      'r.nota',
      'r.versao',
      't.numero',
      't.tipo',
      't.especialidade',
      't.ano',
      'r.registrado_em',
      'r.atualizado_em',
      sql<null>`null`.as('sort_key'),
    ])
    .where('r.prova', '=', exam);
  if (regional) query = query.where('a.regional', '=', regional);
  return query;
}

/** An exam's results by matrícula, with the título each approval holds. */
export function listResults({ db, filters, after, limit }: PageQuery<ExamMembersFilters, ByMatricula>) {
  let query = results(db, filters);
  if (after) query = query.where('r.associado', '>', after[0] as number);
  return query
    .orderBy('r.associado')
    .limit(limit + 1)
    .execute();
}

export function findResult(db: Reader, filters: ExamMembersFilters, matricula: number) {
  return results(db, filters).where('r.associado', '=', matricula).executeTakeFirst();
}
