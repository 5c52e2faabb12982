import { dateOfDay, dayNumber, saoPauloInstant } from '../domain/dates.js';
import type { ExamStatus } from '../domain/enums.js';
import { ESPECIALIDADES } from '../domain/especialidades.js';
import { ChunkBuffer, copyLine, timestampText } from '../db/copy-text.js';
import type { SeedContext } from './context.js';

export const PROVA_COLUMNS = ['id', 'codigo', 'tipo_titulo', 'especialidade', 'data', 'status', 'criado_em', 'atualizado_em'] as const;

/** Results are published about a month after the exam. */
const PUBLISHED_AFTER_DAYS = 30;
const CONNECTORS = new Set(['e', 'de', 'da', 'do', 'em', 'por']);

/**
 * The exams of the years of data: one título de especialista exam a year in each specialty, held from late September to
 * mid-December in the specialties' order, so that around the reference date some are published, some await their results,
 * some are open for registration, and the year's last is cancelled: the sandbox has exams in every state. Drawn from
 * no random number, so adding them changed no other seeded value.
 */
export function generateExams(
  ctx: SeedContext,
  firstYear: number,
): { rows: ChunkBuffer; examId: (year: number, specialty: number) => number } {
  const rows = new ChunkBuffer();
  const examId = (year: number, specialty: number) => (year - firstYear) * ESPECIALIDADES.length + specialty + 1;
  for (let year = firstYear; year <= ctx.currentYear; year++) {
    const yearStart = dayNumber(`${year}-01-01`);
    ESPECIALIDADES.forEach(({ codigo }, specialty) => {
      const day = examDay(yearStart, specialty);
      const status = examStatus(ctx, year, specialty, day);
      const criadoMs = Math.min(ctx.nowMs, saoPauloInstant(yearStart + 30, 10 * 60).getTime());
      const changedDay =
        status === 'resultados_publicados' ? day + PUBLISHED_AFTER_DAYS : status === 'realizada' ? day + 1 : yearStart + 30;
      const atualizadoMs = Math.min(ctx.nowMs, Math.max(criadoMs, saoPauloInstant(changedDay, 10 * 60).getTime()));
      rows.push(
        copyLine([
          examId(year, specialty),
          `TE-${shortName(codigo)}-${year}`,
          'especialista',
          codigo,
          dateOfDay(day),
          status,
          timestampText(criadoMs),
          timestampText(atualizadoMs),
        ]),
      );
    });
  }
  rows.flush();
  return { rows, examId };
}

/** After every exam fee of the year falls due (they are issued up to day 240, due ten days later). */
export function examDay(yearStart: number, specialty: number): number {
  return yearStart + 262 + Math.floor((specialty * 90) / ESPECIALIDADES.length);
}

function examStatus(ctx: SeedContext, year: number, specialty: number, day: number): ExamStatus {
  const today = ctx.todayDay;
  if (year === ctx.currentYear && specialty === ESPECIALIDADES.length - 1 && day > today) return 'cancelada';
  if (day > today) return 'inscricoes_abertas';
  if (day + PUBLISHED_AFTER_DAYS > today) return 'realizada';
  return 'resultados_publicados';
}

/** `cardiologia` → `CARDIO`, `cirurgia-do-aparelho-digestivo` → `CIRURG-APAR-DIGE`: short enough for any year's code. */
function shortName(codigo: string): string {
  const [first, ...rest] = codigo.split('-').filter((word) => !CONNECTORS.has(word));
  return [first!.slice(0, 6), ...rest.map((word) => word.slice(0, 4))].join('-').toUpperCase();
}
