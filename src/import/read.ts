import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { parse } from 'csv-parse';
import { fold } from './values.js';

/** A file to import, which can be read more than once (its encoding is found by reading it first). */
export interface Source {
  name: string;
  bytes(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

export const fileSource = (path: string): Source => ({
  name: basename(path),
  bytes: () => createReadStream(path, { highWaterMark: 1 << 20 }),
});
export const bufferSource = (name: string, data: Uint8Array): Source => ({ name, bytes: () => [data] });

export type Encoding = 'utf-8' | 'windows-1252';

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
    for await (const chunk of source.bytes()) decoder.decode(chunk, { stream: true });
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
  cells: string[];
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
  for await (const chunk of source.bytes()) {
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
  for await (const text of decoded(source, found)) {
    headerLine += text;
    const end = headerLine.search(/\r?\n/);
    if (end >= 0) {
      headerLine = headerLine.slice(0, end);
      break;
    }
    if (headerLine.length > 1 << 16) break;
  }
  const delimiter = delimiterOf(headerLine);
  const parser = parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: false });
  const feeding = (async () => {
    try {
      for await (const text of decoded(source, found))
        if (!parser.write(text)) await new Promise((resolve) => parser.once('drain', resolve));
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number } }>;
  const first = await records.next();
  const header = first.done ? [] : first.value.record.map((name) => name.trim());
  return {
    encoding: found,
    delimiter,
    header,
    lines: {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          const next = await records.next();
          if (next.done) break;
          yield { linha: next.value.info.lines, cells: next.value.record };
        }
        await feeding;
      },
    },
  };
}
