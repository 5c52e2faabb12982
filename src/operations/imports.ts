import type { Database } from '../db/connection.js';
import { importFiles, type ImportOptions, type ImportReport } from '../import/import.js';
import type { Source } from '../import/read.js';
import { audit, type Actor } from './actor.js';

const number = new Intl.NumberFormat('pt-BR');

/** Each file with what it changes, for an upload's rows of the trail. */
function changesText(report: ImportReport): string {
  return report.arquivos
    .map((file) => {
      const c = file.contagem;
      const counts = c
        ? `${number.format(c.novos)} novos, ${number.format(c.alterados)} alterados, ${number.format(c.inalterados)} inalterados, ${number.format(c.removidos)} removidos, ${number.format(file.recusadas)} recusadas`
        : 'não lido';
      return `${file.arquivo} (${file.tipo ?? 'formato desconhecido'}: ${counts})`;
    })
    .join('; ');
}

/** Each file with its lines, for the command line's row of the trail. */
const linesText = (report: ImportReport) =>
  report.arquivos.map((file) => `${file.arquivo}: ${file.linhas} linhas, ${file.recusadas} recusadas`).join('; ');

/** How to import, and for the admin area the upload the files came in (named in its rows of the trail). */
type ImportRun = ImportOptions & { upload?: string };

const REASONS: Record<NonNullable<ImportReport['motivo']>, string> = {
  simulacao: 'validação',
  erros: 'nada gravado: há erros',
  arquivo_ilegivel: 'nada gravado: arquivo ilegível ou de formato desconhecido',
};

/** The row of the trail for an import: an administrator's names the upload, the command line's its operator. */
function importChange(actor: Actor, report: ImportReport, options: ImportRun): string {
  if (actor.kind === 'cli') {
    const outcome = report.gravado ? 'gravada' : `nada gravado: ${report.motivo}`;
    return `importação por ${actor.operator} (${outcome}) de ${report.arquivos.length} arquivos — ${linesText(report)}`;
  }
  const sent = `envio ${options.upload?.slice(0, 8) ?? '?'}`;
  if (options.dryRun)
    return `importação enviada (${REASONS[report.motivo ?? 'simulacao']}${options.skipInvalid ? ', só as linhas válidas' : ''}, ${sent}): ${changesText(report)}`;
  const outcome = report.gravado ? 'importação gravada' : `importação não gravada (${REASONS[report.motivo ?? 'erros']})`;
  return `${outcome} (${sent}): ${changesText(report)}`;
}

/**
 * Checks CSV files of the member-management system and imports them (docs/importacao.md, src/import), then records in
 * the audit trail who did it and what it changed, whoever acts: `associa import`, or the admin area, which checks an
 * upload when it is sent (`dryRun`, recorded too) and imports it once confirmed. The command line's dry run is not
 * recorded: it reads files and changes nothing.
 */
export async function importAs(
  database: Database,
  actor: Actor,
  sources: readonly Source[],
  options: ImportRun = {},
): Promise<ImportReport> {
  const report = await importFiles(database, sources, options);
  if (options.dryRun && actor.kind === 'cli') return report;
  await audit(database.db, actor, {
    detalhe: importChange(actor, report, options),
    // Refused lines or an unreadable file keep the files from being written, or from being confirmed once checked.
    status: report.motivo === 'erros' || report.motivo === 'arquivo_ilegivel' ? 422 : 200,
  });
  return report;
}
