import type { Fetch } from './retry.js';

interface Stored {
  etag: string;
  headers: Headers;
  body: ArrayBuffer;
}

/**
 * Keeps the `ETag` and body of the last `entries` 200s, by URL, and revalidates them: the next GET of that URL
 * sends `If-None-Match`, and a 304 is answered with the kept body as a 200 (its headers updated by the 304's,
 * as RFC 9111 §4.3.4 says). Responses marked `no-store` (every one with personal data) are never kept.
 */
export function withRevalidation(fetch: Fetch, entries: number): Fetch {
  const stored = new Map<string, Stored>();
  return async (request) => {
    const url = request.url;
    // A caller's own If-None-Match names a version this cache may not hold: its 304 is the caller's to handle.
    const cached = request.method === 'GET' && !request.headers.has('if-none-match') ? stored.get(url) : undefined;
    if (cached) {
      const headers = new Headers(request.headers);
      headers.set('if-none-match', cached.etag);
      request = new Request(request, { headers });
    }
    const response = await fetch(request);
    if (cached && response.status === 304) {
      remember(url, cached);
      const headers = new Headers(cached.headers);
      response.headers.forEach((value, name) => headers.set(name, value));
      // The kept body is decoded, and a 304's Content-Length (0) is its own: neither describes the body returned.
      headers.delete('content-length');
      headers.delete('content-encoding');
      return new Response(cached.body, { status: 200, statusText: 'OK', headers });
    }
    if (request.method !== 'GET' || response.status !== 200) return response;
    stored.delete(url);
    const etag = response.headers.get('etag');
    if (!etag || /(^|,)\s*no-store\b/i.test(response.headers.get('cache-control') ?? '')) return response;
    remember(url, { etag, headers: response.headers, body: await response.clone().arrayBuffer() });
    return response;
  };

  function remember(url: string, entry: Stored) {
    // A Map iterates in insertion order: re-inserting on use makes the first key the least recently used.
    stored.delete(url);
    stored.set(url, entry);
    if (stored.size > entries) stored.delete(stored.keys().next().value!);
  }
}
