// Runs once, on PostgreSQL, as production runs: what the service echoes, logs and keeps in memory does not depend on the database.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { businessDate } from '../../src/domain/dates.js';
import { requestSerializer } from '../../src/observability/log-redaction.js';
import { seed } from '../../src/seed/load.js';
import { TOKEN_PREFIX } from '../../src/tokens/token.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { ApiClient } from '../helpers/api.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Every character percent-encoded, as some clients write a value. */
const encodedWhole = (text: string) => [...text].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join('');

/**
 * A token hidden from a redaction that looks for `associa_`: one letter of its prefix percent-encoded, the whole
 * of it percent-encoded, or its 49 secret characters alone, in a path, a query value or X-Request-Id. None may
 * come back in a problem or a header, reach a log line at the levels that log requests, or be stored in the audit
 * trail. And the trail tells requests apart, whatever X-Request-Id clients send.
 */
for (const level of ['trace', 'info'] as const) {
  describe(`a token hidden by its encoding or without its prefix (log level ${level})`, () => {
    let t: TestDatabase;
    let app: FastifyInstance;
    let api: ApiClient;
    let log = '';
    let token: string;
    let secret: string;
    let caller: { id: number; token: string };
    let matriculas: string[];

    before(async () => {
      t = await createTestDatabase();
      const now = new Date();
      await seed(t.database, { members: 5, seed: 3, now, today: businessDate(now), reset: false });
      const stream = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          log += chunk.toString();
          callback();
        },
      });
      // As src/server.ts configures the logger.
      app = await buildApp({
        config: loadConfig({ REDIS_URL: process.env.REDIS_URL }),
        database: t.database,
        logger: {
          level,
          stream,
          serializers: { req: requestSerializer },
          redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
        },
      });
      api = new ApiClient(app);
      token = (
        await createToken(t.database.db, { limiteSimultaneas: 1_000, nome: 'escondido', scopes: ['associados:read'], criadoPor: 'test' })
      ).token;
      secret = token.slice(TOKEN_PREFIX.length);
      caller = await createToken(t.database.db, {
        limiteSimultaneas: 1_000,
        nome: 'chamador',
        scopes: ['associados:read', 'associados:situacao'],
        criadoPor: 'test',
        limitePorMinuto: 100_000,
      });
      const members = await t.database.db.selectFrom('associado').select('matricula').orderBy('matricula').limit(3).execute();
      matriculas = members.map((row) => String(row.matricula));
    });
    after(async () => {
      await app.close();
      await t.dispose();
    });

    /** Whether the text holds the token in any of the forms sent, or a good part of its secret. */
    function holds(text: string): boolean {
      return [secret.slice(0, 24), secret.slice(-24), encodedWhole(token).slice(0, 60)].some((part) => text.includes(part));
    }

    it('is redacted from the problem and the logs when it is in the path or the query', async () => {
      const sent = [
        `/api/v1/associados/associ%61_${secret}/situacao`,
        `/api/v1/associados/${encodedWhole(token)}/situacao`,
        `/api/v1/associados/${secret}/situacao`,
        `/api/v1/associados?status=${secret}`,
        `/api/v1/associados?status=x-${token.replace('_', '%255F')}`,
      ];
      const leaks: string[] = [];
      for (const url of sent) {
        for (const credentials of [caller.token, undefined]) {
          const response = await api.get(url, credentials);
          assert.ok(response.statusCode >= 400, `${url}: ${response.statusCode}`);
          const { instance } = response.json<{ instance: string }>();
          if (holds(response.body) || !instance.includes('[token]')) leaks.push(`${url} → ${response.statusCode} ${response.body}`);
        }
      }
      assert.deepEqual(leaks, []);
      const lines = log.split('\n').filter((line) => line.includes('"url"'));
      assert.ok(lines.length >= sent.length * 2, `${lines.length} request log lines`);
      assert.deepEqual(
        log.split('\n').filter((line) => holds(line)),
        [],
        'log lines holding the token',
      );
    });

    it('is neither echoed, logged nor audited when it is sent as X-Request-Id', async () => {
      const urls = [`/api/v1/associados/${matriculas[0]!}/situacao`, '/api/v1/associados/999999/situacao', '/api/v1/nada'];
      const echoed: string[] = [];
      for (const url of urls) {
        const response = await api.get(url, caller.token, { 'x-request-id': secret });
        const id = String(response.headers['x-request-id']);
        if (!UUID.test(id) || holds(response.body)) echoed.push(`${url} → X-Request-Id ${id}, ${response.body}`);
        if (response.statusCode >= 400) assert.equal(response.json<{ request_id: string }>().request_id, id);
      }
      assert.deepEqual(echoed, []);
      await app.audit.flush();
      assert.deepEqual(
        log.split('\n').filter((line) => holds(line)),
        [],
        'log lines holding the token',
      );
      const rows = await t.database.db.selectFrom('auditoria').selectAll().where('token_id', '=', caller.id).execute();
      assert.ok(rows.length >= 2, `${rows.length} audit rows`);
      assert.deepEqual(
        rows.filter((row) => holds(JSON.stringify(row))),
        [],
        'audit rows holding the token',
      );
    });

    it('audits each request under its own id, with the id the client sent beside it', async () => {
      const sent = `erp-lote-${level}`;
      const responses = [];
      for (const matricula of matriculas) {
        responses.push(await api.get(`/api/v1/associados/${matricula}/situacao`, caller.token, { 'x-request-id': sent }));
      }
      for (const response of responses) assert.equal(response.headers['x-request-id'], sent);
      await app.audit.flush();
      const rows = await t.database.db.selectFrom('auditoria').selectAll().where('token_id', '=', caller.id).execute();
      const ids = rows.map((row) => row.request_id);
      assert.equal(new Set(ids).size, ids.length, `every row its own request id: ${ids.join(', ')}`);
      const own = rows.filter((row) => row.request_id_cliente === sent);
      assert.equal(own.length, 3);
      for (const row of own) assert.match(row.request_id, UUID);
      // An operator finds the requests by either id: the server's is each line's reqId, the client's a field of the request.
      const incoming = log
        .split('\n')
        .filter((line) => line.includes(`"clientRequestId":"${sent}"`))
        .map((line) => JSON.parse(line) as { reqId: string });
      assert.deepEqual(new Set(incoming.map((line) => line.reqId)), new Set(own.map((row) => row.request_id)));
    });
  });
}
