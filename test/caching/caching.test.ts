// Runs once, on the embedded database: HTTP behaviour the database does not change.
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { matchesEtag } from '../../src/caching/etag.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

describe('HTTP caching and compression', () => {
  let f: ApiFixture;
  let token: string;

  before(async () => {
    f = await apiFixture(60);
    token = await f.token(['associados:read', 'cursos:read']);
  });
  after(() => f.close());

  it('puts a weak ETag on every 200 and answers a matching If-None-Match with 304 and no body', async () => {
    for (const [url, auth] of [
      ['/api/v1/public/cursos', undefined],
      ['/api/v1/cursos/1', token],
      ['/api/v1/associados?limit=3', token],
    ] as const) {
      const first = await f.api.get(url, auth);
      assert.equal(first.statusCode, 200, url);
      const etag = String(first.headers.etag);
      assert.match(etag, /^W\/"[\w-]+"$/);
      const again = await f.api.get(url, auth, { 'if-none-match': etag });
      assert.equal(again.statusCode, 304, url);
      assert.equal(again.body, '');
      assert.equal(again.headers.etag, etag);
      assert.equal((await f.api.get(url, auth, { 'if-none-match': `"other", ${etag}` })).statusCode, 304);
      assert.equal((await f.api.get(url, auth, { 'if-none-match': '"other"' })).statusCode, 200);
    }
  });

  it('never tags or revalidates errors', async () => {
    const missing = await f.api.get('/api/v1/cursos/999999', token);
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers.etag, undefined);
    assert.equal((await f.api.get('/api/v1/cursos/999999', token, { 'if-none-match': '*' })).statusCode, 404);
  });

  it('compresses larger bodies when asked, and varies on what matters', async () => {
    const plain = await f.api.get('/api/v1/associados?limit=50', token);
    const gzipped = await f.app.inject({
      url: '/api/v1/associados?limit=50',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(gzipped.rawPayload).toString()), plain.json());
    const vary = String(gzipped.headers.vary).toLowerCase();
    assert.match(vary, /authorization/);
    assert.match(vary, /accept-encoding/);
    const br = await f.app.inject({
      url: '/api/v1/associados?limit=50',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
    });
    assert.equal(br.headers['content-encoding'], 'br');
    const small = await f.app.inject({
      url: '/api/v1/associados/1/situacao',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    assert.equal(small.headers['content-encoding'], undefined);
  });

  it("sends cached course pages compressed as asked, under the plain body's ETag", async () => {
    const url = '/api/v1/public/cursos';
    const plain = await f.api.get(url);
    assert.ok(plain.rawPayload.length >= 1024, `the public list (${plain.rawPayload.length} bytes) is large enough to compress`);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
      ['*', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await f.api.get(url, undefined, { 'accept-encoding': accept });
      assert.equal(compressed.statusCode, 200, accept);
      assert.equal(compressed.headers['content-encoding'], encoding, accept);
      assert.equal(compressed.headers.vary, 'accept-encoding');
      assert.equal(compressed.headers.etag, plain.headers.etag);
      assert.equal(compressed.headers['access-control-allow-origin'], '*');
      assert.equal(Number(compressed.headers['content-length']), compressed.rawPayload.length);
      assert.deepEqual(decode(compressed.rawPayload), plain.rawPayload);
      const again = await f.api.get(url, undefined, { 'accept-encoding': accept });
      assert.deepEqual(again.rawPayload, compressed.rawPayload);
      const unchanged = await f.api.get(url, undefined, { 'accept-encoding': accept, 'if-none-match': String(plain.headers.etag) });
      assert.equal(unchanged.statusCode, 304);
      assert.equal(unchanged.headers['content-encoding'], undefined);
      assert.equal(unchanged.body, '');
    }
    const identity = await f.api.get(url, undefined, { 'accept-encoding': 'identity' });
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.deepEqual(identity.rawPayload, plain.rawPayload);
  });

  it('compares entity tags weakly', () => {
    assert.equal(matchesEtag('W/"a"', 'W/"a"'), true);
    assert.equal(matchesEtag('"a"', 'W/"a"'), true);
    assert.equal(matchesEtag('"b", W/"a"', 'W/"a"'), true);
    assert.equal(matchesEtag('*', 'W/"a"'), true);
    assert.equal(matchesEtag('"b"', 'W/"a"'), false);
    assert.equal(matchesEtag(undefined, 'W/"a"'), false);
  });
});
