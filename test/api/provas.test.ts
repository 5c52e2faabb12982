import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { formatCpf } from '../../src/domain/cpf.js';
import { createEndpoint } from '../../src/events/webhooks.queries.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { examWithCandidates } from '../helpers/exams.js';
import { eventually } from '../helpers/load.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

interface ItemError {
  posicao: number | null;
  campo: string;
  codigo: string;
  mensagem: string;
}
interface Problem {
  code: string;
  detail: string;
  errors?: ItemError[];
}
interface Sent {
  prova: { id: number; codigo: string };
  resultados: {
    posicao: number;
    matricula: string;
    resultado: string;
    nota: string | null;
    estado: string;
    titulo: { numero: string } | null;
  }[];
}
interface Result {
  matricula: string;
  resultado: string;
  nota: string | null;
  titulo: { numero: string } | null;
  etag: string;
}

const padded = (matricula: number) => String(matricula).padStart(6, '0');
const MEMBERS = Array.from({ length: 500 }, (_, i) => i + 1);

/** A batch of 500: every fifth approved, the rest failed with a grade, or absent. */
const batch = (members: readonly number[]) => ({
  resultados: members.map((m, i) =>
    i % 5 === 0
      ? { candidato: padded(m), resultado: 'aprovado', nota: '8.50' }
      : i % 7 === 0
        ? { candidato: String(m), resultado: 'ausente', nota: null }
        : { candidato: padded(m), resultado: 'reprovado', nota: '5.25' },
  ),
});

