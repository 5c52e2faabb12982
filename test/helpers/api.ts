import assert from 'node:assert/strict';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

interface ResponseDeclaration {
  headers?: Record<string, { schema: object }>;
  content?: Record<string, unknown>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, ResponseDeclaration> }>>;
}

/** The response as its client reads it: a compressed body decoded. */
function decoded(response: LightMyRequestResponse): Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body' | 'json'> {
  const encoding = response.headers['content-encoding'];
  if (encoding !== 'br' && encoding !== 'gzip') return response;
  const body = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(response.rawPayload).toString();
  return { statusCode: response.statusCode, headers: response.headers, body, json: () => JSON.parse(body) as never };
}

/** The path of the document that `url` is an address of, if any. */
function templateOf(document: OpenApiDocument, url: string): string | undefined {
  const path = url.split('?')[0]!;
  return Object.keys(document.paths).find((candidate) => new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
}

/**
 * Calls the app and checks every response against the OpenAPI document it serves: the operation
 * must declare the status, and the body must match the declared schema for its content type.
 */
export class ApiClient {
  private ajv: Ajv2020 | undefined;
  private document: OpenApiDocument | undefined;

  constructor(private readonly app: FastifyInstance) {}

  private async load(): Promise<{ ajv: Ajv2020; document: OpenApiDocument }> {
    if (!this.ajv || !this.document) {
      const response = await this.app.inject('/api/v1/openapi.json');
      assert.equal(response.statusCode, 200);
      this.document = response.json<OpenApiDocument>();
      this.ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats.default(this.ajv);
      this.ajv.addSchema(this.document, 'openapi.json');
    }
    return { ajv: this.ajv, document: this.document };
  }

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const response = await this.app.inject(options);
    await this.validate((options.method ?? 'GET').toString().toLowerCase(), options.url, decoded(response));
    return response;
  }

  get(url: string, token?: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.request({ url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  }

  /** The headers the document declares on this status of the operation at `url`, by their names in lower case. */
  async declaredHeaders(url: string, status: number, method: 'get' | 'post' | 'put' = 'get'): Promise<Map<string, { schema: object }>> {
    const { document } = await this.load();
    const template = templateOf(document, url);
    assert.ok(template, `${url} is not in the OpenAPI document`);
    const declared = document.paths[template]![method]?.responses[String(status)];
    assert.ok(declared, `${method.toUpperCase()} ${template} does not declare status ${status}`);
    return new Map(Object.entries(declared.headers ?? {}).map(([name, header]) => [name.toLowerCase(), header]));
  }

  /** Checks a response, also one that did not come through `request` (a browser's, say). */
  async validate(
    method: string,
    url: string,
    response: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body' | 'json'>,
  ): Promise<void> {
    const { ajv, document } = await this.load();
    const template = templateOf(document, url);
    if (!template) {
      // Undocumented paths answer only with problems.
      assert.match(String(response.headers['content-type']), /^application\/problem\+json/, `${url} is not in the OpenAPI document`);
      return;
    }
    const operation = document.paths[template]![method === 'head' ? 'get' : method];
    if (!operation) return;
    const declared = operation.responses[String(response.statusCode)];
    assert.ok(declared, `${method.toUpperCase()} ${template} does not declare status ${response.statusCode}`);
    if (method === 'head' || response.statusCode === 304) return;
    const contentType = String(response.headers['content-type']).split(';')[0]!;
    assert.ok(declared.content?.[contentType], `${template} ${response.statusCode} does not declare ${contentType}`);
    const pointer = ['paths', template, method, 'responses', String(response.statusCode), 'content', contentType, 'schema']
      .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    const validateBody = ajv.getSchema(`openapi.json#/${pointer}`);
    assert.ok(validateBody, `no schema at ${pointer}`);
    if (!validateBody(response.json())) {
      assert.fail(
        `${method.toUpperCase()} ${url} → ${response.statusCode} does not match its schema: ${ajv.errorsText(validateBody.errors)}\n${response.body.slice(0, 500)}`,
      );
    }
  }
}
