import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { redactUrl } from '../../observability/log-redaction.js';
import { LoginThrottle } from '../../limits/login-throttle.js';
import { findAdminByEmail, recordLogin, verifyPassword } from '../admin-users.js';
import { field, formOf } from '../pages.js';
import { AnyQuery } from '../route-schemas.js';
import { loginPage } from '../views/session.js';

const HOME = '/admin/integracoes';
const ORIGIN = 'http://associa.invalid';

/**
 * The page to show after logging in, if `next` may be followed: a path of the administration area that is
 * already the path and query a URL parser would write for it (no scheme or host, no control or non-ASCII
 * characters, no backslashes, no dot segments, no fragment), so it is always a valid, same-site Location,
 * and that holds no token, CPF or secret parameter, since the login form and `Location` repeat it.
 */
function followable(next: unknown): string | undefined {
  if (typeof next !== 'string' || !next) return undefined;
  let url: URL;
  try {
    url = new URL(next, ORIGIN);
  } catch {
    return undefined;
  }
  const canonical = url.origin === ORIGIN && `${url.pathname}${url.search}` === next;
  return canonical && /^\/admin(\/|$)/.test(url.pathname) && redactUrl(next) === next ? next : undefined;
}

/** Compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password. */
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
/** What the audit trail says instead of an e-mail no administrator has: that text may well be a password typed in the wrong field. */
const UNKNOWN_EMAIL = '(e-mail desconhecido)';

export function sessionRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const throttle = LoginThrottle.of(app);

  app.get('/entrar', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    const next = followable(request.query.proximo);
    if (request.session.adminId) return reply.redirect(next ?? HOME, 303);
    const csrfToken = reply.generateCsrf();
    return reply.type('text/html; charset=utf-8').send(loginPage({ csrfToken, next }));
  });

  app.post('/entrar', async (request, reply) => {
    const form = formOf(request);
    const email = field(form.email).toLowerCase().slice(0, 200);
    // A password is taken as typed, spaces included.
    const password = typeof form.senha === 'string' ? form.senha.slice(0, 1000) : '';
    const next = followable(form.proximo);
    const again = async (status: number, error: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(loginPage({ csrfToken: reply.generateCsrf(), email, error, next }));

    const admin = await findAdminByEmail(app.database.db, email);
    const audited = admin?.email ?? UNKNOWN_EMAIL;
    const wait = await throttle.reserve(request.ip, email);
    if (wait > 0) {
      request.adminAudit = { detalhe: `login recusado (tentativas demais): ${audited}` };
      void reply.header('retry-after', String(wait));
      return again(429, `Tentativas demais. Espere ${Math.ceil(wait / 60)} min e tente de novo.`);
    }
    const valid = await verifyPassword(password, admin?.senha_hash ?? DUMMY_HASH);
    if (!admin || !valid) {
      request.adminAudit = { detalhe: `login falhou: ${audited}` };
      return again(401, 'E-mail ou senha incorretos.');
    }
    await throttle.succeeded(request.ip, email);
    // A new session id at login, so a session id planted before it is worthless (session fixation).
    await request.session.regenerate();
    request.session.adminId = admin.id;
    request.session.adminEmail = admin.email;
    await recordLogin(app.database.db, admin.id, new Date());
    request.adminAudit = { detalhe: `login: ${admin.email}` };
    return reply.redirect(next ?? HOME, 303);
  });

  app.post('/sair', async (request, reply) => {
    const { adminId, adminEmail } = request.session;
    if (adminId) request.adminAudit = { detalhe: `logout: ${adminEmail ?? ''}`, adminId };
    await request.session.destroy();
    return reply.redirect('/admin/entrar', 303);
  });
  done();
}
