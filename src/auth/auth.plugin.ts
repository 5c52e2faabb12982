import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Problem, type ProblemCode } from '../errors/problems.js';
import { asList } from '../routes/route-hooks.js';
import { tokenWarning, type TokenWarning } from './token-warning.js';
import { API_PREFIX, baseUrl } from '../routes/urls.js';
import { AuthFailures } from '../limits/auth-failures.js';
import type { Scope } from '../tokens/scopes.js';
import { LAST_USE_FLUSH_MS, TokenVerifier, type TokenIdentity, type Verification } from '../tokens/token-verifier.js';
import type { Viewer } from '../tokens/viewer.js';
import { OMITTED } from '../omitted-parts.js';

const REALM = 'Bearer realm="associa"';

/** A 403 for a token without `needed`, with the Bearer challenge naming it (RFC 6750). */
export function insufficientScope(needed: string, detail: string): Problem {
  return new Problem('insufficient_scope', detail, {
    headers: { 'www-authenticate': `${REALM}, error="insufficient_scope", scope="${needed}"` },
  });
}

/**
 * Every API route states who may call it in `config.access`: `'public'`, or the scopes of which the
 * token must hold one, the first named in a refusal. A route that states nothing fails at start-up.
 * Authentication runs on request, before validation and lookup, so an unauthenticated caller learns
 * nothing about what exists. The OpenAPI document states it too (src/api/openapi/access-description.ts).
 */
export type Access = 'public' | readonly Scope[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The authenticated token, for the plugins that limit and count its use. */
    token: TokenIdentity | null;
    /**
     * The token the request presented when the service knows it, admitted or not (revoked, expired, lacking the
     * scope): whom the audit trail attributes the request to.
     */
    presentedTokenId: number | null;
    /** Who is asking, for handlers: null on public routes. */
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    tokens: TokenVerifier;
  }
}

/** Why a token is refused, for programs and for people (API-DESIGN §3). */
const REFUSALS = {
  malformed: [
    'token_invalid',
    'O token é malformado: envie Authorization: Bearer seguido do token inteiro, como foi mostrado ao ser criado.',
  ],
  unknown: ['token_invalid', 'O token não é reconhecido; peça um ao administrador (área administrativa, seção Integrações).'],
  revoked: ['token_revoked', 'O token foi revogado; peça um novo ao administrador.'],
  expired: ['token_expired', 'O token expirou; peça um novo ao administrador.'],
} as const satisfies Record<Extract<Verification, { ok: false }>['reason'], readonly [ProblemCode, string]>;

function bearer(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Authentication (the bearer token verified, `request.token` and `request.viewer`) and authorisation (its scopes, or
 * 403) of every API route; failed authentications count against their address's limit (src/limits/auth-failures.ts).
 * A token going away is warned of here too: the warning is the verified token's, owed even when its scope falls short.
 */
export default fp(
  function auth(app: FastifyInstance, _options: unknown, done: (error?: Error) => void) {
    const verifier = new TokenVerifier(app.database);
    app.decorate('tokens', verifier);
    app.decorateRequest('token', null);
    app.decorateRequest('presentedTokenId', null);
    app.decorateRequest('viewer', null);
    // When each token was last used is a hint for administrators: with the database away at shutdown it is lost, said in the log.
    app.jobs.add({ name: 'token-last-use', everyMs: LAST_USE_FLUSH_MS, run: () => verifier.flushLastUse() });
    app.addHook('onClose', () =>
      verifier.flushLastUse().catch((error: unknown) => app.log.warn({ err: error }, 'the last use of tokens could not be recorded')),
    );

    const failures = AuthFailures.of(app);
    /** Without the token check (a benchmark build's, src/omitted-parts.ts), a token verified once is taken at its word. */
    const verified = new Map<string, Verification>();
    const known = (token: string): Verification | Promise<Verification> => {
      const remembered = verified.get(token);
      if (remembered) return remembered;
      const verification = verifier.verify(token);
      if (!(verification instanceof Promise)) return verified.set(token, verification).get(token)!;
      return verification.then((result) => verified.set(token, result).get(token)!);
    };
    // Filled in on request and written on send, where a next page's Link is known and can be kept beside the warning's.
    const warnings = new WeakMap<FastifyRequest, TokenWarning>();

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX)) return;
      const access = route.config?.access;
      if (access === undefined || (access !== 'public' && access.length === 0)) {
        throw new Error(`Route ${route.url} does not state its access (config.access: 'public' or scopes).`);
      }
      if (access === 'public') return;
      const needed = access[0]!;
      /** Notes a valid token on its request, or gives the problem when the token lacks the scope. */
      const admitted = (request: FastifyRequest, token: TokenIdentity): Problem | undefined => {
        request.presentedTokenId = token.id;
        const warning = tokenWarning(token, new Date(), () => baseUrl(request));
        if (warning) warnings.set(request, warning);
        if (!access.some((scope) => token.scopes.includes(scope))) {
          return insufficientScope(needed, `Esta operação exige o escopo ${needed}.`);
        }
        request.token = token;
        request.viewer = token.viewer;
        return undefined;
      };
      const decide = (request: FastifyRequest, verification: Verification, done: (error?: Problem) => void) => {
        if (verification.ok) return done(admitted(request, verification.token));
        if ('tokenId' in verification) request.presentedTokenId = verification.tokenId;
        const [code, detail] = REFUSALS[verification.reason];
        const problem = new Problem(code, detail, { headers: { 'www-authenticate': `${REALM}, error="invalid_token"` } });
        failures.failed(request.ip, problem).then(done, done);
      };
      route.onRequest = [
        ...asList(route.onRequest),
        // A callback rather than an async function: a token the cache knows is admitted without a promise.
        (request, reply, done) => {
          // The answer depends on who asks.
          reply.header('vary', 'Authorization');
          const token = bearer(request);
          // A request without credentials is a failure too: otherwise anyone could send them without limit.
          if (token === undefined) {
            const missing = new Problem('token_missing', 'Envie o cabeçalho Authorization: Bearer <token>.', {
              headers: { 'www-authenticate': REALM },
            });
            failures.failed(request.ip, missing).then(done, done);
            return;
          }
          const verification =
            token === null
              ? { ok: false as const, reason: 'malformed' as const }
              : OMITTED['token-check']
                ? known(token)
                : verifier.verify(token);
          if (verification instanceof Promise) verification.then((verified) => decide(request, verified, done), done);
          else decide(request, verification, done);
        },
      ];
      route.onSend = [
        ...asList(route.onSend),
        (request, reply, payload, next) => {
          const warning = warnings.get(request);
          if (warning) {
            app.countTokenWarning(warning.kind);
            const link = reply.getHeader('link');
            reply
              .header('deprecation', warning.deprecation)
              .header('sunset', warning.sunset)
              .header('link', [link ?? [], warning.link].flat().join(', '));
          }
          next(null, payload);
        },
      ];
    });
    done();
  },
  { name: 'auth', fastify: '5.x', dependencies: ['errors', 'service-keys', 'redis', 'metrics', 'jobs'] },
);
