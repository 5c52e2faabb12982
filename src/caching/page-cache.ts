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
  /** The body compressed, made at the first request that asks for each encoding (into a new entry: see `send`). */
  readonly encoded: Readonly<Partial<Record<Encoding, Buffer>>>;
}

/** What an entry costs beyond its buffers and strings: its objects, its ETag and its slot in the cache. */
const ENTRY_OVERHEAD = 1024;

/**
 * The bytes an entry keeps alive. A buffer counts its whole backing store: zlib returns an output under 16 KB as a
 * view of a 16 KB chunk, and a body under 4 KB is a view of an 8 KB pool shared with others. Strings count two bytes
 * a character.
 */
function weigh(entry: CachedBody, key: string): number {
  let bytes = ENTRY_OVERHEAD + 2 * key.length + entry.body.buffer.byteLength;
  for (const [name, value] of Object.entries(entry.headers)) bytes += 2 * (name.length + value.length);
  for (const encoded of Object.values(entry.encoded)) bytes += encoded.buffer.byteLength;
  return bytes;
}

/** Replies whose body came from the cache, without a query (src/limits/rate-limit.plugin.ts lets their 304s go free). */
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
 *
 * The entries weigh `maxBytes` at most, the least recently used going first, so that a flood of distinct
 * addresses (every limit after every cursor) cannot grow the process; an entry heavier than that is served and
 * not kept. An expired entry is dropped by a timer set when it is stored, not left until its address is asked for
 * again (which a flood's addresses never are); a request served from the cache pays nothing for the timer.
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedBody>;

  constructor(ttlMs: number, maxBytes: number, max = 2000) {
    this.entries = new LRUCache({ max, maxSize: maxBytes, sizeCalculation: weigh, ttl: ttlMs, ttlAutopurge: true });
  }

  /** The bytes the entries weigh now, `maxBytes` at most. */
  get weight(): number {
    return this.entries.calculatedSize;
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
    const kept = entry.encoded[encoding];
    if (kept) return kept;
    const encoded = compress(entry.body, encoding);
    // As a new entry, because the cache weighs a value when it is set, not again when it changes; it keeps its expiry.
    this.entries.set(key, { ...entry, encoded: { ...entry.encoded, [encoding]: encoded } }, { noUpdateTTL: true });
    return encoded;
  }
}