describe('exams and their results through the API (API-DESIGN §14)', () => {
  let f: ApiFixture;
  let writer: string;
  let reader: string;
  let examId: number;
  const path = () => `/api/v1/provas/${examId}/resultados`;
  const post = (url: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
    f.api.request({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const put = (url: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
    f.api.request({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  const count = async (exam: number) =>
    Number(
      (
        await f.t.database.db
          .selectFrom('prova_resultado')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('prova', '=', exam)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Every page of a list, following its `Link`. */
  const allPages = async <T>(first: string, token: string): Promise<T[]> => {
    let rows: T[] = [];
    let url: string | undefined = first;
    while (url) {
      const response: LightMyRequestResponse = await f.api.get(url, token);
      assert.equal(response.statusCode, 200, url);
      rows = rows.concat(response.json<T[]>());
      const next = /<([^>]+)>;\s*rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
      url = next ? new URL(next).pathname + new URL(next).search : undefined;
    }
    return rows;
  };

  /** Every header of a write's answer is declared on its status, with a value its declaration takes (HTTP's own aside). */
  const declaresItsHeaders = async (method: 'post' | 'put', url: string, response: LightMyRequestResponse) => {
    const declared = await f.api.declaredHeaders(url, response.statusCode, method);
    const framing = new Set([
      'content-type',
      'content-length',
      'content-encoding',
      'date',
      'connection',
      'keep-alive',
      'transfer-encoding',
    ]);
    const security = new Set(['x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-resource-policy']);
    const undeclared = Object.keys(response.headers).filter((name) => !framing.has(name) && !security.has(name) && !declared.has(name));
    assert.deepEqual(undeclared, [], `${method.toUpperCase()} ${url} → ${response.statusCode}`);
  };

  before(async () => {
    f = await apiFixture(520);
    writer = await f.token(['provas:resultados', 'provas:read', 'associados:read']);
    reader = await f.token(['provas:read']);
    examId = await examWithCandidates(f.t.database.db, 'TE-API-2099', 'realizada', MEMBERS, [510]);
  });
  after(() => f?.close());

  it('refuses a 500-item batch with one bad item whole (422, its position, in Portuguese), then takes it fixed', async () => {
    const sent = batch(MEMBERS);
    const bad = structuredClone(sent);
    bad.resultados[137]!.nota = '11';
    const refused = await post(path(), writer, bad);
    assert.equal(refused.statusCode, 422, refused.body);
    const problem = refused.json<Problem>();
    assert.equal(problem.code, 'invalid_results');
    assert.deepEqual(problem.errors, [
      {
        posicao: 137,
        campo: 'nota',
        codigo: 'malformed_grade',
        mensagem: 'Nota deve ser um número decimal de 0.00 a 10.00, como texto (ex.: "8.75").',
      },
    ]);
    assert.equal(await count(examId), 0);

    const taken = await post(path(), writer, sent);
    assert.equal(taken.statusCode, 200, taken.body);
    await declaresItsHeaders('post', path(), taken);
    assert.equal(taken.headers['cache-control'], 'no-store');
    assert.equal(taken.headers['idempotent-replayed'], undefined);
    const answer = taken.json<Sent>();
    assert.equal(answer.prova.id, examId);
    assert.equal(answer.resultados.length, 500);
    assert.ok(answer.resultados.every((result, i) => result.posicao === i && result.estado === 'criado'));
    assert.equal(await count(examId), 500);
    const approved = answer.resultados.filter((result) => result.resultado === 'aprovado');
    assert.equal(approved.length, 100);
    assert.equal(approved[0]!.titulo?.numero, 'TE-API-2099/0001');
    const record = await f.api.get(`/api/v1/associados/${approved[1]!.matricula}`, writer);
    assert.ok(
      record.json<{ titulos: { numero: string }[] }>().titulos.some((titulo) => titulo.numero === approved[1]!.titulo!.numero),
      'the member record shows the título',
    );
    // The same batch again changes nothing.
    const again = await post(path(), writer, sent);
    assert.equal(again.statusCode, 200);
    assert.ok(again.json<Sent>().resultados.every((result) => result.estado === 'inalterado'));
  });

  it('writes once for one Idempotency-Key sent 50 times at once, answering each the same; another body with it is 422', async () => {
    const exam = await examWithCandidates(f.t.database.db, 'TE-KEY-2099', 'realizada', [1, 2, 3, 4]);
    const body = {
      resultados: [
        { candidato: '000001', resultado: 'aprovado', nota: '9.00' },
        { candidato: '2', resultado: 'reprovado', nota: '3.00' },
      ],
    };
    const url = `/api/v1/provas/${exam}/resultados`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(url, writer, body, { 'idempotency-key': 'lote-1' })));
    assert.deepEqual(new Set(answers.map((answer) => answer.statusCode)), new Set([200]));
    assert.equal(new Set(answers.map((answer) => answer.body)).size, 1, 'every answer identical');
    assert.equal(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true').length, 49);
    assert.equal(await count(exam), 2);
    const audited = await f.t.database.db
      .selectFrom('auditoria')
      .select('detalhe')
      .where('detalhe', 'like', 'prova TE-KEY-2099:%')
      .execute();
    assert.equal(audited.length, 1);

    const later = await post(url, writer, body, { 'idempotency-key': 'lote-1' });
    assert.equal(later.headers['idempotent-replayed'], 'true');
    await declaresItsHeaders('post', url, later);
    assert.equal(later.body, answers[0]!.body);
    const other = await post(url, writer, { resultados: [body.resultados[0]] }, { 'idempotency-key': 'lote-1' });
    assert.equal(other.statusCode, 422);
    assert.equal(other.json<Problem>().code, 'idempotency_key_reused');
    // Another token's key of the same name is its own.
    const second = await f.token(['provas:resultados']);
    const own = await post(url, second, body, { 'idempotency-key': 'lote-1' });
    assert.equal(own.statusCode, 200);
    assert.equal(own.headers['idempotent-replayed'], undefined);
  });

  it('refuses a different result with 409 and its positions; corrects with PUT and If-Match (428, 412, 200), withdrawing the título', async () => {
    const exam = await examWithCandidates(f.t.database.db, 'TE-PUT-2099', 'realizada', [11, 12]);
    const url = `/api/v1/provas/${exam}/resultados`;
    // The exam system's own receiver, subscribed to the results' event with a read token of its own.
    const receiver = await WebhookReceiver.start();
    assert.ok(await f.token(['provas:read']));
    const { id: tokenId } = await f.t.database.db.selectFrom('api_token').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await createEndpoint(f.t.database.db, f.app.webhooks.box, {
      tokenId,
      url: receiver.url,
      types: ['prova.resultado_registrado'],
      criadoPor: 'test',
    });
    const first = await post(url, writer, {
      resultados: [
        { candidato: '11', resultado: 'aprovado', nota: '7.00' },
        { candidato: '12', resultado: 'reprovado', nota: '4.00' },
      ],
    });
    const granted = first.json<Sent>().resultados[0]!.titulo!.numero;
    const conflict = await post(url, writer, {
      resultados: [
        { candidato: '12', resultado: 'reprovado', nota: '4.00' },
        { candidato: '11', resultado: 'reprovado', nota: '5.00' },
      ],
    });
    assert.equal(conflict.statusCode, 409);
    const problem = conflict.json<Problem>();
    assert.equal(problem.code, 'result_conflict');
    assert.deepEqual(
      problem.errors!.map(({ posicao, codigo }) => [posicao, codigo]),
      [[1, 'result_conflict']],
    );

    const results = (await f.api.get(url, reader)).json<Result[]>();
    const result = results.find((row) => row.matricula === '000011')!;
    assert.equal(result.titulo?.numero, granted);
    const correction = { resultado: 'reprovado', nota: '5.00' };
    const missing = await put(`${url}/000011`, writer, correction);
    assert.equal(missing.statusCode, 428);
    const stale = await put(`${url}/000011`, writer, correction, { 'if-match': '"0-0-0"' });
    assert.equal(stale.statusCode, 412);
    const done = await put(`${url}/000011`, writer, correction, { 'if-match': result.etag });
    assert.equal(done.statusCode, 200, done.body);
    await declaresItsHeaders('put', `${url}/000011`, done);
    const corrected = done.json<Result>();
    assert.deepEqual([corrected.resultado, corrected.nota, corrected.titulo], ['reprovado', '5.00', null]);
    assert.equal(done.headers.etag, corrected.etag);
    assert.notEqual(corrected.etag, result.etag);
    const record = await f.api.get('/api/v1/associados/000011', writer);
    assert.ok(!record.json<{ titulos: { numero: string }[] }>().titulos.some((titulo) => titulo.numero === granted), 'título withdrawn');
    const again = await put(`${url}/000011`, writer, correction, { 'if-match': result.etag });
    assert.equal(again.statusCode, 412, 'the old version is stale now');

    // Events are numbered, and served, a moment after they are written (src/events/sequencer.ts).
    const expected = [
      ['000011', 'aprovado'],
      ['000012', 'reprovado'],
      ['000011', 'reprovado'],
    ];
    let served: string[][] = [];
    await eventually(
      async () => {
        const feed = await allPages<{ dados: { prova_id: number; matricula: string; resultado: string } }>(
          '/api/v1/eventos?type=prova.resultado_registrado&limit=500',
          reader,
        );
        served = feed.filter((event) => event.dados.prova_id === exam).map((event) => [event.dados.matricula, event.dados.resultado]);
        return served.length >= expected.length;
      },
      10_000,
      'the results events',
    );
    assert.deepEqual(served, expected);
    const delivered = () =>
      receiver.received
        .map((received) => JSON.parse(received.body) as { type: string; dados: { prova_id: number; matricula: string; resultado: string } })
        .filter((event) => event.type === 'prova.resultado_registrado' && event.dados.prova_id === exam)
        .map((event) => [event.dados.matricula, event.dados.resultado]);
    await eventually(() => Promise.resolve(delivered().length >= expected.length), 10_000, 'the results by webhook');
    assert.deepEqual(delivered().sort(), [...expected].sort());
    await receiver.close();
  });

  it('answers 405 to other methods, 415 to another body type, 413 over 1 MB, 403 to a read-only token, and counts each item', async () => {
    const elsewhere = await post('/api/v1/associados', writer, {});
    assert.equal(elsewhere.statusCode, 405);
    assert.equal(elsewhere.headers.allow, 'GET, HEAD');
    const deleted = await f.api.request({ method: 'DELETE', url: path(), headers: { authorization: `Bearer ${writer}` } });
    assert.equal(deleted.statusCode, 405);
    assert.equal(deleted.headers.allow, 'GET, HEAD, POST');
    const text = await f.api.request({
      method: 'POST',
      url: path(),
      headers: { authorization: `Bearer ${writer}`, 'content-type': 'text/plain' },
      payload: 'resultados',
    });
    assert.equal(text.statusCode, 415);
    const form = await f.api.request({
      method: 'POST',
      url: path(),
      headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    assert.equal(form.statusCode, 415);
    const huge = await post(path(), writer, { resultados: [{ candidato: '1', resultado: 'x'.repeat(1_100_000), nota: null }] });
    assert.equal(huge.statusCode, 413);
    const broken = await post(path(), writer, '{"resultados": [');
    assert.equal(broken.statusCode, 400);
    assert.equal(broken.json<Problem>().code, 'invalid_body');
    const notAList = await post(path(), writer, { resultado: [] });
    assert.equal(notAList.statusCode, 422);
    const readOnly = await post(path(), reader, batch([1]));
    assert.equal(readOnly.statusCode, 403);
    assert.match(String(readOnly.headers['www-authenticate']), /scope="provas:resultados"/);

    const limited = (
      await createToken(f.t.database.db, {
        nome: 'limitado',
        scopes: ['provas:resultados'],
        criadoPor: 'test',
        regional: null,
        limitePorMinuto: 100,
      })
    ).token;
    const counted = await post(path(), limited, batch(MEMBERS.slice(0, 30)));
    assert.equal(counted.statusCode, 200);
    assert.match(String(counted.headers.ratelimit), /r=70;/);
    const over = await post(path(), limited, batch(MEMBERS.slice(0, 80)));
    assert.equal(over.statusCode, 429);
    assert.equal(over.json<Problem>().code, 'rate_limited');
  });

  it('lists exams, their candidates (CPFs masked) and results; unknown exams are 404, a branch token sees its branch', async () => {
    const exams = await f.api.get('/api/v1/provas?status=realizada&limit=500', reader);
    assert.equal(exams.statusCode, 200);
    const listed = exams.json<{ id: number; status: string }[]>();
    assert.ok(listed.some((exam) => exam.id === examId));
    assert.ok(listed.every((exam) => exam.status === 'realizada'));
    const one = await f.api.get(`/api/v1/provas/${examId}`, reader);
    assert.equal(one.json<{ codigo: string }>().codigo, 'TE-API-2099');
    assert.equal((await f.api.get('/api/v1/provas/999999', reader)).statusCode, 404);
    assert.equal((await f.api.get('/api/v1/provas/999999/candidatos', reader)).statusCode, 404);
    assert.equal((await f.api.get('/api/v1/provas/abc', reader)).statusCode, 400);

    const page = await f.api.get(`/api/v1/provas/${examId}/candidatos?limit=2`, reader);
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.match(String(page.headers.link), /rel="next"/);
    const candidates = page.json<{ matricula: string; cpf: string; fatura: { status: string } }[]>();
    assert.deepEqual(
      candidates.map((c) => c.matricula),
      ['000001', '000002'],
    );
    const member = await f.t.database.db
      .selectFrom('associado')
      .select(['cpf', 'regional'])
      .where('matricula', '=', 1)
      .executeTakeFirstOrThrow();
    assert.notEqual(candidates[0]!.cpf, formatCpf(member.cpf));
    assert.match(candidates[0]!.cpf, /^\*\*\*\./);
    const all = await allPages<{ matricula: string; fatura: { status: string } }>(`/api/v1/provas/${examId}/candidatos?limit=500`, reader);
    assert.equal(all.length, 501);
    assert.equal(all.find((c) => c.matricula === padded(510))?.fatura.status, 'overdue');

    const branch = await f.token(['provas:read'], { regional: member.regional });
    const own = (await f.api.get(`/api/v1/provas/${examId}/resultados?limit=500`, branch)).json<Result[]>();
    const everyone = (await f.api.get(`/api/v1/provas/${examId}/resultados?limit=500`, reader)).json<Result[]>();
    assert.ok(own.length > 0 && own.length < everyone.length);
    assert.equal(everyone.length, 500);
  });
});
