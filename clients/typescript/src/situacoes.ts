import type { Client } from 'openapi-fetch';
import type { paths } from './associa-api.js';
import { AssociaError } from './paginate.js';

const PATH = '/api/v1/associados/situacao';

/** One answer of the batch status operation: the id as sent, and its standing, or `null` when it names no member the token sees. */
export type SituacaoNoLote = paths[typeof PATH]['get']['responses'][200]['content']['application/json'][number];

/** The most ids the API takes in one request. */
export const BATCH_SIZE = 100;

/**
 * The standing of every member of `ids` (matrículas and CPFs, masked or not, in any mix and number), one answer
 * per id in their order, asked in requests of BATCH_SIZE ids one after the other. A refused request throws an
 * `AssociaError` once the answers before it have been yielded, so that the caller knows which ids are left.
 */
export async function* situacoes(
  client: Client<paths>,
  ids: readonly string[],
  init: { signal?: AbortSignal } = {},
): AsyncGenerator<SituacaoNoLote, void, undefined> {
  // The ids travel comma-separated: one with a comma in it would become two, and the answers would no longer match.
  const split = ids.find((id) => id.includes(','));
  if (split !== undefined) throw new TypeError(`An id cannot contain a comma: '${split}'.`);
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    const { data, error, response } = await client.GET(PATH, {
      params: { query: { id: ids.slice(start, start + BATCH_SIZE) } },
      signal: init.signal,
    });
    if (data === undefined) throw new AssociaError(response, error);
    yield* data;
  }
}
