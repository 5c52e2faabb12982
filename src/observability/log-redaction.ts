import type { FastifyRequest } from 'fastify';
import { holdsTokenSecret, TOKEN_PREFIX } from '../tokens/token.js';

/** A CPF, bare or formatted, not part of a longer number. */
const CPF = /(?<![\d.])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)/g;
/**
 * The mask the messages show as the format of a CPF: nobody's, and kept so that the format reads whole. Any other
 * number of a CPF's shape goes, its check digits right or wrong: a CPF mistyped in them gives the real one away.
 */
const CPF_MASK = '000.000.000-00';
/** Parameters whose value is never logged, whatever it looks like. */
const SECRET_PARAMETER = /([?&](?:cpf|token|access_token|senha|password)=)[^&#]*/gi;
/**
 * A run of URL word characters and percent escapes (a malformed one included) long enough to hold a CPF or a
 * token: 11 characters at least. Shorter runs, most of a typical address, are not looked at. A run ends before
 * trailing dots, hyphens and tildes, which end no token or CPF, so the full stop of a message stays; it is only
 * sought where a run starts, so a short run is not searched again from each of its characters.
 */
const LONG_RUN = /(?<![\w.~%-])[\w.~%-]{10,}[\w%]/g;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const PREFIX = new RegExp(TOKEN_PREFIX, 'i');
/**
 * Encodings deeper than this are taken for a hidden secret: no client encodes an address so often, and decoding
 * `%252525…` one level at a time would cost a pass per level.
 */
const MAX_DECODINGS = 4;

/**
 * The run with its escapes decoded again and again (`%255F` is `_` too), each as one character, malformed ones
 * left as they are; null when it is encoded deeper than MAX_DECODINGS.
 */
function decoded(run: string): string | null {
  let text = run;
  for (let decodings = 0; text.includes('%'); decodings++) {
    const next = text.replace(ESCAPE, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === text) break;
    if (decodings === MAX_DECODINGS) return null;
    text = next;
  }
  return text;
}

/** The whole run goes when, decoded, it holds a token (its prefix in any case, or its secret alone) or a CPF. */
function redactRun(run: string): string {
  const text = decoded(run);
  if (text === null || PREFIX.test(text) || holdsTokenSecret(text)) return '[token]';
  return text.match(CPF)?.some((cpf) => cpf !== CPF_MASK) ? '[cpf]' : run;
}

/**
 * Text that may quote a request (a path, a parameter's name or value), without its tokens and CPFs, however
 * percent-encoded: clients do send tokens where none belongs, and a server decodes what they send.
 */
export function redactText(text: string): string {
  return text.replace(LONG_RUN, redactRun);
}

/** A URL fit for logs and for echoing: no CPF, no token, no value of a secret parameter (API-DESIGN §7). */
export function redactUrl(url: string): string {
  return redactText(url.replace(SECRET_PARAMETER, '$1[redacted]'));
}

/** How requests appear in logs: no headers (tokens, cookies), no CPFs; the client's own request id when it is safe. */
export function requestSerializer(request: FastifyRequest) {
  const serialized = { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
  const clientId = request.clientRequestId;
  return clientId ? { ...serialized, clientRequestId: clientId } : serialized;
}
