import type { FastifyRequest } from 'fastify';
import { TOKEN_PREFIX } from '../tokens/token.js';

/** A CPF anywhere in a URL, bare, formatted or percent-encoded, not part of a longer number. */
const CPF = /(?<![\d.])\d{3}(?:\.|%2E)?\d{3}(?:\.|%2E)?\d{3}(?:-|%2D)?\d{2}(?!\d)/gi;
/** Parameters whose value is never logged, whatever it looks like. */
const SECRET_PARAMETER = /([?&](?:cpf|token|access_token|senha|password)=)[^&#]*/gi;
/** A token where none belongs (a query string, a path), its `_` percent-encoded or not: clients do send them there. */
const TOKEN = new RegExp(`${TOKEN_PREFIX.replace('_', '(?:_|%5[Ff])')}[0-9A-Za-z]*`, 'g');

/** Text that may quote a request (a path, a parameter's name or value), without its tokens and CPFs. */
export function redactText(text: string): string {
  return text.replace(TOKEN, '[token]').replace(CPF, '[cpf]');
}

/** A URL fit for logs and for echoing: no CPF, no token, no value of a secret parameter (API-DESIGN §7). */
export function redactUrl(url: string): string {
  return redactText(url.replace(SECRET_PARAMETER, '$1[redacted]'));
}

/** How requests appear in logs: no headers (tokens, cookies), no CPFs. */
export function requestSerializer(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}
