/**
 * Bounds a CSV text's records before Papa Parse sees them. Papa Parse parses a record that spans its chunks again from
 * its start with every chunk, so a record of N MB costs time quadratic in N; and a quote left open (a stray `"` in an
 * Excel export) turns the rest of the file into one cell. The guard follows the quotes as Papa Parse does and hands on
 * only whole records of at most MAX_RECORD characters. A longer record, or one whose quotes the file leaves open, is
 * refused: its first line is replaced by an empty line (so the lines keep their numbers) and recorded as a problem; the
 * lines after it are read each on its own, as the quote that swallowed them was most likely a stray one. Each
 * character is looked at a bounded number of times, and the guard holds at most one record.
 */

export const MAX_RECORD = 64 * 1024;

export interface RecordProblem {
  /** The refused line. */
  linha: number;
  /** The field (0-based) where the problem lies, when known. */
  field: number | null;
  mensagem: string;
}

const QUOTE = 34;
const SPACE = 32;
const CR = 13;

const OVERSIZE = `a linha passa de ${MAX_RECORD / 1024} KiB`;
const UNCLOSED =
  'aspas abertas e não fechadas (uma aspa sem par?): a célula engoliria as linhas seguintes; ' +
  'a linha foi recusada e as seguintes foram lidas cada uma por si';

export class RecordGuard {
  readonly problems = new Map<number, RecordProblem>();
  private readonly delimiter: string;
  private readonly terminator: string;
  /** The record in progress: it starts at a record's start. */
  private held = '';
  /** How far `held` was scanned, and whether that is inside a quoted field. */
  private scanned = 0;
  private quoted = false;
  /** The fields before `fieldFrom` (an index in `held`), counted when a quote opens one. */
  private field = 0;
  private fieldFrom = 0;
  private quoteField: number | null = null;
  private breaksInRecord = 0;
  /** The line `held` starts at. */
  private line = 1;
  /** Dropping the rest of an over-long line, up to its line break. */
  private skipping = false;
  /** The text has ended: a quote at its end closes its field. */
  private ending = false;

  /** `newline` as the file writes it (`\r\n`, `\n` or `\r`); the empty line that replaces a refused one. */
  constructor(
    delimiter: string,
    private readonly newline: string,
  ) {
    this.delimiter = delimiter;
    this.terminator = newline[newline.length - 1]!;
  }

  /** The whole records that `text` completes. */
  push(text: string): string {
    const out: string[] = [];
    let buffer = this.held + text;
    let start = 0;
    let i = this.scanned;
    if (this.skipping) {
      const end = buffer.indexOf(this.terminator);
      if (end < 0) return '';
      this.skipping = false;
      this.line++;
      start = i = end + 1;
    }
    let forwarded = start;
    // The next line break and quote at or after i (-1: none in the text at hand), each found once for many fields.
    let nextBreak = -2;
    let nextQuote = -2;
    for (;;) {
      if (nextBreak < i && nextBreak !== -1) nextBreak = buffer.indexOf(this.terminator, i);
      if (nextQuote < i && nextQuote !== -1) nextQuote = buffer.indexOf('"', i);
      const quote = nextQuote;
      let end = -1; // where the record ends, when it does in the text at hand
      let stop = buffer.length; // how far the record was scanned
      if (this.quoted) {
        const breaks = (to: number) => {
          for (let b = nextBreak; b !== -1 && b < to; b = buffer.indexOf(this.terminator, b + 1)) this.breaksInRecord++;
        };
        if (quote < 0) breaks(buffer.length);
        else {
          const after = this.afterQuote(buffer, quote + 1);
          if (after === 'more') {
            // What follows the quote is still to come: read from it again with the next text.
            breaks(quote);
            stop = quote;
          } else {
            breaks(quote);
            if (after.closes === 'field') {
              this.quoted = false;
              this.field++;
              i = this.fieldFrom = after.at + 1;
            } else if (after.closes === 'record') end = after.at;
            else i = after.at;
            stop = -1;
          }
        }
        nextBreak = -2;
      } else {
        const fieldStart = (q: number) => q === start || buffer[q - 1] === this.delimiter;
        if (nextBreak !== -1 && (quote < 0 || nextBreak < quote)) {
          end = nextBreak;
          stop = -1;
        } else if (quote >= 0) {
          if (fieldStart(quote)) {
            this.field += count(buffer, this.delimiter, this.fieldFrom, quote);
            this.fieldFrom = quote;
            this.quoteField = this.field;
            this.quoted = true;
          }
          i = quote + 1;
          stop = -1;
        }
      }
      const reached = end >= 0 ? end : stop >= 0 ? stop : i;
      if (reached - start > MAX_RECORD) {
        // The record would pass the bound: its first line is refused, and the text after it read line by line.
        const cut = start + MAX_RECORD;
        out.push(buffer.slice(forwarded, start));
        if (!this.quoted) this.field += count(buffer, this.delimiter, this.fieldFrom, cut);
        const rest = this.refuse(buffer.slice(start, cut), this.quoted, OVERSIZE);
        out.push(rest.out);
        if (this.skipping) {
          const lineEnd = buffer.indexOf(this.terminator, cut);
          if (lineEnd < 0) {
            this.held = '';
            this.scanned = 0;
            return out.join('');
          }
          this.skipping = false;
          this.line++;
          buffer = buffer.slice(lineEnd + 1);
        } else buffer = rest.partial + buffer.slice(cut);
        start = forwarded = i = 0;
        nextBreak = nextQuote = -2;
        continue;
      }
      if (end >= 0) {
        this.line += 1 + this.breaksInRecord;
        this.resetRecord();
        start = this.fieldFrom = i = end + 1;
        continue;
      }
      if (stop >= 0) {
        out.push(buffer.slice(forwarded, start));
        this.held = buffer.slice(start);
        this.scanned = stop - start;
        this.fieldFrom -= start;
        return out.join('');
      }
    }
  }

