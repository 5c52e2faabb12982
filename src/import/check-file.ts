import { copyLine } from '../db/copy-text.js';
import { FORMATS, type Kind, type References } from './formats.js';
import { headerKey, openCsv, type Encoding, type Source } from './read.js';
import { Row, type Finding } from './row.js';

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

/** Lines checked since the previous batch: the valid ones and the findings, as COPY text. */
export interface CheckedBatch {
  lines: string;
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

/**
 * Reads the file and hands its batches to `send`, which resolves once it can take the next: the reading waits for the
 * writing rather than piling up the file in memory.
 */
export async function checkFile(job: FileJob, send: (batch: CheckedBatch) => Promise<void>): Promise<FileChecked> {
  const format = FORMATS[job.kind];
  const opened = await openCsv(job.source, job.encoding);
  const canonical = new Map(format.columns.map((c) => [headerKey(c.name), c.name]));
  const header = opened.header.map((name) => canonical.get(headerKey(name))!);
  const columns = new Map(header.map((name, i) => [name, i]));
  const added: string[] = [];
  let lines: string[] = [];
  let findings: string[] = [];
  let linhas = 0;
  let read = 0;
  const addFindings = (found: readonly Finding[]) => {
    for (const f of found) findings.push(copyLine([job.file, f.linha, f.coluna, f.valor, f.mensagem]));
  };
  const flush = async () => {
    const batch = { lines: lines.join(''), findings: findings.join(''), read };
    lines = [];
    findings = [];
    read = 0;
    await send(batch);
  };
  try {
    for await (const { linha, cells } of opened.lines) {
      linhas++;
      read++;
      if (cells.length !== header.length) {
        addFindings([
          { linha, coluna: null, valor: null, mensagem: `a linha tem ${cells.length} colunas e o cabeçalho, ${header.length}` },
        ]);
      } else {
        const row = new Row(linha, columns, cells);
        const values = format.parse(row, job.refs);
        if (values) {
          lines.push(copyLine([linha, ...values[0]!]));
          if (job.kind === 'regionais' || job.kind === 'categorias') added.push(String(values[0]![0]));
        } else addFindings(row.findings);
      }
      if (lines.length + findings.length >= BATCH_LINES) await flush();
    }
  } catch (error) {
    const at = (error as { lines?: number }).lines;
    addFindings([{ linha: at ?? linhas + 1, coluna: null, valor: null, mensagem: `CSV malformado: ${(error as Error).message}` }]);
  }
  await flush();
  return { linhas, added };
}
