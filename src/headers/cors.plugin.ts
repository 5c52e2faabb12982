import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { EXPOSED_HEADERS } from './exposed-headers.js';
import { asList } from '../routes/route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Pages on any site may read this route's responses (API-DESIGN §8); other routes send no CORS headers. */
    cors?: boolean;
  }
}

const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD',
  // A page revalidates with If-None-Match and may name its request for the logs.
  'access-control-allow-headers': 'If-None-Match, X-Request-Id',
  // A day: browsers keep it as long as they allow (Chromium two hours), so a page asks rarely.
  'access-control-max-age': '86400',
};

/**
 * CORS for the routes that state `config.cors`: `Access-Control-Allow-Origin: *` on every response they give,
 * problems and 429 included, so that a page can read an error and its Retry-After instead of a failed fetch;
 * and 204 to their preflights. Without credentials: nothing here is meant for a token in a browser.
 */
export default fp(
  function cors(app: FastifyInstance, _options: unknown, done: () => void) {
    const preflighted: RegExp[] = [];
    const allowOrigin: onSendHookHandler = (_request, reply, payload, next) => {
      reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', EXPOSED_HEADERS);
      next(null, payload);
    };

    app.addHook('onRoute', (route) => {
      if (route.config?.cors !== true) return;
      // On send, so that problems sent before the route's own hooks run (a 406, a 414) carry the headers too.
      route.onSend = [...asList(route.onSend), allowOrigin];
      if (route.method === 'HEAD') return;
      const pattern = route.url
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      preflighted.push(new RegExp(`^${pattern}$`));
    });

    // A preflight matches no route, so it meets no authentication, rate limit or 405; any other OPTIONS still gets 405.
    app.addHook('onRequest', (request, reply, next) => {
      if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return next();
      const path = request.url.split('?')[0]!;
      if (!preflighted.some((pattern) => pattern.test(path))) return next();
      void reply.code(204).headers(PREFLIGHT_HEADERS).send();
    });
    done();
  },
  { name: 'cors', fastify: '5.x' },
);