  /**
   * After a quote inside a quoted field: another quote is a quote in the cell; a separator or line break (after
   * spaces) closes the field or the record; anything else is text of the cell, as Papa Parse reads it.
   */
  private afterQuote(buffer: string, from: number): 'more' | { closes: 'field' | 'record' | null; at: number } {
    let k = from;
    while (k < buffer.length && (buffer.charCodeAt(k) === SPACE || (buffer.charCodeAt(k) === CR && this.terminator !== '\r'))) k++;
    if (k >= buffer.length) return this.ending ? { closes: 'record', at: k } : 'more';
    const c = buffer[k];
    if (c === this.delimiter) return { closes: 'field', at: k };
    if (c === this.terminator) return { closes: 'record', at: k };
    if (c === '"' && k === from) return { closes: null, at: k + 1 };
    return { closes: null, at: c === '"' ? k : from };
  }

  /** The end of the text: the record in progress, whole or refused. */
  end(): string {
    if (this.skipping || this.held === '') return '';
    this.ending = true;
    const records = this.push('');
    if (!this.quoted) return records + this.held;
    const rest = this.refuse(this.held, true, UNCLOSED);
    this.held = '';
    if (rest.partial === '') return records + rest.out;
    // The last line, without a line break, on its own.
    return records + rest.out + this.lineAlone(rest.partial);
  }

  private resetRecord(): void {
    this.quoted = false;
    this.field = 0;
    this.fieldFrom = 0;
    this.quoteField = null;
    this.breaksInRecord = 0;
  }

  /**
   * Refuses the record `text` (from its start) at its first line; the complete lines after that one are read each on
   * its own. Returns what to hand on and the line in progress at the end of `text`, to read again as a record.
   */
  private refuse(text: string, quoted: boolean, oversize: string): { out: string; partial: string } {
    this.problems.set(this.line, {
      linha: this.line,
      field: quoted ? this.quoteField : this.field,
      mensagem: quoted ? UNCLOSED : oversize,
    });
    this.resetRecord();
    const breakChar = this.terminator;
    const first = text.indexOf(breakChar);
    if (first < 0) {
      this.skipping = true;
      return { out: this.newline, partial: '' };
    }
    this.line++;
    const out = [this.newline];
    let from = first + 1;
    for (let end = text.indexOf(breakChar, from); end >= 0; end = text.indexOf(breakChar, from)) {
      out.push(this.lineAlone(text.slice(from, end + 1)));
      this.line++;
      from = end + 1;
    }
    return { out: out.join(''), partial: text.slice(from) };
  }

  /** One line read as a record of its own: as it is, or an empty line when its quotes stay open. */
  private lineAlone(line: string): string {
    let quoted = false;
    let field = 0;
    let quoteField: number | null = null;
    let atFieldStart = true;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (quoted) {
        if (c === QUOTE) {
          if (line.charCodeAt(i + 1) === QUOTE) i++;
          else quoted = false;
        }
      } else if (c === this.delimiter.charCodeAt(0)) {
        field++;
        atFieldStart = true;
        continue;
      } else if (c === QUOTE && atFieldStart) {
        quoted = true;
        quoteField = field;
      }
      atFieldStart = false;
    }
    if (!quoted) return line;
    this.problems.set(this.line, { linha: this.line, field: quoteField, mensagem: UNCLOSED });
    return this.newline;
  }
}

/** How many times `char` occurs in `text` from `from` up to `to`. */
function count(text: string, char: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf(char, from); i !== -1 && i < to; i = text.indexOf(char, i + 1)) n++;
  return n;
}
