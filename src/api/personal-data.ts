import type { FastifyRequest } from 'fastify';
import { formatCpf, maskCpf } from '../domain/cpf.js';

/** Responses with personal data are never stored by any cache (API-DESIGN §7). */
export const PERSONAL_DATA_CACHE = 'no-store';

/** The CPF as the caller may see it: whole with `associados:cpf`, masked otherwise. */
export function visibleCpf(request: FastifyRequest, cpf: string): string {
  return request.token?.scopes.includes('associados:cpf') ? formatCpf(cpf) : maskCpf(cpf);
}
