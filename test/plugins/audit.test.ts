import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createToken } from '../../src/tokens/tokens.queries.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

describe('audit trail', () => {
  let f: ApiFixture;

  before(async () => { f = await apiFixture(30); });
  after(() => f.close());

  const rows = (requestId: string) => f.t.database.db.selectFrom('auditoria').selectAll().where('request_id', '=', requestId).execute();

  it('records each authenticated request with its token, route, status, address and the matriculas returned', async () => {
    const { id, token } = await createToken(f.t.database.db, { nome: 'audit', scopes: ['associados:read', 'faturas:read'], criadoPor: 'test' });
    const list = await f.api.get('/api/v1/associados?limit=4', token, { 'x-request-id': 'audit-list-1' });
    const status = await f.api.get('/api/v1/associados/000007/situacao', token, { 'x-request-id': 'audit-status-1' });
    const missing = await f.api.get('/api/v1/associados/000999/situacao', token, { 'x-request-id': 'audit-missing-1' });
    const anonymous = await f.api.get('/api/v1/faturas', undefined, { 'x-request-id': 'audit-anon-1' });
    const invoices = await f.api.get('/api/v1/faturas?limit=3', token, { 'x-request-id': 'audit-faturas-1' });
    await f.api.get('/api/v1/public/cursos', undefined, { 'x-request-id': 'audit-public-1' });
    await f.app.audit.flush();

    const [listRow] = await rows('audit-list-1');
    assert.equal(listRow!.token_id, id);
    assert.equal(listRow!.rota, '/api/v1/associados');
    assert.equal(listRow!.status, 200);
    assert.equal(listRow!.metodo, 'GET');
    assert.equal(listRow!.ip, '127.0.0.1');
    assert.deepEqual(listRow!.matriculas, list.json<{ matricula: string }[]>().map((m) => Number(m.matricula)));
    assert.equal(status.statusCode, 200);
    const [statusRow] = await rows('audit-status-1');
    assert.equal(statusRow!.rota, '/api/v1/associados/:id/situacao');
    assert.deepEqual(statusRow!.matriculas, [7]);
    assert.equal(missing.statusCode, 404);
    assert.deepEqual((await rows('audit-missing-1')).map((row) => [row.status, row.matriculas.length]), [[404, 0]]);
    assert.equal(anonymous.statusCode, 401);
    assert.deepEqual((await rows('audit-anon-1')).map((row) => [row.status, row.token_id]), [[401, null]]);
    const expected = [...new Set(invoices.json<{ associado: { matricula: string } }[]>().map((i) => Number(i.associado.matricula)))];
    assert.deepEqual((await rows('audit-faturas-1'))[0]!.matriculas, expected);
    assert.deepEqual(await rows('audit-public-1'), [], 'the public list is not audited');
  });

  it('loses nothing when the app closes', async () => {
    const app = await buildApp({ config: loadConfig({}), database: f.t.database });
    const { token } = await createToken(f.t.database.db, { nome: 'closing', scopes: ['associados:situacao'], criadoPor: 'test' });
    for (let i = 0; i < 25; i++) {
      await app.inject({ url: `/api/v1/associados/${i + 1}/situacao`, headers: { authorization: `Bearer ${token}`, 'x-request-id': `closing-${i}` } });
    }
    assert.ok(app.audit.size > 0, 'entries wait for the next flush');
    await app.close();
    const written = await f.t.database.db.selectFrom('auditoria').select('request_id').where('request_id', 'like', 'closing-%').execute();
    assert.equal(written.length, 25);
  });
});
