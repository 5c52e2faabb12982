import { type Command, InvalidArgumentError } from 'commander';
import { MEMBER_STATUSES, type MemberStatus } from '../domain/enums.js';
import { exportCsv } from '../import/export.js';
import type { ImportProgress } from '../import/import.js';
import { fileSource, type Encoding } from '../import/read.js';
import { reportText } from '../import/report.js';
import { importAs } from '../operations/imports.js';
import { cliActor } from './operator.js';
import { positiveInteger } from './options.js';
import { withDatabase } from './usage.js';

function encoding(value: string): Encoding {
  const lower = value.toLowerCase();
  if (lower === 'utf-8' || lower === 'utf8') return 'utf-8';
  if (lower === 'windows-1252' || lower === 'cp1252' || lower === 'latin1') return 'windows-1252';
  throw new InvalidArgumentError('expected utf-8 or windows-1252.');
}

function fullStatus(value: string): MemberStatus {
  if (!(MEMBER_STATUSES as readonly string[]).includes(value))
    throw new InvalidArgumentError(`expected one of ${MEMBER_STATUSES.join(', ')}.`);
  return value as MemberStatus;
}

/** Progress on standard error, a line per file and per 100,000 lines of each: large files take minutes. */
function consoleProgress(stream: NodeJS.WriteStream = process.stderr): ImportProgress {
  const read = new Map<string, number>();
  return {
    file(name, kind) {
      stream.write(`lendo ${name} (${kind})…\n`);
    },
    lines(file, count) {
      const before = read.get(file) ?? 0;
      read.set(file, before + count);
      if (Math.floor((before + count) / 100_000) > Math.floor(before / 100_000))
        stream.write(`  ${file}: ${(before + count).toLocaleString('pt-BR')} linhas\n`);
    },
    stage(what) {
      stream.write(what === 'checks' ? 'conferindo as linhas entre si e com o banco…\n' : 'gravando…\n');
    },
  };
}

/** `associa import` and `associa export`: the member-management system's CSV files, in and out. */
export function addImportCommands(program: Command): void {
  program
    .command('import')
    .description("import CSV files of the member-management system's exports (formats in docs/importacao.md)")
    .argument(
      '<files...>',
      'regionais.csv, categorias.csv, cursos.csv, associados.csv, crms.csv, especialidades.csv, titulos.csv, faturas.csv, pagamentos.csv',
    )
    .option('--dry-run', 'check the files and count what would change; write nothing', false)
    .option('--skip-invalid', 'write the valid lines even when others have errors (listed in the report)', false)
    .option('--full [situacao]', 'associados.csv is a complete export: report the members it lacks; with a status, give them that status')
    .option('--encoding <encoding>', 'utf-8 or windows-1252 (found by reading the files when absent)', encoding)
    .action(
      (files: string[], options: { dryRun: boolean; skipInvalid: boolean; full?: true | string; encoding?: Encoding }, command: Command) =>
        withDatabase(async (database) => {
          const full = options.full === undefined ? false : options.full === true ? true : fullStatus(options.full);
          const report = await importAs(database, cliActor(command), files.map(fileSource), {
            dryRun: options.dryRun,
            skipInvalid: options.skipInvalid,
            full,
            ...(options.encoding && { encoding: options.encoding }),
            progress: consoleProgress(),
          });
          process.stdout.write(reportText(report, { skipInvalid: options.skipInvalid }));
          if (
            report.motivo === 'erros' ||
            report.motivo === 'arquivo_ilegivel' ||
            (report.motivo === 'simulacao' && report.arquivos.some((f) => f.achadosTotal > 0))
          )
            process.exitCode = 1;
        }),
    );

  program
    .command('export')
    .description('write the members, courses and invoices as the files `associa import` reads')
    .argument('<dir>', 'folder for the nine files (created when missing)')
    .option(
      '--max-matricula <n>',
      'only the members up to this matrícula, with their invoices',
      positiveInteger('--max-matricula', 9_999_999_999),
    )
    .option(
      '--for-spreadsheet',
      "for a spreadsheet: cells starting with =, +, - or @ get a ' so they are not run as formulas (such files are not for re-import)",
      false,
    )
    .action((dir: string, options: { maxMatricula?: number; forSpreadsheet: boolean }) =>
      withDatabase(async (database) => {
        const paths = await exportCsv(database, dir, {
          ...(options.maxMatricula && { maxMatricula: options.maxMatricula }),
          forSpreadsheet: options.forSpreadsheet,
        });
        console.log(paths.join('\n'));
      }),
    );
}
