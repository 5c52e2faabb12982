// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { PageCache, servedFromCache } from '../../src/caching/page-cache.js';
import { sleep } from '../helpers/load.js';

/** An app whose /pages/:name?bytes=n serves, through `cache`, a page of about n bytes that compresses to about half. */
function pagesApp(cache: PageCache) {
  const app = Fastify();
  let produced = 0;
  app.get<{ Params: { name: string }; Querystring: { bytes: number } }>(
    '/pages/:name',
    {
      schema: {
        querystring: Type.Object({ bytes: Type.Integer() }),
        // Per media type, as the API declares its responses (the cache serialises for application/json).
        response: { 200: { content: { 'application/json': { schema: Type.Object({ text: Type.String() }) } } } },
      },
    },
    async (request, reply) => {
      const body = await cache.send(reply, request.url, [], () => {
        produced++;
        return Promise.resolve({ text: randomBytes(Math.ceil(request.query.bytes / 2)).toString('hex') });
      });
      reply.header('x-from-cache', String(servedFromCache(reply)));
      return body;
    },
  );
  return {
    app,
    produced: () => produced,
    get: (name: string, bytes: number, encoding?: string) =>
      app.inject({ url: `/pages/${name}?bytes=${bytes}`, headers: encoding ? { 'accept-encoding': encoding } : {} }),
  };
}

describe('PageCache', () => {
  it('weighs at most its bound, whatever it stores', async () => {
    const bound = 300_000;
    const cache = new PageCache(60_000, bound);
    const { app, get } = pagesApp(cache);
    const encodings = [undefined, 'br', 'gzip'];
    for (let i = 0; i < 300; i++) {
      const response = await get(`p${i % 120}`, 1 + ((i * 7919) % 60_000), encodings[i % 3]);
      assert.equal(response.statusCode, 200);
      assert.ok(cache.weight > 0 && cache.weight <= bound, `weight ${cache.weight} after ${i + 1} pages`);
    }
    await app.close();
  });

  it('counts the compressed variants it adds to an entry', async () => {
    const cache = new PageCache(60_000, 1_000_000);
    const { app, get, produced } = pagesApp(cache);
    const plain = await get('a', 40_000);
    const alone = cache.weight;
    assert.ok(alone >= plain.rawPayload.length, `weight ${alone} for a body of ${plain.rawPayload.length} bytes`);
    const br = await get('a', 40_000, 'br');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers['x-from-cache'], 'true');
    assert.ok(cache.weight >= alone + br.rawPayload.length, `weight ${cache.weight} with ${br.rawPayload.length} bytes of brotli`);
    const withBr = cache.weight;
    const gzip = await get('a', 40_000, 'gzip');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.ok(cache.weight >= withBr + gzip.rawPayload.length, `weight ${cache.weight} with ${gzip.rawPayload.length} bytes of gzip`);
    // Adding a variant kept the entry: the three requests cost one production.
    assert.equal(produced(), 1);
    await app.close();
  });

  it('drops an entry once it has expired', async () => {
    const cache = new PageCache(50, 1_000_000);
    const { app, get, produced } = pagesApp(cache);
    await get('a', 20_000, 'br');
    assert.ok(cache.weight > 20_000);
    await sleep(300);
    assert.equal(cache.weight, 0, 'nothing left after the entry expired');
    const again = await get('a', 20_000, 'br');
    assert.equal(again.headers['x-from-cache'], 'false');
    assert.equal(produced(), 2);
    await app.close();
  });

  it('serves an entry heavier than its bound and does not keep it', async () => {
    const cache = new PageCache(60_000, 50_000);
    const { app, get, produced } = pagesApp(cache);
    await get('small', 2_000);
    const kept = cache.weight;
    assert.ok(kept > 0);
    for (const encoding of [undefined, 'br']) {
      const response = await get('large', 80_000, encoding);
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers.etag), /^W\/"/);
      const body = encoding ? brotliDecompressSync(response.rawPayload) : response.rawPayload;
      assert.equal((JSON.parse(body.toString()) as { text: string }).text.length, 80_000);
      assert.equal(cache.weight, kept, 'the large page was not kept, and the small one still is');
    }
    assert.equal(produced(), 3);
    await app.close();
  });
});
