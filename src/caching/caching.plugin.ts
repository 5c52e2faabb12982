import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESSION_THRESHOLD, ENCODINGS, PER_REQUEST } from './compression.js';
import { matchesEtag } from './etag.js';
import { weakEtag } from './page-cache.js';
import { OMITTED } from '../omitted-parts.js';

/** Characters from which a body is better sent as bytes than as text (a status answer is ~130, a list page 20,000–120,000). */
const LARGE_BODY = 4096;

/**
 * A weak ETag on every 200 of a read (weak because compression changes the bytes, not the meaning), 304 for a
 * matching If-None-Match, and gzip or brotli for bodies over 1 KiB. Errors get neither: they are not cached.
 */
export default fp(
  async function caching(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      // A write's answer is no representation to revalidate: a correction sends its result's own ETag.
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (!read || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload)) || OMITTED.etag)
        return done(null, payload);
      // A large body is encoded once, into the bytes that are hashed and then sent: as text it would be encoded for
      // the hash, then copied beside the header and encoded again for the socket.
      const body = typeof payload === 'string' && payload.length >= LARGE_BODY ? Buffer.from(payload) : payload;
      // A route that serves a cached body already knows its validator.
      const known = reply.getHeader('etag');
      const etag = typeof known === 'string' ? known : weakEtag(body);
      if (etag !== known) reply.header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        // A 304 describes no body, so no encoding of one (a cached page may have set it: src/caching/page-cache.ts).
        reply.code(304).removeHeader('content-encoding');
        return done(null, '');
      }
      done(null, body);
    });
    // No request here carries a compressed body (the API's writes are small JSON, the admin forms plain): no route runs the decompression hook.
    app.addHook('onRoute', (route) => {
      route.decompress ??= false;
    });
    await app.register(compress, {
      global: true,
      threshold: COMPRESSION_THRESHOLD,
      encodings: [...ENCODINGS],
      ...PER_REQUEST,
    });
  },
  { name: 'caching', fastify: '5.x' },
);
