import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/**
 * Idempotency-Key (IETF httpapi draft, with Stripe's semantics; API-DESIGN §14): the first answer to a token's key is
 * kept for 24 h with a digest of its request, written in the transaction of the change it answers, so that a request
 * retried after a lost answer gets that answer again and never makes a second change.
 */

/** How long an answer is kept, and so how long a key stays taken. */
export const KEPT_FOR_MS = 24 * 60 * 60 * 1000;
/** 1 to 255 printable ASCII characters. */
const KEY = /^[\x20-\x7e]{1,255}$/;

export function isIdempotencyKey(value: string): boolean {
  return KEY.test(value);
}

/** The request a key was first used for: its method, its route (with its parameters) and its body, byte for byte. */
export function requestDigest(method: string, path: string, body: Buffer | string): Buffer {
  return createHash('sha256').update(`${method} ${path}\n`).update(body).digest();
}

export interface KeptAnswer {
  status: number;
  /** The JSON body, as first sent. */
  body: string;
}

export type Lookup = { found: 'none' } | { found: 'same'; answer: KeptAnswer } | { found: 'other' };

/** The answer kept for a token's key, if it is not older than a day: for the same request, or for another one. */
export async function keptAnswer(db: Kysely<Schema>, tokenId: number, key: string, digest: Buffer, now = new Date()): Promise<Lookup> {
  const row = await db
    .selectFrom('chave_idempotencia')
    .select(['resumo', 'status', 'resposta'])
    .where('token_id', '=', tokenId)
    .where('chave', '=', key)
    .where('criado_em', '>', new Date(now.getTime() - KEPT_FOR_MS))
    .executeTakeFirst();
  if (!row) return { found: 'none' };
  return Buffer.from(row.resumo).equals(digest)
    ? { found: 'same', answer: { status: row.status, body: row.resposta } }
    : { found: 'other' };
}

/**
 * Takes a token's key for the rest of the transaction, or answers false when another transaction holds it: a request
 * with that key is being answered elsewhere (another instance), and this one is told to try again in a moment.
 */
export async function takeKey(tx: Kysely<Schema>, tokenId: number, key: string): Promise<boolean> {
  const { rows } = await sql<{ taken: boolean }>`
    select pg_try_advisory_xact_lock(hashtext('idempotencia'), hashtext(${`${tokenId}:${key}`})) as taken`.execute(tx);
  return rows[0]!.taken;
}

/** Keeps the answer to a token's key, in the transaction of the change it answers; a day-old answer to it is replaced. */
export async function keepAnswer(tx: Kysely<Schema>, tokenId: number, key: string, digest: Buffer, answer: KeptAnswer): Promise<void> {
  await tx
    .insertInto('chave_idempotencia')
    .values({ token_id: tokenId, chave: key, resumo: digest, status: answer.status, resposta: answer.body, criado_em: new Date() })
    .onConflict((conflict) =>
      conflict
        .columns(['token_id', 'chave'])
        // The values proposed, not sent again: an answer is tens of kilobytes.
        .doUpdateSet((eb) => ({
          resumo: eb.ref('excluded.resumo'),
          status: eb.ref('excluded.status'),
          resposta: eb.ref('excluded.resposta'),
          criado_em: eb.ref('excluded.criado_em'),
        }))
        .where('chave_idempotencia.criado_em', '<=', new Date(Date.now() - KEPT_FOR_MS)),
    )
    .execute();
}

/** Deletes the answers older than a day, a thousand at a time; answers how many went. */
export async function sweepAnswers(db: Kysely<Schema>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEPT_FOR_MS);
  let swept = 0;
  for (;;) {
    const { numAffectedRows } = await sql`
      delete from chave_idempotencia
       where ctid = any (array(select ctid from chave_idempotencia where criado_em <= ${before} limit 1000))`.execute(db);
    swept += Number(numAffectedRows ?? 0);
    if (Number(numAffectedRows ?? 0) < 1000) return swept;
  }
}

/**
 * Requests of one instance with the same token and key at once: the first is answered, the others wait for its
 * answer and are given it, without a connection of their own; one with another body is told the key is taken.
 */
export class KeysInFlight {
  private readonly running = new Map<string, { digest: Buffer; answer: Promise<KeptAnswer> }>();

  /** The first request's answer and whether this one waited for it; `answer` runs only for the first. */
  async once(
    tokenId: number,
    key: string,
    digest: Buffer,
    answer: () => Promise<KeptAnswer>,
  ): Promise<{ answer: KeptAnswer; waited: boolean } | { reused: true }> {
    const id = `${tokenId}:${key}`;
    const first = this.running.get(id);
    if (first) return first.digest.equals(digest) ? { answer: await first.answer, waited: true } : { reused: true };
    const running = answer();
    this.running.set(id, { digest, answer: running });
    try {
      return { answer: await running, waited: false };
    } finally {
      this.running.delete(id);
    }
  }
}
