import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers that only a document a browser renders acts on: window isolation, DNS prefetching,
 * legacy download and XSS-filter behaviour, Flash and PDF policy files. The API's JSON answers go without
 * them, as the OWASP REST Security Cheat Sheet advises; every response keeps `nosniff`, `X-Frame-Options`,
 * the referrer and resource policies and, over HTTPS, HSTS.
 */
const DOCUMENT_ONLY = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

export interface SecurityHeaders {
  /** For the API's JSON answers. */
  api: Readonly<Record<string, string>>;
  /** For everything else: the administration area, the documentation, the problem pages. */
  document: Readonly<Record<string, string>>;
}

/**
 * The headers helmet sets, computed once: they follow from the configuration alone, never from the
 * request, so every response gets one of two frozen objects instead of a run through helmet's middleware chain.
 */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const document = helmetHeaders(options);
  const api = Object.fromEntries(Object.entries(document).filter(([name]) => !DOCUMENT_ONLY.has(name)));
  return { api: Object.freeze(api), document };
}

function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
}
