import { copyLine, type CopyValue } from '../db/copy-text.js';
import { FORMATS, type Format, type Kind, type References } from './formats.js';
import { headerKey, openCsv, type Encoding, type Source } from './read.js';
import { Row, type Finding } from './row.js';
import { isProblem } from './values.js';

/**
 * One file's reading and the checks of each line on its own: in the import's thread for a small file, in a worker
 * thread of its own for a large one (src/import/check-worker.ts). What comes out is text for COPY into the staging
 * tables, a batch at a time.
 */

/** What a file's reading needs, as plain data (a worker's `workerData`). */
export interface FileJob {
  source: Source;
  encoding: Encoding;
  kind: Kind;
  /** The file's name in findings. */
  file: string;
  /** Sets, which a worker's `workerData` copies as they are. */
  refs: References;
}

/** Lines checked since the previous batch: the valid ones, the refused ones and the findings, as COPY text. */
export interface CheckedBatch {
  lines: string;
  /** `linha`, the refused line's key (the format's refusedKey) or null, and `true` for `recusada`. */
  refused: string;
  findings: string;
  /** Lines read since the previous batch, valid or not. */
  read: number;
}

export interface FileChecked {
  linhas: number;
  /** The codes a reference file (regionais, categorias) adds for the files after it. */
  added: string[];
}

const BATCH_LINES = 20_000;

/** PostgreSQL's text cannot hold the character 0 (a file's byte 0x00): the line is refused rather than the import. */
const NUL = 'a célula tem um caractere nulo (byte 0x00), que não cabe em texto: o arquivo pode estar corrompido ou não ser um CSV';

/** A refused line's key, when its cell reads (and holds no character 0); null otherwise. */
function keyOf(format: Format, columns: ReadonlyMap<string, number>, cells: readonly string[]): CopyValue {
  const key = format.refusedKey;
  const raw = key && cells[columns.get(key.column) ?? -1];
  if (raw === undefined || raw.includes('\0')) return null;
  const parsed = key!.parse(raw);
  return isProblem(parsed) ? null : parsed;
}

/** The format's name of each column of a header (whose names are known to be the format's, as written). */
export function columnNames(format: Format, header: readonly string[]): string[] {
  const canonical = new Map(format.columns.map((c) => [headerKey(c.name), c.name]));
  return header.map((name) => canonical.get(headerKey(name))!);
}

/**
 * Reads the file and hands its batches to `send`, which resolves once it can take the next: the reading waits for the
 * writing rather than piling up the file in memory.
 */
export async function checkFile(job: FileJob, send: (batch: CheckedBatch) => Promise<void>): Promise<FileChecked> {
  const format = FORMATS[job.kind];
  const opened = await openCsv(job.source, job.encoding);
  const header = columnNames(format, opened.header);
  const columns = new Map(header.map((name, i) => [name, i]));
  const added: string[] = [];
  let lines: string[] = [];
  let refused: string[] = [];
  let findings: string[] = [];
  let linhas = 0;
  let read = 0;
  const refuse = (linha: number, found: readonly Finding[], cells: readonly string[] | null) => {
    if (format.refusedKey) refused.push(copyLine([linha, cells ? keyOf(format, columns, cells) : null, true]));
    for (const f of found) findings.push(copyLine([job.file, f.linha, f.coluna, f.valor, f.mensagem]));
  };
  const flush = async () => {
    const batch = { lines: lines.join(''), refused: refused.join(''), findings: findings.join(''), read };
    lines = [];
    refused = [];
    findings = [];
    read = 0;
    await send(batch);
  };
  const lineProblem = (linha: number, mensagem: string, field: number | null = null): Finding => ({
    linha,
    coluna: field === null ? null : (header[field] ?? `coluna ${field + 1}`),
    valor: null,
    mensagem,
  });
  try {
    for await (const { linha, cells, problem } of opened.lines) {
      linhas++;
      read++;
      const nul = cells.findIndex((cell) => cell.includes('\0'));
      if (problem) refuse(linha, [lineProblem(linha, problem.mensagem, problem.field)], null);
      else if (cells.length !== header.length)
        refuse(linha, [lineProblem(linha, `a linha tem ${cells.length} colunas e o cabeçalho, ${header.length}`)], null);
      else if (nul >= 0) refuse(linha, [lineProblem(linha, NUL, nul)], cells);
      else {
        const row = new Row(linha, columns, cells);
        const values = format.parse(row, job.refs);
        if (values) {
          lines.push(copyLine([linha, ...values[0]!]));
          if (job.kind === 'regionais' || job.kind === 'categorias') added.push(String(values[0]![0]));
        } else refuse(linha, row.findings, cells);
      }
      if (lines.length + refused.length >= BATCH_LINES) await flush();
    }
  } catch (error) {
    const at = (error as { lines?: number }).lines ?? linhas + 1;
    refuse(at, [lineProblem(at, `CSV malformado: ${(error as Error).message}`)], null);
  }
  await flush();
  return { linhas, added };
}
