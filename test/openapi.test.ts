// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../scripts/openapi-document.js';
import { INVOICE_KINDS, INVOICE_STATUSES, MEMBER_STATUSES } from '../src/domain/enums.js';
import { UFS } from '../src/domain/uf.js';
import { EVENT_TYPE_NAMES } from '../src/events/event-types.js';

interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  examples?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  $ref?: string;
  schema?: unknown;
}
interface Parameter {
  name: string;
  in: string;
  schema: Schema;
  style?: string;
  explode?: boolean;
}
interface Response {
  headers?: Record<string, { schema: Schema }>;
  content?: Record<string, { schema: Schema; example?: unknown }>;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  responses: Record<string, Response>;
  security?: unknown[];
}
interface WebhookOperation {
  operationId: string;
  parameters: { name: string; in: string; required: boolean }[];
  requestBody: { content: { 'application/json': { schema: Schema & { title?: string }; example: { type: string } } } };
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  servers: unknown[];
  paths: Record<string, Partial<Record<'get' | 'post' | 'put', Operation>>>;
  webhooks: Record<string, { post: WebhookOperation }>;
  components: { schemas: Record<string, Schema> };
}

describe('the OpenAPI document', () => {
  let document: OpenApiDocument;
  /** Every operation; the reads, GET; the writes of exam results, POST and PUT (API-DESIGN §14). */
  let operations: Operation[];
  let reads: Operation[];

  before(async () => {
    document = (await openApiDocument()) as OpenApiDocument;
    operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    reads = Object.values(document.paths).flatMap((item) => (item.get ? [item.get] : []));
  });

  it('is the one committed in docs/openapi.json (run `npm run openapi` after changing a route)', async () => {
    const committed = JSON.parse(await readFile(new URL('../docs/openapi.json', import.meta.url), 'utf8')) as unknown;
    assert.deepEqual(document, committed);
  });

  it('is the same wherever it is served: its server is relative to it', async () => {
    assert.deepEqual(await openApiDocument({ PUBLIC_BASE_URL: 'https://api.associa.example' }), document);
    assert.deepEqual(document.servers, [{ url: '/', 'x-internal': false }]);
  });

  it('describes the seven operations of the contract, the batch status, the invoice by id, the event feed and the exams, with their operationIds', () => {
    assert.equal(document.openapi, '3.1.0');
    const named = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => [
        operation.operationId,
        method === 'get' ? path : `${method.toUpperCase()} ${path}`,
      ]),
    );
    assert.deepEqual(Object.fromEntries(named), {
      listCursosAbertos: '/api/v1/public/cursos',
      listAssociados: '/api/v1/associados',
      getAssociado: '/api/v1/associados/{id}',
      getSituacaoAssociado: '/api/v1/associados/{id}/situacao',
      listSituacoes: '/api/v1/associados/situacao',
      listCursos: '/api/v1/cursos',
      getCurso: '/api/v1/cursos/{id}',
      listFaturas: '/api/v1/faturas',
      getFatura: '/api/v1/faturas/{id}',
      listEventos: '/api/v1/eventos',
      listProvas: '/api/v1/provas',
      getProva: '/api/v1/provas/{id}',
      listCandidatos: '/api/v1/provas/{id}/candidatos',
      listResultados: '/api/v1/provas/{id}/resultados',
      enviarResultados: 'POST /api/v1/provas/{id}/resultados',
      corrigirResultado: 'PUT /api/v1/provas/{id}/resultados/{matricula}',
    });
    assert.deepEqual(document.paths['/api/v1/public/cursos']!.get!.security, []);
  });

  it('declares each response header once, with its type: X-Request-Id and one Cache-Control on every response (no-store on problems), on a 304 the headers of its 200 but Vary, WWW-Authenticate on 401 and 403, Retry-After on 429 and 503', () => {
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const where = `${operation.operationId} ${status}`;
        for (const [name, header] of Object.entries(response.headers ?? {})) {
          assert.equal(header.schema.schema, undefined, `${where} ${name} is wrapped twice`);
          assert.ok(header.schema.type === 'string' || header.schema.type === 'integer', `${where} ${name} has no type`);
        }
        const names = Object.keys(response.headers ?? {});
        assert.ok(names.includes('X-Request-Id'), `${where} has no X-Request-Id`);
        assert.equal(response.headers!['Cache-Control']?.schema.enum?.length, 1, `${where} has no single Cache-Control`);
        if (status.startsWith('4') || status.startsWith('5'))
          assert.deepEqual(response.headers!['Cache-Control'].schema.enum, ['no-store'], `${where}: a problem is cached`);
        if (status === '304') {
          const ok = Object.keys(operation.responses['200']!.headers!).filter((name) => name !== 'Vary');
          assert.deepEqual(
            names.filter((name) => name !== 'Vary'),
            ok,
            `${where} lacks a header of the 200`,
          );
        }
        if (reads.includes(operation) && (status === '200' || status === '304')) assert.ok(names.includes('ETag'), `${where} has no ETag`);
        if (status === '401' || status === '403') assert.ok(names.includes('WWW-Authenticate'), `${where} has no WWW-Authenticate`);
        if (status === '429' || status === '503' || (status === '409' && operation.operationId === 'enviarResultados'))
          assert.equal(response.headers!['Retry-After']?.schema.type, 'integer', `${where} has no Retry-After`);
      }
    }
  });

  it('declares the request headers the API reads, If-None-Match where a 304 can answer, and the 304 without content', () => {
    const headersOf = (operation: Operation) =>
      (operation.parameters ?? []).filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name);
    for (const operation of reads) {
      assert.deepEqual(headersOf(operation), ['X-Request-Id', 'If-None-Match'], operation.operationId);
      assert.ok(operation.responses['304'], operation.operationId);
      assert.equal(operation.responses['304'].content, undefined, operation.operationId);
    }
    const writes = Object.fromEntries(
      operations.filter((operation) => !reads.includes(operation)).map((operation) => [operation.operationId, headersOf(operation)]),
    );
    assert.deepEqual(writes, { enviarResultados: ['Idempotency-Key', 'X-Request-Id'], corrigirResultado: ['If-Match', 'X-Request-Id'] });
  });

  it('publishes the values of the enumerated filters and the format of the dates and instants', () => {
    const query = (operationId: string) =>
      Object.fromEntries(
        operations
          .find((operation) => operation.operationId === operationId)!
          .parameters!.filter((parameter) => parameter.in === 'query')
          .map((parameter) => [parameter.name, parameter]),
      );
    const members = query('listAssociados');
    const invoices = query('listFaturas');
    for (const [parameter, values] of [
      [members.status, MEMBER_STATUSES],
      [members.regional, UFS],
      [invoices.status, INVOICE_STATUSES],
      [invoices.kind, INVOICE_KINDS],
    ] as const) {
      assert.deepEqual(parameter!.schema.items!.enum, values, parameter!.name);
      assert.equal(parameter!.style, 'form', parameter!.name);
      assert.equal(parameter!.explode, false, parameter!.name);
    }
    assert.equal(invoices.paid_from!.schema.format, 'date');
    assert.equal(invoices.paid_to!.schema.format, 'date');
    assert.equal(invoices.updated_since!.schema.format, 'date-time');
    assert.equal(members.updated_since!.schema.format, 'date-time');
  });

  it('names each resource as a component, referenced by every operation', () => {
    assert.deepEqual(Object.keys(document.components.schemas).sort(), [
      'Associado',
      'Candidato',
      'Curso',
      'Evento',
      'Fatura',
      'FichaAssociado',
      'Problem',
      'Prova',
      'Resultado',
      'ResultadosEnviados',
      'Situacao',
      'SituacaoNoLote',
    ]);
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const { schema } of Object.values(response.content ?? {})) {
          assert.match(
            schema.$ref ?? schema.items?.$ref ?? '',
            /^#\/components\/schemas\/[A-Za-z]+$/,
            `${operation.operationId} ${status}`,
          );
        }
      }
    }
  });

  it('gives every property an example, and every operation an example of its whole 200', () => {
    const missing: string[] = [];
    const walk = (schema: Schema, path: string) => {
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (!property.examples?.length) missing.push(`${path}.${name}`);
        walk(property, `${path}.${name}`);
      }
      if (schema.items) walk(schema.items, `${path}[]`);
      for (const member of schema.anyOf ?? []) walk(member, path);
    };
    for (const [name, schema] of Object.entries(document.components.schemas)) walk(schema, name);
    assert.deepEqual(missing, []);
    for (const operation of operations) assert.ok(operation.responses['200']!.content!['application/json']!.example, operation.operationId);
  });

  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  it('describes every event type in its webhooks, with the Standard Webhooks headers, an example of the type and what each answer does', () => {
    assert.deepEqual(Object.keys(document.webhooks), [...EVENT_TYPE_NAMES, 'webhook.teste']);
    for (const [type, { post }] of Object.entries(document.webhooks)) {
      assert.deepEqual(
        post.parameters.map((parameter) => [parameter.name, parameter.in, parameter.required]),
        [
          ['webhook-id', 'header', true],
          ['webhook-timestamp', 'header', true],
          ['webhook-signature', 'header', true],
        ],
        type,
      );
      const { schema, example } = post.requestBody.content['application/json'];
      assert.equal(schema.title, type);
      assert.equal(example.type, type);
      const validate = ajv.compile(schema);
      assert.ok(validate(example), `${type}: ${ajv.errorsText(validate.errors)}`);
      assert.deepEqual(Object.keys(post.responses).sort(), ['2XX', '410', 'default'], type);
    }
  });
});
