import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { businessDate } from '../../domain/dates.js';
import { DEFAULT_LIMIT } from '../../http/pagination.js';
import { sendPage } from '../../http/send-page.js';
import { cursorKey, paginate } from '../../plugins/cursors.js';
import { API_PREFIX } from '../../http/urls.js';
import { AUTHENTICATED_PROBLEMS, LINK_HEADER, NOT_MODIFIED, okResponse, problemResponses } from '../common.schemas.js';
import { PERSONAL_DATA_CACHE } from '../personal-data.js';
import { cpfFor } from '../../tokens/viewer.js';
import { checkedKey } from '../list-order.js';
import { seesEverySession } from '../../db/commit-horizon.js';
import { invoiceOrder, listInvoices } from './faturas.queries.js';
import { invoiceFilters } from './invoice-filters.js';
import { toInvoice } from './invoice-mapper.js';
import { Invoice, InvoiceListQuery } from './faturas.schemas.js';

const PARTIAL_HORIZON =
  "the database role is neither superuser nor a member of pg_read_all_stats, so lists with updated_since cannot see when other roles' " +
  'transactions started: one that has written holds them back until it ends, and a statement that has not written yet is not waited for ' +
  '(its change may be skipped); grant pg_read_all_stats to this role (docs/deployment.md)';

export function faturasRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  // Handlers take their request types from their schemas.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Once for both lists with updated_since (members and invoices), which share the commit horizon. Only advice: a
  // database that does not answer now is /readyz's to report, not a reason to stop the start.
  app.addHook('onReady', async () => {
    const every = await seesEverySession(app.database.db).catch(() => true);
    if (!every) app.log.warn(PARTIAL_HORIZON);
  });
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
        response: {
          200: okResponse(
            'Uma página de faturas. Sem `rel="next"` no cabeçalho `Link`, é a última.',
            Type.Array(Invoice, { maxItems: 500 }),
            LINK_HEADER,
          ),
          ...NOT_MODIFIED,
          ...problemResponses('invalid_parameter', 'unknown_parameter', 'invalid_cursor', ...AUTHENTICATED_PROBLEMS),
        },
      },
    },
    async (request, reply) => {
      const filters = invoiceFilters(request.query);
      const regional = request.viewer!.regional;
      const binding = { ...filters, regional };
      const limit = request.query.limit ?? DEFAULT_LIMIT;
      const order = invoiceOrder(filters);
      const after = checkedKey(cursorKey(request, binding), order !== 'id');
      // With updated_since, the commit horizon is read from the primary's sessions: a replica shows none of its writers.
      const db = filters.updatedSince ? app.database.db : app.database.read;
      const rows = await listInvoices(db, filters, regional, businessDate(new Date()), after, limit);
      const page = paginate(request, reply, rows, limit, binding, (row) => (order === 'id' ? [row.id] : [row.sort_key!, row.id]));
      request.auditMatriculas = [...new Set(page.map((row) => row.associado))];
      reply.header('cache-control', PERSONAL_DATA_CACHE);
      return sendPage(
        reply,
        rows,
        page.map((row) => toInvoice(row, (cpf) => cpfFor(request.viewer, cpf))),
      );
    },
  );
  done();
}
