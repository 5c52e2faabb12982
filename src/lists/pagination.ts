import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { Problem } from '../errors/problems.js';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;

export const PageQuery = {
  limit: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: MAX_LIMIT,
      default: DEFAULT_LIMIT,
      description: `Itens por página, de 1 a ${MAX_LIMIT} (padrão ${DEFAULT_LIMIT}). Fora disso: 400, nunca ajustado em silêncio.`,
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      maxLength: 512,
      description: 'Cursor opaco da próxima página, tirado do cabeçalho `Link` (`rel="next"`). Vale só com os mesmos filtros.',
    }),
  ),
};

/**
 * Opaque keyset cursors: the last key of a page plus a digest of the filters it belongs to, signed
 * with a key every instance shares, so a cursor used with other filters or altered is refused.
 */
export class CursorCodec {
  constructor(private readonly key: string) {}

  encode(filters: unknown, after: readonly (string | number)[]): string {
    const payload = Buffer.from(JSON.stringify({ f: digest(filters), a: after })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The key the next page starts after; a problem when the cursor is not one of ours for these filters. */
  decode(cursor: string, filters: unknown): (string | number)[] {
    // Exactly a payload and its signature: a cursor with more parts is not one this codec wrote.
    const parts = cursor.split('.');
    const [payload = '', signature = ''] = parts;
    const expected = this.sign(payload);
    const valid =
      parts.length === 2 && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    let parsed: { f?: unknown; a?: unknown } | undefined;
    if (valid) {
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof parsed;
      } catch {
        parsed = undefined;
      }
    }
    if (!parsed || !Array.isArray(parsed.a)) throw invalidCursor();
    if (parsed.f !== digest(filters)) throw invalidCursor('O cursor pertence a uma listagem com outros filtros; recomece sem cursor.');
    return parsed.a as (string | number)[];
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 22);
  }
}

function digest(filters: unknown): string {
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
}

export function invalidCursor(detail = 'O cursor não é válido; recomece a listagem sem cursor.'): Problem {
  return new Problem('invalid_cursor', detail, { errors: [{ parameter: 'cursor', message: detail }] });
}

/** The `Link` header of a page that has a next one: the same query, with the next cursor. */
export function nextLink(baseUrl: string, url: string, cursor: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.set('cursor', cursor);
  return `<${baseUrl}${parsed.pathname}${parsed.search}>; rel="next"`;
}
