import type { FastifyReply, FastifyRequest } from 'fastify';

/** Responses with personal data are never stored by any cache (API-DESIGN §7). */
export const PERSONAL_DATA_CACHE = 'no-store';

/** Marks a response as showing these members' data: the audit trail names them and no cache keeps it (API-DESIGN §7, §8). */
export function showsMembers(request: FastifyRequest, reply: FastifyReply, matriculas: number[]): void {
  request.auditMatriculas = matriculas;
  reply.header('cache-control', PERSONAL_DATA_CACHE);
}
