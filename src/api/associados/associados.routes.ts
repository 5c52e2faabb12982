import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { businessDate } from '../../domain/dates.js';
import { Problem } from '../../http/problems.js';
import { API_PREFIX } from '../../plugins/errors.js';
import { AUTHENTICATED_PROBLEMS, formatMatricula, problemResponses } from '../common.schemas.js';
import { findSituacao } from './associados.queries.js';
import { MemberIdParams, Situacao } from './associados.schemas.js';
import { parseMemberId } from './member-id.js';

const NoQuery = Type.Object({}, { additionalProperties: false });
const PERSONAL_DATA = 'no-store';

export function associadosRoutes(app: FastifyInstance, _options: unknown, done: () => void): void {
  app.get<{ Params: Static<typeof MemberIdParams> }>(`${API_PREFIX}/associados/:id/situacao`, {
    config: { access: ['associados:read', 'associados:situacao'] },
    schema: {
      operationId: 'getSituacaoAssociado',
      summary: 'Situação de um associado (ativo e adimplente?)',
      description: 'Os seis campos da situação de um associado, para o sistema de provas. O `{id}` é a matrícula ou o CPF. '
        + 'Escopo `associados:situacao` ou `associados:read`. Um token restrito a uma regional só vê associados dela (os demais: 404).',
      tags: ['associados'],
      security: [{ bearer: ['associados:situacao'] }],
      params: MemberIdParams,
      querystring: NoQuery,
      response: {
        200: { description: 'A situação do associado.', content: { 'application/json': { schema: Situacao } } },
        ...problemResponses('invalid_parameter', 'unknown_parameter', 'not_found', ...AUTHENTICATED_PROBLEMS),
      },
    },
  }, async (request, reply): Promise<Situacao> => {
    const key = parseMemberId(request.params.id, true);
    const today = businessDate(new Date());
    const year = Number(today.slice(0, 4));
    const row = await findSituacao(app.database.db, key, { regional: request.token!.regional }, year, today);
    if (!row) throw new Problem('not_found', 'matricula' in key ? `Associado ${formatMatricula(key.matricula)} não encontrado.` : 'Nenhum associado com este CPF.');
    reply.header('cache-control', PERSONAL_DATA);
    return {
      matricula: formatMatricula(row.matricula), nome: row.nome, associado: row.status === 'ativo',
      categoria: row.categoria as Situacao['categoria'], adimplente: row.adimplente, ano_referencia: year,
    };
  });
  done();
}
