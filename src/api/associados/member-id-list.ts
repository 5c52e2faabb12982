import type { FastifyRequest } from 'fastify';
import { Problem, type ParameterError } from '../../errors/problems.js';
import { parseMemberId, type MemberKey } from './member-id.js';

/** The most ids one batch status request takes. */
export const MAX_BATCH_IDS = 100;

/** An id of a batch as it was sent, and the member it names. */
export interface BatchId {
  id: string;
  key: MemberKey;
}

/** The ids sent, in order: the parameter's values split at commas (the parameter may also be repeated). */
function sentIds(raw: unknown): string[] {
  const values = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.filter((value) => typeof value === 'string') : [];
  return values.flatMap((value) => value.split(','));
}

/**
 * What a batch counts against the token's rate limit: one request per id (API-DESIGN §9), read from the raw query
 * before validation. A request without ids, or with more than a batch takes, counts as one: validation refuses it.
 */
export function batchCost(request: FastifyRequest): number {
  const count = sentIds((request.query as Record<string, unknown>).id).length;
  return count >= 1 && count <= MAX_BATCH_IDS ? count : 1;
}

/** How an id is quoted in a 400: enough to find it, never so long that the message is mostly the id. */
const quoted = (id: string) => `'${id.length > 20 ? `${id.slice(0, 20)}…` : id}'`;

/**
 * The ids of a batch, each a matrícula or a CPF (masked or not) as in the single status operation; a 400 naming
 * every id that is neither, by its position, so that nothing sent is dropped in silence.
 */
export function batchIds(raw: readonly string[]): BatchId[] {
  const ids = sentIds(raw);
  if (ids.length > MAX_BATCH_IDS) {
    const message = `esperados no máximo ${MAX_BATCH_IDS} identificadores por requisição; recebidos ${ids.length}`;
    throw new Problem('invalid_parameter', `id: ${message}.`, { errors: [{ parameter: 'id', message }] });
  }
  const batch: BatchId[] = [];
  const errors: ParameterError[] = [];
  for (const [index, id] of ids.entries()) {
    const parsed = parsedId(id);
    if (typeof parsed === 'string') errors.push({ parameter: 'id', message: `posição ${index + 1} (${quoted(id)}): ${parsed}` });
    else batch.push({ id, key: parsed });
  }
  if (errors.length > 0) {
    const first = errors[0]!.message;
    const detail = errors.length === 1 ? `id: ${first}.` : `id: ${errors.length} identificadores inválidos; o primeiro na ${first}.`;
    throw new Problem('invalid_parameter', detail, { errors });
  }
  return batch;
}

/** The member an id names, or why it names none. */
function parsedId(id: string): MemberKey | string {
  if (id === '') return 'identificador vazio';
  try {
    return parseMemberId(id, true);
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    const first = error.options.errors?.[0];
    return first && 'message' in first ? first.message : error.detail;
  }
}
