import type { Client } from 'openapi-fetch';
import type { paths } from './associa-api.js';
import type { ClientPaths } from './client-paths.js';
import { AssociaError } from './paginate.js';

const PATH = '/api/v1/associados/situacao';

/** One answer of the batch status operation: the id as sent, and its standing, or `null` when it names no member the token sees. */
export type SituacaoNoLote = paths[typeof PATH]['get']['responses'][200]['content']['application/json'][number];

/** The most ids the API takes in one request. */
export const BATCH_SIZE = 100;

/** Requests in flight at once by default: docs/guia-sistema-de-provas.md measured four to halve the exam morning's check. */
export const BATCH_CONCURRENCY = 4;

export interface SituacoesOptions {
  signal?: AbortSignal;
  /** Requests of BATCH_SIZE ids in flight at once (default BATCH_CONCURRENCY; 1 asks them one after the other). */
  concurrency?: number;
}

/**
 * The standing of every member of `ids` (matrículas and CPFs, masked or not, in any mix and number), one answer
 * per id in their order, asked in requests of BATCH_SIZE ids, `concurrency` of them in flight at once. A refused
 * request throws an `AssociaError` once the answers before it have been yielded, so that the caller knows which ids
 * are left; the requests after it are aborted, as they are when the caller stops reading.
 */
export async function* situacoes(
  client: Client<ClientPaths>,
  ids: readonly string[],
  { signal, concurrency = BATCH_CONCURRENCY }: SituacoesOptions = {},
): AsyncGenerator<SituacaoNoLote, void, undefined> {
  // The ids travel comma-separated: one with a comma in it would become two, and the answers would no longer match.
  const split = ids.find((id) => id.includes(','));
  if (split !== undefined) throw new TypeError(`An id cannot contain a comma: '${split}'.`);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer: ${concurrency}`);
  const unwanted = new AbortController();
  const requestSignal = signal ? AbortSignal.any([signal, unwanted.signal]) : unwanted.signal;
  const ask = (start: number) => {
    const asked = client.GET(PATH, { params: { query: { id: ids.slice(start, start + BATCH_SIZE) } }, signal: requestSignal });
    // Read in turn, later: a request that fails before its turn must not count as a rejection nobody handles.
    asked.catch(() => undefined);
    return asked;
  };
  const inFlight: ReturnType<typeof ask>[] = [];
  let next = 0;
  try {
    while (next < ids.length || inFlight.length > 0) {
      for (; inFlight.length < concurrency && next < ids.length; next += BATCH_SIZE) inFlight.push(ask(next));
      const { data, error, response } = await inFlight.shift()!;
      if (data === undefined) throw new AssociaError(response, error);
      yield* data;
    }
  } finally {
    unwanted.abort();
  }
}
