import { Type, type SchemaOptions, type Static, type StringOptions, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { EXPOSED_HEADERS } from '../headers/exposed-headers.js';
import { ListParam } from '../lists/list-params.js';
import { PROBLEM_TYPES, type ProblemCode } from '../errors/problems.js';
import { PROBLEM_CACHE } from '../errors/send-problem.js';
import examples from './examples.json' with { type: 'json' };

/** Schemas shared by every operation; the named ones are registered once and referenced by $id. */

/** A string enumeration, published as a plain `enum` rather than a union of literals. */
export function StringEnum<T extends string>(values: readonly T[], options: SchemaOptions = {}) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
}

/** A reference to a named schema (registered by the openapi plugin), typed as that schema. */
export function componentRef<T extends TSchema>(schema: T): TUnsafe<Static<T>> {
  return Type.Unsafe<Static<T>>({ $ref: `${schema.$id}#` });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const firstNonNull = (values: unknown[]) => values.find((value) => value !== null) ?? null;

/**
 * The schema with the first of `samples` as its example, and every property (through array items and
 * nullable unions) with the first value the samples have there that is not null: the examples of the
 * properties come from real responses instead of being made up one by one.
 */
export function withExamples<T extends TSchema>(schema: T, samples: readonly unknown[]): T {
  const annotated: TSchema = { ...schema, examples: [samples[0] ?? null] };
  const objects = samples.filter(isObject);
  if (isObject(schema.properties)) {
    annotated.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, TSchema>).map(([name, property]) => {
        const values = objects.map((sample) => sample[name]);
        return [name, withExamples(property, [firstNonNull(values), ...values])];
      }),
    );
  }
  if (schema.items) annotated.items = withExamples(schema.items as TSchema, samples.filter(Array.isArray).flat());
  if (Array.isArray(schema.anyOf))
    annotated.anyOf = (schema.anyOf as TSchema[]).map((member) =>
      member.type === 'null'
        ? member
        : withExamples(
            member,
            samples.filter((sample) => sample !== null),
          ),
    );
  return annotated as T;
}

const PUBLISHED = Symbol('published as');

/**
 * A parameter that the route checks itself, with a 400 in Portuguese naming what it accepts (and, for the lists,
 * comma-separated values, any case of a regional), so its validation schema takes any text; the OpenAPI document
 * publishes `published` instead, so that generated clients know the values and formats.
 */
export function publishedAs<T extends TSchema>(validated: T, published: TSchema): T {
  return Object.assign(validated, { [PUBLISHED]: published });
}

/** How a parameter's schema is published (see `publishedAs`). */
export function publishedSchema(schema: TSchema): TSchema {
  return (schema as { [PUBLISHED]?: TSchema })[PUBLISHED] ?? schema;
}

/** A filter of enumerated values: one, a comma-separated list (`style: form, explode: false`) or the parameter repeated. */
export function EnumListParam<T extends string>(values: readonly T[], description: string, example: T) {
  const validated = ListParam(description, example);
  return publishedAs(validated, { ...validated, items: StringEnum(values) });
}

/** A date (`date`) or instant (`date-time`) parameter, parsed by the route. */
export function FormattedParam(format: 'date' | 'date-time', options: StringOptions) {
  const validated = Type.Optional(Type.String(options));
  return publishedAs(validated, { ...validated, format });
}

export const ProblemSchema = withExamples(
  Type.Object(
    {
      type: Type.String({ maxLength: 500, format: 'uri', description: 'URL de uma página que explica o tipo de problema.' }),
      title: Type.String({ maxLength: 500, description: 'O título do tipo de problema, em português.' }),
      status: Type.Integer({ format: 'int32', minimum: 0, maximum: 2147483647, description: 'O status HTTP da resposta.' }),
      detail: Type.String({ maxLength: 500, description: 'Explicação para pessoas, em português.' }),
      // As long as the longest address taken (4,096 characters, a batch of CPFs among them), which grows where the value of
      // a secret parameter, however short, is replaced by a marker.
      instance: Type.String({ maxLength: 16_384, pattern: '^/', description: 'O caminho e a consulta da requisição.' }),
      code: StringEnum(Object.keys(PROBLEM_TYPES) as ProblemCode[], { description: 'Código estável para programas.' }),
      request_id: Type.String({
        maxLength: 500,
        pattern: '^[A-Za-z0-9._-]{1,64}$',
        description: 'O mesmo valor do cabeçalho X-Request-Id.',
      }),
      errors: Type.Optional(
        Type.Array(
          Type.Union([
            Type.Object(
              {
                parameter: Type.String({ maxLength: 500, description: 'O parâmetro recusado.' }),
                message: Type.String({ maxLength: 500, description: 'O que se espera dele.' }),
              },
              { additionalProperties: false, title: 'Erro de parâmetro' },
            ),
            Type.Object(
              {
                posicao: Type.Union([Type.Integer({ format: 'int32', minimum: 0, maximum: 499 }), Type.Null()], {
                  description: 'A posição do item no lote, a partir de 0; `null` quando o problema é do lote ou da prova.',
                }),
                campo: Type.String({ maxLength: 500, description: 'O campo recusado (`candidato`, `resultado`, `nota`…).' }),
                codigo: Type.String({ maxLength: 500, pattern: '^[a-z_]+$', description: 'Código estável do problema do item.' }),
                mensagem: Type.String({ maxLength: 1000, description: 'O problema, em português.' }),
              },
              { additionalProperties: false, title: 'Erro de item' },
            ),
          ]),
          {
            maxItems: 500,
            description:
              'Os parâmetros recusados, quando o problema é de parâmetros; os itens recusados (`posicao`, `campo`, `codigo`, `mensagem`), quando é de um lote enviado (os 500 primeiros).',
          },
        ),
      ),
    },
    { $id: 'Problem', title: 'Problem', description: 'RFC 9457 problem details.', additionalProperties: false },
  ),
  [examples.problem.value],
);

