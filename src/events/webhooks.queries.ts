import { sql, type Kysely } from 'kysely';
import type { DeliveryState, Schema } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import type { EventType } from './event-types.js';
import { newSigningSecret, type SecretBox } from './secrets.js';

/** How long the previous secret signs too after a rotation (API-DESIGN §13). */
export const SECRET_OVERLAP_MS = 24 * 3600_000;

/** A delivery taken for one attempt, with what it needs to send it. */
export interface ClaimedDelivery {
  id: number;
  tentativas: number;
  endpoint: number;
  url: string;
  token_id: number;
  segredo: Buffer;
  segredo_anterior: Buffer | null;
  segredo_anterior_ate: Date | null;
  chave: string;
  tipo: string;
  sequencia: number;
  ocorrido_em: Date;
  dados: Record<string, unknown>;
  matricula: number | null;
}

/**
 * Takes up to `limit` due deliveries of active endpoints of valid tokens for one attempt each: their attempt count
 * goes up and they are due again only after `leaseMs`, past the attempt's deadline. Rows another instance is taking
 * at the same moment are skipped, not waited for, so two instances never send the same attempt; one that dies
 * mid-attempt leaves its deliveries due again once the lease ends. The taking is the database's function
 * `webhook_toma_entregas` (migration 0025), which reads the pending deliveries in the order they fell due, a batch
 * at a time, and joins each to its endpoint and event by key, whatever the statistics say of those tables.
 */
export async function claimDeliveries(db: Kysely<Schema>, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<ClaimedDelivery>`select * from webhook_toma_entregas(${limit}, ${leaseMs})`.execute(db);
  return rows;
}

export interface AttemptRecord {
  delivery: number;
  endpoint: number;
  attempt: number;
  startedAt: Date;
  status: number | null;
  latencyMs: number;
  error: string | null;
  response: string | null;
  ok: boolean;
  /** The delivery's state after this attempt, and when it is due again while pending. */
  state: DeliveryState;
  nextAt: Date | null;
}

/**
 * Records an attempt and its outcome in one statement: the attempt's row, the delivery's state (only if no later
 * attempt was taken meanwhile, by another instance after this one's lease ran out) and when the endpoint began
 * failing. Resolves to that moment, null while it succeeds.
 */
export async function recordAttempt(db: Kysely<Schema>, a: AttemptRecord): Promise<Date | null> {
  const { rows } = await sql<{ falhando_desde: Date | null }>`
    with tentativa as (
      insert into webhook_tentativa (entrega, numero, iniciada_em, status_http, latencia_ms, erro, resposta)
      values (${a.delivery}, ${a.attempt}, ${a.startedAt}::timestamptz, ${a.status}::smallint, ${a.latencyMs}, ${a.error}::text, ${a.response}::text)
      on conflict (entrega, numero) do nothing
    ),
    entrega as (
      update webhook_entrega
         set estado = ${a.state}, proxima_em = ${a.nextAt}::timestamptz,
             concluida_em = case when ${a.state}::text = 'pendente' then null else statement_timestamp() end
       where id = ${a.delivery} and tentativas = ${a.attempt} and estado = 'pendente'
    ),
    ponto as (
      update webhook_endpoint
         set falhando_desde = case when ${a.ok} then null else ${a.startedAt}::timestamptz end
       where id = ${a.endpoint} and (case when ${a.ok}::boolean then falhando_desde is not null else falhando_desde is null end)
      returning falhando_desde
    )
    select case when ${a.ok}::boolean then null
                else coalesce((select falhando_desde from ponto), (select falhando_desde from webhook_endpoint where id = ${a.endpoint}))
           end as falhando_desde`.execute(db);
  return rows[0]?.falhando_desde ?? null;
}

async function cancelPending(tx: Kysely<Schema>, where: { endpoint: number } | { token: number }): Promise<void> {
  let query = tx
    .updateTable('webhook_entrega')
    .set({ estado: 'cancelada', proxima_em: null, concluida_em: sql<Date>`statement_timestamp()` })
    .where('estado', '=', 'pendente');
  query =
    'endpoint' in where
      ? query.where('endpoint', '=', where.endpoint)
      : query.where('endpoint', 'in', tx.selectFrom('webhook_endpoint').select('id').where('token_id', '=', where.token));
  await query.execute();
}

/**
 * Disables an endpoint and cancels its pending deliveries; with `notify`, e-mails every administrator (the simulated
 * outbox). False when it was already disabled.
 */
export async function disableEndpoint(db: Kysely<Schema>, id: number, reason: string, notify: boolean): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const endpoint = await tx
      .updateTable('webhook_endpoint')
      .set({ ativo: false, desativado_em: sql<Date>`statement_timestamp()`, motivo_desativacao: reason })
      .where('id', '=', id)
      .where('ativo', '=', true)
      .returning(['url', 'token_id'])
      .executeTakeFirst();
    if (!endpoint) return false;
    await cancelPending(tx, { endpoint: id });
    if (notify) {
      const token = await tx.selectFrom('api_token').select('nome').where('id', '=', endpoint.token_id).executeTakeFirstOrThrow();
      const admins = await tx.selectFrom('admin_usuario').select('email').execute();
      if (admins.length > 0) {
        await tx
          .insertInto('email_saida')
          .values(
            admins.map(({ email }) => ({
              para: email,
              assunto: `Webhook desativado: ${endpoint.url}`,
              corpo:
                `O endpoint ${endpoint.url} (webhook ${id}) da integração "${token.nome}" foi desativado: ${reason}.\n\n` +
                'Os eventos seguem no feed (GET /api/v1/eventos). Depois de corrigir o receptor, reative o endpoint em Integrações ' +
                `e reenvie o que falhou (associa webhook enable ${id}; associa webhook redeliver ${id} --since <data>).`,
            })),
          )
          .execute();
      }
    }
    return true;
  });
}

