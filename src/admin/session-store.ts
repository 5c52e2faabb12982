import { createHash } from 'node:crypto';
import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

type Callback = (error?: unknown) => void;

const hashId = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url');

/**
 * Administration sessions in the database, so every instance sees the same ones and a logout or an
 * expiry ends a session everywhere. Only a hash of the session id is stored.
 */
export class DatabaseSessionStore implements SessionStore {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly lifetimeMs: number,
  ) {}

  set(sessionId: string, session: Session, callback: Callback): void {
    const expires = session.cookie.expires ? new Date(session.cookie.expires) : new Date(Date.now() + this.lifetimeMs);
    const dados = JSON.stringify(session);
    this.db
      .insertInto('admin_sessao')
      .values({ id_hash: hashId(sessionId), admin_id: session.adminId ?? null, dados, expira_em: expires })
      .onConflict((oc) => oc.column('id_hash').doUpdateSet({ admin_id: session.adminId ?? null, dados, expira_em: expires }))
      .execute()
      .then(() => callback(), callback);
  }

  get(sessionId: string, callback: (error: unknown, session?: Session | null) => void): void {
    this.db
      .selectFrom('admin_sessao')
      .select('dados')
      .where('id_hash', '=', hashId(sessionId))
      .where('expira_em', '>', new Date())
      .executeTakeFirst()
      .then((row) => callback(null, row ? parse(row.dados) : null), callback);
  }

  destroy(sessionId: string, callback: Callback): void {
    this.db
      .deleteFrom('admin_sessao')
      .where('id_hash', '=', hashId(sessionId))
      .execute()
      .then(() => callback(), callback);
  }

  /** Forgets sessions past their expiry. */
  async prune(): Promise<void> {
    await this.db.deleteFrom('admin_sessao').where('expira_em', '<=', new Date()).execute();
  }
}

/** pg returns jsonb parsed; a string is parsed here so either driver's value works. */
function parse(dados: unknown): Session {
  return (typeof dados === 'string' ? JSON.parse(dados) : dados) as Session;
}
