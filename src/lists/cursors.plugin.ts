import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CursorCodec } from './pagination.js';

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
