import type { FileReport, ImportReport } from './import.js';

/** The import's report as text, in Portuguese: per file its counts and each finding by line and column. */

const number = new Intl.NumberFormat('pt-BR');
const n = (value: number) => number.format(value);

function fileLines(file: FileReport): string[] {
  const how = file.codificacao ? `; ${file.codificacao === 'utf-8' ? 'UTF-8' : 'Windows-1252'}, separador "${file.separador}"` : '';
  const lines = [
    `${file.arquivo} (${file.tipo ?? 'formato desconhecido'}${how}): ${n(file.linhas)} ${file.linhas === 1 ? 'linha' : 'linhas'}`,
  ];
  if (file.contagem) {
    const c = file.contagem;
    const parts = [`${n(c.novos)} novos`, `${n(c.alterados)} alterados`, `${n(c.inalterados)} inalterados`];
    if (c.removidos) parts.push(`${n(c.removidos)} removidos`);
    parts.push(`${n(file.recusadas)} ${file.recusadas === 1 ? 'linha recusada' : 'linhas recusadas'}`);
    lines.push(`  ${parts.join(', ')}`);
  }
  for (const f of file.achados) {
    const where = [f.linha ? `linha ${f.linha}` : null, f.coluna ? `coluna ${f.coluna}` : null].filter(Boolean).join(', ');
    const value = f.valor !== null ? ` (valor "${f.valor}")` : '';
    lines.push(`  ${where ? `${where}: ` : ''}${f.mensagem}${value}`);
  }
  if (file.achadosTotal > file.achados.length) lines.push(`  … e mais ${n(file.achadosTotal - file.achados.length)} problemas`);
  return lines;
}

export function reportText(report: ImportReport, { skipInvalid = false } = {}): string {
  const lines = report.arquivos.flatMap(fileLines);
  if (report.ausentes) {
    const { total, amostra, marcados, ilegiveis } = report.ausentes;
    lines.push(
      `Associados do banco que associados.csv não traz: ${n(total)}${total ? ` (${amostra.join(', ')}${total > amostra.length ? ', …' : ''})` : ''}` +
        (marcados ? `; ${n(marcados)} com a situação alterada` : '') +
        (ilegiveis
          ? `; nenhum teve a situação alterada: ${n(ilegiveis)} ${ilegiveis === 1 ? 'linha recusada' : 'linhas recusadas'} de associados.csv não ${ilegiveis === 1 ? 'diz' : 'dizem'} de que associado ${ilegiveis === 1 ? 'é' : 'são'}`
          : ''),
    );
  }
  const conclusion = {
    simulacao: 'Simulação (--dry-run): nada foi gravado.',
    erros: skipInvalid
      ? 'Nada foi gravado.'
      : 'Nada foi gravado: há linhas com erro. Corrija-as, ou use --skip-invalid para gravar só as válidas.',
    arquivo_ilegivel: 'Nada foi gravado: há arquivo que não pôde ser lido como um dos formatos.',
  } as const;
  lines.push(report.motivo ? conclusion[report.motivo] : 'Importação gravada.');
  return lines.join('\n') + '\n';
}
