import type { Command } from 'commander';
import { EXAM_STATUSES, TITLE_TYPES } from '../domain/enums.js';
import { annulResult, type AnnulReason } from '../operations/annul-result.js';
import { changeExamStatus, createExam, examSummaries, type ExamReason } from '../operations/exams.js';
import { Refused } from '../operations/refused.js';
import { cliActor } from './operator.js';
import { positiveInteger } from './options.js';
import { UsageError, withDatabase } from './usage.js';

/** A reason the exams' operations gave, as the command line says it. */
function examReasonText(reason: ExamReason): string {
  switch (reason.rule) {
    case 'codigo_format':
      return `--code must be capitals and digits in groups joined by hyphens (e.g. TE-CARDIO-2027), at most ${reason.max} characters.`;
    case 'codigo_taken':
      return `an exam with the code ${reason.codigo} exists already.`;
    case 'tipo_titulo':
      return `--title-type must be one of ${reason.tipos.join(', ')}.`;
    case 'especialidade':
      return `"${reason.especialidade}" is not a ${reason.tipo === 'especialista' ? 'specialty' : 'área de atuação'} code.`;
    case 'data':
      return '--date must be a calendar date YYYY-MM-DD from 1950 to 2100.';
    case 'status':
      return `the status must be one of ${reason.statuses.join(', ')}.`;
    case 'transition':
      return `an exam in ${reason.from} can move to ${reason.allowed.join(' or ') || 'no other status'}, not ${reason.to}.`;
    case 'has_results':
      return `the exam has ${reason.count} result(s): it can no longer be cancelled.`;
  }
}

/** The operation's answer, or its refusal as the operator's mistake. */
async function onExam<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    if (error instanceof Refused) throw new UsageError((error.reasons as ExamReason[]).map(examReasonText).join(' '));
    throw error;
  }
}

export function addExamCommands(program: Command): void {
  const exam = program.command('prova').description('manage the título exams (API-DESIGN §14)');
  exam
    .command('create')
    .description('schedule an exam, open for registration, and print its id')
    .requiredOption('--code <code>', 'e.g. TE-CARDIO-2027')
    .requiredOption('--specialty <code>', 'the specialty (or área de atuação) code, e.g. cardiologia')
    .requiredOption('--date <date>', 'the day of the exam, YYYY-MM-DD')
    .option('--title-type <type>', `the título it grants: ${TITLE_TYPES.join(' or ')}`, 'especialista')
    .action((options: { code: string; specialty: string; date: string; titleType: string }, command: Command) =>
      withDatabase(async (database) => {
        const request = { codigo: options.code, tipoTitulo: options.titleType, especialidade: options.specialty, data: options.date };
        const id = await onExam(createExam(database.db, cliActor(command), request));
        console.log(`Exam ${id} ${options.code.trim().toUpperCase()} scheduled for ${options.date}, open for registration.`);
      }),
    );

  exam
    .command('status')
    .description(`move an exam to its next status (${EXAM_STATUSES.join(' → ')}), or cancel it before any result`)
    .argument('<id>', 'the exam id', positiveInteger('<id>', 2_147_483_647))
    .argument('<status>', EXAM_STATUSES.join(', '))
    .action((id: number, status: string, _options: unknown, command: Command) =>
      withDatabase(async (database) => {
        if (!(await onExam(changeExamStatus(database.db, cliActor(command), id, status))))
          throw new UsageError(`no exam has the id ${id}.`);
        console.log(`Exam ${id}: ${status}.`);
      }),
    );

  exam
    .command('annul')
    .description(
      "annul a member's result sent in error: the result and the título it granted are deleted; the exam system may send it again",
    )
    .argument('<id>', 'the exam id', positiveInteger('<id>', 2_147_483_647))
    .argument('<matricula>', "the member's matrícula", positiveInteger('<matricula>', 9_999_999_999))
    .requiredOption('--reason <text>', 'why, kept in the audit trail')
    .action((id: number, matricula: number, options: { reason: string }, command: Command) =>
      withDatabase(async (database) => {
        let annulled;
        try {
          annulled = await annulResult(database.db, cliActor(command), id, matricula, options.reason);
        } catch (error) {
          if (!(error instanceof Refused)) throw error;
          throw new UsageError(`--reason must say why, in at most ${(error.reasons as AnnulReason[])[0]!.max} characters.`);
        }
        if (!annulled) throw new UsageError(`exam ${id} has no result for the member ${matricula}.`);
        const title = annulled.titulo ? `; título ${annulled.titulo.numero} withdrawn` : '';
        console.log(`Exam ${annulled.exam.codigo}: the result of ${matricula} (${annulled.resultado}) annulled${title}.`);
      }),
    );

  exam
    .command('list')
    .description('list the exams, by date')
    .option('--json', 'print JSON', false)
    .action((options: { json: boolean }) =>
      withDatabase(async (database) => {
        const exams = await examSummaries(database.db);
        if (options.json) {
          console.log(JSON.stringify(exams));
          return;
        }
        for (const row of exams) {
          console.log(
            `${String(row.id).padStart(6)}  ${row.codigo.padEnd(24)} ${row.data}  ${row.status.padEnd(21)} ` +
              `${row.candidatos} candidate(s), ${row.resultados} result(s)`,
          );
        }
      }),
    );
}