const problemRef = componentRef(ProblemSchema);

/** A response header, as @fastify/swagger takes it: the header's schema, whose description it moves to the header. */
interface HeaderSchema {
  description: string;
  [keyword: string]: unknown;
}

const textHeader = (description: string, pattern: string, example: string, maxLength = 1000): HeaderSchema => ({
  type: 'string',
  maxLength,
  pattern,
  description,
  examples: [example],
});

const REQUEST_ID_PATTERN = '^[A-Za-z0-9._-]{1,64}$';

/** On every response. */
const REQUEST_ID_HEADER = {
  'X-Request-Id': textHeader(
    'O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas.',
    REQUEST_ID_PATTERN,
    '5fe2e550-b773-4173-a4d1-165c0541b5bc',
    64,
  ),
};

/** Headers on every response an operation can give (IETF RateLimit fields, §9). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': textHeader(
    'A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço).',
    '^"[a-z]+";q=[0-9]+;w=[0-9]+$',
    '"default";q=600;w=60',
  ),
  RateLimit: textHeader(
    'O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`.',
    '^"[a-z]+";r=[0-9]+;t=[0-9]+$',
    '"default";r=599;t=60',
  ),
};

const ETAG_HEADER = {
  ETag: textHeader(
    'Validador fraco do corpo; envie-o em `If-None-Match` para receber 304.',
    '^W/"[A-Za-z0-9_-]+"$',
    'W/"N5psCTu6KBStLA3lB37vI6W9XBU"',
  ),
};

/** What each Cache-Control the API sends tells a client (API-DESIGN §7, §8): a route sending a new one must say it here. */
const CACHE_CONTROL_MEANINGS = {
  'no-store': 'nenhum cache guarda a resposta, nem o do próprio cliente.',
  'private, no-cache': 'só o cache do próprio cliente pode guardá-la, e deve revalidá-la (`If-None-Match`) antes de cada uso.',
  'public, max-age=60, stale-while-revalidate=300':
    'qualquer cache pode guardá-la por 60 s, e servi-la por mais 300 s enquanto a revalida.',
} as const;
export type CacheControl = keyof typeof CACHE_CONTROL_MEANINGS;

/** The Cache-Control of a response, exactly: one value per response, so generated clients and caches know it. */
const cacheControlHeader = (value: CacheControl) => ({
  'Cache-Control': { type: 'string', enum: [value], description: `\`${value}\`: ${CACHE_CONTROL_MEANINGS[value]}`, examples: [value] },
});

/**
 * `Vary` as the service sends it: `Authorization` on every response of an authenticated operation (src/auth/auth.plugin.ts),
 * `accept-encoding` where a body may be compressed (over 1 KiB, for a client that accepts gzip or br).
 */
export function varyHeader(on: { authorization: boolean; encoding: boolean }): Record<string, HeaderSchema> {
  const encoding = '`accept-encoding` quando o corpo vem comprimido (gzip ou br).';
  const [description, example] = on.authorization
    ? [`\`Authorization\`: a resposta depende do token.${on.encoding ? ` Também ${encoding}` : ''}`, 'Authorization']
    : [encoding, 'accept-encoding'];
  return { Vary: textHeader(description, '^[A-Za-z-]+(, [A-Za-z-]+)*$', example) };
}

const NOT_MODIFIED_DESCRIPTION = 'Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo).';

/**
 * A 200 with a JSON body and its headers (ETag, limits, request id, `cacheControl` and any others given), and the 304
 * that answers a matching If-None-Match: no body, and the headers the 200 would have had but its encoding's (RFC 9110 §15.4.5).
 */
export function okResponses(description: string, schema: TSchema, cacheControl: CacheControl, headers: Record<string, HeaderSchema> = {}) {
  const common = { ...ETAG_HEADER, ...RATE_LIMIT_HEADERS, ...REQUEST_ID_HEADER, ...cacheControlHeader(cacheControl), ...headers };
  return {
    200: {
      description,
      headers: { ...common, ...varyHeader({ authorization: false, encoding: true }) },
      content: { 'application/json': { schema } },
    },
    304: Type.Unsafe({ type: 'null', description: NOT_MODIFIED_DESCRIPTION, headers: common }),
  };
}

