import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL } from '../../src/limits/login-throttle.js';
import { ADMIN_EMAIL, AdminAgent, allRoutes, createTestAdmin, csrfOf } from '../helpers/admin.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('administration sessions', () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  before(async () => {
    t = await createTestDatabase();
    app = await buildApp({ config: loadConfig({ REDIS_URL: process.env.REDIS_URL }), database: t.database });
    await createTestAdmin(app);
  });
  after(async () => {
    await app.close();
    await t.dispose();
  });

  it('logs in with e-mail and password, with a new session id, and a cookie that is HttpOnly and SameSite=Strict', async () => {
    const agent = new AdminAgent(app);
    const form = await agent.get('/admin/entrar');
    assert.equal(form.statusCode, 200);
    assert.match(form.body, /<label for="email">E-mail<\/label>/);
    const before = agent.sessionCookie;
    const response = await agent.postRaw('/admin/entrar', {
      _csrf: csrfOf(form.body),
      email: ADMIN_EMAIL.toUpperCase(),
      senha: 'senha-de-teste-longa',
    });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, '/admin/integracoes');
    const setCookie = String(response.headers['set-cookie']);
    assert.match(setCookie, /^associa_admin=[^;]+; Path=\/admin; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    assert.notEqual(agent.sessionCookie, before);
    const page = await agent.get('/admin/integracoes');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, new RegExp(ADMIN_EMAIL));
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.match(String(page.headers['content-security-policy']), /frame-ancestors 'none'/);
    const stored = await t.database.db
      .selectFrom('admin_sessao')
      .select(['id_hash', 'admin_id'])
      .where('admin_id', 'is not', null)
      .execute();
    assert.equal(stored.length, 1);
    assert.ok(!agent.sessionCookie.includes(stored[0]!.id_hash), 'only a hash of the session id is stored');
  });

  it('sends the browser back to the page it asked for after logging in, but only within /admin', async () => {
    const agent = new AdminAgent(app);
    const redirect = await agent.get('/admin/integracoes?feito=revogado');
    assert.equal(redirect.statusCode, 303);
    assert.equal(redirect.headers.location, '/admin/entrar?proximo=%2Fadmin%2Fintegracoes%3Ffeito%3Drevogado');
    const back = await agent.submit(String(redirect.headers.location), '/admin/entrar', {
      email: ADMIN_EMAIL,
      senha: 'senha-de-teste-longa',
      proximo: '/admin/integracoes?feito=revogado',
    });
    assert.equal(back.headers.location, '/admin/integracoes?feito=revogado');
    assert.equal((await agent.get(back.headers.location)).statusCode, 200);
    const other = new AdminAgent(app);
    const away = await other.submit('/admin/entrar', '/admin/entrar', {
      email: ADMIN_EMAIL,
      senha: 'senha-de-teste-longa',
      proximo: '//evil.example/admin',
    });
    assert.equal(away.headers.location, '/admin/integracoes');
  });

  it('goes after logging in only to a plain path of the area, never failing on what proximo holds', async () => {
    const followed = ['/admin/auditoria?rota=%2Fadmin%2Fentrar&status=4xx', '/admin/simulacao', '/admin'];
    const home = [
      '/admin/x\r\nSet-Cookie: a=1',
      '/admin/x\nb',
      '/admin/\0',
      '/admin/。',
      '/admin/é',
      '/admin/../api/v1/associados',
      '/admin/%2e%2e/docs',
      '/admin\\..\\docs',
      '/admin/\\evil.example',
      '/admin/x#frag',
      '/administrador',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      'admin/integracoes',
      ' /admin/integracoes',
      '/admin/ x',
      '/admin/<script>',
    ];
    const agent = new AdminAgent(app);
    for (const proximo of [...followed, ...home]) {
      const expected = followed.includes(proximo) ? proximo : '/admin/integracoes';
      const login = await new AdminAgent(app).submit('/admin/entrar', '/admin/entrar', {
        email: ADMIN_EMAIL,
        senha: 'senha-de-teste-longa',
        proximo,
      });
      assert.equal(login.statusCode, 303, JSON.stringify(proximo));
      assert.equal(login.headers.location, expected, JSON.stringify(proximo));
      if (!agent.sessionCookie) await agent.login();
      const signedIn = await agent.get(`/admin/entrar?proximo=${encodeURIComponent(proximo)}`);
      assert.equal(signedIn.statusCode, 303, JSON.stringify(proximo));
      assert.equal(signedIn.headers.location, expected, JSON.stringify(proximo));
    }
  });

  it('refuses a wrong password or an unknown e-mail with the same message', async () => {
    for (const [email, senha] of [
      [ADMIN_EMAIL, 'errada-mas-longa'],
      ['ninguem@associa.example', 'senha-de-teste-longa'],
    ]) {
      const agent = new AdminAgent(app);
      const response = await agent.submit('/admin/entrar', '/admin/entrar', { email: email!, senha: senha! });
      assert.equal(response.statusCode, 401);
      assert.match(response.body, /role="alert">E-mail ou senha incorretos\./);
      assert.equal((await agent.get('/admin/integracoes')).statusCode, 303);
    }
  });

  it('throttles guessing: after too many failures even the right password is refused for a while', async () => {
    const email = 'alvo@associa.example';
    const { createAdminUser } = await import('../../src/admin/admin-users.js');
    await createAdminUser(t.database.db, email, 'senha-correta-do-alvo');
    const agent = new AdminAgent(app);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      assert.equal((await agent.submit('/admin/entrar', '/admin/entrar', { email, senha: `chute-${i}-longo` })).statusCode, 401);
    }
    const blocked = await agent.submit('/admin/entrar', '/admin/entrar', { email, senha: 'senha-correta-do-alvo' });
    assert.equal(blocked.statusCode, 429);
    assert.ok(Number(blocked.headers['retry-after']) > 0);
    assert.match(blocked.body, /Tentativas demais/);
  });

  it('checks no more passwords than the limits allow, 64 attempts at a time', async () => {
    /** 64 agents with their forms open, whose logins are sent together; their statuses. */
    const together = async (address: string, email: (i: number) => string) => {
      const agents = Array.from({ length: 64 }, () => new AdminAgent(app, address));
      const forms = await Promise.all(agents.map((agent) => agent.get('/admin/entrar')));
      const responses = await Promise.all(
        agents.map((agent, i) =>
          agent.postRaw('/admin/entrar', { _csrf: csrfOf(forms[i]!.body), email: email(i), senha: `chute-${i}-longo` }),
        ),
      );
      return responses.map((response) => response.statusCode);
    };
    const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

    const oneEmail = await together('10.20.0.1', () => 'alvo-concorrente@associa.example');
    assert.equal(count(oneEmail, 401), MAX_FAILURES_PER_EMAIL, 'passwords checked against one e-mail');
    assert.equal(count(oneEmail, 429), 64 - MAX_FAILURES_PER_EMAIL);

    const oneAddress = await together('10.20.0.2', (i) => `alvo-${i}@associa.example`);
    assert.equal(count(oneAddress, 401), MAX_FAILURES_PER_ADDRESS, 'passwords checked from one address');
    assert.equal(count(oneAddress, 429), 64 - MAX_FAILURES_PER_ADDRESS);
  });

  it("names a failed login's e-mail in the audit trail only when an administrator has it", async () => {
    // A password typed into the e-mail field must not end up in the trail, refused or throttled.
    const typed = 'hunter2-secret-pw!';
    for (let i = 0; i <= MAX_FAILURES_PER_EMAIL; i++) {
      const response = await new AdminAgent(app).submit('/admin/entrar', '/admin/entrar', { email: typed, senha: 'qualquer-coisa-longa' });
      assert.equal(response.statusCode, i < MAX_FAILURES_PER_EMAIL ? 401 : 429);
    }
    assert.equal(
      (await new AdminAgent(app).submit('/admin/entrar', '/admin/entrar', { email: ADMIN_EMAIL, senha: 'errada-mas-longa' })).statusCode,
      401,
    );
    await app.audit.flush();
    const agent = new AdminAgent(app);
    await agent.login();
    for (const url of ['/admin/auditoria?rota=/admin/entrar', '/admin/auditoria.csv?rota=/admin/entrar']) {
      const response = await agent.get(url);
      assert.equal(response.statusCode, 200, url);
      assert.ok(!response.body.includes('hunter2'), url);
      assert.match(response.body, /login falhou: \(e-mail desconhecido\)/, url);
      assert.match(response.body, /login recusado \(tentativas demais\): \(e-mail desconhecido\)/, url);
      assert.match(response.body, new RegExp(`login falhou: ${ADMIN_EMAIL}`), url);
    }
  });

  it('logs out: the session ends on the server, so the old cookie no longer works', async () => {
    const agent = new AdminAgent(app);
    await agent.login();
    const cookie = agent.sessionCookie;
    const out = await agent.submit('/admin/integracoes', '/admin/sair', {});
    assert.equal(out.statusCode, 303);
    assert.equal(out.headers.location, '/admin/entrar');
    const replay = await app.inject({ url: '/admin/integracoes', headers: { cookie } });
    assert.equal(replay.statusCode, 303);
  });

  it('ends a session at its expiry', async () => {
    const agent = new AdminAgent(app);
    await agent.login();
    assert.equal((await agent.get('/admin/integracoes')).statusCode, 200);
    await t.database.db
      .updateTable('admin_sessao')
      .set({ expira_em: new Date(Date.now() - 1000) })
      .execute();
    assert.equal((await agent.get('/admin/integracoes')).statusCode, 303);
  });

  it('refuses a login form without a valid CSRF token', async () => {
    const agent = new AdminAgent(app);
    await agent.get('/admin/entrar');
    const response = await agent.postRaw('/admin/entrar', { email: ADMIN_EMAIL, senha: 'senha-de-teste-longa' });
    assert.equal(response.statusCode, 403);
    assert.match(response.body, /CSRF/);
  });

  it("stays out of the API's OpenAPI document", async () => {
    const document = (await app.inject('/api/v1/openapi.json')).json<{ paths: Record<string, unknown> }>();
    assert.ok(Object.keys(document.paths).length >= 7);
    assert.deepEqual(
      Object.keys(document.paths).filter((path) => path.includes('admin')),
      [],
    );
  });

  describe('every page and form of the area', () => {
    // Logging out needs no session (and without one it is refused for its missing CSRF secret).
    const OPEN = new Set(['/admin/entrar', '/admin/sair', '/admin/assets/admin.css', '/admin/assets/admin.js']);
    // Path parameters get a value of the right shape, so only the guard can refuse the request.
    const concrete = (path: string) => path.replace(/:matricula/g, '000001').replace(/:[a-z]+/g, '1');

    it('cannot be reached or submitted without a session', async () => {
      const routes = allRoutes(app).filter((route) => route.path.startsWith('/admin') && !OPEN.has(route.path) && route.method !== 'HEAD');
      assert.ok(routes.filter((route) => route.method === 'POST').length >= 3, JSON.stringify(routes));
      for (const route of routes) {
        const response = await app.inject({
          method: route.method as 'GET' | 'POST',
          url: concrete(route.path),
          payload: route.method === 'POST' ? 'x=1' : undefined,
          headers: route.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        });
        if (route.method === 'GET') {
          assert.equal(response.statusCode, 303, `${route.method} ${route.path}`);
          assert.match(String(response.headers.location), /^\/admin\/entrar/);
        } else {
          assert.equal(response.statusCode, 401, `${route.method} ${route.path}`);
        }
      }
    });

    it('refuses every form without a valid CSRF token, even with a session', async () => {
      const agent = new AdminAgent(app);
      await agent.login();
      const page = await agent.get('/admin/integracoes');
      const posts = allRoutes(app).filter((route) => route.path.startsWith('/admin') && route.method === 'POST');
      for (const route of posts) {
        for (const fields of <Record<string, string>[]>[
          {},
          { _csrf: 'forjado' },
          { _csrf: csrfOf(page.body).replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) },
        ]) {
          const response = await agent.postRaw(concrete(route.path), fields);
          assert.equal(response.statusCode, 403, `POST ${route.path} with ${JSON.stringify(fields)}`);
        }
      }
      assert.equal((await agent.get('/admin/integracoes')).statusCode, 200, 'the session survives refused forms');
    });
  });
});
