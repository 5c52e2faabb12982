import type { FastifyRequest } from 'fastify';
import type { RequestTrace } from '../operations/actor.js';
import { TOKEN_PREFIX } from '../tokens/token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The client's X-Request-Id when it is safe to echo, log and store beside the server's own id
     * (`request.id`, a new UUID for every request); otherwise null.
     */
    readonly clientRequestId: string | null;
  }
}

/** Up to 64 of these characters: room for a UUID or a caller's own id, none for URLs or prose. */
const PLAIN_ID = /^[A-Za-z0-9._-]{1,64}$/;
/**
 * What may carry a secret: a token's prefix, a CPF (bare or formatted, not part of a longer number), or 40 letters
 * and digits in a row, which may be most of a token without its prefix (a UUID, a ULID or 32 hex digits have fewer).
 */
const SECRET_SHAPED = new RegExp(`${TOKEN_PREFIX}|(?<!\\d)\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}(?!\\d)|[A-Za-z0-9]{40}`, 'i');

/**
 * The client's X-Request-Id, when it is a plain short id that cannot hold a token or a CPF: it is echoed,
 * logged and stored in the audit trail. Any other value is dropped, never echoed.
 */
export function clientRequestId(supplied: string | string[] | undefined): string | null {
  return typeof supplied === 'string' && PLAIN_ID.test(supplied) && !SECRET_SHAPED.test(supplied) ? supplied : null;
}

/** The request an actor made a change through, as its audit row records it. */
export function requestTrace(request: FastifyRequest): RequestTrace {
  return {
    method: request.method,
    route: request.routeOptions.url ?? request.url.split('?')[0]!,
    requestId: request.id,
    clientRequestId: request.clientRequestId,
    ip: request.ip,
  };
}