/** The 200 of a write (API-DESIGN §14): its JSON body, kept by no cache, with the limits, the request id and `headers`. */
export function writtenResponse(description: string, schema: TSchema, headers: Record<string, HeaderSchema> = {}) {
  return {
    200: {
      description,
      headers: {
        ...RATE_LIMIT_HEADERS,
        ...REQUEST_ID_HEADER,
        ...cacheControlHeader('no-store'),
        ...varyHeader({ authorization: false, encoding: true }),
        ...headers,
      },
      content: { 'application/json': { schema } },
    },
  };
}

/** On the answer to a request repeated with its Idempotency-Key: the first answer, again. */
export const IDEMPOTENT_REPLAYED_HEADER = {
  'Idempotent-Replayed': {
    type: 'string',
    enum: ['true'],
    description: '`true`: esta é a resposta guardada da primeira requisição com a mesma `Idempotency-Key`; nada foi gravado de novo.',
    examples: ['true'],
  },
};

/** A stored result's version, which a correction names in If-Match. */
export const RESULT_ETAG_HEADER = {
  ETag: textHeader('A versão do resultado: envie-a em `If-Match` na próxima correção.', '^"[0-9]+-[0-9]+-[0-9]+"$', '"280-5-2"'),
};

export const LINK_HEADER = {
  Link: textHeader(
    'Endereço da próxima página (`rel="next"`), quando há.',
    '^<[^>]+>',
    '<http://127.0.0.1:3000/api/v1/associados?limit=2&cursor=eyJmIjoiaENtZGtzRU1hS0g3YkRNeCIsImEiOlsyXX0.ytp9zKYEycRRarHYpdNFQm>; rel="next"',
    8192,
  ),
};
/** On every response of a route that pages of any site may read, problems included. */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': {
    type: 'string',
    enum: ['*'],
    description: '`*`: a lista pública pode ser lida de qualquer site.',
    examples: ['*'],
  },
  'Access-Control-Expose-Headers': textHeader(
    'Os cabeçalhos que a página pode ler além dos básicos.',
    '^[A-Za-z-]+(, [A-Za-z-]+)*$',
    EXPOSED_HEADERS,
  ),
};

const RETRY_AFTER_HEADER = {
  'Retry-After': {
    type: 'integer',
    format: 'int32',
    minimum: 0,
    maximum: 86_400,
    description: 'Segundos a esperar antes de tentar de novo.',
    examples: [42],
  },
};
const WWW_AUTHENTICATE_HEADER = {
  'WWW-Authenticate': textHeader(
    'O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado ' +
      'e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação.',
    '^Bearer realm="associa"',
    'Bearer realm="associa", error="invalid_token"',
  ),
};

/** Response declarations for the problems an operation can answer with. */
export function problemResponses(...codes: ProblemCode[]): Record<number, TSchema> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) {
    const status = PROBLEM_TYPES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, TSchema> = {};
  for (const [status, list] of byStatus) {
    const retry = status === 429 || status === 503 || list.includes('idempotency_key_in_use') ? RETRY_AFTER_HEADER : {};
    const challenge = status === 401 || status === 403 ? WWW_AUTHENTICATE_HEADER : {};
    responses[status] = Type.Unsafe({
      description: list.map((code) => `\`${code}\`: ${PROBLEM_TYPES[code].title}`).join('; '),
      headers: {
        ...RATE_LIMIT_HEADERS,
        ...REQUEST_ID_HEADER,
        ...cacheControlHeader(PROBLEM_CACHE),
        ...varyHeader({ authorization: false, encoding: true }),
        ...retry,
        ...challenge,
      },
      content: { 'application/problem+json': { schema: problemRef } },
    });
  }
  return responses;
}

/** Problems every authenticated operation can answer with. */
export const AUTHENTICATED_PROBLEMS: ProblemCode[] = [
  'token_missing',
  'token_invalid',
  'token_revoked',
  'token_expired',
  'insufficient_scope',
  'not_acceptable',
  'rate_limited',
  'concurrency_limited',
  'internal_error',
  'service_unavailable',
];

export const Matricula = Type.String({
  maxLength: 500,
  pattern: '^[0-9]{6,10}$',
  description: 'Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.',
});

/** The query of a route that takes no parameters: any parameter is refused, never ignored. */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/**
 * Request headers the API reads, published in the document but not validated: a malformed X-Request-Id is
 * replaced by a new one and a malformed If-None-Match matches nothing, so neither is refused. Without examples,
 * which the docs' "Try it out" would send.
 */
export const REQUEST_HEADERS = {
  'X-Request-Id': Type.Optional(
    Type.String({
      maxLength: 64,
      pattern: REQUEST_ID_PATTERN,
      description:
        'Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID.',
    }),
  ),
  'If-None-Match': Type.Optional(
    Type.String({
      maxLength: 1000,
      pattern: '^(\\*|(W/)?"[^"]*"(\\s*,\\s*(W/)?"[^"]*")*)$',
      description: 'O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo.',
    }),
  ),
};
