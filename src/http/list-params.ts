import { Type } from '@sinclair/typebox';
import { isCalendarDate, parseTimestamp } from '../domain/dates.js';
import { invalidParameter, Problem } from './problems.js';

/** A query parameter that takes one value, a comma-separated list, or is repeated (all read as a list). */
export function ListParam(description: string, example: string) {
  return Type.Optional(Type.Array(Type.String({ maxLength: 200 }), {
    maxItems: 50, description: `${description} Um valor, uma lista separada por vírgulas ou o parâmetro repetido (OU entre os valores).`, examples: [[example]],
  }));
}

/** The distinct values of a list parameter, each checked against the allowed ones. */
export function enumValues<T extends string>(parameter: string, raw: readonly string[] | undefined, allowed: readonly T[],
  normalize: (value: string) => string = (value) => value): T[] | undefined {
  if (raw === undefined) return undefined;
  const values = raw.flatMap((value) => value.split(',')).map((value) => normalize(value.trim()));
  const wrong = values.filter((value) => !(allowed as readonly string[]).includes(value));
  if (wrong.length > 0) {
    const message = `valores aceitos: ${allowed.join(', ')}`;
    throw new Problem('invalid_parameter', `${parameter} não aceita '${wrong.join(',')}'; ${message}.`, { errors: [{ parameter, message }] });
  }
  return [...new Set(values)] as T[];
}

/** A timestamp parameter (RFC 3339 with a zone); a 400 otherwise. */
export function timestampValue(parameter: string, raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const instant = parseTimestamp(raw);
  if (!instant) throw invalidParameter(parameter, 'esperado um instante RFC 3339 com fuso, ex.: 2026-03-01T00:00:00-03:00');
  return instant;
}

/** A calendar-date parameter `YYYY-MM-DD` that exists; a 400 otherwise. */
export function dateValue(parameter: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!isCalendarDate(raw)) throw invalidParameter(parameter, `esperada uma data AAAA-MM-DD válida; recebido '${raw}'`);
  return raw;
}