/** On a token's revocation, in its transaction: nothing more goes to its endpoints. */
export async function cancelTokenDeliveries(tx: Kysely<Schema>, tokenId: number): Promise<void> {
  await cancelPending(tx, { token: tokenId });
}

/** On a token's rotation, in its transaction: its endpoints go on with the new token. */
export async function moveEndpoints(tx: Kysely<Schema>, from: number, to: number): Promise<void> {
  await tx.updateTable('webhook_endpoint').set({ token_id: to }).where('token_id', '=', from).execute();
}

export interface NewEndpoint {
  tokenId: number;
  url: string;
  types: readonly EventType[];
  criadoPor: string;
}

/** Creates an endpoint; the secret is returned here only, to be shown once. */
export async function createEndpoint(db: Kysely<Schema>, box: SecretBox, endpoint: NewEndpoint): Promise<{ id: number; secret: string }> {
  const secret = newSigningSecret();
  const { id } = await db
    .insertInto('webhook_endpoint')
    .values({
      token_id: endpoint.tokenId,
      url: endpoint.url,
      tipos: [...endpoint.types],
      segredo: box.seal(secret),
      criado_por: endpoint.criadoPor,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, secret };
}

/** A new secret for an endpoint; the current one keeps signing beside it for SECRET_OVERLAP_MS. Null: no such endpoint. */
export async function rotateEndpointSecret(
  db: Kysely<Schema>,
  box: SecretBox,
  id: number,
): Promise<{ secret: string; previousUntil: Date } | null> {
  const secret = newSigningSecret();
  const previousUntil = new Date(Date.now() + SECRET_OVERLAP_MS);
  const row = await db
    .updateTable('webhook_endpoint')
    .set((eb) => ({ segredo_anterior: eb.ref('segredo'), segredo_anterior_ate: previousUntil, segredo: box.seal(secret) }))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row ? { secret, previousUntil } : null;
}

/** Enables a disabled endpoint: its failures start counting anew. False: no such endpoint, or already enabled. */
export async function enableEndpoint(db: Kysely<Schema>, id: number): Promise<boolean> {
  const row = await db
    .updateTable('webhook_endpoint')
    .set({ ativo: true, desativado_em: null, motivo_desativacao: null, falhando_desde: null })
    .where('id', '=', id)
    .where('ativo', '=', false)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function listEndpoints(db: Kysely<Schema>, tokenId?: number) {
  let query = db
    .selectFrom('webhook_endpoint as w')
    .innerJoin('api_token as t', 't.id', 'w.token_id')
    .select([
      'w.id',
      'w.token_id',
      't.nome as token_nome',
      'w.url',
      'w.tipos',
      'w.ativo',
      'w.desativado_em',
      'w.motivo_desativacao',
      'w.falhando_desde',
      'w.segredo_anterior_ate',
      'w.criado_por',
      'w.criado_em',
    ])
    .orderBy('w.id');
  if (tokenId !== undefined) query = query.where('w.token_id', '=', tokenId);
  return query.execute();
}

export type EndpointSummary = Awaited<ReturnType<typeof listEndpoints>>[number];

export async function findEndpoint(db: Kysely<Schema>, id: number) {
  return db.selectFrom('webhook_endpoint').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The deliveries log kept: the last 30 days. */
export const DELIVERY_LOG_DAYS = 30;

/** An endpoint's last deliveries, newest first, each with its last attempt. */
export async function listDeliveries(db: Kysely<Schema>, endpointId: number, limit: number) {
  return db
    .selectFrom('webhook_entrega as d')
    .innerJoin('evento as e', 'e.id', 'd.evento')
    .leftJoin('webhook_tentativa as a', (join) => join.onRef('a.entrega', '=', 'd.id').onRef('a.numero', '=', 'd.tentativas'))
    .select([
      'd.id',
      'e.chave',
      'e.tipo',
      'e.sequencia',
      'd.estado',
      'd.tentativas',
      'd.proxima_em',
      'd.criado_em',
      'a.iniciada_em',
      'a.status_http',
      'a.latencia_ms',
      'a.erro',
      'a.resposta',
    ])
    .where('d.endpoint', '=', endpointId)
    .where('d.criado_em', '>', sql<Date>`statement_timestamp() - make_interval(days => ${DELIVERY_LOG_DAYS})`)
    .orderBy('d.criado_em', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** Sends an endpoint's delivery again now, whatever its state; false when the endpoint has no such delivery. */
export async function redeliver(db: Kysely<Schema>, deliveryId: number, endpointId: number): Promise<boolean> {
  const row = await db
    .updateTable('webhook_entrega')
    .set({ estado: 'pendente', proxima_em: sql<Date>`statement_timestamp()`, concluida_em: null })
    .where('id', '=', deliveryId)
    .where('endpoint', '=', endpointId)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Sends again every delivery of an endpoint that failed or was cancelled since `since`; how many. */
export async function redeliverFailedSince(db: Kysely<Schema>, endpointId: number, since: Date): Promise<number> {
  const rows = await db
    .updateTable('webhook_entrega')
    .set({ estado: 'pendente', proxima_em: sql<Date>`statement_timestamp()`, concluida_em: null })
    .where('endpoint', '=', endpointId)
    .where('estado', 'in', ['falhou', 'cancelada'])
    .where('criado_em', '>=', since)
    .returning('id')
    .execute();
  return rows.length;
}
