import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Lanes } from '../db/connection.js';
import { INSTANCE_LANE, type Lane } from '../db/fair-gate.js';
import { servedFromCache } from '../caching/page-cache.js';
import { Problem } from '../errors/problems.js';
import { asList } from '../routes/route-hooks.js';
import { API_PREFIX } from '../routes/urls.js';
import { CpfLookupLimit } from './cpf-lookup-limit.js';
import { InFlight } from './in-flight.js';
import type { RouteLoad } from './lanes.js';
import { policyHeader, remainingHeader, RequestLimits, type PublicPolicy, type Taken } from './request-limits.js';
import { OMITTED } from '../omitted-parts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits of lookups by CPF that find nobody, one for every route that looks up by CPF. */
    cpfLookups: CpfLookupLimit;
  }
  interface FastifyRequest {
    /**
     * What an admitted request took from its limit (`cost`, in requests), so that a 304 of the public list served from
     * the page cache can give it back and a token's use can be summed.
     */
    rateLimitPoint: Taken | null;
    /** Whose turn its statements wait for at the database's gate (src/db/fair-gate.ts): its token's or the public's. */
    lane: Lane | null;
    /** The database as the request reads it: its statements in its lane. */
    readonly data: Lanes;
  }
  interface FastifyContextConfig {
    /** A public route counted apart from the public list, under a policy of its own (the OpenAPI document's, `docs`). */
    publicPolicy?: PublicPolicy;
    /**
     * What a request of the route counts against its limit, in requests (1 when not stated), read from the raw request:
     * it is taken before validation, like every request's point.
     */
    rateLimitCost?: (request: FastifyRequest) => number;
    /**
     * A write's items, each counted as a request (API-DESIGN §14): read from the parsed body, so taken after validation,
     * beyond the request's own point; a batch that costs more than remains is refused whole, before it is written.
     */
    rateLimitItems?: (request: FastifyRequest) => number;
    /**
     * What a request of the route costs the database: `bulk` for a page of a list, `write` for a write's transaction,
     * `interactive` (the default) otherwise.
     */
    load?: RouteLoad;
  }
}

/**
 * Applies the request limits (src/limits/request-limits.ts) to every API route, after authentication, and
 * announces them with the IETF RateLimit and RateLimit-Policy fields; a token's requests in flight at once first
 * (src/limits/in-flight.ts); gives each request its lane of the database's gate (src/limits/lanes.ts), so that one
 * token's statements wait in turn with another's; holds the CPF-miss limits the routes apply.
 */
