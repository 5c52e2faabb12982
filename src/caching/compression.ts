import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings offered, in order of preference: what @fastify/compress is registered with (src/caching/caching.plugin.ts). */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** Bodies below this many bytes go uncompressed. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * A body made for one request is compressed at the fastest levels (as nginx does by default), in one call rather than
 * through @fastify/compress's zlib stream, which cost the node process more than compressing
 * (docs/benchmark-findings.md, "Lists compressed for their clients"). The largest page, 500 invoices, is about 290 KB.
 */
export const PER_REQUEST = {
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
  syncThreshold: 512 * 1024,
};

/** A cached body is compressed once for many requests: at brotli's quality 4 and gzip's default level. */
const compressors: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzipSync(body),
};

// Browsers send a handful of distinct Accept-Encoding values; a bounded cache keeps a flood of odd ones from growing it.
const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS], cache: new LRUCache<string, string>({ max: 200 }) });

/** The encoding @fastify/compress would choose for this request, or undefined for none. */
export function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  // As @fastify/compress reads the header: `*` and `x-gzip` stand for gzip.
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip')) ?? undefined;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return compressors[encoding](body);
}

/** Marks the reply's body as compressed: @fastify/compress then passes it through as it is. */
export function markEncoded(reply: FastifyReply, encoding: Encoding): void {
  reply.header('content-encoding', encoding);
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}
