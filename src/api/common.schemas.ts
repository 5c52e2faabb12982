import { Type, type SchemaOptions, type TSchema } from '@sinclair/typebox';
import { PROBLEM_TYPES, type ProblemCode } from '../http/problems.js';

/** Schemas shared by every operation, registered once and referenced by $id. */

/** A string enumeration, published as a plain `enum` rather than a union of literals. */
export function StringEnum<T extends string>(values: readonly T[], options: SchemaOptions = {}) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
}

export const ProblemSchema = Type.Object({
  type: Type.String({ maxLength: 500, format: 'uri', description: 'URL de uma página que explica o tipo de problema.' }),
  title: Type.String({ maxLength: 500 }),
  status: Type.Integer({ format: 'int32', minimum: 0, maximum: 2147483647 }),
  detail: Type.String({ maxLength: 500, description: 'Explicação para pessoas, em português.' }),
  instance: Type.String({ maxLength: 500, description: 'O caminho e a consulta da requisição.' }),
  code: StringEnum(Object.keys(PROBLEM_TYPES) as ProblemCode[], { description: 'Código estável para programas.' }),
  request_id: Type.String({ maxLength: 500, description: 'O mesmo valor do cabeçalho X-Request-Id.' }),
  errors: Type.Optional(Type.Array(Type.Object({ parameter: Type.String({ maxLength: 500 }), message: Type.String({ maxLength: 500 }) }, { additionalProperties: false }), { maxItems: 500 })),
}, { $id: 'Problem', title: 'Problem', description: 'RFC 9457 problem details.', additionalProperties: false });

const problemRef = Type.Unsafe<unknown>({ $ref: 'Problem#' });

const header = (description: string) => ({ schema: { type: 'string', maxLength: 200 }, description });

/** Headers on every response an operation can give (IETF RateLimit fields, §9). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': header('A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço).'),
  RateLimit: header('O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`.'),
};

/** A 200 with a JSON body, its ETag and rate-limit headers, and any others given. */
export function okResponse(description: string, schema: TSchema, headers: Record<string, { schema: unknown; description: string }> = {}) {
  return {
    description,
    headers: { ETag: header('Validador fraco do corpo; envie-o em `If-None-Match` para receber 304.'), ...RATE_LIMIT_HEADERS, ...headers },
    content: { 'application/json': { schema } },
  };
}

export const LINK_HEADER = { Link: header('Endereço da próxima página (`rel="next"`), quando há.') };
export const CORS_HEADER = { 'Access-Control-Allow-Origin': header('`*`: a lista pública pode ser lida de qualquer site.') };

/** Response declarations for the problems an operation can answer with. */
export function problemResponses(...codes: ProblemCode[]): Record<number, TSchema> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) {
    const status = PROBLEM_TYPES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, TSchema> = {};
  for (const [status, list] of byStatus) {
    const retry = status === 429 || status === 503 ? { 'Retry-After': header('Segundos a esperar antes de tentar de novo.') } : {};
    responses[status] = Type.Unsafe({
      description: list.map((code) => `\`${code}\`: ${PROBLEM_TYPES[code].title}`).join('; '),
      headers: { ...RATE_LIMIT_HEADERS, ...retry },
      content: { 'application/problem+json': { schema: problemRef } },
    });
  }
  return responses;
}

/** Problems every authenticated operation can answer with. */
export const AUTHENTICATED_PROBLEMS: ProblemCode[] = ['token_missing', 'token_invalid', 'token_expired', 'insufficient_scope',
  'not_acceptable', 'rate_limited', 'internal_error', 'service_unavailable'];

export const Matricula = Type.String({ maxLength: 500, pattern: '^[0-9]{6,10}$', description: 'Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.', examples: ['004217'] });

export function formatMatricula(matricula: number): string {
  return String(matricula).padStart(6, '0');
}

/** Every 200 carries a weak ETag; a request whose If-None-Match matches it gets this. */
export const NOT_MODIFIED = { 304: Type.Unsafe({ description: 'Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo).' }) };
