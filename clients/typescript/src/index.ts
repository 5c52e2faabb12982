import createClient, { type Client, type FetchOptions } from 'openapi-fetch';
import type { ClientPaths } from './client-paths.js';
import { paginate, type ListItem, type ListPath } from './paginate.js';
import { withRetries, type Fetch, type RetryOptions } from './retry.js';
import { withRevalidation } from './revalidation.js';
import { enviarResultados, type EnviarResultadosOptions, type ResultadoEnviado, type ResultadosEnviados } from './resultados.js';
import { situacoes, type SituacaoNoLote, type SituacoesOptions } from './situacoes.js';

export type { components, operations, paths } from './associa-api.js';
export type { ClientPaths } from './client-paths.js';
export { AssociaError, type ListItem, type ListPath } from './paginate.js';
export type { EnviarResultadosOptions, ResultadoEnviado, ResultadosEnviados } from './resultados.js';
export type { RetryOptions } from './retry.js';
export { BATCH_CONCURRENCY, BATCH_SIZE, type SituacaoNoLote, type SituacoesOptions } from './situacoes.js';
export { verifyWebhook, WebhookVerificationError, type Evento, type TestEvent } from './webhooks.js';

export interface AssociaClientOptions {
  /** Where the API is, without `/api/v1` (e.g. `https://api.associa.example`). */
  baseUrl: string;
  /** The bearer token; the public course list needs none. */
  token?: string;
  retry?: RetryOptions;
  /** Responses kept for ETag revalidation (default 100, the least recently used dropped first; 0 keeps none). */
  cacheEntries?: number;
  /** The fetch to send requests with (default: the global one). */
  fetch?: Fetch;
}

export interface AssociaClient extends Client<ClientPaths> {
  /** Every item of a list, following `Link: <…>; rel="next"` from page to page. */
  paginate<P extends ListPath>(path: P, init?: FetchOptions<ClientPaths[P]['get']>): AsyncGenerator<ListItem<P>, void, undefined>;
  /**
   * The standing of any number of members by matrícula or CPF, one answer per id in their order (`situacao: null`
   * when the id names no member the token sees), asked 100 at a time, four requests in flight unless `concurrency`
   * says otherwise; a refused request throws an `AssociaError`.
   */
  situacoes(ids: readonly string[], options?: SituacoesOptions): AsyncGenerator<SituacaoNoLote, void, undefined>;
  /**
   * Sends an exam's results in one batch (1 to 500), written once however often it has to be sent: with an
   * Idempotency-Key, sent again on a lost answer, a key still in use, 429 and 503. A refused batch throws an
   * `AssociaError` whose problem lists each item's problem by its position.
   */
  enviarResultados(
    provaId: number | string,
    resultados: readonly ResultadoEnviado[],
    options?: EnviarResultadosOptions,
  ): Promise<ResultadosEnviados & { replayed: boolean }>;
}

export function createAssociaClient({
  baseUrl,
  token,
  retry,
  cacheEntries = 100,
  fetch = (request) => globalThis.fetch(request),
}: AssociaClientOptions): AssociaClient {
  const retrying = withRetries(fetch, retry);
  const client = createClient<ClientPaths>({
    baseUrl,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    fetch: cacheEntries > 0 ? withRevalidation(retrying, cacheEntries) : retrying,
    // As the document declares its lists (`status=paid,open`); the API accepts repeated parameters too.
    querySerializer: { array: { style: 'form', explode: false } },
  });
  return Object.assign(client, {
    paginate: <P extends ListPath>(path: P, init?: FetchOptions<ClientPaths[P]['get']>) => paginate(client, path, init),
    situacoes: (ids: readonly string[], options?: SituacoesOptions) => situacoes(client, ids, options),
    enviarResultados: (provaId: number | string, resultados: readonly ResultadoEnviado[], options?: EnviarResultadosOptions) =>
      enviarResultados(client, provaId, resultados, options),
  });
}
