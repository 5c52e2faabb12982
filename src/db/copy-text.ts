import { dateOfDay } from '../domain/dates.js';

/** Rows in PostgreSQL's COPY text format, gathered into chunks of about 1 MiB for streaming. */

export type CopyValue = string | number | boolean | null | undefined | readonly (string | number)[];

function field(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'string') return escape(value);
  return escape(`{${value.map((item) => (typeof item === 'number' ? String(item) : `"${item.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`);
}

function escape(text: string): string {
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!) : text;
}

const LINE_BREAK = /[\n\r]/;

export function copyLine(values: readonly CopyValue[]): string {
  // Generated values almost never hold a tab, newline or backslash: check the joined line once and
  // escape field by field only when it does.
  let nulls = 0;
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) nulls++;
    parts[i] = typeof value === 'string' ? value : field(value);
  }
  const line = parts.join('\t');
  if (!LINE_BREAK.test(line) && count(line, '\t') === values.length - 1 && count(line, '\\') === nulls) return line + '\n';
  return values.map(field).join('\t') + '\n';
}

function count(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i !== -1; i = text.indexOf(char, i + 1)) n++;
  return n;
}

const CHUNK_SIZE = 1 << 20;

/** Accumulates lines and hands out chunks of about CHUNK_SIZE characters. */
export class ChunkBuffer {
  private pending: string[] = [];
  private size = 0;
  readonly chunks: string[] = [];

  push(line: string): void {
    this.pending.push(line);
    this.size += line.length;
    if (this.size >= CHUNK_SIZE) this.flush();
  }

  flush(): void {
    if (this.pending.length) this.chunks.push(this.pending.join(''));
    this.pending = [];
    this.size = 0;
  }
}

/** Groups lines into chunks of about CHUNK_SIZE characters, counting them as they pass. */
export function* chunked(lines: Iterable<string>, onRows?: (rows: number) => void): Generator<string> {
  let pending: string[] = [];
  let size = 0;
  for (const line of lines) {
    pending.push(line);
    size += line.length;
    if (size >= CHUNK_SIZE) {
      onRows?.(pending.length);
      yield pending.join('');
      pending = [];
      size = 0;
    }
  }
  if (pending.length) {
    onRows?.(pending.length);
    yield pending.join('');
  }
}

const DAY_MS = 86_400_000;
const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** A UTC timestamp for COPY; many times faster than Date#toISOString, which dominates bulk generation. */
export function timestampText(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let rest = Math.floor(ms) - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${dateOfDay(day)} ${PAD2[hours]}:${PAD2[minutes]}:${PAD2[seconds]}.${String(millis).padStart(3, '0')}+00`;
}
