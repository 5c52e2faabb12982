import type { MemberFilters } from '../src/api/associados/associados.queries.js';
import type { InvoiceFilters } from '../src/api/faturas/faturas.queries.js';
import type { ListKey } from '../src/api/list-order.js';
import { parseCpf } from '../src/domain/cpf.js';
import { parseCrm } from '../src/domain/crm.js';
import { businessDate, dateOfDay, dayNumber, parseTimestamp, startOfBusinessDay } from '../src/domain/dates.js';
import type { InvoiceStatus } from '../src/domain/enums.js';

/**
 * The list filters of a query string as the service's routes normalise them (values sorted, regional in
 * capitals, dates as São Paulo days), without their validation: the baseline and the scale check must hand
 * the query functions the same arguments, hence the same SQL, as the service does.
 */
export type Query = Record<string, string | undefined>;

const values = (text: string | undefined) => (text === undefined ? undefined : [...new Set(text.split(',').map((value) => value.trim()))].sort());

export function memberFilters(query: Query): MemberFilters {
  const filters: MemberFilters = {};
  if (query.cpf !== undefined) filters.cpf = parseCpf(query.cpf) ?? query.cpf;
  const crm = query.crm === undefined ? null : parseCrm(query.crm);
  if (crm && !('unknownUf' in crm)) filters.crm = crm;
  const status = values(query.status);
  if (status) filters.status = status;
  const regional = values(query.regional?.toUpperCase());
  if (regional) filters.regional = regional;
  const updatedSince = query.updated_since === undefined ? null : parseTimestamp(query.updated_since);
  if (updatedSince) filters.updatedSince = updatedSince;
  return filters;
}

export function invoiceFilters(query: Query): InvoiceFilters {
  const filters: InvoiceFilters = {};
  const status = values(query.status);
  if (status) filters.status = status as InvoiceStatus[];
  const kind = values(query.kind);
  if (kind) filters.kind = kind;
  if (query.paid_from) filters.paidFrom = startOfBusinessDay(query.paid_from);
  if (query.paid_to) filters.paidBefore = startOfBusinessDay(dateOfDay(dayNumber(query.paid_to) + 1));
  const updatedSince = query.updated_since === undefined ? null : parseTimestamp(query.updated_since);
  if (updatedSince) filters.updatedSince = updatedSince;
  return filters;
}

/** The key a page starts after, given to the baseline as JSON in `after` instead of a signed cursor. */
export function afterKey(query: Query): ListKey | null {
  return query.after ? JSON.parse(query.after) as ListKey : null;
}

/**
 * The key inside one of the service's cursors (base64url JSON `{ f, a }` before the signature), so that the
 * baseline can start the same page. Reading it needs no key; only forging one would.
 */
export function cursorKey(cursor: string): unknown[] {
  const payload = JSON.parse(Buffer.from(cursor.split('.')[0]!, 'base64url').toString('utf8')) as { a: unknown[] };
  return payload.a;
}

/** Today's São Paulo date and year, as the routes compute them at each request. */
export function businessDay(): { today: string; year: number } {
  const today = businessDate(new Date());
  return { today, year: Number(today.slice(0, 4)) };
}
