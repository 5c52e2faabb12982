import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commitHorizon, seesEverySession } from '../db/commit-horizon.js';
import type { Reader } from '../db/connection.js';
import type { PageCache } from '../caching/page-cache.js';
import { DEFAULT_LIMIT, MAX_LIMIT, nextLink } from '../lists/pagination.js';
import type { ProblemCode } from '../errors/problems.js';
import { baseUrl } from '../routes/urls.js';
import type { Viewer } from '../tokens/viewer.js';
import { LINK_HEADER, okResponses, problemResponses, type CacheControl } from './common.schemas.js';
import { checkedKey, type KeyKind, type ListKey } from './list-order.js';

/** An order a list may be read in: what its cursor carries before the row's id, and whether it is an update feed. */
export interface ListOrder {
  readonly key: KeyKind;
  /**
   * Rows stamped by `atualizado_em`, served only before the commit horizon (API-DESIGN §5), so a client that keeps
   * the last stamp it was served never skips a change that commits late. The horizon is read on the primary.
   */
  readonly horizon?: boolean;
}

/** What a list's query is given: its filters, where to start, how many, and where to read. */
export interface PageQuery<Filters, Order extends string> {
  db: Reader;
  filters: Filters;
  order: Order;
  /** The key of the last row of the previous page, in `order`; null for the first page. */
  after: ListKey | null;
  limit: number;
  /** With a horizon order, serve only rows stamped before this; null otherwise. */
  before: Date | null;
}

/** A page's query with the request it serves, for the limits a query may be subject to. */
export interface PageRequest<Filters, Order extends string> extends PageQuery<Filters, Order> {
  request: FastifyRequest;
}

/** A row of a list page: `sort_key` is the order's value before the id, as PostgreSQL's text (null when ordered by id). */
export interface ListRow {
  sort_key: string | null;
}

/**
 * A list of the API, declared: the pipeline (`listRoute`) owns the cursor, the choice of order, cutting the page,
 * the `Link` header, the audit trail's matriculas, the cache header and sending.
 */
export interface ListDeclaration<Query, Filters, Order extends string, Row extends ListRow, Item> {
  /**
   * The checked filters (a 400 for bad input), with whatever narrows the list for `viewer` (its branch): a cursor is
   * bound to exactly these, so it cannot be reused with other filters or by a viewer who sees other rows. `params`: the
   * path's, for a list of one record's rows (an exam's candidates).
   */
  filters: (query: Query, viewer: Viewer | null, params: Record<string, string>) => Filters;
  orders: Record<Order, ListOrder>;
  order: (filters: Filters) => Order;
  /** `limit + 1` rows at most, in `order`, after `after`: one more than `limit` says a next page exists. */
  query: (page: PageRequest<Filters, Order>) => Promise<Row[]>;
  id: (row: Row) => number;
  item: (row: Row, viewer: Viewer | null) => Item;
  /** The member whose data a row shows, for the audit trail (API-DESIGN §8). */
  matricula?: (row: Row) => number;
  cacheControl: CacheControl;
  /** Serialised pages kept for every caller alike, keyed by the whole request URL and the address it is served under. */
  pageCache?: PageCache;
}

type ListQuery = { limit?: number; cursor?: string };

/**
 * A list route's responses: a page of `item` (`what` names the page) sent with `list`'s Cache-Control, 304, and the problems
 * of a list besides `problems`.
 */
export function listResponses(what: string, item: TSchema, list: { cacheControl: CacheControl }, problems: readonly ProblemCode[]) {
  return {
    ...okResponses(
      `${what} Sem \`rel="next"\` no cabeçalho \`Link\`, é a última.`,
      Type.Array(item, { maxItems: MAX_LIMIT }),
      list.cacheControl,
      LINK_HEADER,
    ),
    ...problemResponses('invalid_parameter', 'unknown_parameter', 'invalid_cursor', ...problems),
  };
}

/** The handler of a list route: the declaration, run. */
export function listRoute<Query extends ListQuery, Filters, Order extends string, Row extends ListRow, Item>(
  app: FastifyInstance,
  list: ListDeclaration<Query, Filters, Order, Row, Item>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  if (Object.values<ListOrder>(list.orders).some((order) => order.horizon)) adviseOnHorizon(app);
  const cache = list.pageCache;
  return async (request, reply) => {
    // Only successful pages are kept, so a bad cursor always reaches the decoder and its 400.
    const body = cache
      ? await cache.send(reply, `${baseUrl(request)}|${request.url}`, ['link'], () => page(app, list, request, reply))
      : await page(app, list, request, reply);
    reply.header('cache-control', list.cacheControl);
    // Sent here rather than returned, with the rows emptied in `page`: a request's promises may already be in V8's
    // old generation and would keep the page alive until a full collection (invoice list 1.48×, docs/benchmark-findings.md).
    return reply.send(body);
  };
}

async function page<Query extends ListQuery, Filters, Order extends string, Row extends ListRow, Item>(
  app: FastifyInstance,
  list: ListDeclaration<Query, Filters, Order, Row, Item>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Item[]> {
  // Validated by the route's schema, of which `Query` is the type.
  const query = request.query as Query;
  const viewer = request.viewer;
  const filters = list.filters(query, viewer, request.params as Record<string, string>);
  const order = list.order(filters);
  const { key, horizon } = list.orders[order];
  const limit = query.limit ?? DEFAULT_LIMIT;
  const cursor = query.cursor;
  const after = cursor === undefined ? null : checkedKey(app.cursors.decode(cursor, filters), key);
  // The horizon is read from the primary's sessions: a replica shows none of its writers.
  const db = horizon ? request.data.db : request.data.read;
  const before = horizon ? await commitHorizon(db) : null;
  const rows = await list.query({ db, filters, order, after, limit, before, request });
  const last = rows.length > limit ? rows[limit - 1]! : undefined;
  if (last) {
    const lastKey = key === 'id' ? [list.id(last)] : [last.sort_key!, list.id(last)];
    reply.header('link', nextLink(baseUrl(request), request.url, app.cursors.encode(filters, lastKey)));
  }
  const shown = last ? rows.slice(0, limit) : rows;
  // The audit writer names each member once however often the page lists them (src/audit/audit-writer.ts).
  if (list.matricula) request.auditMatriculas = shown.map(list.matricula);
  const items = shown.map((row) => list.item(row, viewer));
  rows.length = 0;
  return items;
}

const PARTIAL_HORIZON =
  "the database role is neither superuser nor a member of pg_read_all_stats, so lists with updated_since cannot see when other roles' " +
  'transactions started: one that has written holds them back until it ends, and a statement that has not written yet is not waited for ' +
  '(its change may be skipped); grant pg_read_all_stats to this role (docs/deployment.md)';

const advised = new WeakSet<object>();

/**
 * Once per application, for every list with a horizon order. Only advice: a database that does not answer now is
 * /readyz's to report, not a reason to stop the start.
 */
function adviseOnHorizon(app: FastifyInstance): void {
  if (advised.has(app.server)) return;
  advised.add(app.server);
  app.addHook('onReady', async () => {
    const every = await seesEverySession(app.database.db).catch(() => true);
    if (!every) app.log.warn(PARTIAL_HORIZON);
  });
}
