import type { Client, FetchOptions } from 'openapi-fetch';
import type { components, paths } from './associa-api.js';
import type { ClientPaths } from './client-paths.js';

type Problem = components['schemas']['Problem'];

/** The paths whose GET answers a JSON array: the lists, paginated by `Link` (the batch status operation answers its ids, one page). */
export type ListPath = Exclude<
  {
    [P in keyof paths]: paths[P]['get'] extends { responses: { 200: { content: { 'application/json': unknown[] } } } } ? P : never;
  }[keyof paths],
  '/api/v1/associados/situacao'
>;

export type ListItem<P extends ListPath> = paths[P]['get']['responses'][200]['content']['application/json'][number];

/** A problem (RFC 9457) answered to a call that has no other way to return it, such as a page of `paginate()`. */
export class AssociaError extends Error {
  constructor(
    readonly response: Response,
    readonly problem: Problem | undefined,
  ) {
    super(problem ? `${problem.status} ${problem.code}: ${problem.detail}` : `HTTP ${response.status} ${response.statusText}`);
    this.name = 'AssociaError';
  }
}

/**
 * Every item of a list, page after page: the first page as `init` asks, then the `Link` with `rel="next"` of
 * each page as it is, until a page has none.
 */
export async function* paginate<P extends ListPath>(
  client: Client<ClientPaths>,
  path: P,
  init?: FetchOptions<ClientPaths[P]['get']>,
): AsyncGenerator<ListItem<P>, void, undefined> {
  // openapi-fetch's types resolve for one literal path, not for a union of them: the list paths share this shape.
  const get = client.GET as (path: ListPath, init?: object) => Promise<{ data?: ListItem<P>[]; error?: Problem; response: Response }>;
  let options: object | undefined = init;
  for (;;) {
    const { data, error, response } = await get(path, options);
    if (data === undefined) throw new AssociaError(response, error);
    yield* data;
    const next = nextLink(response);
    if (next === undefined) return;
    if (!next.pathname.endsWith(path)) throw new Error(`Link rel="next" leaves ${path}: ${next.href}`);
    // The link already carries the whole query, the cursor included.
    options = { ...init, baseUrl: `${next.origin}${next.pathname.slice(0, -path.length)}`, querySerializer: () => next.search.slice(1) };
  }
}

/** The target of `rel="next"` in a `Link` header (RFC 8288), which may list other links beside it. */
function nextLink(response: Response): URL | undefined {
  for (const [, target, params] of (response.headers.get('link') ?? '').matchAll(/<([^>]*)>((?:[^,<"]|"[^"]*")*)/g)) {
    // The API's links are absolute; a relative one needs the response's URL, which a Response built in code lacks.
    if (/;\s*rel\s*=\s*(?:"[^"]*\bnext\b[^"]*"|next\b)/i.test(params!)) return new URL(target!, response.url || undefined);
  }
  return undefined;
}
