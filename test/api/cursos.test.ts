import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { COURSE_CACHE_MS } from '../../src/api/cursos/cursos.routes.js';
import { apiFixture, type ApiFixture } from '../helpers/api-app.js';

interface CourseBody {
  id: number;
  status: string;
  inscricoes: { abertas: boolean; vagas: number | null; vagas_restantes: number | null };
  local: unknown;
  modalidade: string;
  precos: { valor: string }[];
}

describe('courses', () => {
  let f: ApiFixture;
  let token: string;

  before(async () => {
    f = await apiFixture(100);
    token = await f.token(['cursos:read']);
  });
  after(() => f.close());

  async function ids(where: string): Promise<number[]> {
    const { rows } = await sql
      .raw<{ id: number }>(`select id from curso c where ${where} order by data_inicio, id`)
      .execute(f.t.database.db);
    return rows.map((row) => row.id);
  }

  async function walk(path: string, limit: number, auth?: string): Promise<CourseBody[]> {
    const items: CourseBody[] = [];
    let url: string | undefined = `${path}?limit=${limit}`;
    while (url) {
      const response = await f.api.get(url, auth);
      assert.equal(response.statusCode, 200, response.body);
      items.push(...response.json<CourseBody[]>());
      const link = response.headers.link as string | undefined;
      url = link
        ? (() => {
            const next = new URL(/^<([^>]+)>/.exec(link)![1]!);
            return next.pathname + next.search;
          })()
        : undefined;
    }
    return items;
  }

  const open = `status = 'publicado' and inscricao_inicio <= now() and now() < inscricao_fim and (vagas is null or inscritos < vagas)`;

  it('lists on the public endpoint exactly the courses open for enrolment, without a token', async () => {
    const expected = await ids(open);
    assert.ok(expected.length > 0);
    for (const limit of [3, 100]) {
      const courses = await walk('/api/v1/public/cursos', limit);
      assert.deepEqual(
        courses.map((c) => c.id),
        expected,
      );
      assert.ok(courses.every((c) => c.inscricoes.abertas && c.status === 'publicado'));
    }
  });

  it('serves the public list to browsers with CORS and a public cache, ignoring any Authorization header', async () => {
    const response = await f.api.get('/api/v1/public/cursos', undefined, { authorization: 'Bearer garbage' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['cache-control'], 'public, max-age=60, stale-while-revalidate=300');
  });

  it('lists every course but drafts to a token, by start date then id', async () => {
    const courses = await walk('/api/v1/cursos', 25, token);
    assert.deepEqual(
      courses.map((c) => c.id),
      await ids(`status <> 'rascunho'`),
    );
    assert.ok(courses.some((c) => c.status === 'encerrado') && courses.some((c) => c.status === 'cancelado'));
    assert.ok(courses.some((c) => c.inscricoes.vagas === null && c.inscricoes.vagas_restantes === null));
    assert.ok(courses.some((c) => c.inscricoes.vagas !== null && c.inscricoes.vagas_restantes === 0));
    assert.ok(courses.every((c) => (c.modalidade === 'online') === (c.local === null)));
    assert.ok(courses.every((c) => c.precos.length === 8 && c.precos.every((p) => /^\d+\.\d{2}$/.test(p.valor))));
    assert.equal((await f.api.get('/api/v1/cursos')).statusCode, 401);
    assert.equal((await f.api.get('/api/v1/cursos', await f.token(['faturas:read']))).statusCode, 403);
    assert.equal((await f.api.get('/api/v1/cursos?limit=5', token)).headers['access-control-allow-origin'], undefined);
  });

  it('serves one course, and 404 for drafts and unknown ids, 400 for ids that are not positive integers', async () => {
    const [published] = await ids(`status = 'publicado'`);
    const response = await f.api.get(`/api/v1/cursos/${published}`, token);
    assert.equal(response.statusCode, 200);
    assert.equal(response.json<CourseBody>().id, published);
    const [draft] = await ids(`status = 'rascunho'`);
    assert.ok(draft);
    assert.equal((await f.api.get(`/api/v1/cursos/${draft}`, token)).statusCode, 404);
    assert.equal((await f.api.get('/api/v1/cursos/999999', token)).statusCode, 404);
    for (const id of ['0', 'abc', '-3', '1.5', '99999999999']) {
      const bad = await f.api.get(`/api/v1/cursos/${id}`, token);
      assert.equal(bad.statusCode, 400, id);
    }
  });

  it('shows a change to a course within a second, in the course and in the lists', async () => {
    const [id] = await ids(open);
    const before = await f.api.get(`/api/v1/cursos/${id}`, token);
    const etag = before.headers.etag as string;
    await f.api.get('/api/v1/public/cursos');
    await sql`update curso set titulo = 'Título alterado', atualizado_em = now() where id = ${id}`.execute(f.t.database.db);
    await new Promise((resolve) => setTimeout(resolve, COURSE_CACHE_MS + 50));
    const after = await f.api.get(`/api/v1/cursos/${id}`, token, { 'if-none-match': etag });
    assert.equal(after.statusCode, 200);
    assert.equal(after.json<{ titulo: string }>().titulo, 'Título alterado');
    assert.notEqual(after.headers.etag, etag);
    const listed = (await f.api.get('/api/v1/public/cursos')).json<{ id: number; titulo: string }[]>().find((course) => course.id === id);
    assert.equal(listed?.titulo, 'Título alterado');
  });

  it('refuses unknown parameters and cursors from the other list', async () => {
    assert.equal((await f.api.get('/api/v1/public/cursos?uf=SP')).statusCode, 400);
    const first = await f.api.get('/api/v1/cursos?limit=2', token);
    const cursor = new URL(/^<([^>]+)>/.exec(String(first.headers.link))![1]!).searchParams.get('cursor')!;
    const crossed = await f.api.get(`/api/v1/public/cursos?limit=2&cursor=${cursor}`);
    assert.equal(crossed.statusCode, 400);
    assert.equal(crossed.json<{ code: string }>().code, 'invalid_cursor');
  });
});
