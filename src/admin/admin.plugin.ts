import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import session from '@fastify/session';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactText, redactUrl } from '../observability/log-redaction.js';
import { ADMIN_CSS, ADMIN_JS } from './assets.js';
import { auditoriaRoutes } from './routes/auditoria.js';
import { titularRoutes } from './routes/titular.js';
import { caixaDeSaidaRoutes } from './routes/caixa-de-saida.js';
import { importacaoRoutes } from './routes/importacao.js';
import { integracoesRoutes } from './routes/integracoes.js';
import { provasRoutes } from './routes/provas.js';
import { sessionRoutes } from './routes/session.js';
import { simulacaoRoutes } from './routes/simulacao.js';
import { webhooksRoutes } from './routes/webhooks.js';
import { DatabaseSessionStore } from './session-store.js';
import { errorPage } from './views/session.js';

export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;
const FORM_BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface Session {
    adminId?: number;
    adminEmail?: string;
  }
  interface FastifyRequest {
    /** What an administration request did, for the audit trail. */
    adminAudit: { detalhe: string; matriculas?: number[]; adminId?: number } | null;
  }
}

/** On top of the headers every response carries (src/app.ts). */
const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'same-origin',
};

/**
 * The administration area under /admin: server-rendered pages in Portuguese, a database-backed session
 * cookie, CSRF tokens on every form, and nothing reachable without a session but the login page.
 */
export async function adminArea(app: FastifyInstance): Promise<void> {
  const secure = app.config.publicBaseUrl?.startsWith('https://') ?? false;
  const store = new DatabaseSessionStore(app.database.db, SESSION_LIFETIME_MS);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
  await app.register(session, {
    secret: app.serviceKeys.sessao,
    cookieName: 'associa_admin',
    cookie: { path: '/admin', httpOnly: true, sameSite: 'strict', secure, maxAge: SESSION_LIFETIME_MS },
    saveUninitialized: false,
    rolling: false,
    store,
  });
  await app.register(csrf, { sessionPlugin: '@fastify/session' });
  app.decorateRequest('adminAudit', null);

  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(SECURITY_HEADERS);
    done();
  });
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method === 'POST') return app.csrfProtection(request, reply, done);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.adminAudit) {
      app.audit.record({
        ocorrido_em: new Date(),
        origem: 'admin',
        token_id: null,
        admin_id: request.adminAudit.adminId ?? request.session?.adminId ?? null,
        metodo: request.method,
        rota: request.routeOptions.url ?? request.url.split('?')[0]!,
        status: reply.statusCode,
        request_id: request.id,
        request_id_cliente: request.clientRequestId,
        ip: request.ip,
        matriculas: request.adminAudit.matriculas ?? [],
        detalhe: request.adminAudit.detalhe,
      });
    }
    done();
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(
        errorPage({
          title: 'Página não encontrada',
          message: `Nada em ${redactText(request.url.split('?')[0]!)}.`,
          signedIn: Boolean(request.session?.adminId),
        }),
      ),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code?.startsWith('FST_CSRF_')) {
      return reply
        .code(403)
        .type('text/html; charset=utf-8')
        .send(
          errorPage({
            title: 'Formulário expirado',
            message: 'O formulário não traz um código de segurança válido (CSRF). Volte, recarregue a página e envie de novo.',
          }),
        );
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'administration request failed');
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(
        errorPage({
          title: status === 500 ? 'Erro interno' : 'Pedido inválido',
          message: status === 500 ? `Algo falhou do nosso lado (pedido ${request.id}).` : error.message,
        }),
      );
  });

  app.get('/assets/admin.css', (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(ADMIN_CSS),
  );
  app.get('/assets/admin.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(ADMIN_JS),
  );

  await app.register(sessionRoutes);
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', requireAdmin);
    signedIn.get('/', (_request, reply) => reply.redirect('/admin/integracoes', 303));
    await signedIn.register(integracoesRoutes);
    await signedIn.register(provasRoutes);
    await signedIn.register(webhooksRoutes);
    await signedIn.register(auditoriaRoutes);
    await signedIn.register(titularRoutes);
    await signedIn.register(importacaoRoutes);
    // Off (production's default), the simulation's pages do not exist: they change invoices, and with them standing.
    if (app.config.simulation) {
      await signedIn.register(simulacaoRoutes);
      await signedIn.register(caixaDeSaidaRoutes);
    }
  });

  app.jobs.add({ name: 'admin-sessions', everyMs: 60 * 60 * 1000, run: () => store.prune() });
}

/** Without a session: a page is redirected to the login (and back afterwards); a form is refused. */
function requireAdmin(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (request.session.adminId) return done();
  if (request.method === 'GET' || request.method === 'HEAD') {
    void reply.redirect(loginThenBackTo(request.url), 303);
    return;
  }
  void reply
    .code(401)
    .type('text/html; charset=utf-8')
    .send(errorPage({ title: 'Sessão encerrada', message: 'É preciso entrar de novo para enviar este formulário.', signedIn: false }));
}

/**
 * The login, then back to the page asked for. A query holding a token, a CPF or a secret parameter is
 * dropped, and so is the whole address when its path holds one: `Location` and the login form repeat `proximo`.
 */
function loginThenBackTo(url: string): string {
  const path = url.split('?')[0]!;
  if (!path.startsWith('/admin') || redactText(path) !== path) return '/admin/entrar';
  return `/admin/entrar?proximo=${encodeURIComponent(redactUrl(url) === url ? url : path)}`;
}
