// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createAssociaClient, type RetryOptions } from '../../clients/typescript/src/index.js';
import { withRetries } from '../../clients/typescript/src/retry.js';

const resetError = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET';

/** A response, or a connection dropped with the request unanswered: reset (RST), or closed (FIN). */
type Answer = { status: number; headers?: OutgoingHttpHeaders } | { drop: 'reset' | 'close' };

const SITUACAO = {
  matricula: '000005',
  nome: 'Eliane Camila Sato Farah',
  associado: true,
  categoria: 'titular',
  adimplente: true,
  ano_referencia: 2026,
};

/**
 * The client's retries against a local server that answers from a script (a 503 with Retry-After: 1, then a
 * 200…), so that each wait can be measured: the service itself answers 503 only when its database is away.
 */
describe("the TypeScript client's retries on 429 and 503, and of a GET whose connection was reset or refused", () => {
  const server = createServer((request, response) => {
    arrivals.push(Date.now());
    const answer = script.shift() ?? { status: 200 };
    if ('drop' in answer) {
      if (answer.drop === 'reset') request.socket.resetAndDestroy();
      else request.socket.destroy();
      return;
    }
    const { status, headers = {} } = answer;
    const body = status === 200 ? SITUACAO : { status, code: status === 429 ? 'rate_limited' : 'service_unavailable' };
    response.writeHead(status, { 'content-type': status === 200 ? 'application/json' : 'application/problem+json', ...headers });
    response.end(JSON.stringify(body));
  });
  let script: Answer[] = [];
  let arrivals: number[] = [];
  let baseUrl: string;

  before(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  /** Calls the status route once the server holds `answers`; returns the outcome and the gaps between requests (ms). */
  async function call(answers: Answer[], retry: RetryOptions, signal?: AbortSignal) {
    script = answers;
    arrivals = [];
    const started = Date.now();
    const result = await createAssociaClient({ baseUrl, retry }).GET('/api/v1/associados/{id}/situacao', {
      params: { path: { id: '000005' } },
      signal,
    });
    const gaps = arrivals.map((arrival, i) => arrival - (arrivals[i - 1] ?? started));
    return { ...result, gaps: gaps.slice(1) };
  }

  it("waits the seconds of a 503's Retry-After, then returns the answer to the retry", async () => {
    const { data, gaps } = await call([{ status: 503, headers: { 'retry-after': '1' } }], {});
    assert.deepEqual(data, SITUACAO);
    assert.equal(gaps.length, 1);
    assert.ok(gaps[0]! >= 990 && gaps[0]! < 1900, `waited ${gaps[0]} ms`);
  });

  it("reads a 429's Retry-After as an HTTP-date too", async () => {
    const date = new Date(Date.now() + 2000).toUTCString();
    const { data, gaps } = await call([{ status: 429, headers: { 'retry-after': date } }], {});
    assert.deepEqual(data, SITUACAO);
    assert.ok(gaps[0]! >= 990 && gaps[0]! < 2900, `waited ${gaps[0]} ms until ${date}`);
  });

  it("without Retry-After (a proxy's 503), waits 1 s, then 2 s", async () => {
    const { data, gaps } = await call([{ status: 503 }, { status: 503 }], {});
    assert.deepEqual(data, SITUACAO);
    assert.ok(gaps[0]! >= 990 && gaps[0]! < 1900 && gaps[1]! >= 1990 && gaps[1]! < 2900, `waited ${gaps.join(' and ')} ms`);
  });

  it('tries `attempts` times in all, then returns the last problem', async () => {
    const unavailable = { status: 503, headers: { 'retry-after': '0' } };
    const { error, response, gaps } = await call([unavailable, unavailable, unavailable, unavailable], { attempts: 3 });
    assert.equal(response.status, 503);
    assert.equal(error!.code, 'service_unavailable');
    assert.equal(gaps.length, 2);
  });

  it('returns at once a Retry-After longer than maxWaitSeconds, and retries no other status', async () => {
    const limited = await call([{ status: 429, headers: { 'retry-after': '120' } }], { maxWaitSeconds: 60 });
    assert.equal(limited.response.status, 429);
    assert.equal(arrivals.length, 1);
    const failed = await call([{ status: 502, headers: { 'retry-after': '1' } }], {});
    assert.equal(failed.response.status, 502);
    assert.equal(arrivals.length, 1);
  });

  it('stops waiting when the request is aborted', async () => {
    const started = Date.now();
    await assert.rejects(call([{ status: 503, headers: { 'retry-after': '10' } }], {}, AbortSignal.timeout(200)), { name: 'TimeoutError' });
    assert.ok(Date.now() - started < 1000);
    assert.equal(arrivals.length, 1);
  });

  it('sends a GET again at once when its connection is reset or closed before an answer', async () => {
    const { data } = await call([{ drop: 'reset' }, { drop: 'close' }], {});
    assert.deepEqual(data, SITUACAO);
    assert.equal(arrivals.length, 3);
  });

  it('gives up on resets after `attempts` tries, with the last failure', async () => {
    await assert.rejects(call([{ drop: 'reset' }, { drop: 'reset' }], { attempts: 2 }), resetError);
    assert.equal(arrivals.length, 2);
  });

  it('sends a GET again, after a wait, when its connection is refused: an instance starting again on the port is reached', async () => {
    const restarted = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(SITUACAO)),
    );
    restarted.listen(0, '127.0.0.1');
    await once(restarted, 'listening');
    const { port } = restarted.address() as AddressInfo;
    restarted.close();
    await once(restarted, 'close');
    const refused: unknown[] = [];
    const client = createAssociaClient({
      baseUrl: `http://127.0.0.1:${port}`,
      fetch: (request) =>
        fetch(request).catch((error: unknown) => {
          refused.push((error as { cause: { code: string } }).cause.code);
          // The first refusal brings the instance back before the retry.
          if (refused.length === 1) restarted.listen(port, '127.0.0.1');
          throw error;
        }),
    });
    try {
      const { data } = await client.GET('/api/v1/associados/{id}/situacao', { params: { path: { id: '000005' } } });
      assert.deepEqual(data, SITUACAO);
      assert.deepEqual(refused, ['ECONNREFUSED']);
    } finally {
      restarted.close();
    }
  });

  it('never sends another method again after a reset: only a GET is known to be safe to repeat', async () => {
    script = [{ drop: 'reset' }];
    arrivals = [];
    await assert.rejects(withRetries((request) => fetch(request))(new Request(`${baseUrl}/`, { method: 'POST', body: '{}' })), resetError);
    assert.equal(arrivals.length, 1);
  });
});
