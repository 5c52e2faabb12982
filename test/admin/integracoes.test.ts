import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { TOKEN_CACHE_MS } from '../../src/tokens/token-verifier.js';
import { createToken, rotateToken } from '../../src/tokens/tokens.queries.js';
import { SCOPES } from '../../src/tokens/scopes.js';
import { AdminAgent, createTestAdmin } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

const secretOf = (html: string) => /id="novo-token">([^<]+)</.exec(html)?.[1];
const afterCache = () => new Promise((resolve) => setTimeout(resolve, TOKEN_CACHE_MS + 50));

describe('Integrações', () => {
  let fixture: ApiFixture;
  let agent: AdminAgent;

  before(async () => {
    fixture = await apiFixture(30);
    await createTestAdmin(fixture.app);
    agent = new AdminAgent(fixture.app);
    await agent.login();
  });
  after(() => fixture.close());

  const create = (fields: Record<string, string | string[]>) =>
    agent.submit('/admin/integracoes/nova', '/admin/integracoes', {
      nome: 'ERP financeiro',
      validade: '90d',
      regional: '',
      limite: '',
      ...fields,
    });

  it('offers every scope with the sentence that explains it', async () => {
    const page = await agent.get('/admin/integracoes/nova');
    assert.equal(page.statusCode, 200);
    for (const [scope, sentence] of Object.entries(SCOPES)) {
      assert.ok(page.body.includes(`value="${scope}"`), scope);
      assert.ok(page.body.includes(sentence), sentence);
    }
  });

  it('creates a token that works on the API at once, shown exactly once, and lists it without its secret', async () => {
    const created = await create({ scopes: ['associados:situacao'], limite: '50' });
    assert.equal(created.statusCode, 200);
    assert.equal(created.headers['cache-control'], 'no-store');
    const token = secretOf(created.body);
    assert.ok(token?.startsWith('associa_'), created.body);
    assert.match(created.body, /não será mostrado de novo/);

    const situacao = await fixture.api.get('/api/v1/associados/1/situacao', token);
    assert.equal(situacao.statusCode, 200);
    assert.equal(situacao.headers['ratelimit-policy'], '"default";q=50;w=60');
    assert.equal((await fixture.api.get('/api/v1/faturas', token)).statusCode, 403);

    const list = await agent.get('/admin/integracoes');
    assert.ok(!list.body.includes(token!), 'the list never shows the secret');
    assert.ok(list.body.includes(`${token!.slice(0, 12)}`));
    assert.match(list.body, /ERP financeiro/);
    const row = await fixture.t.database.db
      .selectFrom('api_token')
      .select(['criado_por', 'limite_por_minuto', 'scopes'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { criado_por: 'secretaria@associa.example', limite_por_minuto: 50, scopes: ['associados:situacao'] });
  });

  it('restricts a token to one regional branch', async () => {
    const token = secretOf((await create({ scopes: ['associados:read'], regional: 'SP' })).body)!;
    const list = await fixture.api.get('/api/v1/associados?limit=500', token);
    assert.equal(list.statusCode, 200);
    const members = list.json<{ regional: string }[]>();
    assert.ok(members.length > 0 && members.every((member) => member.regional === 'SP'), JSON.stringify(members.map((m) => m.regional)));
  });

  it('explains what is wrong with a form and keeps what was typed', async () => {
    const response = await create({ nome: 'Sem escopo', limite: '0' });
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /Escolha ao menos um escopo\./);
    assert.match(response.body, /O limite por minuto deve ser um número/);
    assert.match(response.body, /value="Sem escopo"/);
    const unknown = await create({ scopes: ['associados:read', 'admin:tudo'] });
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.body, /Um dos escopos enviados não existe\./);
  });

  it('revokes a token after confirmation; the API refuses it within a second', async () => {
    const token = secretOf((await create({ scopes: ['cursos:read'] })).body)!;
    const id = (await fixture.t.database.db.selectFrom('api_token').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    assert.equal((await fixture.api.get('/api/v1/cursos', token)).statusCode, 200);
    const confirm = await agent.get(`/admin/integracoes/${id}/revogar`);
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, /Não há como desfazer/);
    const revoked = await agent.submit(`/admin/integracoes/${id}/revogar`, `/admin/integracoes/${id}/revogar`, {});
    assert.equal(revoked.statusCode, 303);
    assert.equal(revoked.headers.location, '/admin/integracoes?feito=revogado');
    await afterCache();
    const refused = await fixture.api.get('/api/v1/cursos', token);
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.json<{ code: string }>().code, 'token_revoked');
    const list = await agent.get('/admin/integracoes?feito=revogado');
    assert.match(list.body, /Token revogado/);
    assert.match(list.body, new RegExp(`data-token-id="${id}">[\\s\\S]*?badge-revogado`));
  });

  it('rotates a token: the new one works, the old one until the grace period ends', async () => {
    const old = secretOf((await create({ scopes: ['cursos:read'] })).body)!;
    const id = (await fixture.t.database.db.selectFrom('api_token').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const withGrace = await agent.submit(`/admin/integracoes/${id}/rotacionar`, `/admin/integracoes/${id}/rotacionar`, { carencia: '24h' });
    assert.equal(withGrace.statusCode, 200);
    assert.match(withGrace.body, /O token anterior continua aceito até/);
    const fresh = secretOf(withGrace.body)!;
    assert.notEqual(fresh, old);
    const current = await fixture.api.get('/api/v1/cursos', fresh);
    assert.equal(current.statusCode, 200);
    assert.equal(current.headers.deprecation, undefined, 'the new token is not warned');
    const inGrace = await fixture.api.get('/api/v1/cursos', old);
    assert.equal(inGrace.statusCode, 200);
    const graceEnd = (
      await fixture.t.database.db.selectFrom('api_token').select('expira_em').where('id', '=', id).executeTakeFirstOrThrow()
    ).expira_em;
    assert.equal(inGrace.headers.sunset, graceEnd.toUTCString());
    assert.match(String(inGrace.headers.deprecation), /^@\d+$/);
    assert.match(String(inGrace.headers.link), new RegExp(`/admin/integracoes#token-${id}>; rel="deprecation"`));

    const newId = (await fixture.t.database.db.selectFrom('api_token').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const now = await agent.submit(`/admin/integracoes/${newId}/rotacionar`, `/admin/integracoes/${newId}/rotacionar`, { carencia: '0' });
    const newest = secretOf(now.body)!;
    await afterCache();
    const expired = await fixture.api.get('/api/v1/cursos', fresh);
    assert.equal(expired.statusCode, 401);
    assert.equal(expired.json<{ code: string }>().code, 'token_expired');
    assert.equal((await fixture.api.get('/api/v1/cursos', newest)).statusCode, 200);
    const scopes = await fixture.t.database.db.selectFrom('api_token').select('scopes').where('id', '>', id).execute();
    assert.deepEqual(
      scopes.map((row) => row.scopes),
      [['cursos:read'], ['cursos:read']],
    );
  });

  it('flags the tokens in their rotation grace period or expiring within 14 days', async () => {
    const db = fixture.t.database.db;
    const soon = await createToken(db, { nome: 'Provas', scopes: ['associados:situacao'], criadoPor: 'test' });
    await sql`update api_token set criado_em = now() - interval '300 days', expira_em = now() + interval '3 days 2 hours' where id = ${soon.id}`.execute(
      db,
    );
    const far = await createToken(db, { nome: 'Site', scopes: ['cursos:read'], criadoPor: 'test' });
    const replaced = await createToken(db, { nome: 'ERP', scopes: ['faturas:read'], criadoPor: 'test' });
    const replacement = await rotateToken(db, replaced.id, 7 * 86400, 'test');

    const list = await agent.get('/admin/integracoes');
    assert.equal(list.statusCode, 200);
    assert.match(list.body, /\d+ token\(s\) em carência de rotação ou expirando em até 14 dias/);
    const row = (id: number) => new RegExp(`<tr[^>]*data-token-id="${id}"[^>]*>[\\s\\S]*?</tr>`).exec(list.body)?.[0] ?? '';

    const expiring = row(soon.id);
    assert.match(expiring, new RegExp(`^<tr id="token-${soon.id}"`), "the API's Link points at this row");
    assert.match(expiring, /class="alert"/);
    assert.match(expiring, /badge-expirando">expira em breve</);
    assert.match(expiring, /faltam 3 dias/);
    assert.match(expiring, /Rotacionar/);

    const inGrace = row(replaced.id);
    assert.match(inGrace, /class="alert"/);
    assert.match(inGrace, /badge-carencia">em carência</);
    assert.match(inGrace, /rotacionado em <time/);
    assert.match(inGrace, /Revogar/);
    assert.doesNotMatch(inGrace, /Rotacionar/, 'a token in grace was replaced already');

    for (const id of [far.id, replacement!.id]) {
      assert.doesNotMatch(row(id), /class="alert"/);
      assert.match(row(id), /badge-ativo">ativo</);
    }
  });

  it('answers 404 for a token that does not exist and for ids that are not ids', async () => {
    for (const id of ['999999', 'abc', '0', '1e3']) assert.equal((await agent.get(`/admin/integracoes/${id}/revogar`)).statusCode, 404, id);
  });

  it('records every token action in the audit trail, with the administrator', async () => {
    await fixture.app.audit.flush();
    const rows = await fixture.t.database.db
      .selectFrom('auditoria')
      .select(['detalhe', 'admin_id', 'status', 'rota'])
      .where('origem', '=', 'admin')
      .where('rota', 'like', '/admin/integracoes%')
      .orderBy('id')
      .execute();
    const details = rows.map((row) => row.detalhe ?? '');
    assert.ok(
      details.some((detail) => /^token \d+ criado \(ERP financeiro; associados:situacao\)$/.test(detail)),
      JSON.stringify(details),
    );
    assert.ok(details.some((detail) => /^token \d+ revogado/.test(detail)));
    assert.ok(details.some((detail) => /^token \d+ rotacionado: novo token \d+ \(carência 24 horas\)$/.test(detail)));
    assert.ok(rows.every((row) => row.admin_id !== null));
  });
});
