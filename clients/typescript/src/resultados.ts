import type { Client } from 'openapi-fetch';
import type { paths } from './associa-api.js';
import type { ClientPaths } from './client-paths.js';
import { AssociaError } from './paginate.js';
import { isConnectionFailure, sleep } from './retry.js';

const PATH = '/api/v1/provas/{id}/resultados';
type Operation = paths[typeof PATH]['post'];

/** One result as the exam system sends it. */
export type ResultadoEnviado = Operation['requestBody']['content']['application/json']['resultados'][number];
/** The answer to a batch: the exam, and each result in the order sent. */
export type ResultadosEnviados = Operation['responses'][200]['content']['application/json'];

export interface EnviarResultadosOptions {
  /**
   * The batch's Idempotency-Key (default: a new UUID for this call). Keep it with the batch to send it again after a
   * crash: within 24 h the API answers the first answer again and writes nothing twice.
   */
  idempotencyKey?: string;
  /** Tries in all, the first one included (default 5). */
  attempts?: number;
  signal?: AbortSignal;
}

/**
 * Sends an exam's results in one batch (1 to 500) with an Idempotency-Key, and sends it again, with the same key, when
 * the answer is lost (a connection reset or refused), when the key's first request is still running (409
 * `idempotency_key_in_use`, after its `Retry-After`) and, through the client's retries, on 429 and 503: the results are
 * written once whatever happens. A refused batch (422, 409 `result_conflict`…) throws an `AssociaError` with the
 * problem's `errors`, each with the item's `posicao`.
 */
export async function enviarResultados(
  client: Client<ClientPaths>,
  provaId: number | string,
  resultados: readonly ResultadoEnviado[],
  { idempotencyKey = crypto.randomUUID(), attempts = 5, signal }: EnviarResultadosOptions = {},
): Promise<ResultadosEnviados & { replayed: boolean }> {
  for (let attempt = 1; ; attempt++) {
    let answer;
    try {
      answer = await client.POST(PATH, {
        params: { path: { id: provaId }, header: { 'Idempotency-Key': idempotencyKey } },
        body: { resultados: [...resultados] },
        signal,
      });
    } catch (error) {
      if (attempt >= attempts || signal?.aborted || !isConnectionFailure(error)) throw error;
      await sleep(2 ** (attempt - 1) * 1000, signal);
      continue;
    }
    const { data, error, response } = answer;
    if (data !== undefined) return { ...data, replayed: response.headers.get('idempotent-replayed') === 'true' };
    if (error?.code === 'idempotency_key_in_use' && attempt < attempts) {
      await sleep(Number(response.headers.get('retry-after') ?? '1') * 1000, signal);
      continue;
    }
    throw new AssociaError(response, error);
  }
}
