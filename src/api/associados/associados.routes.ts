import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { businessDate } from '../../domain/dates.js';
import { Problem } from '../../errors/problems.js';
import { API_PREFIX } from '../../routes/urls.js';
import { AUTHENTICATED_PROBLEMS, NoQuery, okResponses, problemResponses } from '../common.schemas.js';
import { formatMatricula } from '../../domain/matricula.js';
import { PERSONAL_DATA_CACHE, showsMembers } from '../personal-data.js';
import { listResponses, listRoute } from '../list-pipeline.js';
import { memberList } from './member-list.js';
import { findMember, findSituacao } from './associados.queries.js';
import { toMemberRecord, toSituacao } from './member-mappers.js';
import { MemberIdParams, MemberListItem, MemberListQuery, MemberRecord, Situacao } from './associados.schemas.js';
import { parseMemberId } from './member-id.js';

export function associadosRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  // Handlers take their request types from their schemas.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    `${API_PREFIX}/associados/:id/situacao`,
    {
      config: { access: ['associados:situacao', 'associados:read'] },
      // Six fields stay far below the compression threshold: the route skips the compression hook.
      compress: false,
      schema: {
        operationId: 'getSituacaoAssociado',
        summary: 'Situação de um associado (ativo e adimplente?)',
        description:
          'Os seis campos da situação de um associado, para o sistema de provas. O `{id}` é a matrícula ou o CPF. ' +
          '{escopo}. Um token restrito a uma regional só vê associados dela (os demais: 404).',
        tags: ['associados'],
        params: MemberIdParams,
        querystring: NoQuery,
        response: {
          ...okResponses('A situação do associado.', Situacao, PERSONAL_DATA_CACHE),
          ...problemResponses('invalid_parameter', 'unknown_parameter', 'not_found', 'cpf_lookup_limited', ...AUTHENTICATED_PROBLEMS),
        },
      },
    },
    async (request, reply): Promise<Situacao> => {
      const key = parseMemberId(request.params.id, true);
      const today = businessDate(new Date());
      const year = Number(today.slice(0, 4));
      const find = () => findSituacao(request.data.read, key, { regional: request.viewer!.regional }, year, today);
      const row = 'cpf' in key ? await app.cpfLookups.guard(request, find, (found) => (found ? 0 : 1)) : await find();
      if (!row)
        throw new Problem(
          'not_found',
          'matricula' in key ? `Associado ${formatMatricula(key.matricula)} não encontrado.` : 'Nenhum associado com este CPF.',
        );
      showsMembers(request, reply, [row.matricula]);
      return toSituacao(row, year);
    },
  );

  app.get(
    `${API_PREFIX}/associados`,
    {
      config: { access: ['associados:read'], load: 'bulk' },
      schema: {
        operationId: 'listAssociados',
        summary: 'Lista de associados',
        description:
          'Associados que atendem a todos os filtros, paginados por cursor (cabeçalho `Link`, `rel="next"`). Ordem: por matrícula; ' +
          'com `updated_since`, por `atualizado_em` e depois matrícula, para que cada página saia de um índice em ordem. ' +
          '{escopo}; o CPF sai mascarado sem `associados:cpf`.',
        tags: ['associados'],
        querystring: MemberListQuery,
        response: listResponses('Uma página de associados.', MemberListItem, memberList, ['cpf_lookup_limited', ...AUTHENTICATED_PROBLEMS]),
      },
    },
    listRoute(app, memberList),
  );

  app.get(
    `${API_PREFIX}/associados/:id`,
    {
      config: { access: ['associados:read'] },
      schema: {
        operationId: 'getAssociado',
        summary: 'Ficha completa de um associado',
        description: 'Dados do associado com CRMs, especialidades (com RQE) e títulos, e a adimplência. O `{id}` é a matrícula. {escopo}.',
        tags: ['associados'],
        params: Type.Object(
          { id: Type.String({ maxLength: 500, description: 'Matrícula (ex.: 000005).', examples: ['000005'] }) },
          { additionalProperties: false },
        ),
        querystring: NoQuery,
        response: {
          ...okResponses('A ficha do associado.', MemberRecord, PERSONAL_DATA_CACHE),
          ...problemResponses('invalid_parameter', 'unknown_parameter', 'not_found', ...AUTHENTICATED_PROBLEMS),
        },
      },
    },
    async (request, reply): Promise<MemberRecord> => {
      const key = parseMemberId(request.params.id, false) as { matricula: number };
      const today = businessDate(new Date());
      const row = await findMember(
        request.data.read,
        key.matricula,
        { regional: request.viewer!.regional },
        Number(today.slice(0, 4)),
        today,
      );
      if (!row) throw new Problem('not_found', `Associado ${formatMatricula(key.matricula)} não encontrado.`);
      showsMembers(request, reply, [row.matricula]);
      return toMemberRecord(row, request.viewer);
    },
  );
  done();
}
