import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CursorCodec } from '../http/pagination.js';

declare module 'fastify' {
  interface FastifyInstance {
    cursors: CursorCodec;
  }
}

/** Pagination cursors are signed with a key kept in the database, so every instance reads the others' cursors. */
export default fp(async function cursors(app: FastifyInstance) {
  const row = await app.database.db.selectFrom('chave_servico').select('valor').where('nome', '=', 'cursor').executeTakeFirstOrThrow();
  app.decorate('cursors', new CursorCodec(row.valor));
}, { name: 'cursors', fastify: '5.x' });
