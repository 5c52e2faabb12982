import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Problem } from '../../errors/problems.js';
import { API_PREFIX } from '../../routes/urls.js';
import { AUTHENTICATED_PROBLEMS, NoQuery, okResponses, problemResponses } from '../common.schemas.js';
import { listResponses, listRoute } from '../list-pipeline.js';
import { parseRecordId } from '../record-id.js';
import { candidateList, examList, resultList } from './exam-lists.js';
import { toProva } from './exam-mappers.js';
import { findExam } from './provas.queries.js';
import { Candidato, ExamMembersQuery, Prova, ProvaIdParams, ProvaListQuery, Resultado } from './provas.schemas.js';

const NOT_FOUND_PROBLEMS = ['not_found', ...AUTHENTICATED_PROBLEMS] as const;

/** The exams, their candidates and their results, for the exam system (API-DESIGN §14). */
export function provasRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const access = { access: ['provas:read'] } as const;

  app.get(
    `${API_PREFIX}/provas`,
    {
      config: { ...access, load: 'bulk' },
      schema: {
        operationId: 'listProvas',
        summary: 'Provas de título',
        description: 'As provas de título, por data e id: as abertas a inscrições, as realizadas, as publicadas e as canceladas. {escopo}.',
        tags: ['provas'],
        querystring: ProvaListQuery,
        response: listResponses('Uma página de provas, por data e id.', Prova, examList, AUTHENTICATED_PROBLEMS),
      },
    },
    listRoute(app, examList),
  );

  app.get(
    `${API_PREFIX}/provas/:id`,
    {
      config: access,
      schema: {
        operationId: 'getProva',
        summary: 'Uma prova de título',
        description: 'Uma prova pelo id. {escopo}.',
        tags: ['provas'],
        params: ProvaIdParams,
        querystring: NoQuery,
        response: {
          ...okResponses('A prova.', Prova, 'private, no-cache'),
          ...problemResponses('invalid_parameter', 'unknown_parameter', ...NOT_FOUND_PROBLEMS),
        },
      },
    },
    async (request, reply) => {
      const id = parseRecordId(request.params.id, 'O id da prova');
      const row = await findExam(request.data.read, id);
      if (!row) throw new Problem('not_found', `Nenhuma prova com o id ${id}.`);
      reply.header('cache-control', 'private, no-cache');
      return toProva(row);
    },
  );

  app.get(
    `${API_PREFIX}/provas/:id/candidatos`,
    {
      config: { ...access, load: 'bulk' },
      schema: {
        operationId: 'listCandidatos',
        summary: 'Candidatos de uma prova',
        description:
          'Os inscritos na prova, por matrícula: quem pagou a taxa (`fatura.status` `paid`, os que podem receber resultado) e quem ' +
          'ainda a tem em aberto. CPF mascarado, a menos que o token tenha `associados:cpf`; um token restrito a uma regional vê só ' +
          'os dela. {escopo}.',
        tags: ['provas'],
        params: ProvaIdParams,
        querystring: ExamMembersQuery,
        response: listResponses('Uma página de candidatos, por matrícula.', Candidato, candidateList, NOT_FOUND_PROBLEMS),
      },
    },
    listRoute(app, candidateList),
  );

  app.get(
    `${API_PREFIX}/provas/:id/resultados`,
    {
      config: { ...access, load: 'bulk' },
      schema: {
        operationId: 'listResultados',
        summary: 'Resultados de uma prova',
        description:
          'Os resultados registrados na prova, por matrícula, com o título que cada aprovação concedeu e o `etag` que uma correção ' +
          '(`PUT`) deve enviar em `If-Match`. Um token restrito a uma regional vê só os dela. {escopo}.',
        tags: ['provas'],
        params: ProvaIdParams,
        querystring: ExamMembersQuery,
        response: listResponses('Uma página de resultados, por matrícula.', Resultado, resultList, NOT_FOUND_PROBLEMS),
      },
    },
    listRoute(app, resultList),
  );
  done();
}
