import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';
import { publishedSchema, REQUEST_HEADERS } from '../common.schemas.js';
import examples from '../examples.json' with { type: 'json' };

interface OperationSchema extends FastifySchema {
  operationId?: string;
  querystring?: { properties?: Record<string, TSchema> };
  body?: TSchema;
  headers?: { properties?: Record<string, TSchema> };
  response?: Record<string, { content?: Record<string, object> }>;
}

const RESPONSE_EXAMPLES: Record<string, { value: unknown } | undefined> = examples.operations;

/**
 * An operation as the OpenAPI document publishes it: the query parameters and the body in their published form (with
 * the enums and formats that the route checks itself), the request headers the API reads (If-None-Match where a 304
 * can answer), and what the demo serves as the example of its 200.
 */
export function publishedOperation(route: FastifySchema): FastifySchema {
  // Routes outside the API (the docs UI, the administration area) have no operationId, some no schema at all.
  const schema = route as OperationSchema | undefined;
  if (!schema?.operationId) return route;
  const { querystring, body, headers, response = {} } = schema;
  const properties = Object.fromEntries(
    Object.entries(querystring?.properties ?? {}).map(([name, property]) => [name, publishedSchema(property)]),
  );
  // Lists are published as comma-separated values, the contract's form; the parameter repeated is accepted too.
  const lists = Object.values(properties).some((property) => property.type === 'array');
  const example = RESPONSE_EXAMPLES[schema.operationId];
  const ok = response[200];
  const json = ok?.content?.['application/json'];
  return {
    ...schema,
    ...(querystring && { querystring: { ...querystring, properties, ...(lists && { style: 'form', explode: false }) } }),
    ...(body && { body: publishedSchema(body) }),
    headers: Type.Object({
      ...headers?.properties,
      'X-Request-Id': REQUEST_HEADERS['X-Request-Id'],
      ...(response[304] && { 'If-None-Match': REQUEST_HEADERS['If-None-Match'] }),
    }),
    response:
      example && ok && json
        ? { ...response, 200: { ...ok, content: { 'application/json': { ...json, example: example.value } } } }
        : response,
  };
}
