import { cursorKey } from './filters.js';
import { median } from './stats.js';

/** Requests the bench sends besides the load: following pages, sizing bodies, timing one client. */

/**
 * A GET, sent again once if the connection failed before any response: a kept-alive socket the server
 * closed at that moment is not the service failing (a service that died fails the second try too).
 */
async function get(url: string, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch {
    return fetch(url, { headers });
  }
}

const nextOf = (link: string | null) => /<([^>]+)>;\s*rel="next"/.exec(link ?? '')?.[1];

/** `path` without its `limit`, so a page found with 500 rows at a time is then asked at the default size. */
function withoutLimit(path: string): string {
  const url = new URL(path, 'http://localhost');
  url.searchParams.delete('limit');
  return `${url.pathname}${url.search}`;
}

function withLimit(path: string, limit: number): string {
  const url = new URL(path, 'http://localhost');
  url.searchParams.set('limit', String(limit));
  return `${url.pathname}${url.search}`;
}

/** Follows `Link: rel="next"` from `path`, `pages` times at `limit` rows a page; the path of each page reached (without the limit). */
export async function follow(base: string, path: string, headers: Record<string, string>, limit: number, pages: number): Promise<string[]> {
  const reached: string[] = [];
  let next = withLimit(path, limit);
  while (reached.length < pages) {
    const response = await get(`${base}${next}`, headers);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${next} answered ${response.status}`);
    const link = nextOf(response.headers.get('link'));
    if (!link) break;
    const url = new URL(link);
    next = `${url.pathname}${url.search}`;
    reached.push(withoutLimit(next));
  }
  return reached;
}

/** The first `pages` pages of a list (fewer if it is shorter). */
export async function firstPages(base: string, path: string, headers: Record<string, string>, pages: number): Promise<string[]> {
  return [path, ...(await follow(base, path, headers, 100, pages - 1))];
}

/** `pages` pages of a list starting after `rows` rows, reached through the Link headers. */
export async function deepPages(
  base: string,
  path: string,
  headers: Record<string, string>,
  rows: number,
  pages: number,
): Promise<string[]> {
  const walked = await follow(base, path, headers, 500, Math.ceil(rows / 500));
  if (walked.length * 500 < rows) throw new Error(`${path} has fewer than ${rows.toLocaleString('en')} rows`);
  return firstPages(base, walked.at(-1)!, headers, pages);
}

/** The baseline's path for a service list path: the cursor's key goes as `after`. */
export function baselinePath(servicePath: string): string {
  const url = new URL(servicePath, 'http://localhost');
  const cursor = url.searchParams.get('cursor');
  if (cursor !== null) {
    url.searchParams.delete('cursor');
    url.searchParams.set('after', JSON.stringify(cursorKey(cursor)));
  }
  return `${url.pathname.replace(/^\/api\/v1/, '')}${url.search}`;
}

/**
 * The median size of the bodies of `paths` as sent: uncompressed, as wrk receives them (it sends no
 * Accept-Encoding), unless `headers` ask for an encoding. Read from Content-Length: fetch decodes what it receives.
 */
export async function bodyBytes(base: string, paths: string[], headers: Record<string, string>): Promise<number> {
  const sizes: number[] = [];
  for (const path of paths) {
    const response = await get(`${base}${path}`, { 'accept-encoding': 'identity', ...headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    sizes.push(Number(response.headers.get('content-length')));
  }
  return median(sizes);
}

/** Milliseconds of each of `times` requests sent one after the other: one client alone, asking as curl does (no compression). */
export async function sequentialMs(base: string, path: string, headers: Record<string, string>, times: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    ms.push(Math.round((performance.now() - started) * 10) / 10);
  }
  return ms;
}
