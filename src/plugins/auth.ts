import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { asList } from '../http/route-hooks.js';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Problem, type ProblemCode } from '../http/problems.js';
import { declareTokenWarning, tokenWarning, type TokenWarning } from '../http/token-warning.js';
import type { Scope } from '../tokens/scopes.js';
import { TokenVerifier, type TokenIdentity, type Verification } from '../tokens/token-verifier.js';
import type { Viewer } from '../tokens/viewer.js';
import { API_PREFIX, baseUrl } from '../http/urls.js';
import { sharedLimiter } from './redis.js';

const REALM = 'Bearer realm="associa"';

/**
 * Every API route states who may call it in `config.access`: `'public'`, or the scopes of which the
 * token must hold one, the first named in a refusal. A route that states nothing fails at start-up.
 * Authentication runs on request, before validation and lookup, so an unauthenticated caller learns
 * nothing about what exists. The OpenAPI document's `security` and the scopes in a description (where it
 * says `{escopo}`) are derived from it.
 */
export type Access = 'public' | readonly Scope[];

/** States a route's access in its OpenAPI operation, from `config.access` alone. */
function describeAccess(schema: { security?: unknown; description?: string } | undefined, access: Access): void {
  if (!schema) return;
  schema.security = access === 'public' ? [] : [{ bearer: [] }];
  if (access !== 'public' && schema.description) {
    schema.description = schema.description.replace('{escopo}', `Escopo ${access.map((scope) => `\`${scope}\``).join(' ou ')}`);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The authenticated token, for the plugins that limit and audit its use. */
    token: TokenIdentity | null;
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

export default fp(
  function auth(app: FastifyInstance, _options: unknown, done: (error?: Error) => void) {
    const verifier = new TokenVerifier(app.database);
    app.decorate('tokens', verifier);
    app.decorateRequest('token', null);
    app.decorateRequest('viewer', null);
    // When each token was last used is a hint for administrators: with the database away at shutdown it is lost, said in the log.
    app.addHook('onClose', () =>
      verifier.close().catch((error: unknown) => app.log.warn({ err: error }, 'the last use of tokens could not be recorded')),
    );

    // Failed authentications are throttled per address, counting failures only, so a valid token costs no extra round trip.
    let failures: RateLimiterAbstract | undefined;
    /** The problem for a failed authentication: its own, or 429 once the address has failed too often. */
    async function failure(request: FastifyRequest, problem: Problem): Promise<Problem> {
      failures ??= sharedLimiter(app.redis, {
        points: app.config.rateLimitAuthFailures,
        duration: 60,
        keyPrefix: `associa:auth-failures:${app.deploymentId}`,
      });
      try {
        await failures.consume(request.ip);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const seconds = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        return new Problem('rate_limited', `Autenticações falhas demais deste endereço; tente de novo em ${seconds} s.`, {
          headers: { 'retry-after': seconds },
          limit: 'auth_failures',
        });
      }
      return problem;
    }

    // Filled in on request and written on send, where a next page's Link is known and can be kept beside the warning's.
    const warnings = new WeakMap<FastifyRequest, TokenWarning>();

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX)) return;
      const access = route.config?.access;
      if (access === undefined || (access !== 'public' && access.length === 0)) {
        throw new Error(`Route ${route.url} does not state its access (config.access: 'public' or scopes).`);
      }
      describeAccess(route.schema, access);
      if (access === 'public') return;
      const needed = access[0]!;
      /** Notes a valid token on its request, or gives the problem when the token lacks the scope. */
      const admitted = (request: FastifyRequest, token: TokenIdentity): Problem | undefined => {
        const warning = tokenWarning(token, new Date(), () => baseUrl(request));
        if (warning) warnings.set(request, warning);
        if (!access.some((scope) => token.scopes.includes(scope))) {
          return new Problem('insufficient_scope', `Esta operação exige o escopo ${needed}.`, {
            headers: { 'www-authenticate': `${REALM}, error="insufficient_scope", scope="${needed}"` },
          });
        }
        request.token = token;
        request.viewer = token.viewer;
        return undefined;
      };
      const decide = (request: FastifyRequest, verification: Verification, done: (error?: Problem) => void) => {
        if (verification.ok) return done(admitted(request, verification.token));
        const [code, detail] = REFUSALS[verification.reason];
        failure(request, new Problem(code, detail, { headers: { 'www-authenticate': `${REALM}, error="invalid_token"` } })).then(
          done,
          done,
        );
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
            failure(request, missing).then(done, done);
            return;
          }
          const verification = token === null ? { ok: false as const, reason: 'malformed' as const } : verifier.verify(token);
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
      // Declared here, beside the code that sends them, for every authenticated operation alike.
      if (route.schema?.response) {
        route.schema = {
          ...route.schema,
          response: declareTokenWarning(route.schema.response as Parameters<typeof declareTokenWarning>[0]),
        };
      }
    });
    done();
  },
  { name: 'auth', fastify: '5.x', dependencies: ['errors', 'service-keys', 'redis', 'metrics'] },
);
