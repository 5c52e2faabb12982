import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createToken, revokeToken } from '../../src/tokens/tokens.queries.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

describe('audit trail', () => {
  let f: ApiFixture;

  before(async () => {
    f = await apiFixture(30);
  });
  after(() => f.close());

  /** The rows of the requests that sent this X-Request-Id; each has the server's own id as well. */
  const rows = (requestId: string) =>
    f.t.database.db.selectFrom('auditoria').selectAll().where('request_id_cliente', '=', requestId).execute();

  it('records each authenticated request with its token, route, status, address and the matriculas returned', async () => {
    const { id, token } = await createToken(f.t.database.db, {
      nome: 'audit',
      scopes: ['associados:read', 'faturas:read'],
      criadoPor: 'test',
    });
    const list = await f.api.get('/api/v1/associados?limit=4', token, { 'x-request-id': 'audit-list-1' });
    const status = await f.api.get('/api/v1/associados/000007/situacao', token, { 'x-request-id': 'audit-status-1' });
    const missing = await f.api.get('/api/v1/associados/000999/situacao', token, { 'x-request-id': 'audit-missing-1' });
    const anonymous = await f.api.get('/api/v1/faturas', undefined, { 'x-request-id': 'audit-anon-1' });
    const invoices = await f.api.get('/api/v1/faturas?limit=3', token, { 'x-request-id': 'audit-faturas-1' });
    await f.api.get('/api/v1/public/cursos', undefined, { 'x-request-id': 'audit-public-1' });
    await f.app.audit.flush();

    const [listRow] = await rows('audit-list-1');
    assert.match(listRow!.request_id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(listRow!.token_id, id);
    assert.equal(listRow!.rota, '/api/v1/associados');
    assert.equal(listRow!.status, 200);
    assert.equal(listRow!.metodo, 'GET');
    assert.equal(listRow!.ip, '127.0.0.1');
    assert.deepEqual(
      listRow!.matriculas,
      list.json<{ matricula: string }[]>().map((m) => Number(m.matricula)),
    );
    assert.equal(status.statusCode, 200);
    const [statusRow] = await rows('audit-status-1');
    assert.equal(statusRow!.rota, '/api/v1/associados/:id/situacao');
    assert.deepEqual(statusRow!.matriculas, [7]);
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(
      (await rows('audit-missing-1')).map((row) => [row.status, row.matriculas.length]),
      [[404, 0]],
    );
    assert.equal(anonymous.statusCode, 401);
    assert.deepEqual(
      (await rows('audit-anon-1')).map((row) => [row.status, row.token_id]),
      [[401, null]],
    );
    const expected = [...new Set(invoices.json<{ associado: { matricula: string } }[]>().map((i) => Number(i.associado.matricula)))];
    assert.deepEqual((await rows('audit-faturas-1'))[0]!.matriculas, expected);
    assert.deepEqual(await rows('audit-public-1'), [], 'the public list is not audited');
  });

  it('attributes a refusal to the token presented when the service knows it: revoked, expired or lacking the scope', async () => {
    const db = f.t.database.db;
    const make = (nome: string) => createToken(db, { nome, scopes: ['associados:situacao'], criadoPor: 'test' });
    const revoked = await make('audit revoked');
    await revokeToken(db, revoked.id);
    const expired = await make('audit expired');
    await db
      .updateTable('api_token')
      .set({ criado_em: new Date(Date.now() - 2000), expira_em: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    const narrow = await make('audit narrow');
    const calls = [
      ['audit-revoked-1', '/api/v1/associados/000007/situacao', revoked.token, 401, 'token_revoked'],
      ['audit-expired-1', '/api/v1/associados/000007/situacao', expired.token, 401, 'token_expired'],
      ['audit-scope-1', '/api/v1/faturas', narrow.token, 403, 'insufficient_scope'],
      ['audit-unknown-1', '/api/v1/associados/000007/situacao', `${narrow.token.slice(0, -4)}AAAA`, 401, 'token_invalid'],
    ] as const;
    for (const [requestId, url, token, status, code] of calls) {
      const response = await f.api.get(url, token, { 'x-request-id': requestId });
      assert.equal(response.statusCode, status, requestId);
      assert.equal(response.json<{ code: string }>().code, code, requestId);
    }
    // Refusals wait for their minute to end, counted together; a flush writes them at once.
    await f.app.audit.flush();
    const attributed = await Promise.all(
      calls.map(async ([requestId]) => (await rows(requestId)).map((row) => [row.status, row.token_id])),
    );
    assert.deepEqual(attributed, [[[401, revoked.id]], [[401, expired.id]], [[403, narrow.id]], [[401, null]]]);
  });

  it('writes refusals as one row per minute for each address, route and status, with their count', async () => {
    const address = '198.51.100.77';
    const statuses = new Map<number, number>();
    for (let sent = 0; sent < 5000; sent += 500) {
      const responses = await Promise.all(
        Array.from({ length: 500 }, () => f.api.request({ url: '/api/v1/faturas', remoteAddress: address })),
      );
      for (const response of responses) statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    // The first 100 without credentials get 401, the rest 429 (the failed-authentication limit of the address).
    assert.deepEqual([...statuses].sort(), [
      [401, 100],
      [429, 4900],
    ]);
    await f.app.audit.flush();
    const written = await f.t.database.db
      .selectFrom('auditoria')
      .select(['status', 'quantidade', 'token_id', 'rota'])
      .where('ip', '=', address)
      .orderBy('status')
      .execute();
    // One row per status, or two where the requests straddled a minute.
    assert.ok(written.length >= 2 && written.length <= 4, `${written.length} rows for 5,000 requests`);
    const sum = (status: number) => written.filter((row) => row.status === status).reduce((total, row) => total + row.quantidade, 0);
    assert.equal(sum(401), 100);
    assert.equal(sum(429), 4900);
    assert.ok(written.every((row) => row.token_id === null && row.rota === '/api/v1/faturas'));
  });

  it('loses nothing when the app closes', async () => {
    const app = await buildApp({ config: loadConfig({}), database: f.t.database });
    const { token } = await createToken(f.t.database.db, { nome: 'closing', scopes: ['associados:situacao'], criadoPor: 'test' });
    for (let i = 0; i < 25; i++) {
      await app.inject({
        url: `/api/v1/associados/${i + 1}/situacao`,
        headers: { authorization: `Bearer ${token}`, 'x-request-id': `closing-${i}` },
      });
    }
    assert.ok(app.audit.size > 0, 'entries wait for the next flush');
    await app.close();
    const written = await f.t.database.db
      .selectFrom('auditoria')
      .select('request_id')
      .where('request_id_cliente', 'like', 'closing-%')
      .execute();
    assert.equal(written.length, 25);
  });
});
