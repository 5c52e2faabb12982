import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { cpfCheckDigits } from '../../src/domain/cpf.js';
import { TOKEN_CACHE_MS } from '../../src/tokens/token-verifier.js';
import { createToken, rotateToken } from '../../src/tokens/tokens.queries.js';
import { SCOPES } from '../../src/tokens/scopes.js';
import { AdminAgent, createTestAdmin, csrfOf } from '../helpers/admin.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

const secretOf = (html: string) => /id="novo-token">([^<]+)</.exec(html)?.[1];
const afterCache = () => new Promise((resolve) => setTimeout(resolve, TOKEN_CACHE_MS + 50));
/** A table row of the token list, by token id. */
const rowOf = (html: string, id: number) => new RegExp(`<tr[^>]*data-token-id="${id}"[^>]*>[\\s\\S]*?</tr>`).exec(html)?.[0] ?? '';
/** Text as a page shows it: without tags, entities decoded and white space collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const saoPaulo = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', ...options });

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

  /** The page a form's answer redirects to (post/redirect/get). */
  const shown = async (response: Awaited<ReturnType<AdminAgent['submit']>>) => {
    assert.equal(response.statusCode, 303, response.body);
    return agent.get(String(response.headers.location));
  };
  const post = (fields: Record<string, string | string[]>) =>
    agent.submit('/admin/integracoes/nova', '/admin/integracoes', {
      nome: 'ERP financeiro',
      validade: '90d',
      regional: '',
      limite: '',
      ...fields,
    });
  const create = async (fields: Record<string, string | string[]>) => shown(await post(fields));
  const rotate = async (id: number, carencia: string) =>
    shown(await agent.submit(`/admin/integracoes/${id}/rotacionar`, `/admin/integracoes/${id}/rotacionar`, { carencia }));

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

  it('shows a new token after a redirect, once: reloading that page creates nothing and shows no secret', async () => {
    const count = async () =>
      Number(
        (
          await fixture.t.database.db
            .selectFrom('api_token')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const answer = await post({ nome: 'Recarregada', scopes: ['cursos:read'] });
    assert.equal(answer.statusCode, 303);
    const location = String(answer.headers.location);
    assert.match(location, /^\/admin\/integracoes\/\d+\/criado$/);
    assert.ok(secretOf((await agent.get(location)).body)?.startsWith('associa_'));
    const reloaded = await agent.get(location);
    assert.equal(reloaded.statusCode, 303);
    assert.equal(reloaded.headers.location, `/admin/integracoes#token-${location.split('/')[3]}`);
    assert.equal(secretOf(reloaded.body), undefined);
    assert.equal(await count(), before + 1);
    // The session's table never holds the secret readable.
    const sessions = await sql<{ dados: string }>`select dados::text from admin_sessao`.execute(fixture.t.database.db);
    assert.ok(!sessions.rows.some((session) => session.dados.includes('associa_')));
  });

  it('restricts a token to one regional branch', async () => {
    const token = secretOf((await create({ scopes: ['associados:read'], regional: 'SP' })).body)!;
    const list = await fixture.api.get('/api/v1/associados?limit=500', token);
    assert.equal(list.statusCode, 200);
    const members = list.json<{ regional: string }[]>();
    assert.ok(members.length > 0 && members.every((member) => member.regional === 'SP'), JSON.stringify(members.map((m) => m.regional)));
  });

  it('explains what is wrong with a form and keeps what was typed', async () => {
    const response = await post({ nome: 'Sem escopo', limite: '0' });
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /Escolha ao menos um escopo\./);
    assert.match(response.body, /O limite por minuto deve ser um número/);
    assert.match(response.body, /value="Sem escopo"/);
    const unknown = await post({ scopes: ['associados:read', 'admin:tudo'] });
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
    const withGrace = await rotate(id, '24h');
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
    const now = await rotate(newId, '0');
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
    const row = (id: number) => rowOf(list.body, id);

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

  it("shows each token's rate, concurrency and CPF-miss limits side by side, the defaults named with their values", async () => {
    const db = fixture.t.database.db;
    const standard = await createToken(db, { nome: 'Site', scopes: ['cursos:read'], criadoPor: 'test' });
    const own = await createToken(db, {
      nome: 'Provas',
      scopes: ['associados:situacao'],
      criadoPor: 'test',
      limitePorMinuto: 2000,
      limiteSimultaneas: 4,
      cpfMissesPerMinute: 60,
    });
    const list = await agent.get('/admin/integracoes');
    assert.match(list.body, /<th scope="col">Limites<\/th>/);
    const standardRow = textOf(rowOf(list.body, standard.id));
    assert.match(
      standardRow,
      /600 req\/min \(padrão do serviço\) 8 simultâneas \(padrão do serviço\) 20 CPFs sem resultado por minuto, 200 por dia \(padrão\)/,
    );
    assert.match(standardRow, /Limites de Site/, 'a link to change them');
    const ownRow = textOf(rowOf(list.body, own.id));
    assert.match(ownRow, /2\.000 req\/min 4 simultâneas 60 CPFs sem resultado por minuto, 200 por dia \(padrão\)/);
    assert.doesNotMatch(ownRow, /padrão do serviço/);
    assert.match(list.body, new RegExp(`href="/admin/integracoes/${own.id}/limites"`));
  });

  it("states the configured defaults in the new token's form and creates a token with its own CPF-miss limits", async () => {
    const form = textOf((await agent.get('/admin/integracoes/nova')).body);
    assert.match(form, /Em branco, vale o padrão do serviço: 600 requisições por minuto\./);
    assert.match(form, /Em branco, vale o padrão do serviço: 8 simultâneas\./);
    assert.match(form, /Em branco, vale o padrão do serviço: 20 por minuto\./);
    assert.match(form, /Em branco, vale o padrão do serviço: 200 por dia\./);

    const created = await create({
      nome: 'Provas de título',
      scopes: ['associados:situacao'],
      limite_cpf_minuto: '40',
      limite_cpf_dia: '500',
    });
    assert.equal(created.statusCode, 200);
    const row = await fixture.t.database.db
      .selectFrom('api_token')
      .select(['limite_por_minuto', 'limite_cpf_sem_resultado_minuto', 'limite_cpf_sem_resultado_dia'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { limite_por_minuto: null, limite_cpf_sem_resultado_minuto: 40, limite_cpf_sem_resultado_dia: 500 });

    // Another service's defaults are the ones stated.
    const other = await buildApp({
      config: loadConfig({ RATE_LIMIT_TOKEN: '900', CPF_LOOKUP_LIMIT_MINUTE: '30', CPF_LOOKUP_LIMIT_DAY: '1000' }),
      database: fixture.t.database,
    });
    try {
      const otherAgent = new AdminAgent(other);
      await otherAgent.login();
      const page = textOf((await otherAgent.get('/admin/integracoes/nova')).body);
      assert.match(page, /padrão do serviço: 900 requisições por minuto\./);
      assert.match(page, /padrão do serviço: 30 por minuto\./);
      assert.match(page, /padrão do serviço: 1\.000 por dia\./);
    } finally {
      await other.close();
    }
  });

  it("changes a token's limits: the form posts, redirects to the list, and the API applies them within a second", async () => {
    const db = fixture.t.database.db;
    const { id, token } = await createToken(db, {
      nome: 'Exame',
      scopes: ['associados:situacao'],
      criadoPor: 'test',
      limitePorMinuto: 100_000,
    });
    const page = await agent.get(`/admin/integracoes/${id}/limites`);
    assert.equal(page.statusCode, 200);
    const before = textOf(page.body);
    assert.match(
      before,
      /Em vigor: 100\.000 req\/min; 8 simultâneas \(padrão do serviço\); 20 CPFs sem resultado por minuto, 200 por dia \(padrão\)\./,
    );
    assert.match(before, /Requisições: sem uso registrado em 7 dias\./);
    assert.match(before, /CPFs sem resultado: sem uso registrado em 7 dias\./);
    assert.match(page.body, /name="limite" type="number" min="1" max="100000000" value="100000"/);

    const saved = await agent.postRaw(`/admin/integracoes/${id}/limites`, {
      _csrf: csrfOf(page.body),
      limite: '',
      limite_simultaneas: '3',
      limite_cpf_minuto: '2',
      limite_cpf_dia: '',
    });
    assert.equal(saved.statusCode, 303, saved.body);
    assert.equal(saved.headers.location, `/admin/integracoes?feito=limites#token-${id}`);
    const list = await agent.get('/admin/integracoes?feito=limites');
    assert.match(list.body, /Limites salvos\. A API passa a aplicá-los em até 1 segundo\./);
    assert.match(
      textOf(rowOf(list.body, id)),
      /600 req\/min \(padrão do serviço\) 3 simultâneas 2 CPFs sem resultado por minuto, 200 por dia \(padrão\)/,
    );

    // Three CPFs of nobody: the third is past the token's new limit of 2 a minute.
    await afterCache();
    const taken = new Set((await db.selectFrom('associado').select('cpf').execute()).map((row) => row.cpf.replace(/\D/g, '')));
    const nobody = ['111444777', '222555888', '333666999', '123456780']
      .map((base) => base + cpfCheckDigits(base))
      .filter((cpf) => !taken.has(cpf));
    const answers = [];
    for (const cpf of nobody.slice(0, 3)) answers.push(await fixture.api.get(`/api/v1/associados/${cpf}/situacao`, token));
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      [404, 404, 429],
    );
    assert.equal(answers[2]!.json<{ code: string }>().code, 'cpf_lookup_limited');
    assert.match(answers[2]!.json<{ detail: string }>().detail, /2 por minuto/);
    assert.equal(answers[0]!.headers['ratelimit-policy'], '"default";q=600;w=60', 'the rate limit is back to the default');

    await fixture.app.audit.flush();
    const audited = await db
      .selectFrom('auditoria')
      .select(['detalhe', 'admin_id'])
      .where('origem', '=', 'admin')
      .where('detalhe', 'like', `token ${id} limites%`)
      .execute();
    assert.equal(audited.length, 1);
    assert.equal(
      audited[0]!.detalhe,
      `token ${id} limites alterados (Exame): requisições por minuto: 100.000 → padrão (600); requisições simultâneas: padrão (8) → 3; CPFs sem resultado por minuto: padrão (20) → 2`,
    );
    assert.notEqual(audited[0]!.admin_id, null);

    const after = textOf((await agent.get(`/admin/integracoes/${id}/limites`)).body);
    assert.match(
      after,
      /Requisições: maior uso em 7 dias: [123] requisiç(ão|ões) num minuto \(\d\d\/\d\d \d\d:\d\d\); sugestão: 600\/min\./,
    );
    assert.match(
      after,
      /CPFs sem resultado: maior uso em 7 dias: [12] num minuto \(\d\d\/\d\d \d\d:\d\d\) e [12] num dia \(\d\d\/\d\d\); sugestão: 20\/min e 200\/dia\./,
    );
    assert.match(after, /Recusas: 1 requisição recusada com 429 \(limite atingido\) em 7 dias\./);
  });

  it("suggests limits from a token's busiest minute and day, with headroom, in round numbers", async () => {
    const db = fixture.t.database.db;
    const { id } = await createToken(db, { nome: 'Provas de março', scopes: ['associados:situacao'], criadoPor: 'test' });
    const { busy } = (await sql<{ busy: Date }>`select date_trunc('minute', now() - interval '2 days') as busy`.execute(db)).rows[0]!;
    // Eight days ago is out of the week the suggestions read.
    await sql`insert into uso_token_minuto (token_id, minuto, requisicoes, cpf_sem_resultado, recusadas) values
      (${id}, ${busy}, 1234, 35, 0),
      (${id}, ${busy}::timestamptz + interval '1 minute', 900, 30, 12),
      (${id}, ${busy}::timestamptz - interval '1 day', 1000, 0, 0),
      (${id}, date_trunc('minute', now() - interval '8 days'), 90000, 9000, 0)`.execute(db);
    const page = await agent.get(`/admin/integracoes/${id}/limites`);
    const text = textOf(page.body);
    const at = `${saoPaulo({ day: '2-digit', month: '2-digit' }).format(busy)} ${saoPaulo({ hour: '2-digit', minute: '2-digit' }).format(busy)}`;
    assert.ok(text.includes(`Requisições: maior uso em 7 dias: 1.234 requisições num minuto (${at}); sugestão: 2.000/min.`), text);
    const day = saoPaulo({ day: '2-digit', month: '2-digit' }).format(busy);
    const sameDay = saoPaulo({ day: '2-digit' }).format(new Date(busy.getTime() + 60_000)) === saoPaulo({ day: '2-digit' }).format(busy);
    assert.ok(
      text.includes(
        `CPFs sem resultado: maior uso em 7 dias: 35 num minuto (${at}) e ${sameDay ? 65 : 35} num dia (${day}); sugestão: 60/min e 200/dia.`,
      ),
      text,
    );
    assert.match(text, /Recusas: 12 requisições recusadas com 429/);
    assert.match(text, /Sugestão pelo uso dos últimos 7 dias: 2\.000\./);
    assert.match(text, /Sugestão pelo uso dos últimos 7 dias: 60\./);
  });

  it('refuses limits that are not numbers in range, or a minute above the day, with a message each, and changes nothing', async () => {
    const db = fixture.t.database.db;
    const { id } = await createToken(db, { nome: 'Teimoso', scopes: ['associados:situacao'], criadoPor: 'test', limitePorMinuto: 700 });
    const post = (fields: Record<string, string>) =>
      agent.submit(`/admin/integracoes/${id}/limites`, `/admin/integracoes/${id}/limites`, fields);

    const bad = await post({ limite: '0', limite_cpf_minuto: 'vinte', limite_cpf_dia: '2000000000' });
    assert.equal(bad.statusCode, 400);
    const text = textOf(bad.body);
    assert.match(text, /O limite por minuto deve ser um número de 1 a 100\.000\.000\./);
    assert.match(text, /O limite de CPFs sem resultado por minuto deve ser um número de 1 a 100\.000\.000\./);
    assert.match(text, /O limite de CPFs sem resultado por dia deve ser um número de 1 a 100\.000\.000\./);
    assert.match(bad.body, /name="limite_cpf_minuto" type="number" min="1" max="100000000" value="vinte"/);

    const above = await post({ limite: '', limite_cpf_minuto: '500', limite_cpf_dia: '' });
    assert.equal(above.statusCode, 400);
    assert.match(
      textOf(above.body),
      /O limite de CPFs sem resultado por minuto \(500\) passa do limite por dia \(200, o padrão\); aumente o do dia também\./,
    );

    const row = await db
      .selectFrom('api_token')
      .select(['limite_por_minuto', 'limite_cpf_sem_resultado_minuto', 'limite_cpf_sem_resultado_dia'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { limite_por_minuto: 700, limite_cpf_sem_resultado_minuto: null, limite_cpf_sem_resultado_dia: null });
    assert.equal((await agent.get('/admin/integracoes/999999/limites')).statusCode, 404);
  });

  it("keeps a token's limits when it is rotated", async () => {
    const db = fixture.t.database.db;
    const { id } = await createToken(db, {
      nome: 'Provas rotacionadas',
      scopes: ['associados:situacao'],
      criadoPor: 'test',
      limitePorMinuto: 3000,
      cpfMissesPerMinute: 150,
      cpfMissesPerDay: 400,
    });
    const rotated = await rotate(id, '1h');
    assert.equal(rotated.statusCode, 200);
    const limits = await db
      .selectFrom('api_token')
      .select(['limite_por_minuto', 'limite_cpf_sem_resultado_minuto', 'limite_cpf_sem_resultado_dia'])
      .where('nome', '=', 'Provas rotacionadas')
      .orderBy('id')
      .execute();
    assert.deepEqual(limits, [
      { limite_por_minuto: 3000, limite_cpf_sem_resultado_minuto: 150, limite_cpf_sem_resultado_dia: 400 },
      { limite_por_minuto: 3000, limite_cpf_sem_resultado_minuto: 150, limite_cpf_sem_resultado_dia: 400 },
    ]);
  });

  it('refuses a change of limits without the CSRF token of the session', async () => {
    const db = fixture.t.database.db;
    const { id } = await createToken(db, { nome: 'Alvo', scopes: ['associados:situacao'], criadoPor: 'test' });
    const missing = await agent.postRaw(`/admin/integracoes/${id}/limites`, { limite: '100000' });
    assert.equal(missing.statusCode, 403);
    assert.match(missing.body, /Formulário expirado/);
    const forged = await agent.postRaw(`/admin/integracoes/${id}/limites`, { _csrf: 'forjado', limite: '100000' });
    assert.equal(forged.statusCode, 403);
    const row = await db.selectFrom('api_token').select('limite_por_minuto').where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.limite_por_minuto, null);
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
