import type { FastifyInstance } from 'fastify';

/** Caixa de saída: the simulated e-mails. */
export function caixaDeSaidaRoutes(_app: FastifyInstance, _options: unknown, done: () => void): void {
  done();
}
