import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { isCalendarDate } from '../domain/dates.js';
import { examCode, EXAM_CODE_MAX } from '../domain/exam-code.js';
import { EXAM_STATUSES, TITLE_TYPES, type ExamStatus, type TitleType } from '../domain/enums.js';
import { audit, type Actor } from './actor.js';
import { refuseIf } from './refused.js';

/** Where an exam may go from each state: forward, or cancelled before its results. */
export const NEXT_STATUSES: Readonly<Record<ExamStatus, readonly ExamStatus[]>> = {
  inscricoes_abertas: ['realizada', 'cancelada'],
  realizada: ['resultados_publicados', 'cancelada'],
  resultados_publicados: [],
  cancelada: [],
};

export type ExamReason =
  | { rule: 'codigo_format'; max: number }
  | { rule: 'codigo_taken'; codigo: string }
  | { rule: 'tipo_titulo'; tipos: readonly TitleType[] }
  | { rule: 'especialidade'; especialidade: string; tipo: TitleType }
  | { rule: 'data' }
  | { rule: 'status'; statuses: readonly ExamStatus[] }
  | { rule: 'transition'; from: ExamStatus; to: ExamStatus; allowed: readonly ExamStatus[] }
  | { rule: 'has_results'; count: number };

export interface ExamRequest {
  codigo: string;
  tipoTitulo: string;
  especialidade: string;
  data: string;
}

/** A título de especialista is of a specialty; one of área de atuação, of an área (API-DESIGN §14, the domain notes). */
const SPECIALTY_KIND: Record<TitleType, 'especialidade' | 'area_atuacao'> = { especialista: 'especialidade', area_atuacao: 'area_atuacao' };

/** Schedules an exam, open for registration, audited. Throws Refused with every reason at once; answers its id. */
export async function createExam(db: Kysely<Schema>, actor: Actor, request: ExamRequest): Promise<number> {
  const reasons: ExamReason[] = [];
  // Empty only when refused: nothing below reads it then.
  const codigo = examCode(request.codigo) ?? '';
  if (codigo === '') reasons.push({ rule: 'codigo_format', max: EXAM_CODE_MAX });
  const tipo = (TITLE_TYPES as readonly string[]).includes(request.tipoTitulo) ? (request.tipoTitulo as TitleType) : undefined;
  if (!tipo) reasons.push({ rule: 'tipo_titulo', tipos: TITLE_TYPES });
  // The year of the títulos it grants (migration 0001: 1950 to 2100).
  const year = Number(request.data.slice(0, 4));
  if (!isCalendarDate(request.data) || year < 1950 || year > 2100) reasons.push({ rule: 'data' });
  return inTransaction(db, async (tx) => {
    if (tipo) {
      const specialty = await tx.selectFrom('especialidade').select('tipo').where('codigo', '=', request.especialidade).executeTakeFirst();
      if (specialty?.tipo !== SPECIALTY_KIND[tipo]) reasons.push({ rule: 'especialidade', especialidade: request.especialidade, tipo });
    }
    if (reasons.length === 0 && (await tx.selectFrom('prova').select('id').where('codigo', '=', codigo).executeTakeFirst())) {
      reasons.push({ rule: 'codigo_taken', codigo });
    }
    refuseIf(reasons);
    const { id } = await tx
      .insertInto('prova')
      .values({ codigo, tipo_titulo: tipo!, especialidade: request.especialidade, data: request.data, status: 'inscricoes_abertas' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(tx, actor, { detalhe: `prova ${codigo} criada (${tipo}, ${request.especialidade}, ${request.data})` });
    return id;
  });
}

/**
 * Moves an exam to its next state (inscrições abertas → realizada → resultados publicados), or cancels it before any
 * result is recorded; audited. False when no exam has that id; the same state again changes nothing.
 */
export async function changeExamStatus(db: Kysely<Schema>, actor: Actor, examId: number, status: string): Promise<boolean> {
  if (!(EXAM_STATUSES as readonly string[]).includes(status)) refuseIf<ExamReason>([{ rule: 'status', statuses: EXAM_STATUSES }]);
  const to = status as ExamStatus;
  return inTransaction(db, async (tx) => {
    const exam = await tx.selectFrom('prova').select(['codigo', 'status']).where('id', '=', examId).forUpdate().executeTakeFirst();
    if (!exam) return false;
    if (exam.status === to) return true;
    refuseIf<ExamReason>(
      NEXT_STATUSES[exam.status].includes(to) ? [] : [{ rule: 'transition', from: exam.status, to, allowed: NEXT_STATUSES[exam.status] }],
    );
    if (to === 'cancelada') {
      const { n } = await tx
        .selectFrom('prova_resultado')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('prova', '=', examId)
        .executeTakeFirstOrThrow();
      refuseIf<ExamReason>(Number(n) > 0 ? [{ rule: 'has_results', count: Number(n) }] : []);
    }
    await tx.updateTable('prova').set({ status: to, atualizado_em: new Date() }).where('id', '=', examId).execute();
    await audit(tx, actor, { detalhe: `prova ${exam.codigo}: ${exam.status} → ${to}` });
    return true;
  });
}

/** Every exam by date, with its candidates (exam fee paid) and results counted: the CLI's list and the admin area's. */
export async function examSummaries(db: Kysely<Schema>) {
  const rows = await db
    .selectFrom('prova as p')
    .select(['p.id', 'p.codigo', 'p.tipo_titulo', 'p.especialidade', sql<string>`to_char(p.data, 'YYYY-MM-DD')`.as('data'), 'p.status'])
    .select((eb) => [
      eb
        .selectFrom('fatura as f')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('f.prova_id', '=', 'p.id')
        .where('f.kind', '=', 'taxa_prova')
        .where('f.status', '=', 'paid')
        .as('candidatos'),
      eb
        .selectFrom('prova_resultado as r')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('r.prova', '=', 'p.id')
        .as('resultados'),
    ])
    .orderBy('p.data')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({ ...row, candidatos: row.candidatos ?? 0, resultados: row.resultados ?? 0 }));
}
