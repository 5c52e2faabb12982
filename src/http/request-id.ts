import { randomUUID } from 'node:crypto';
import { TOKEN_PREFIX } from '../tokens/token.js';

/** Up to 64 of these characters: room for a UUID or a caller's own id, none for URLs or prose. */
const PLAIN_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** A CPF, bare or formatted, not part of a longer number. */
const CPF = /(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)/;

/**
 * The id of a request: the client's X-Request-Id when it is a plain short id, otherwise a new UUID.
 * The id is echoed, logged and stored in the audit trail, so one that may carry a token or a CPF is replaced.
 */
export function requestId(supplied: string | string[] | undefined): string {
  const plain =
    typeof supplied === 'string' && PLAIN_ID.test(supplied) && !supplied.toLowerCase().includes(TOKEN_PREFIX) && !CPF.test(supplied);
  return plain ? supplied : randomUUID();
}
