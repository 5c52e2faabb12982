import { Type, type SchemaOptions, type TSchema } from '@sinclair/typebox';
import { PROBLEM_TYPES, type ProblemCode } from '../http/problems.js';

/** Schemas shared by every operation, registered once and referenced by $id. */

/** A string enumeration, published as a plain `enum` rather than a union of literals. */
export function StringEnum<T extends string>(values: readonly T[], options: SchemaOptions = {}) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
}

export const ProblemSchema = Type.Object({
  type: Type.String({ format: 'uri', description: 'URL de uma página que explica o tipo de problema.' }),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String({ description: 'Explicação para pessoas, em português.' }),
  instance: Type.String({ description: 'O caminho e a consulta da requisição.' }),
  code: StringEnum(Object.keys(PROBLEM_TYPES) as ProblemCode[], { description: 'Código estável para programas.' }),
  request_id: Type.String({ description: 'O mesmo valor do cabeçalho X-Request-Id.' }),
  errors: Type.Optional(Type.Array(Type.Object({ parameter: Type.String(), message: Type.String() }, { additionalProperties: false }))),
}, { $id: 'Problem', title: 'Problem', description: 'RFC 9457 problem details.', additionalProperties: false });

const problemRef = Type.Unsafe<unknown>({ $ref: 'Problem#' });

/** Response declarations for the problems an operation can answer with. */
export function problemResponses(...codes: ProblemCode[]): Record<number, TSchema> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) {
    const status = PROBLEM_TYPES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, TSchema> = {};
  for (const [status, list] of byStatus) {
    responses[status] = Type.Unsafe({
      description: list.map((code) => `\`${code}\`: ${PROBLEM_TYPES[code].title}`).join('; '),
      content: { 'application/problem+json': { schema: problemRef } },
    });
  }
  return responses;
}

/** Problems every authenticated operation can answer with. */
export const AUTHENTICATED_PROBLEMS: ProblemCode[] = ['token_missing', 'token_invalid', 'token_expired', 'insufficient_scope',
  'not_acceptable', 'rate_limited', 'internal_error', 'service_unavailable'];

export const Matricula = Type.String({ pattern: '^[0-9]{6,10}$', description: 'Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.', examples: ['004217'] });

export function formatMatricula(matricula: number): string {
  return String(matricula).padStart(6, '0');
}

/** Every 200 carries a weak ETag; a request whose If-None-Match matches it gets this. */
export const NOT_MODIFIED = { 304: Type.Unsafe({ description: 'Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo).' }) };
