import { dateOfDay, dayNumber, LAST_INSTANT, startOfBusinessDay } from '../../domain/dates.js';
import { INVOICE_KINDS, INVOICE_STATUSES } from '../../domain/enums.js';
import { dateValue, enumValues, timestampValue } from '../../lists/list-params.js';
import { invalidParameter } from '../../errors/problems.js';
import type { InvoiceFilters } from './faturas.queries.js';
import type { InvoiceListQuery } from './faturas.schemas.js';

/** The filters of the invoice list, checked and normalised; bad input is a 400 naming the parameter. */
export function invoiceFilters(query: InvoiceListQuery): InvoiceFilters {
  const filters: InvoiceFilters = {};
  const status = enumValues('status', query.status, INVOICE_STATUSES);
  if (status) filters.status = status.sort();
  const kind = enumValues('kind', query.kind, INVOICE_KINDS);
  if (kind) filters.kind = kind.sort();
  const paidFrom = dateValue('paid_from', query.paid_from);
  const paidTo = dateValue('paid_to', query.paid_to);
  if (paidFrom && paidTo && paidFrom > paidTo) throw invalidParameter('paid_to', `deve ser igual ou posterior a paid_from (${paidFrom})`);
  if (paidFrom) filters.paidFrom = startOfBusinessDay(paidFrom);
  // Year 10000 is past what the driver can send; no payment is in the future (API-DESIGN §5): LAST_INSTANT finds the same rows.
  if (paidTo) filters.paidBefore = new Date(Math.min(startOfBusinessDay(dateOfDay(dayNumber(paidTo) + 1)).getTime(), LAST_INSTANT));
  const updatedSince = timestampValue('updated_since', query.updated_since);
  if (updatedSince) filters.updatedSince = updatedSince;
  return filters;
}
