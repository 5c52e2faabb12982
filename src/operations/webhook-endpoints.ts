import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { checkEndpointUrl, type AddressPolicy } from '../events/endpoint-address.js';
import { expandTypes, typesFor, type EventType } from '../events/event-types.js';
import type { SecretBox } from '../events/secrets.js';
import { sendTestEvent, type WebhookTools } from '../events/test-event.js';
import type { PostResult } from '../events/webhook-post.js';
import {
  createEndpoint,
  disableEndpoint as disable,
  enableEndpoint as enable,
  type findEndpoint,
  redeliver,
  redeliverFailedSince,
  rotateEndpointSecret as rotateSecret,
} from '../events/webhooks.queries.js';
import { actorName, audit, type Actor } from './actor.js';
import { refuseIf } from './refused.js';

type Endpoint = NonNullable<Awaited<ReturnType<typeof findEndpoint>>>;

/** Why an endpoint was not added, each with what it was judged on, in the order they are checked. */
export type EndpointReason =
  | { rule: 'token_inactive'; tokenId: number }
  | { rule: 'unknown_types'; types: string[] }
  | { rule: 'hidden_types'; tokenId: number; types: EventType[]; scopes: readonly string[] }
  | { rule: 'no_types'; tokenId: number; scopes: readonly string[] }
  | { rule: 'url'; problem: string };

/** Whether a token may be given endpoints and receive events: neither revoked nor expired. */
export function receivesEvents(token: { revogado_em: Date | null; expira_em: Date }): boolean {
  return !token.revogado_em && token.expira_em > new Date();
}

export interface NewEndpointRequest {
  token: { id: number; nome: string; scopes: readonly string[]; revogado_em: Date | null; expira_em: Date };
  url: string;
  /** Types or prefixes such as `fatura.*`; `all` for every type the token may see. */
  types: readonly string[] | 'all';
}

/**
 * Adds a webhook endpoint to a token, audited, and returns its signing secret (shown once). Throws Refused with every
 * reason: a token that receives nothing, types unknown or hidden from its scopes, none at all, a URL against the policy.
 */
export async function addEndpoint(
  db: Kysely<Schema>,
  box: SecretBox,
  policy: AddressPolicy,
  actor: Actor,
  request: NewEndpointRequest,
): Promise<{ id: number; url: string; types: EventType[]; secret: string }> {
  const { token } = request;
  const allowed = typesFor(token.scopes);
  const { types, unknown } = request.types === 'all' ? { types: allowed, unknown: [] } : expandTypes(request.types);
  const hidden = types.filter((type) => !allowed.includes(type));
  const checked = await checkEndpointUrl(request.url, policy);
  const reasons: EndpointReason[] = [];
  if (!receivesEvents(token)) reasons.push({ rule: 'token_inactive', tokenId: token.id });
  if (unknown.length > 0) reasons.push({ rule: 'unknown_types', types: unknown });
  if (hidden.length > 0) reasons.push({ rule: 'hidden_types', tokenId: token.id, types: hidden, scopes: token.scopes });
  if (types.length === 0) reasons.push({ rule: 'no_types', tokenId: token.id, scopes: token.scopes });
  if (checked.problem !== undefined) reasons.push({ rule: 'url', problem: checked.problem });
  refuseIf(reasons);
  const url = checked.url!;
  return inTransaction(db, async (tx) => {
    const created = await createEndpoint(tx, box, { tokenId: token.id, url, types, criadoPor: actorName(actor) });
    await audit(tx, actor, {
      detalhe: `webhook ${created.id} criado para o token ${token.id} (${token.nome}): ${url}; ${types.join(', ')}`,
    });
    return { id: created.id, url, types, secret: created.secret };
  });
}

/** Disables an endpoint and cancels its pending deliveries, audited; false when it was disabled already. */
export function disableEndpoint(db: Kysely<Schema>, actor: Actor, id: number): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const disabled = await disable(tx, id, `desativado por ${actorName(actor)}`, false);
    if (disabled) await audit(tx, actor, { detalhe: `webhook ${id} desativado` });
    return disabled;
  });
}

/** Enables a disabled endpoint, audited; false when it was enabled already. */
export function enableEndpoint(db: Kysely<Schema>, actor: Actor, id: number): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const enabled = await enable(tx, id);
    if (enabled) await audit(tx, actor, { detalhe: `webhook ${id} reativado` });
    return enabled;
  });
}

/** A new signing secret for an endpoint (shown once), the previous one signing beside it a while, audited. */
export function rotateEndpointSecret(
  db: Kysely<Schema>,
  box: SecretBox,
  actor: Actor,
  id: number,
): Promise<{ secret: string; previousUntil: Date } | null> {
  return inTransaction(db, async (tx) => {
    const rotated = await rotateSecret(tx, box, id);
    if (rotated) {
      await audit(tx, actor, {
        detalhe: `webhook ${id} com segredo rotacionado (o anterior vale até ${rotated.previousUntil.toISOString()})`,
      });
    }
    return rotated;
  });
}

/** Sends one of an endpoint's deliveries again, audited; false when the endpoint has no such delivery. */
export function redeliverOne(db: Kysely<Schema>, actor: Actor, endpointId: number, deliveryId: number): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const queued = await redeliver(tx, deliveryId, endpointId);
    if (queued) await audit(tx, actor, { detalhe: `webhook ${endpointId}: entrega ${deliveryId} reenviada` });
    return queued;
  });
}

/** Sends again every delivery of an endpoint that failed or was cancelled since `since`, audited; how many. */
export function redeliverSince(db: Kysely<Schema>, actor: Actor, endpointId: number, since: Date): Promise<number> {
  return inTransaction(db, async (tx) => {
    const count = await redeliverFailedSince(tx, endpointId, since);
    await audit(tx, actor, { detalhe: `webhook ${endpointId}: ${count} entrega(s) com falha desde ${since.toISOString()} reenviada(s)` });
    return count;
  });
}

/** Sends a test event to an endpoint now; the attempt (as a delivery's) and the actor's row are audited together. */
export async function testEndpoint(tools: WebhookTools, actor: Actor, endpoint: Endpoint): Promise<PostResult & { id: string }> {
  const { result, attempt } = await sendTestEvent(tools, endpoint, actorName(actor));
  await inTransaction(tools.db, async (tx) => {
    await tx.insertInto('auditoria').values(attempt).execute();
    await audit(tx, actor, { detalhe: `webhook ${endpoint.id}: evento de teste ${result.id} enviado` });
  });
  return result;
}
