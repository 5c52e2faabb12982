import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Problem } from '../../errors/problems.js';
import { API_PREFIX } from '../../routes/urls.js';
import { PageCache } from '../../caching/page-cache.js';
import { AUTHENTICATED_PROBLEMS, CORS_HEADERS, NoQuery, okResponses, problemResponses, type CacheControl } from '../common.schemas.js';
import { parseRecordId } from '../record-id.js';
import { toCourse } from './course-mapper.js';
import { findCourse } from './cursos.queries.js';
import { courseList } from './course-list.js';
import { listResponses, listRoute } from '../list-pipeline.js';
import { Course, CourseIdParams, CourseListQuery } from './cursos.schemas.js';

/** How long a served course page or course is reused: a change to the courses shows within this. */
export const COURSE_CACHE_MS = 1000;
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';
/** Course data is not personal, but it is served to a token: no shared cache may keep it. */
const PRIVATE_CACHE = 'private, no-cache';
/** Options of the routes the page cache serves: it compresses their bodies itself, once (src/caching/page-cache.ts). */
const PAGE_CACHED = { compress: false } as const;

function courseListResponses(list: { cacheControl: CacheControl }, authenticated: boolean) {
  const responses: Record<number, object> = listResponses(
    'Uma página de cursos, por data de início e id.',
    Course,
    list,
    authenticated ? AUTHENTICATED_PROBLEMS : ['not_acceptable', 'rate_limited', 'internal_error', 'service_unavailable'],
  );
  if (authenticated) return responses;
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]: [string, { headers?: object }]) => [
      status,
      { ...response, headers: { ...response.headers, ...CORS_HEADERS } },
    ]),
  );
}

export function cursosRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  // Handlers take their request types from their schemas.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const cache = new PageCache(COURSE_CACHE_MS, fastify.config.pageCacheMaxBytes);
  const openCourses = courseList(true, { cacheControl: PUBLIC_CACHE, pageCache: cache });
  const courses = courseList(false, { cacheControl: PRIVATE_CACHE, pageCache: cache });

  app.get(
    `${API_PREFIX}/public/cursos`,
    {
      config: { access: 'public', cors: true },
      ...PAGE_CACHED,
      schema: {
        operationId: 'listCursosAbertos',
        summary: 'Cursos e eventos com inscrições abertas (público)',
        description:
          'Para o site: os cursos publicados, dentro do período de inscrição e com vagas. Sem autenticação (um cabeçalho ' +
          '`Authorization` é ignorado), com CORS liberado e cache público de 60 s. Uma alteração num curso aparece aqui em até 1 s.',
        tags: ['publico'],
        querystring: CourseListQuery,
        response: courseListResponses(openCourses, false),
      },
    },
    listRoute(app, openCourses),
  );

  app.get(
    `${API_PREFIX}/cursos`,
    {
      config: { access: ['cursos:read'] },
      ...PAGE_CACHED,
      schema: {
        operationId: 'listCursos',
        summary: 'Cursos e eventos',
        description:
          'Todos os cursos e eventos publicados, encerrados ou cancelados (rascunhos nunca), por data de início. {escopo}. ' +
          'Uma alteração num curso aparece aqui em até 1 s.',
        tags: ['cursos'],
        querystring: CourseListQuery,
        response: courseListResponses(courses, true),
      },
    },
    listRoute(app, courses),
  );

  app.get(
    `${API_PREFIX}/cursos/:id`,
    {
      config: { access: ['cursos:read'] },
      ...PAGE_CACHED,
      schema: {
        operationId: 'getCurso',
        summary: 'Um curso ou evento',
        description: 'Um curso ou evento pelo id. Rascunhos respondem 404. {escopo}. Uma alteração no curso aparece aqui em até 1 s.',
        tags: ['cursos'],
        params: CourseIdParams,
        querystring: NoQuery,
        response: {
          ...okResponses('O curso.', Course, PRIVATE_CACHE),
          ...problemResponses('invalid_parameter', 'unknown_parameter', 'not_found', ...AUTHENTICATED_PROBLEMS),
        },
      },
    },
    async (request, reply) => {
      const id = parseRecordId(request.params.id, 'O id do curso');
      reply.header('cache-control', PRIVATE_CACHE);
      return cache.send(reply, `curso|${id}`, [], async () => {
        const row = await findCourse(request.data.read, id);
        if (!row) throw new Problem('not_found', `Curso ${id} não encontrado.`);
        return toCourse(row);
      });
    },
  );
  done();
}
