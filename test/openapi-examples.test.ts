// Runs once, on the embedded database: the demo, as `npm start` serves it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import examples from '../src/api/examples.json' with { type: 'json' };
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Situacao } from '../src/api/associados/associados.schemas.js';
import { businessDate } from '../src/domain/dates.js';
import { DEMO_FIXTURES, DEMO_MEMBERS, DEMO_SEED } from '../src/seed/demo.js';
import { seed } from '../src/seed/load.js';
import { addSandboxExam } from '../src/seed/sandbox-exam.js';
import { createToken } from '../src/tokens/tokens.queries.js';
import { ApiClient } from './helpers/api.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  example?: string | string[];
  examples?: Record<string, { value: string }>;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  responses: { 200: { content: { 'application/json': { example?: unknown } } } };
}
interface OpenApiDocument {
  paths: Record<string, Partial<Record<'get' | 'post' | 'put', Operation>>>;
}
interface Example {
  request: string;
  value: unknown;
  body?: unknown;
}
/**
 * The writes' examples, sent after every read, the correction after the batch whose result it corrects; and the read of
 * what they wrote (the demo's exams have no results before).
 */
const WRITES = ['enviarResultados', 'corrigirResultado', 'listResultados'];
/** A result's instants are those of its write. */
const unstamped = (result: object) => ({ ...result, registrado_em: '', atualizado_em: '' });
interface Course {
  id: number;
  inscricoes: { abertas: boolean };
}

/** `npm start`'s address, which the problem type URLs of the examples name. */
const HOST = { host: '127.0.0.1:3000' };

