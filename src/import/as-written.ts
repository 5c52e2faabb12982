import { columnNames } from './check-file.js';
import type { Format } from './formats.js';
import { openCsv, type Encoding, type Source } from './read.js';
import type { Finding } from './row.js';

/**
 * The checks across lines read the staged values (`500` for a matrícula written `000500`, `paid` for `paga`); the
 * report shows what the file has. The few findings it keeps are given their cells as written, read again from the
 * file up to the last of their lines.
 */
export async function asWritten(source: Source, encoding: Encoding, format: Format, findings: Finding[]): Promise<void> {
  const wanted = new Map<number, Finding[]>();
  for (const finding of findings) if (finding.coluna) wanted.set(finding.linha, [...(wanted.get(finding.linha) ?? []), finding]);
  if (wanted.size === 0) return;
  const opened = await openCsv(source, encoding);
  const header = columnNames(format, opened.header);
  for await (const { linha, cells } of opened.lines) {
    for (const finding of wanted.get(linha) ?? []) {
      const cell = cells[header.indexOf(finding.coluna!)];
      if (cell !== undefined && cells.length === header.length) finding.valor = cell;
    }
    wanted.delete(linha);
    if (wanted.size === 0) break;
  }
}