export default fp(
  function rateLimit(app: FastifyInstance, _options: unknown, done: () => void) {
    const limits = RequestLimits.of(app);
    const inFlight = new InFlight();
    const lanes = app.requestLanes;
    const share = app.backgroundShare;
    app.decorate('cpfLookups', CpfLookupLimit.of(app));
    app.decorateRequest('cpfMisses', 0);
    app.decorateRequest('rateLimitPoint', null);
    app.decorateRequest('lane', null);
    app.decorateRequest('data', {
      getter(this: FastifyRequest) {
        return app.database.in(this.lane ?? INSTANCE_LANE);
      },
    });

    // Hooks with callbacks rather than async functions: a decision is mostly taken without waiting, and
    // then costs no promise.
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!route.url.startsWith(API_PREFIX) || access === undefined) return;
      const publicPolicy = route.config?.publicPolicy ?? 'public';
      const policyOf =
        access === 'public'
          ? (request: FastifyRequest) => limits.perAddress(request.ip, publicPolicy)
          : // Runs after authentication: a token is known on every protected route by now.
            (request: FastifyRequest) => limits.perToken(request.token!);
      const costOf = route.config?.rateLimitCost;
      const load = route.config?.load ?? 'interactive';
      route.onRequest = [
        ...asList(route.onRequest),
        (request, reply, done) => {
          // Its client left while an earlier hook waited (its token's lookup): the response is closed and its 'close' has
          // passed, so nothing taken below would be given back (a token would keep a request in flight for good). Nobody
          // waits for the answer: the request ends here.
          if (reply.raw.closed) {
            reply.hijack();
            return done();
          }
          const policy = policyOf(request);
          if (!OMITTED['rate-limit']) reply.header('ratelimit-policy', policyHeader(policy));
          const admit = (taken: Taken | Problem) => {
            if (taken instanceof Problem) return taken;
            reply.header('ratelimit', remainingHeader(taken, taken.remaining, taken.seconds));
            request.rateLimitPoint = taken;
            return undefined;
          };
          const token = request.token;
          if (token) {
            const refused = inFlight.enter(token.id, token.limiteSimultaneas ?? app.config.concurrencyLimitToken);
            if (refused) return done(refused);
          }
          const lane = lanes.of(token?.id, load);
          // Since Fastify took the request, its token's lookup included (a lookup waits for a database away as long as
          // a statement would): a page's deadline bounds the whole request.
          const arrivedAt = performance.now() - reply.elapsedTime;
          request.lane = lane;
          lanes.entered(lane);
          // A list page's turn: 'waiting' until it has one, 'turn' while it holds it.
          let page: 'none' | 'waiting' | 'turn' = 'none';
          let turnAt = 0;
          // Once answered, or once its client has gone (a statement of it may still run to its timeout).
          reply.raw.once('close', () => {
            lanes.ended(lane);
            share.requestEnded();
            if (token) inFlight.leave(token.id);
            if (page === 'turn') lanes.endTurn(lane, performance.now() - turnAt, reply.raw.headersSent && reply.raw.statusCode < 500);
            page = 'none';
          });
          const proceed = (outcome: Taken | Problem | undefined) => {
            const refused = outcome && admit(outcome);
            if (refused || load !== 'bulk') return done(refused);
            const pageLane = lanes.withDeadline(lane, arrivedAt);
            const waiting = lanes.pages.acquire(pageLane);
            const start = () => {
              turnAt = performance.now();
              page = 'turn';
              request.lane = pageLane;
              done();
            };
            if (!waiting) return start();
            page = 'waiting';
            waiting.then(() => {
              // Its client left while it waited: the turn goes to the next.
              if (page !== 'waiting') return lanes.pages.release(lane);
              start();
            }, done);
          };
          if (OMITTED['rate-limit']) return proceed(undefined);
          const taken = limits.take(policy, costOf?.(request) ?? 1);
          if (taken instanceof Promise) taken.then(proceed, done);
          else proceed(taken);
        },
      ];
      const itemsOf = route.config?.rateLimitItems;
      if (itemsOf) {
        route.preHandler = [
          ...asList(route.preHandler),
          (request, reply, done) => {
            const point = request.rateLimitPoint;
            const extra = itemsOf(request) - (point?.cost ?? 0);
            if (!point || extra <= 0) return done();
            const charged = (taken: Taken | Problem) => {
              if (taken instanceof Problem) return done(taken);
              reply.header('ratelimit', remainingHeader(taken, taken.remaining, taken.seconds));
              done();
            };
            const taken = limits.take(point, extra);
            if (taken instanceof Promise) taken.then(charged, done);
            else charged(taken);
          },
        ];
      }
      // Every request counts, 304s included: the query behind them ran (API-DESIGN §9). Only a 304 of the public list whose
      // page came from the page cache, without a query, gives its point back, and never one that `If-None-Match: *` earned.
      // The route's own onSend runs after the caching plugin's, which turns a 200 into a 304.
      if (access !== 'public') return;
      route.onSend = [
        ...asList(route.onSend),
        (request, reply, payload, done) => {
          const point = request.rateLimitPoint;
          if (reply.statusCode !== 304 || !point || !servedFromCache(reply) || request.headers['if-none-match']?.trim() === '*') {
            return done(null, payload);
          }
          reply.header('ratelimit', remainingHeader(point, limits.refund(point), point.seconds));
          done(null, payload);
        },
      ];
    });
    done();
  },
  { name: 'rate-limit', fastify: '5.x', dependencies: ['auth', 'audit', 'service-keys', 'redis', 'caching', 'sharing'] },
);
