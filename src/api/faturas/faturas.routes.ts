import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { businessDate } from '../../domain/dates.js';
import { Problem } from '../../errors/problems.js';
import { API_PREFIX } from '../../routes/urls.js';
import { AUTHENTICATED_PROBLEMS, NoQuery, okResponses, problemResponses } from '../common.schemas.js';
import { listResponses, listRoute } from '../list-pipeline.js';
import { PERSONAL_DATA_CACHE, showsMembers } from '../personal-data.js';
import { parseRecordId } from '../record-id.js';
import { findInvoice } from './faturas.queries.js';
import { Invoice, InvoiceIdParams, InvoiceListQuery } from './faturas.schemas.js';
import { invoiceList } from './invoice-list.js';
import { toInvoice } from './invoice-mapper.js';

export function faturasRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  // Handlers take their request types from their schemas.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    `${API_PREFIX}/faturas`,
    {
      config: { access: ['faturas:read'], load: 'bulk' },
      schema: {
        operationId: 'listFaturas',
        summary: 'Faturas e pagamentos',
        description:
          'Faturas (anuidades, inscrições e taxas de prova) com seus pagamentos e NFS-e, para conciliação no ERP, ' +
          'paginadas por cursor. Ordem: por `id` (de emissão); com `paid_from`/`paid_to`, por `pago_em` e depois `id`; com `updated_since`, ' +
          'por `atualizado_em` e depois `id` (vale sobre `paid_from`/`paid_to`). Assim cada página sai de um índice em ordem e a página ' +
          'após 200 mil linhas custa o mesmo que a primeira. `paid_from`/`paid_to` são dias de São Paulo. {escopo}; ' +
          'um token restrito a uma regional vê só as faturas dos associados dela.',
        tags: ['faturas'],
        querystring: InvoiceListQuery,
        response: listResponses('Uma página de faturas.', Invoice, invoiceList, AUTHENTICATED_PROBLEMS),
      },
    },
    listRoute(app, invoiceList),
  );

  app.get(
    `${API_PREFIX}/faturas/:id`,
    {
      config: { access: ['faturas:read'] },
      schema: {
        operationId: 'getFatura',
        summary: 'Uma fatura',
        description:
          'A fatura, com seu pagamento e sua NFS-e, como na lista: para quem recebe um evento `fatura.*` lê-la direto. {escopo}; ' +
          'um token restrito a uma regional vê só as faturas dos associados dela (as demais: 404).',
        tags: ['faturas'],
        params: InvoiceIdParams,
        querystring: NoQuery,
        response: {
          ...okResponses('A fatura.', Invoice, PERSONAL_DATA_CACHE),
          ...problemResponses('invalid_parameter', 'unknown_parameter', 'not_found', ...AUTHENTICATED_PROBLEMS),
        },
      },
    },
    async (request, reply): Promise<Invoice> => {
      const id = parseRecordId(request.params.id, 'O id da fatura');
      const row = await findInvoice(request.data.read, id, request.viewer!.regional, businessDate(new Date()));
      if (!row) throw new Problem('not_found', `Fatura ${id} não encontrada.`);
      showsMembers(request, reply, [row.associado]);
      return toInvoice(row, request.viewer);
    },
  );
  done();
}
