import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CursorCodec, nextLink } from '../http/pagination.js';
import { baseUrl } from '../http/urls.js';

declare module 'fastify' {
  interface FastifyInstance {
    cursors: CursorCodec;
  }
}

/** Pagination cursors are signed with a key kept in the database, so every instance reads the others' cursors. */
export default fp(
  function cursors(app: FastifyInstance, _options: unknown, done: () => void) {
    app.decorate('cursors', new CursorCodec(app.serviceKeys.cursor));
    done();
  },
  { name: 'cursors', fastify: '5.x', dependencies: ['service-keys'] },
);

/** The key a page starts after, from the request's cursor (undefined without one). */
export function cursorKey(
  request: { query: { cursor?: string }; server: FastifyInstance },
  binding: unknown,
): (string | number)[] | undefined {
  const cursor = request.query.cursor;
  return cursor === undefined ? undefined : request.server.cursors.decode(cursor, binding);
}

/** Cuts the extra row a query fetched to know a next page exists, and links to that page. */
export function paginate<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  rows: T[],
  limit: number,
  binding: unknown,
  keyOf: (row: T) => (string | number)[],
): T[] {
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  reply.header('link', nextLink(baseUrl(request), request.url, request.server.cursors.encode(binding, keyOf(page.at(-1)!))));
  return page;
}
