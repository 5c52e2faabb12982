import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../http/urls.js';
import { AUTHENTICATED_PROBLEMS } from '../common.schemas.js';
import { Invoice, InvoiceListQuery } from './faturas.schemas.js';
import { invoiceList } from './invoice-list.js';
import { listResponses, listRoute } from '../list-pipeline.js';

export function faturasRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  // Handlers take their request types from their schemas.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    `${API_PREFIX}/faturas`,
    {
      config: { access: ['faturas:read'] },
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
        response: listResponses('Uma página de faturas.', Invoice, AUTHENTICATED_PROBLEMS),
      },
    },
    listRoute(app, invoiceList),
  );
  done();
}
