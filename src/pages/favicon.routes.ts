import type { FastifyInstance, FastifyReply } from 'fastify';
import { ICON } from './icon.js';

/** It changes only with a release, and rarely then: a changed icon reaches browsers within a week. */
const send = (_request: unknown, reply: FastifyReply) =>
  reply.type('image/svg+xml').header('cache-control', 'public, max-age=604800').send(ICON);

/**
 * The icon of every page (the administration area, the problem pages, /docs), outside /api/v1 and without a token,
 * as /healthz is: no audit, no rate limit. Browsers ask for /favicon.ico whatever the page links; it gets the same SVG.
 */
export function faviconRoutes(app: FastifyInstance, _options: unknown, done: () => void): void {
  app.get('/favicon.svg', send);
  app.get('/favicon.ico', send);
  done();
}
