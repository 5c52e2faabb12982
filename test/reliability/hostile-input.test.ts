// Runs once, on PostgreSQL, as production runs: what the service echoes, logs and keeps in memory does not depend on the database.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { AddressInfo } from 'node:net';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { constantLoad, sleep, underLoad } from '../helpers/load.js';

interface Raw {
  status: number;
  contentType: string;
  body: string;
  ms: number;
}

/** One request exactly as written (no normalisation of `..`, no encoding), over a connection of its own. */
function raw(port: number, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { connection: 'close', ...headers }, insecureHTTPParser: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode!, contentType: String(res.headers['content-type']), body, ms: Date.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function assertProblem(response: Raw, status: number, code: string, what: string): void {
  assert.equal(response.status, status, `${what}: ${response.body.slice(0, 200)}`);
  assert.match(response.contentType, /^application\/problem\+json/, what);
  const body = JSON.parse(response.body) as { code: string; status: number; type: string; title: string };
  assert.equal(body.code, code, `${what}: ${body.code}`);
  assert.equal(body.status, status, what);
  assert.match(body.type, /\/problems\/[a-z-]+$/, what);
  assert.ok(response.ms < 2000, `${what} took ${response.ms} ms`);
}

describe('hostile input', () => {
  let f: ApiFixture;
  let port: number;
  let token: string;

  before(async () => {
    f = await apiFixture(30);
    token = await f.token(['associados:read', 'associados:situacao', 'faturas:read']);
    await f.app.listen({ port: 0, host: '127.0.0.1' });
    port = (f.app.server.address() as AddressInfo).port;
  });
  after(() => f.close());

  it('gets a fast 4xx problem for each kind of malformed or oversized request', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const cases: [string, Record<string, string>, number, string][] = [
      [`/api/v1/associados?status=${'a'.repeat(5000)}`, auth, 414, 'uri_too_long'],
      [`/api/v1/associados?status=${'a'.repeat(20_000)}`, auth, 431, 'headers_too_large'],
      ['/api/v1/associados', { ...auth, 'x-padding': 'b'.repeat(20_000) }, 431, 'headers_too_large'],
      ['/api/v1/associados/%E0%A4%A', auth, 400, 'bad_request'],
      ['/api/v1/associados/%C3%28/situacao', auth, 400, 'bad_request'],
      ['/api/v1/associados?cpf=%C3%28', auth, 400, 'invalid_parameter'],
      ['/api/v1/../../../etc/passwd', auth, 404, 'not_found'],
      ['/api/v1/associados/..%2F..%2Fetc%2Fpasswd', auth, 400, 'invalid_parameter'],
      ["/api/v1/associados?cpf='%20OR%201=1--", auth, 400, 'invalid_parameter'],
      ["/api/v1/associados?regional=SP'%20OR%20'1'='1", auth, 400, 'invalid_parameter'],
      ['/api/v1/associados/1;drop%20table%20associado', auth, 400, 'invalid_parameter'],
      ["/api/v1/faturas?status=paid');delete%20from%20fatura;--", auth, 400, 'invalid_parameter'],
      ['/api/v1/associados?limit=100000000000000000000', auth, 400, 'invalid_parameter'],
      ['/api/v1/associados?limit=-1', auth, 400, 'invalid_parameter'],
      [`/api/v1/associados?cursor=${'A'.repeat(3000)}`, auth, 400, 'invalid_parameter'],
      ['/api/v1/associados?cursor=%00%01%02', auth, 400, 'invalid_cursor'],
      ['/api/v1/associados', { authorization: `Bearer ${'x'.repeat(8000)}` }, 401, 'token_invalid'],
    ];
    for (const [path, headers, status, code] of cases) assertProblem(await raw(port, path, headers), status, code, path.slice(0, 80));
    // Nothing above hurt the service.
    assert.equal((await raw(port, '/api/v1/associados/1/situacao', auth)).status, 200);
  });

  it('closes a connection whose headers never finish, with a 408 problem', async () => {
    const socket = tcpConnect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.write('GET /api/v1/public/cursos HTTP/1.1\r\nHost: x\r\n');
    const started = Date.now();
    // One more header line every second: slow enough never to finish, fast enough to keep the socket busy.
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write(`X-Slow-${Date.now()}: 1\r\n`);
    }, 1000);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(drip);
    const took = Date.now() - started;
    assert.ok(took < 15_000, `closed after ${took} ms`);
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.match(answer, /"code":"request_timeout"/);
  });

  it('keeps serving a well-behaved client while one address floods it', async () => {
    const flood = [
      constantLoad(() => `http://127.0.0.1:${port}/api/v1/public/cursos`, {}, 16),
      constantLoad(() => `http://127.0.0.1:${port}/api/v1/associados/1`, { authorization: `Bearer associa_${'Z'.repeat(49)}` }, 16),
      constantLoad(() => `http://127.0.0.1:${port}/api/v1/associados?limit=abc`, { authorization: `Bearer ${token}` }, 8),
    ];
    const good: { status: number; ms: number }[] = [];
    const outcomes = await underLoad(flood, async () => {
      await sleep(500);
      for (let i = 0; i < 20; i++) {
        const started = Date.now();
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/associados/${(i % 30) + 1}/situacao`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await response.arrayBuffer();
        good.push({ status: response.status, ms: Date.now() - started });
      }
    });

    assert.deepEqual(
      good.map((g) => g.status),
      good.map(() => 200),
    );
    // The flood and the server share this process's event loop, so the bound is loose: served, not starved.
    assert.ok(Math.max(...good.map((g) => g.ms)) < 5000, `the slowest good request took ${Math.max(...good.map((g) => g.ms))} ms`);
    assert.ok(outcomes.length > 100, `the flood sent ${outcomes.length} requests`);
    assert.deepEqual(
      outcomes.filter((o) => o.status === 0 || o.status >= 500).map((o) => `${o.status} ${o.error ?? ''}`),
      [],
    );
    // The public list and the failed authentications hit their per-address limits.
    assert.ok(outcomes.some((o) => o.status === 429 && o.code === 'rate_limited'));
    assert.equal((await raw(port, '/readyz')).status, 200);
  });
});
