import { Type } from '@sinclair/typebox';
import type { preValidationHookHandler } from 'fastify';
import { FIRST_DATE, FIRST_INSTANT, isCalendarDate, LAST_DATE, LAST_INSTANT, parseTimestamp } from '../domain/dates.js';
import { invalidParameter, Problem } from '../errors/problems.js';

/** A query parameter that takes one value, a comma-separated list, or is repeated (all read as a list). */
export function ListParam(description: string, example: string) {
  return Type.Optional(
    Type.Array(Type.String({ maxLength: 200 }), {
      maxItems: 50,
      description: `${description} Um valor, uma lista separada por vírgulas ou o parâmetro repetido (OU entre os valores).`,
      examples: [[example]],
    }),
  );
}

/** The distinct values of a list parameter, each checked against the allowed ones. */
export function enumValues<T extends string>(
  parameter: string,
  raw: readonly string[] | undefined,
  allowed: readonly T[],
  normalize: (value: string) => string = (value) => value,
): T[] | undefined {
  if (raw === undefined) return undefined;
  const values = raw.flatMap((value) => value.split(',')).map((value) => normalize(value.trim()));
  const wrong = values.filter((value) => !(allowed as readonly string[]).includes(value));
  if (wrong.length > 0) {
    const message = `valores aceitos: ${allowed.join(', ')}`;
    throw new Problem('invalid_parameter', `${parameter} não aceita '${wrong.join(',')}'; ${message}.`, {
      errors: [{ parameter, message }],
    });
  }
  return [...new Set(values)] as T[];
}

/** The dates and instants a parameter may name (what the database holds), as the 400s and the documentation say it. */
export const DATE_RANGE = `de ${FIRST_DATE} a ${LAST_DATE}`;
export const TIMESTAMP_RANGE = `com fuso (Z ou de -14:00 a +14:00), de ${new Date(FIRST_INSTANT).toISOString()} a ${new Date(LAST_INSTANT).toISOString()}`;

/** A timestamp parameter (RFC 3339 with a zone) in the range the database holds; a 400 otherwise. */
export function timestampValue(parameter: string, raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const instant = parseTimestamp(raw);
  if (!instant) throw invalidParameter(parameter, `esperado um instante RFC 3339 ${TIMESTAMP_RANGE}, ex.: 2026-03-01T00:00:00-03:00`);
  return instant;
}

/** A calendar-date parameter `YYYY-MM-DD` that exists, in the range the database holds; a 400 otherwise. */
export function dateValue(parameter: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!isCalendarDate(raw)) throw invalidParameter(parameter, `esperada uma data AAAA-MM-DD válida; recebido '${raw}'`);
  // Four digits never pass LAST_DATE: only year 0 is too early.
  if (raw < FIRST_DATE) throw invalidParameter(parameter, `esperada uma data ${DATE_RANGE}; recebido '${raw}'`);
  return raw;
}

/** The one spelling of a whole number: ASCII digits, no sign, exponent, point, spaces or leading zeros. */
export function isPlainInteger(raw: string): boolean {
  return /^(?:0|[1-9][0-9]*)$/.test(raw);
}

interface IntegerSchema {
  type?: unknown;
  minimum?: number;
  maximum?: number;
}

/**
 * A check of a route's integer query parameters on their raw text, before validation; undefined when it
 * has none. Ajv's coercion reads `1.0`, ` 1`, `+1` and `0x10` as numbers and lets `1e309` through as
 * Infinity, so a number written any other way than plainly never reaches it.
 */
export function integerQueryCheck(querystring: unknown): preValidationHookHandler | undefined {
  const properties = (querystring as { properties?: Record<string, IntegerSchema> } | undefined)?.properties ?? {};
  const integers = Object.entries(properties).filter(([, schema]) => schema.type === 'integer');
  if (integers.length === 0) return undefined;
  return (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    for (const [parameter, { minimum = 0, maximum = Number.MAX_SAFE_INTEGER }] of integers) {
      const raw = query[parameter];
      if (raw === undefined) continue;
      const value = typeof raw === 'string' && isPlainInteger(raw) ? Number(raw) : Number.NaN;
      if (!(value >= minimum && value <= maximum)) {
        done(
          invalidParameter(
            parameter,
            `esperado um único inteiro de ${minimum} a ${maximum}, escrito só com algarismos e sem zeros à esquerda`,
          ),
        );
        return;
      }
    }
    done();
  };
}