describe('the examples of the OpenAPI document', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let api: ApiClient;
  let token: string;
  let document: OpenApiDocument;

  before(async () => {
    t = await createTestDatabase();
    const now = new Date(examples.seededAt);
    await seed(t.database, {
      members: DEMO_MEMBERS,
      seed: DEMO_SEED,
      now,
      today: businessDate(now),
      reset: false,
      fixtures: DEMO_FIXTURES,
    });
    await addSandboxExam(t.database, now);
    // The demo's history of events is of the days before seededAt: kept past the 30 days the service keeps them for.
    app = await buildApp({ config: loadConfig({ REDIS_URL: process.env.REDIS_URL, EVENT_RETENTION_DAYS: '3650' }), database: t.database });
    api = new ApiClient(app);
    // Without associados:cpf, as most tokens: the examples show masked CPFs.
    token = (
      await createToken(t.database.db, {
        nome: 'exemplos',
        scopes: ['associados:read', 'cursos:read', 'faturas:read', 'provas:read'],
        criadoPor: 'test',
        regional: null,
        limitePorMinuto: 100_000,
      })
    ).token;
    document = (await app.inject('/api/v1/openapi.json')).json<OpenApiDocument>();
  });
  after(async () => {
    await app.close();
    await t.dispose();
  });

  it('are what the demo serves to their requests, operation by operation', async () => {
    const published = Object.fromEntries(
      Object.values(document.paths)
        .flatMap((operations) => Object.values(operations))
        .map((operation) => [operation.operationId, operation.responses[200].content['application/json'].example]),
    );
    assert.deepEqual(
      published,
      Object.fromEntries(Object.entries(examples.operations).map(([operationId, { value }]) => [operationId, value])),
    );
    for (const [operationId, { request, value }] of Object.entries(examples.operations as Record<string, Example>)) {
      if (WRITES.includes(operationId)) continue;
      const response = await api.get(request, operationId === 'listCursosAbertos' ? undefined : token, HOST);
      assert.equal(response.statusCode, 200, request);
      const served = response.json<unknown>();
      if (operationId === 'getSituacaoAssociado') {
        assert.deepEqual(inReferenceYear(served, value as Situacao), value, request);
      } else if (operationId === 'listSituacoes') {
        const expected = value as { situacao: Situacao | null }[];
        const answers = served as typeof expected;
        assert.deepEqual(
          answers.map((answer, i) => ({
            ...answer,
            situacao: answer.situacao && inReferenceYear(answer.situacao, expected[i]!.situacao!),
          })),
          expected,
          request,
        );
      } else if (operationId === 'listCursosAbertos') {
        // Which enrolments are open now depends on the clock, not on the data: each course is compared as its own resource.
        for (const course of value as Course[]) {
          assert.ok(course.inscricoes.abertas);
          const current = (await api.get(`/api/v1/cursos/${course.id}`, token)).json<Course>();
          assert.deepEqual({ ...current, inscricoes: { ...current.inscricoes, abertas: true } }, course);
        }
      } else {
        assert.deepEqual(served, value, request);
      }
    }
  });

  it("are what the demo answers to the writes' examples: the batch, then the correction of one of its results", async () => {
    const writer = (await createToken(t.database.db, { nome: 'provas', scopes: ['provas:resultados'], criadoPor: 'test', regional: null }))
      .token;
    const send = (method: 'POST' | 'PUT', { request, body }: Example, headers: Record<string, string> = {}) =>
      api.request({
        method,
        url: request,
        headers: { ...HOST, authorization: `Bearer ${writer}`, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      });
    const { enviarResultados, corrigirResultado } = examples.operations as Record<string, Example>;
    const sent = await send('POST', enviarResultados!);
    assert.equal(sent.statusCode, 200, sent.body);
    assert.deepEqual(sent.json(), enviarResultados!.value);
    const stored = (await api.get(enviarResultados!.request, token)).json<{ matricula: string; etag: string }[]>();
    const matricula = corrigirResultado!.request.split('/').at(-1);
    const corrected = await send('PUT', corrigirResultado!, { 'if-match': stored.find((row) => row.matricula === matricula)!.etag });
    assert.equal(corrected.statusCode, 200, corrected.body);
    assert.deepEqual(unstamped(corrected.json<object>()), unstamped(corrigirResultado!.value as object));
    const { listResultados } = examples.operations as Record<string, Example>;
    const results = await api.get(listResultados!.request, token, HOST);
    assert.deepEqual(results.json<object[]>().map(unstamped), (listResultados!.value as object[]).map(unstamped));
  });

  it('include a problem the demo answers with', async () => {
    const { request, value } = examples.problem;
    const response = await api.get(request, token, HOST);
    assert.equal(response.statusCode, value.status);
    assert.deepEqual({ ...response.json<object>(), request_id: value.request_id }, value);
  });

  it('give parameters values that find something in the demo', async () => {
    const requests = Object.entries(document.paths).flatMap(([path, { get }]) =>
      (get?.parameters ?? [])
        .filter((parameter) => parameter.in !== 'header')
        .flatMap((parameter) =>
          (parameter.examples ? Object.values(parameter.examples).map((example) => example.value) : [parameter.example])
            .filter((example) => example !== undefined)
            .map((example) => {
              const text = encodeURIComponent(Array.isArray(example) ? example.join(',') : example);
              return parameter.in === 'path' ? path.replace(`{${parameter.name}}`, text) : `${path}?${parameter.name}=${text}`;
            }),
        ),
    );
    assert.ok(requests.length >= 12, requests.join('\n'));
    const situacao = (
      await createToken(t.database.db, { nome: 'situacao', scopes: ['associados:situacao'], criadoPor: 'test', regional: null })
    ).token;
    for (const request of requests) {
      const response = await api.get(request, request.endsWith('/situacao') ? situacao : token);
      assert.equal(response.statusCode, 200, request);
      const body = response.json<unknown>();
      if (Array.isArray(body)) assert.ok(body.length > 0, `${request} finds nothing`);
    }
  });

  it("give an event of each type: as the demo's feed serves it, or made of the records the operations' examples show", async () => {
    const served = new Map<string, unknown>();
    let url: string | undefined = '/api/v1/eventos?limit=500';
    while (url) {
      const response = await api.get(url, token, HOST);
      for (const event of response.json<{ id: string }[]>()) served.set(event.id, event);
      const next = /<([^>]+)>;\s*rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
      url = next ? new URL(next).pathname + new URL(next).search : undefined;
    }
    const { operations } = examples;
    /** The demo's first result sent in the operations' example (enviarResultados), with the título it granted. */
    const sentResult = (dados: Record<string, unknown>) => {
      const { prova, resultados } = (operations as Record<string, Example>).enviarResultados!.value as {
        prova: { id: number };
        resultados: { matricula: string; resultado: string; nota: string | null }[];
      };
      const { matricula, resultado, nota } = resultados[0]!;
      assert.equal(typeof dados.titulo_id, 'number');
      assert.deepEqual({ prova_id: prova.id, matricula, resultado, nota, titulo_id: dados.titulo_id }, dados);
    };
    const built: Record<string, (dados: Record<string, unknown>) => unknown> = {
      'associado.situacao_alterada': (dados) => {
        const { matricula, associado, categoria, adimplente, ano_referencia } = operations.getSituacaoAssociado.value;
        assert.deepEqual({ matricula, associado, categoria, adimplente, ano_referencia, anterior: dados.anterior }, dados);
      },
      'associado.atualizado': (dados) => {
        const member = operations.getAssociado.value;
        assert.deepEqual(
          { matricula: member.matricula, status: member.status, categoria: member.categoria, regional: member.regional.codigo },
          dados,
        );
      },
      'prova.resultado_registrado': sentResult,
      // The same result, annulled afterwards: what it was, with the título withdrawn with it.
      'prova.resultado_anulado': sentResult,
      'curso.atualizado': (dados) => {
        const course = operations.getCurso.value;
        assert.deepEqual(
          {
            curso_id: course.id,
            slug: course.slug,
            status: course.status,
            data_inicio: course.data_inicio,
            inscricao_inicio: course.inscricoes.inicio,
            inscricao_fim: course.inscricoes.fim,
          },
          dados,
        );
      },
    };
    for (const [type, example] of Object.entries(examples.events) as [
      string,
      { id: string; type: string; dados: Record<string, unknown> },
    ][]) {
      assert.equal(example.type, type);
      if (built[type]) built[type](example.dados);
      else assert.deepEqual(served.get(example.id), example, type);
    }
  });
});

/** A served situação with the example's reference year, once checked to be the current one: it follows the clock, whatever day the data was seeded. */
function inReferenceYear(served: unknown, example: Situacao): Situacao {
  assert.equal((served as Situacao).ano_referencia, Number(businessDate(new Date()).slice(0, 4)));
  return { ...(served as Situacao), ano_referencia: example.ano_referencia };
}
