import type { MemberListFilters } from '../src/api/associados/associados.queries.js';
import { memberList } from '../src/api/associados/member-list.js';
import type { InvoiceListFilters } from '../src/api/faturas/faturas.queries.js';
import { invoiceList } from '../src/api/faturas/invoice-list.js';
import type { ListKey } from '../src/api/list-order.js';
import type { ListDeclaration, PageQuery } from '../src/api/list-pipeline.js';
import { commitHorizon } from '../src/db/commit-horizon.js';
import type { Reader } from '../src/db/connection.js';
import { businessDate } from '../src/domain/dates.js';

/**
 * The list filters of a query string, parsed by the lists' own declarations for a token of every branch: the
 * baseline and the scale check must hand the query functions the same arguments, hence the same SQL, as the
 * service does. A list parameter arrives here as one comma-separated value, which those functions split.
 */
export type Query = Record<string, string | undefined>;

const list = (value: string | undefined) => (value === undefined ? undefined : [value]);

export function memberFilters(query: Query): MemberListFilters {
  return memberList.filters(
    {
      cpf: query.cpf,
      crm: query.crm,
      status: list(query.status),
      regional: list(query.regional),
      updated_since: query.updated_since,
    },
    null,
    {},
  );
}

export function invoiceFilters(query: Query): InvoiceListFilters {
  return invoiceList.filters(
    {
      status: list(query.status),
      kind: list(query.kind),
      paid_from: query.paid_from,
      paid_to: query.paid_to,
      updated_since: query.updated_since,
    },
    null,
    {},
  );
}

/** What a list's query is given for these filters, as the list pipeline (src/api/list-pipeline.ts) gives it, horizon included. */
export async function pageQuery<Filters, Order extends string>(
  list: Pick<ListDeclaration<never, Filters, Order, never, never>, 'orders' | 'order'>,
  db: Reader,
  filters: Filters,
  after: ListKey | null,
  limit: number,
): Promise<PageQuery<Filters, Order>> {
  const order = list.order(filters);
  const before = list.orders[order].horizon ? await commitHorizon(db) : null;
  return { db, filters, order, after, limit, before };
}

/** The key a page starts after, given to the baseline as JSON in `after` instead of a signed cursor. */
export function afterKey(query: Query): ListKey | null {
  return query.after ? (JSON.parse(query.after) as ListKey) : null;
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
