import type { FastifyInstance } from 'fastify';

/** Simulação: simulated payments, refunds and cancellations of a member's invoices. */
export function simulacaoRoutes(_app: FastifyInstance, _options: unknown, done: () => void): void {
  done();
}
