import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import type { ExamResult } from '../domain/enums.js';
import { formatMatricula } from '../domain/matricula.js';
import { audit, type Actor } from './actor.js';
import { heldTitle, lockExam, lockResult, type Exam, type GrantedTitle } from './exam-results.js';
import { refuseIf } from './refused.js';

/** The longest reason an annulment may give: it is kept in the audit trail's sentence. */
export const MOTIVO_MAX = 500;

export type AnnulReason = { rule: 'motivo'; max: number };

export interface AnnulledResult {
  exam: Exam;
  matricula: number;
  resultado: ExamResult;
  nota: string | null;
  /** The título the result had granted, withdrawn with it. */
  titulo: GrantedTitle | null;
}

/**
 * Annuls a member's result of an exam (API-DESIGN §14, by an administrator): the result is deleted with the título it
 * granted, so the member's record stops showing it and the exam system may send that member's result again. The
 * reason is required and kept in the audit row; the database capture makes `prova.resultado_anulado` (and, for a
 * título, `associado.atualizado`). Undefined when the exam or the member's result does not exist.
 */
export async function annulResult(
  db: Kysely<Schema>,
  actor: Actor,
  examId: number,
  matricula: number,
  motivo: string,
): Promise<AnnulledResult | undefined> {
  const reason = motivo.trim().replace(/\s+/g, ' ');
  refuseIf<AnnulReason>(reason.length === 0 || reason.length > MOTIVO_MAX ? [{ rule: 'motivo', max: MOTIVO_MAX }] : []);
  return inTransaction(db, async (tx) => {
    const exam = await lockExam(tx, examId);
    if (!exam) return undefined;
    const stored = await lockResult(tx, exam.id, matricula, { regional: null });
    if (!stored) return undefined;
    const titulo = heldTitle(stored);
    // The result first: its event names the título it held, which the título's own removal would have cleared.
    await tx.deleteFrom('prova_resultado').where('prova', '=', exam.id).where('associado', '=', matricula).execute();
    if (titulo) await tx.deleteFrom('titulo').where('id', '=', titulo.id).execute();
    const was = `${stored.resultado}${stored.nota === null ? '' : ` (${stored.nota})`}`;
    await audit(tx, actor, {
      detalhe:
        `prova ${exam.codigo}: resultado de ${formatMatricula(matricula)} anulado, era ${was}` +
        `${titulo ? `; título ${titulo.numero} retirado` : ''}; motivo: ${reason}`,
      matriculas: [matricula],
    });
    return { exam, matricula, resultado: stored.resultado, nota: stored.nota, titulo };
  });
}
