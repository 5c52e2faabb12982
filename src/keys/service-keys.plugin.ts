import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Secrets every instance on the same database shares (migrations/0002). */
    serviceKeys: { cursor: string; sessao: string };
    /** A public name for this deployment (its database), to namespace shared state such as Redis keys. */
    deploymentId: string;
  }
}

/** Reads the service keys once at start-up. */
export default fp(
  async function serviceKeys(app: FastifyInstance) {
    const rows = await app.database.db.selectFrom('chave_servico').select(['nome', 'valor']).execute();
    const key = (nome: string) => {
      const valor = rows.find((row) => row.nome === nome)?.valor;
      if (!valor) throw new Error(`The service key "${nome}" is missing; run the migrations.`);
      return valor;
    };
    const cursor = key('cursor');
    app.decorate('serviceKeys', { cursor, sessao: key('sessao') });
    app.decorate('deploymentId', createHash('sha256').update(cursor).digest('hex').slice(0, 12));
  },
  { name: 'service-keys', fastify: '5.x' },
);
