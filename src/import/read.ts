import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { RecordGuard, type RecordProblem } from './record-guard.js';
import { fold } from './values.js';

/**
 * A file to import, by its path or its bytes: plain data, so that a worker thread can read it too, and more than once
 * (its encoding is found by reading it first).
 */
export type Source = { name: string; path: string } | { name: string; data: Uint8Array };

export const fileSource = (path: string): Source => ({ name: basename(path), path });
export const bufferSource = (name: string, data: Uint8Array): Source => ({ name, data });

/**
 * Pieces of 256 KiB: Node decodes a piece of over about 1 MB into an external string, which every cell sliced from
 * it keeps alive until a full collection; a large file's import then held a gigabyte.
 */
const PIECE = 1 << 18;

function bytes(source: Source): AsyncIterable<Uint8Array> | Iterable<Uint8Array> {
  if ('path' in source) return createReadStream(source.path, { highWaterMark: PIECE });
  const { data } = source;
  return Array.from({ length: Math.ceil(data.byteLength / PIECE) }, (_, i) => data.subarray(i * PIECE, (i + 1) * PIECE));
}

/** The source's size in bytes. */
export const sizeOf = (source: Source) => ('path' in source ? statSync(source.path).size : source.data.byteLength);

export type Encoding = 'utf-8' | 'windows-1252';

/** A file's line break, found in its header line. */
type Newline = '\r\n' | '\n' | '\r';

const LINKING_WORDS = new Set(['de', 'da', 'do', 'das', 'dos']);

/**
 * A header name as compared: folded, without separators and linking words, so that `Data de admissão`,
 * `data_admissao` and `DATA ADMISSAO` are one column, and `E-mail` is `email`.
 */
export const headerKey = (name: string) =>
  fold(name)
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !LINKING_WORDS.has(word))
    .join('');

/**
 * UTF-8 when every byte of the file is valid UTF-8 (a byte-order mark included), Windows-1252 otherwise: what
 * spreadsheets save on Windows as "CSV". A Windows-1252 text with accents is almost never valid UTF-8.
 */
export async function detectEncoding(source: Source): Promise<Encoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of bytes(source)) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The separator of the header line: `;` (as spreadsheets in Portuguese save) or `,`, whichever it has more of. */
function delimiterOf(headerLine: string): ';' | ',' {
  const count = (char: string) => headerLine.split(char).length - 1;
  return count(';') >= count(',') ? ';' : ',';
}

export interface CsvLine {
  /** The line's number in the file, the header being line 1. */
  linha: number;
  /** Empty when the line could not be read as a record (`problem`). */
  cells: string[];
  problem?: RecordProblem;
}

export interface OpenedCsv {
  encoding: Encoding;
  delimiter: ';' | ',';
  /** The header's names, as written. */
  header: string[];
  lines: AsyncIterable<CsvLine>;
}

async function* decoded(source: Source, encoding: Encoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { ignoreBOM: false });
  for await (const chunk of bytes(source)) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Opens a CSV file: its encoding, separator and header, and then its lines as they are read. */
export async function openCsv(source: Source, encoding?: Encoding): Promise<OpenedCsv> {
  const found = encoding ?? (await detectEncoding(source));
  let headerLine = '';
  let newline: Newline = '\r\n';
  for await (const text of decoded(source, found)) {
    headerLine += text;
    // A line break that may go on in the next piece waits for it.
    const end = headerLine.slice(0, -1).search(/\r\n|\n|\r/);
    if (end >= 0) {
      newline = headerLine.startsWith('\r\n', end) ? '\r\n' : (headerLine[end] as Newline);
      headerLine = headerLine.slice(0, end);
      break;
    }
    if (headerLine.length > 1 << 16) break;
  }
  headerLine = headerLine.replace(/[\r\n]+$/, '');
  const delimiter = delimiterOf(headerLine);
  const [header = []] = Papa.parse<string[]>(headerLine, { delimiter }).data;
  return {
    encoding: found,
    delimiter,
    header: header.map((name) => name.trim()),
    // Read only when iterated: opening a file to learn its format reads its first line alone.
    lines: { [Symbol.asyncIterator]: () => lines(source, found, delimiter, newline) },
  };
}

/** The decoded text in whole records of a bounded size (src/import/record-guard.ts). */
async function* guarded(text: AsyncIterable<string>, guard: RecordGuard): AsyncGenerator<string> {
  for await (const piece of text) {
    const records = guard.push(piece);
    if (records) yield records;
  }
  const rest = guard.end();
  if (rest) yield rest;
}

/**
 * The file's records after the header, with their line numbers. Papa Parse hands over each chunk's records (its
 * stream interface, read record by record, is two orders of magnitude slower); reading pauses while two chunks
 * wait. The line numbers are counted here: a record is its line, and one more for each line break in its cells.
 * A line the guard refused comes as an empty line, and is given with its problem.
 */
async function* lines(source: Source, encoding: Encoding, delimiter: string, newline: Newline): AsyncGenerator<CsvLine> {
  const guard = new RecordGuard(delimiter, newline);
  const text = Readable.from(guarded(decoded(source, encoding), guard));
  const chunks: string[][][] = [];
  let wake: (() => void) | undefined;
  let done = false;
  let failure: Error | undefined;
  let paused: Papa.Parser | undefined;
  Papa.parse<string[], Readable>(text, {
    delimiter,
    newline,
    skipEmptyLines: false,
    chunk(results, parser) {
      chunks.push(results.data);
      if (chunks.length >= 2) {
        parser.pause();
        paused = parser;
      }
      wake?.();
    },
    complete() {
      done = true;
      wake?.();
    },
    error(error) {
      failure = error;
      done = true;
      wake?.();
    },
  });
  let linha = 0;
  try {
    for (;;) {
      const chunk = chunks.shift();
      if (!chunk) {
        if (done) break;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      if (paused && chunks.length < 2) {
        const parser = paused;
        paused = undefined;
        parser.resume();
      }
      for (const cells of chunk) {
        linha++;
        const at = linha;
        for (const cell of cells) for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) linha++;
        if (at === 1) continue;
        if (cells.length === 1 && cells[0] === '') {
          const problem = guard.problems.get(at);
          if (problem) {
            guard.problems.delete(at);
            yield { linha: at, cells: [], problem };
          }
          continue;
        }
        yield { linha: at, cells };
      }
    }
    if (failure) throw failure;
  } finally {
    text.destroy();
  }
}
