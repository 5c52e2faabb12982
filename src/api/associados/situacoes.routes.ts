import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { businessDate } from '../../domain/dates.js';
import { API_PREFIX } from '../../routes/urls.js';
import { AUTHENTICATED_PROBLEMS, okResponses, problemResponses } from '../common.schemas.js';
import { PERSONAL_DATA_CACHE, showsMembers } from '../personal-data.js';
import { batchCost, batchIds, MAX_BATCH_IDS } from './member-id-list.js';
import { toSituacao } from './member-mappers.js';
import { SituacaoNoLote, SituacoesQuery } from './situacoes.schemas.js';
import { findSituacoes } from './situacoes.queries.js';

/** The standing of many members at once, for the exam system's bursts (API-DESIGN §6). */
export function situacoesRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // A static path: the router prefers it to /associados/:id, so `situacao` is never taken for a matrícula.
  app.get(
    `${API_PREFIX}/associados/situacao`,
    {
      config: { access: ['associados:situacao', 'associados:read'], rateLimitCost: batchCost },
      schema: {
        operationId: 'listSituacoes',
        summary: `Situação de vários associados de uma vez (até ${MAX_BATCH_IDS})`,
        description:
          'Os seis campos da situação de cada associado pedido, por matrícula ou CPF, para o sistema de provas conferir muitos candidatos ' +
          'de uma vez. A resposta tem um elemento por identificador enviado, na ordem do envio (repetidos respondidos a cada vez): ' +
          '`{ "id": <como enviado>, "situacao": <a situação> | null }`. `null`: ninguém com esse identificador, ou associado de outra ' +
          'regional para um token restrito a uma. {escopo}.\n\n' +
          'Limites: cada identificador conta como uma requisição no limite por minuto do token (o cabeçalho `RateLimit` desconta todos; ' +
          'um lote que custa mais do que resta recebe 429 `rate_limited` e não consome nada). Cada CPF que não encontra ninguém conta ' +
          'como uma consulta por CPF sem resultado; com o limite delas atingido, o lote inteiro recebe 429 `cpf_lookup_limited`, e também ' +
          'um lote com mais CPFs do que as consultas sem resultado que restam ao token, recusado antes da consulta, sem contar nada.',
        tags: ['associados'],
        querystring: SituacoesQuery,
        response: {
          ...okResponses(
            'Um elemento por identificador enviado, na mesma ordem.',
            Type.Array(SituacaoNoLote, { minItems: 1, maxItems: MAX_BATCH_IDS }),
            PERSONAL_DATA_CACHE,
          ),
          ...problemResponses('invalid_parameter', 'unknown_parameter', 'cpf_lookup_limited', ...AUTHENTICATED_PROBLEMS),
        },
      },
    },
    async (request, reply): Promise<SituacaoNoLote[]> => {
      const batch = batchIds(request.query.id);
      const today = businessDate(new Date());
      const year = Number(today.slice(0, 4));
      const matriculas = [...new Set(batch.flatMap(({ key }) => ('matricula' in key ? [key.matricula] : [])))];
      const cpfs = [...new Set(batch.flatMap(({ key }) => ('cpf' in key ? [key.cpf] : [])))];
      const find = () => findSituacoes(request.data.read, matriculas, cpfs, { regional: request.viewer!.regional }, year, today);
      // Each CPF sent that finds nobody the token may see is a miss, as in the single operation, a repeated one each time.
      // A batch is refused whole, never answered in part, and before it runs when its CPFs could be more misses than the
      // token has left: refused only after the lookup, it would have tested more CPFs than the limit, and its 429 would
      // tell that more of them than were left found nobody. Only concurrent lookups that fill the window meanwhile
      // still get a 429 after the lookup, as one lookup does.
      const cpfIds = batch.filter(({ key }) => 'cpf' in key);
      const rows =
        cpfIds.length > 0
          ? await app.cpfLookups.guard(
              request,
              find,
              (found) => {
                const seen = new Set(found.map((row) => row.cpf));
                return cpfIds.filter(({ key }) => 'cpf' in key && !seen.has(key.cpf)).length;
              },
              cpfIds.length,
            )
          : await find();
      const byMatricula = new Map(rows.map((row) => [row.matricula, row]));
      const byCpf = new Map(rows.map((row) => [row.cpf, row]));
      showsMembers(
        request,
        reply,
        rows.map((row) => row.matricula),
      );
      return batch.map(({ id, key }) => {
        const row = 'matricula' in key ? byMatricula.get(key.matricula) : byCpf.get(key.cpf);
        return { id, situacao: row ? toSituacao(row, year) : null };
      });
    },
  );
  done();
}
