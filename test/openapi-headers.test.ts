// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { apiFixture, type ApiFixture } from './helpers/api-app.js';

/** Headers of HTTP itself, which say how the message travels rather than what the API answers: no operation declares them. */
const FRAMING = new Set(['content-type', 'content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive']);

/**
 * The browser-hardening headers on every response (src/headers/security-headers.ts; HSTS only over HTTPS): they change
 * nothing a response says, so the document names them once, in its description, rather than on each of its responses.
 */
const SECURITY = [
  'X-Content-Type-Options',
  'X-Frame-Options',
  'Referrer-Policy',
  'Cross-Origin-Resource-Policy',
  'Strict-Transport-Security',
];

/** A request of each read (the writes' are test/api/provas.test.ts's) that gets 200 (a list's with a next page) and, for those that read one record, one that finds none. */
const OPERATIONS: Record<string, { url: string; missing?: string; public?: true }> = {
  listCursosAbertos: { url: '/api/v1/public/cursos?limit=1', public: true },
  listAssociados: { url: '/api/v1/associados?limit=1' },
  getAssociado: { url: '/api/v1/associados/000001', missing: '/api/v1/associados/999999' },
  getSituacaoAssociado: { url: '/api/v1/associados/000001/situacao', missing: '/api/v1/associados/999999/situacao' },
  listSituacoes: { url: '/api/v1/associados/situacao?id=000001,000002' },
  listCursos: { url: '/api/v1/cursos?limit=1' },
  getCurso: { url: '/api/v1/cursos/1', missing: '/api/v1/cursos/999999' },
  listFaturas: { url: '/api/v1/faturas?limit=1' },
  getFatura: { url: '/api/v1/faturas/1', missing: '/api/v1/faturas/999999' },
  listEventos: { url: '/api/v1/eventos?limit=1' },
  listProvas: { url: '/api/v1/provas?limit=1' },
  getProva: { url: '/api/v1/provas/1', missing: '/api/v1/provas/999999' },
  listCandidatos: { url: '/api/v1/provas/1/candidatos?limit=1', missing: '/api/v1/provas/999999/candidatos' },
  listResultados: { url: '/api/v1/provas/1/resultados?limit=1', missing: '/api/v1/provas/999999/resultados' },
};

/** As an HTTP client sends it, so that bodies over 1 KiB come compressed, with the headers that go with that. */
const ACCEPT_ENCODING = { 'accept-encoding': 'br, gzip' };

describe('the headers of every response', () => {
  let f: ApiFixture;
  let token: string;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  before(async () => {
    f = await apiFixture(20);
    token = await f.token(['associados:read', 'cursos:read', 'faturas:read', 'provas:read']);
  });
  after(() => f.close());

  /**
   * What is wrong with the headers of `response`: one sent but not declared on its status (HTTP's own and the security
   * ones aside), or a value its declaration refuses.
   */
  async function undeclared(url: string, response: LightMyRequestResponse, status: number): Promise<string[]> {
    const where = `GET ${url.slice(0, 80)} → ${response.statusCode}`;
    assert.equal(response.statusCode, status, where);
    const declared = await f.api.declaredHeaders(url, response.statusCode);
    const exempt = new Set([...FRAMING, ...SECURITY.map((name) => name.toLowerCase())]);
    return Object.entries(response.headers).flatMap(([name, value]) => {
      if (exempt.has(name)) return [];
      const header = declared.get(name);
      if (!header) return [`${where}: ${name} is not declared`];
      return ajv.validate(header.schema, value) ? [] : [`${where}: ${name}: ${String(value)} ${ajv.errorsText()}`];
    });
  }

  it('are the ones its operation declares for its status, on 200, 304 and problems', async () => {
    const document = (await f.app.inject('/api/v1/openapi.json')).json<{ paths: Record<string, { get?: { operationId: string } }> }>();
    assert.deepEqual(
      Object.values(document.paths)
        .flatMap(({ get }) => (get ? [get.operationId] : []))
        .sort(),
      Object.keys(OPERATIONS).sort(),
    );
    const wrong: string[] = [];
    for (const { url, missing, public: open } of Object.values(OPERATIONS)) {
      const auth = open ? undefined : token;
      const ok = await f.api.get(url, auth, ACCEPT_ENCODING);
      wrong.push(...(await undeclared(url, ok, 200)));
      wrong.push(...(await undeclared(url, await f.api.get(url, auth, { 'if-none-match': String(ok.headers.etag) }), 304)));
      // A long refused value makes a problem body over 1 KiB, compressed where the route compresses.
      const refused = `${url}${url.includes('?') ? '&' : '?'}desconhecido=${'x'.repeat(1100)}`;
      wrong.push(...(await undeclared(refused, await f.api.get(refused, auth, ACCEPT_ENCODING), 400)));
      wrong.push(...(await undeclared(url, await f.api.get(url, auth, { accept: 'text/csv' }), 406)));
      if (!open) wrong.push(...(await undeclared(url, await f.api.get(url), 401)));
      if (missing) wrong.push(...(await undeclared(missing, await f.api.get(missing, auth), 404)));
    }
    assert.deepEqual(wrong, []);
  });

  it('that are exempt as security headers are named in the description of the document', async () => {
    const { info } = (await f.app.inject('/api/v1/openapi.json')).json<{ info: { description: string } }>();
    for (const name of SECURITY) assert.ok(info.description.includes(`\`${name}`), name);
  });
});
