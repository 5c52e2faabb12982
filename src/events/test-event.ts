import { sql, type Kysely } from 'kysely';
import type { AuditEntry } from '../audit/audit-writer.js';
import type { Schema, WebhookEndpointTable } from '../db/schema.js';
import { saoPauloTimestamp } from '../domain/dates.js';
import { signingSecrets, type SecretBox } from './secrets.js';
import { webhookHeaders } from './signature.js';
import type { PostResult, WebhookPoster } from './webhook-post.js';

/** A test event's type: not in the feed, never retried; receivers ignore it like any type they do not know. */
export const TEST_EVENT_TYPE = 'webhook.teste';

export interface WebhookTools {
  db: Kysely<Schema>;
  box: SecretBox;
  poster: WebhookPoster;
}

type Endpoint = Pick<WebhookEndpointTable, 'url' | 'token_id' | 'segredo_anterior'> & {
  id: number;
  segredo: Uint8Array;
  segredo_anterior_ate: Date | null;
};

/**
 * Sends a test event to an endpoint now, signed like every delivery, and answers how it went: what an administrator
 * checks a new receiver with, and the attempt's audit row, as a delivery's (it carries no member's data).
 */
export async function sendTestEvent(
  tools: WebhookTools,
  endpoint: Endpoint,
  by: string,
): Promise<{ result: PostResult & { id: string }; attempt: AuditEntry }> {
  const { rows } = await sql<{ chave: string }>`select evento_chave_nova() as chave`.execute(tools.db);
  const id = rows[0]!.chave;
  const at = new Date();
  const body = JSON.stringify({
    id,
    type: TEST_EVENT_TYPE,
    sequencia: 0,
    ocorrido_em: saoPauloTimestamp(at),
    dados: { webhook_id: endpoint.id },
  });
  const result = await tools.poster.post(
    endpoint.url,
    webhookHeaders(id, Math.floor(at.getTime() / 1000), body, signingSecrets(tools.box, endpoint, at)),
    body,
  );
  const attempt: AuditEntry = {
    ocorrido_em: at,
    origem: 'webhook',
    token_id: endpoint.token_id,
    admin_id: null,
    metodo: 'POST',
    rota: TEST_EVENT_TYPE,
    status: result.status ?? 0,
    request_id: id,
    request_id_cliente: null,
    ip: null,
    matriculas: [],
    detalhe: `webhook ${endpoint.id}, teste por ${by}: ${endpoint.url}${result.error ? ` — ${result.error}` : ''}`,
  };
  return { result: { ...result, id }, attempt };
}
