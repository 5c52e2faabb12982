// Runs once, on the embedded database: the pages in a browser, which the database does not change (test/admin reads both).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';
import { browserSkipReason, launchChromium } from '../helpers/browser.js';

const skip = browserSkipReason();
if (skip) console.log(`# browser suite skipped: ${skip}`);

/** What a page's fetch can read of a response: the headers it asks for, null where CORS hides them. */
interface Seen {
  status: number;
  body: string;
  headers: Record<string, string | null>;
}

const READ = [
  'content-type',
  'cache-control',
  'etag',
  'link',
  'x-request-id',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'x-content-type-options',
];

describe('the public course list read by a page of another site, in a real browser', { skip }, () => {
  let fixture: ApiFixture;
  let api: FastifyInstance;
  let site: Server;
  let browser: Browser;
  let page: Page;
  let apiBase: string;

  before(async () => {
    fixture = await apiFixture(20);
    api = await buildApp({
      config: loadConfig({ RATE_LIMIT_PUBLIC: '5', REDIS_URL: process.env.REDIS_URL }),
      database: fixture.t.database,
    });
    await api.listen({ port: 0, host: '127.0.0.1' });
    apiBase = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    // The website: another port is another origin.
    site = createServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><html lang="pt-BR"><title>Site da associação</title><h1>Cursos</h1></html>'),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
  });
  after(async () => {
    await browser?.close();
    site?.close();
    await api?.close();
    await fixture?.close();
  });

  /** Fetches from the page, as the website's script would, and checks the answer (see `validate`). */
  async function fetchFromPage(path: string, init: { headers?: Record<string, string>; cache?: RequestCache } = {}): Promise<Seen> {
    const seen = await page.evaluate(
      async ({ url, init, read }) => {
        const response = await fetch(url, init);
        return {
          status: response.status,
          body: await response.text(),
          headers: Object.fromEntries(read.map((name) => [name, response.headers.get(name)])),
        };
      },
      { url: `${apiBase}${path}`, init, read: READ },
    );
    await validate(path, seen);
    return seen;
  }

  /** Checks what the page read against the OpenAPI document, and that only what the API exposes was readable. */
  async function validate(path: string, seen: Seen): Promise<void> {
    await fixture.api.validate('get', path, {
      statusCode: seen.status,
      body: seen.body,
      headers: { 'content-type': seen.headers['content-type'] ?? undefined },
      json: <T>() => JSON.parse(seen.body) as T,
    });
    // Only what the API exposes is readable: a header it does not list stays hidden from the page.
    assert.equal(seen.headers['x-content-type-options'], null);
    assert.match(seen.headers['x-request-id'] ?? '', /^[\w-]+$/);
  }

  it('reads a 200: the courses, the next page, the validator and the limit', async () => {
    const ok = await fetchFromPage('/api/v1/public/cursos?limit=1', { cache: 'no-store' });
    assert.equal(ok.status, 200);
    const courses = JSON.parse(ok.body) as { inscricoes: { abertas: boolean } }[];
    assert.equal(courses.length, 1);
    assert.equal(courses[0]!.inscricoes.abertas, true);
    assert.match(ok.headers.link ?? '', /^<http:\/\/127\.0\.0\.1:\d+\/api\/v1\/public\/cursos\?limit=1&cursor=[^>]+>; rel="next"$/);
    assert.match(ok.headers.etag ?? '', /^W\/"[\w-]+"$/);
    assert.equal(ok.headers['cache-control'], 'public, max-age=60, stale-while-revalidate=300');
    assert.equal(ok.headers['ratelimit-policy'], '"public";q=5;w=60');
    assert.match(ok.headers.ratelimit ?? '', /^"public";r=4;t=\d+$/);
  });

  it('revalidates with If-None-Match, after a preflight, and reads a 304 that costs nothing when the page was in the cache', async () => {
    // A page no one asked for yet, and its revalidation at once: the 304 finds the page the 200 just put in the
    // service's cache (kept 1 s), answers without a query, and gives its point back.
    const [ok, notModified] = (await page.evaluate(
      async ({ url, read }) => {
        const answers = [];
        let etag: string | null = null;
        for (let i = 0; i < 2; i++) {
          const response: Response = await fetch(url, etag ? { headers: { 'If-None-Match': etag } } : { cache: 'no-store' });
          const headers = Object.fromEntries(read.map((name) => [name, response.headers.get(name)]));
          answers.push({ status: response.status, body: await response.text(), headers });
          etag = headers.etag ?? null;
        }
        return answers;
      },
      { url: `${apiBase}/api/v1/public/cursos?limit=3`, read: READ },
    )) as [Seen, Seen];
    for (const seen of [ok, notModified]) await validate('/api/v1/public/cursos?limit=3', seen);
    assert.equal(ok.status, 200);
    assert.match(ok.headers.ratelimit ?? '', /^"public";r=3;t=\d+$/);
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body, '');
    assert.equal(notModified.headers.etag, ok.headers.etag);
    assert.match(notModified.headers.ratelimit ?? '', /^"public";r=3;t=\d+$/);
  });

  it('reads a 400 problem', async () => {
    const invalid = await fetchFromPage('/api/v1/public/cursos?limit=1000', { cache: 'no-store' });
    assert.equal(invalid.status, 400);
    assert.match(invalid.headers['content-type'] ?? '', /^application\/problem\+json/);
    const problem = JSON.parse(invalid.body) as { code: string; request_id: string; errors: { parameter: string }[] };
    assert.equal(problem.code, 'invalid_parameter');
    assert.deepEqual(
      problem.errors.map((error) => error.parameter),
      ['limit'],
    );
    assert.equal(problem.request_id, invalid.headers['x-request-id']);
    assert.match(invalid.headers.ratelimit ?? '', /^"public";r=2;t=\d+$/);
  });

  it('reads a 429 and how long to wait', async () => {
    const statuses: number[] = [];
    let last: Seen | undefined;
    for (let i = 0; i < 3; i++) {
      last = await fetchFromPage('/api/v1/public/cursos?limit=2', { cache: 'no-store' });
      statuses.push(last.status);
    }
    assert.deepEqual(statuses, [200, 200, 429]);
    assert.equal((JSON.parse(last!.body) as { code: string }).code, 'rate_limited');
    assert.match(last!.headers['retry-after'] ?? '', /^\d+$/);
    assert.ok(Number(last!.headers['retry-after']) >= 1 && Number(last!.headers['retry-after']) <= 60);
    assert.match(last!.headers.ratelimit ?? '', /^"public";r=0;t=\d+$/);
    assert.equal(last!.headers['ratelimit-policy'], '"public";q=5;w=60');
  });
});
