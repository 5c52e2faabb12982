import type { FastifyInstance } from 'fastify';

/** Auditoria: the audit trail, filtered, paged and exported as CSV. */
export function auditoriaRoutes(_app: FastifyInstance, _options: unknown, done: () => void): void {
  done();
}
