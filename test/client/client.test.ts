// Runs once, on the embedded database: the demo, as `npm start` serves it.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { AssociaError, createAssociaClient, type AssociaClientOptions } from '../../clients/typescript/src/index.js';
import { serve, tempDir } from '../helpers/processes.js';

interface Exchange {
  request: Request;
  response: Response;
}

// The demo is the embedded database whatever DATABASE_URL says, so the PostgreSQL pass would only repeat this.
describe(
  "the TypeScript client (clients/typescript), against npm start's demo",
  { skip: Boolean(process.env.DATABASE_URL) && 'the demo runs on the embedded database: checked in the embedded pass' },
  () => {
    let dataDir: string;
    let demo: Awaited<ReturnType<typeof serve>>;
    let token: string;

    before(async () => {
      dataDir = tempDir();
      // A public limit of 3 a minute, so that the last test reaches it.
      demo = await serve({ DATA_DIR: dataDir, RATE_LIMIT_PUBLIC: '3' });
      token = /Demo token[^\n]*\n\s+(\S+)/.exec(demo.stdout())![1]!;
    });
    after(async () => {
      demo.child.kill('SIGTERM');
      await once(demo.child, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** A client of the demo, and what went over the network: the requests and responses under its retries and cache. */
    function recorded(options: Partial<AssociaClientOptions> = {}) {
      const exchanges: Exchange[] = [];
      const client = createAssociaClient({
        baseUrl: demo.base,
        token,
        ...options,
        fetch: async (request) => {
          const response = await fetch(request);
          exchanges.push({ request, response });
          return response;
        },
      });
      return { client, exchanges };
    }

    async function courseIds(count: number): Promise<string[]> {
      const { data } = await recorded().client.GET('/api/v1/cursos', { params: { query: { limit: count } } });
      return data!.map((course) => String(course.id));
    }

    it('calls each of the seven operations with typed parameters and typed answers', async () => {
      const { client, exchanges } = recorded();

      const open = await client.GET('/api/v1/public/cursos', { params: { query: { limit: 2 } } });
      assert.equal(open.data!.length, 2);
      assert.ok(open.data!.every((course) => course.inscricoes.abertas));

      const members = await client.GET('/api/v1/associados', {
        params: { query: { status: ['ativo', 'falecido'], regional: ['SP'], limit: 20 } },
      });
      assert.ok(members.data!.every((member) => ['ativo', 'falecido'].includes(member.status) && member.regional === 'SP'));
      assert.match(exchanges.at(-1)!.request.url, /status=ativo,falecido&regional=SP&limit=20$/);

      const behind = await client.GET('/api/v1/associados/{id}', { params: { path: { id: '000464' } } });
      assert.equal(behind.data!.adimplente, false);

      const { data: situacao } = await client.GET('/api/v1/associados/{id}/situacao', { params: { path: { id: '002.433.818-40' } } });
      assert.deepEqual([situacao!.matricula, situacao!.associado, situacao!.adimplente], ['000005', true, true]);

      const { data: [first] = [] } = await client.GET('/api/v1/cursos', { params: { query: { limit: 1 } } });
      const course = await client.GET('/api/v1/cursos/{id}', { params: { path: { id: String(first!.id) } } });
      assert.equal(course.data!.titulo, first!.titulo);

      const overdue = await client.GET('/api/v1/faturas', { params: { query: { status: ['overdue'], kind: ['anuidade'], limit: 10 } } });
      assert.ok(overdue.data!.length > 0);
      assert.ok(overdue.data!.every((invoice) => invoice.status === 'overdue' && invoice.kind === 'anuidade'));

      const unknown = await client.GET('/api/v1/associados/{id}/situacao', { params: { path: { id: '965.922.978-08' } } });
      assert.equal(unknown.response.status, 404);
      assert.equal(unknown.error!.code, 'not_found');
    });

    it('paginate() yields every item of a list, following Link rel="next" from page to page', async () => {
      const { client, exchanges } = recorded();
      const ids: number[] = [];
      for await (const course of client.paginate('/api/v1/cursos', { params: { query: { limit: 50 } } })) ids.push(course.id);

      const { data: all } = await client.GET('/api/v1/cursos', { params: { query: { limit: 500 } } });
      assert.deepEqual(
        ids,
        all!.map((course) => course.id),
      );
      const pages = exchanges.slice(0, -1);
      assert.ok(pages.length >= 3, `${pages.length} pages`);
      assert.equal(pages.length, Math.ceil(ids.length / 50));
      for (const { request } of pages.slice(1)) assert.match(request.url, /\/api\/v1\/cursos\?limit=50&cursor=/);
      // The demo token is in its last 14 days: its warning Link is beside the next page's, and is not followed.
      const link = pages[0]!.response.headers.get('link')!;
      assert.match(link, /rel="next"/);
      assert.match(link, /rel="deprecation"/);
    });

    it("revalidates with the ETag it kept: a 304 answers with the body it kept, and the 304's headers", async () => {
      const { client, exchanges } = recorded();
      const [id] = await courseIds(1);
      const first = await client.GET('/api/v1/cursos/{id}', { params: { path: { id: id! } } });
      const again = await client.GET('/api/v1/cursos/{id}', { params: { path: { id: id! } } });

      assert.equal(exchanges[1]!.request.headers.get('if-none-match'), first.response.headers.get('etag'));
      assert.equal(exchanges[1]!.response.status, 304);
      assert.equal(again.response.status, 200);
      assert.deepEqual(again.data, first.data);
      assert.equal(again.response.headers.get('x-request-id'), exchanges[1]!.response.headers.get('x-request-id'));
      assert.equal(again.response.headers.get('content-type'), 'application/json; charset=utf-8');
    });

    it('keeps no response marked no-store (personal data), and only the last cacheEntries others', async () => {
      const { client, exchanges } = recorded({ cacheEntries: 1 });
      for (let i = 0; i < 2; i++) await client.GET('/api/v1/associados/{id}/situacao', { params: { path: { id: '000005' } } });
      assert.match(exchanges[0]!.response.headers.get('cache-control')!, /no-store/);
      assert.equal(exchanges[1]!.request.headers.get('if-none-match'), null);
      assert.equal(exchanges[1]!.response.status, 200);

      const [a, b] = await courseIds(2);
      for (const id of [a!, b!, a!, a!]) await client.GET('/api/v1/cursos/{id}', { params: { path: { id } } });
      assert.deepEqual(
        exchanges.slice(2).map(({ response }) => response.status),
        [200, 200, 200, 304],
      );
    });

    it('returns a 429 at once when its Retry-After is longer than the client waits, and paginate() throws it', async () => {
      // Without its cache: revalidations answered 304 cost no quota.
      const { client: impatient } = recorded({ retry: { attempts: 1 }, cacheEntries: 0 });
      for (let i = 0; i < 5 && (await impatient.GET('/api/v1/public/cursos')).response.status !== 429; i++);

      const { client, exchanges } = recorded({ retry: { attempts: 3, maxWaitSeconds: 5 } });
      const started = Date.now();
      const { error, response } = await client.GET('/api/v1/public/cursos');
      assert.ok(Date.now() - started < 2000);
      assert.equal(exchanges.length, 1);
      assert.equal(error!.code, 'rate_limited');
      assert.ok(Number(response.headers.get('retry-after')) > 5);

      await assert.rejects(
        async () => {
          for await (const course of client.paginate('/api/v1/public/cursos')) assert.fail(`yielded course ${course.id}`);
        },
        (thrown) => thrown instanceof AssociaError && thrown.problem?.code === 'rate_limited' && thrown.response.status === 429,
      );
    });
  },
);
