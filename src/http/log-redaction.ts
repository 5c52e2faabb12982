import type { FastifyRequest } from 'fastify';

const CPF_IN_PATH = /\/(\d{3}\.?\d{3}\.?\d{3}-?\d{2}|\d{3}(?:%2E|\.)\d{3}(?:%2E|\.)\d{3}(?:%2D|-)\d{2})(?=\/|$|\?)/gi;
const CPF_PARAMETER = /([?&]cpf=)[^&#]*/gi;

/** A URL fit for logs: CPFs in the path or in the `cpf` parameter are replaced (API-DESIGN §7). */
export function redactUrl(url: string): string {
  return url.replace(CPF_PARAMETER, '$1[redacted]').replace(CPF_IN_PATH, '/[cpf]');
}

/** How requests appear in logs: no headers (tokens, cookies), no CPFs. */
export function requestSerializer(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}
