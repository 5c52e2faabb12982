import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Schema = Record<string, unknown>;

const isNull = (branch: unknown) => typeof branch === 'object' && branch !== null && (branch as Schema).type === 'null';

/**
 * `schema` with every `anyOf [X, null]` whose X has one JSON type written as X with `type: [X's type, 'null']`, at any
 * depth. For `anyOf`, fast-json-stringify validates the value against each branch with ajv to choose one: a page of
 * invoices ran the date-time format's checks on every `pago_em` and `nfse`, about a fifth of its serialising
 * (docs/benchmark-findings.md, "Against SQL written by hand"). A type array is decided by `null` alone.
 */
export function nullablesAsTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullablesAsTypes);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { anyOf, ...rest } = schema as Schema;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNull)) {
    const other = anyOf.find((branch) => !isNull(branch)) as Schema;
    if (typeof other.type === 'string') return nullablesAsTypes({ ...other, ...rest, type: [other.type, 'null'] });
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, nullablesAsTypes(value)]));
}

/**
 * Fastify's response serialiser (fast-json-stringify) on the schemas as `nullablesAsTypes` writes them: the routes keep
 * theirs, and with them the OpenAPI document.
 */
export function nullableSerializerFactory(): SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(nullablesAsTypes(externalSchemas), options);
    return (route) => compile({ ...route, schema: nullablesAsTypes(route.schema) });
  };
}
