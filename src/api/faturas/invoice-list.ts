import { businessDate } from '../../domain/dates.js';
import type { ListDeclaration } from '../list-pipeline.js';
import { PERSONAL_DATA_CACHE } from '../personal-data.js';
import { listInvoices, type InvoiceListFilters, type InvoiceOrder } from './faturas.queries.js';
import type { Invoice, InvoiceListQuery } from './faturas.schemas.js';
import { invoiceFilters } from './invoice-filters.js';
import { toInvoice } from './invoice-mapper.js';

type InvoiceRow = Awaited<ReturnType<typeof listInvoices>>[number];

/**
 * The invoice list (API-DESIGN §5): by id; a range is read in its own column's order, `updated_since` winning over
 * `paid_from`/`paid_to`, so that every page comes from an index in order however large the table.
 */
export const invoiceList: ListDeclaration<InvoiceListQuery, InvoiceListFilters, InvoiceOrder, InvoiceRow, Invoice> = {
  filters: (query, viewer) => ({ ...invoiceFilters(query), regional: viewer?.regional ?? null }),
  orders: { id: { key: 'id' }, pago_em: { key: 'timestamp' }, atualizado_em: { key: 'timestamp', horizon: true } },
  order: (filters) => (filters.updatedSince ? 'atualizado_em' : filters.paidFrom || filters.paidBefore ? 'pago_em' : 'id'),
  query: (page) => listInvoices(page, businessDate(new Date())),
  id: (row) => row.id,
  item: toInvoice,
  matricula: (row) => row.associado,
  cacheControl: PERSONAL_DATA_CACHE,
};
