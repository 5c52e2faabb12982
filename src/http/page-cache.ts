import { hash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { acceptedEncoding, compress, COMPRESSION_THRESHOLD, markEncoded, type Encoding } from './compression.js';

/** A response body as it was serialised, with its validator and the headers that go with it. */
export interface CachedBody {
  /** Bytes, not a string: a cache hit is then written without encoding the text again. */
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  /** The body compressed, made at the first request that asks for each encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** Replies whose body came from the cache, without a query (src/plugins/rate-limit.ts lets their 304s go free). */
const fromCache = new WeakSet<FastifyReply>();

/** Whether the body of `reply` was served from a page cache, without producing it anew. */
export function servedFromCache(reply: FastifyReply): boolean {
  return fromCache.has(reply);
}

export function weakEtag(body: string | Buffer): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/**
 * Serialised responses for data every caller sees alike (courses), kept `ttlMs` at most: a change in the
 * database shows within that time, and a burst of identical requests costs one query, one serialisation and
 * one compression per encoding. Browsers ask for compressed bodies, and compressing the public course list
 * anew at every request cost ten times what sending it did.
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedBody>;

  constructor(ttlMs: number, max = 2000) {
    this.entries = new LRUCache({ max, ttl: ttlMs, ttlAutopurge: false });
  }

  /**
   * Sends the cached body for `key`, or produces it: `produce` sets any headers on the reply and returns
   * the payload, which the route's own serializer turns into the body. `keep` lists the headers to replay.
   */
  async send(reply: FastifyReply, key: string, keep: readonly string[], produce: () => Promise<unknown>): Promise<Buffer> {
    let entry = this.entries.get(key);
    if (!entry) {
      // The serializer compiled from the route's own 200 schema, as a plain return would use.
      const body = Buffer.from(reply.serializeInput((await produce()) as Record<string, unknown>, '200', 'application/json') as string);
      const headers: Record<string, string> = {};
      for (const name of keep) {
        const value = reply.getHeader(name);
        if (typeof value === 'string') headers[name] = value;
      }
      entry = { body, etag: weakEtag(body), headers, encoded: {} };
      this.entries.set(key, entry);
    } else {
      reply.headers(entry.headers);
      fromCache.add(reply);
    }
    reply.header('etag', entry.etag).type('application/json; charset=utf-8');
    const encoding = entry.body.length >= COMPRESSION_THRESHOLD ? acceptedEncoding(reply.request) : undefined;
    if (!encoding) return entry.body;
    markEncoded(reply, encoding);
    return (entry.encoded[encoding] ??= compress(entry.body, encoding));
  }
}
