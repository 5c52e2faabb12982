import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseBrazilianDateTime } from '../../domain/dates.js';
import { typesFor } from '../../events/event-types.js';
import { findEndpoint, listDeliveries, listEndpoints } from '../../events/webhooks.queries.js';
import { Refused } from '../../operations/refused.js';
import {
  addEndpoint,
  disableEndpoint,
  enableEndpoint,
  receivesEvents,
  redeliverOne,
  redeliverSince,
  rotateEndpointSecret,
  testEndpoint,
  type EndpointReason,
} from '../../operations/webhook-endpoints.js';
import { getToken } from '../../tokens/tokens.queries.js';
import { adminActor } from '../actor.js';
import { field, fieldList, formOf, pageContext, pathId, sendHtml } from '../pages.js';
import { AnyQuery, IdParams } from '../route-schemas.js';
import { deliveriesPage, endpointsPage, newEndpointPage, secretPage, type EndpointForm } from '../views/webhooks.js';

declare module 'fastify' {
  interface Session {
    /** A secret just made, sealed, until the page that shows it once (post/redirect/get). */
    webhookSecret?: { endpoint: number; sealed: string; previousUntil?: string };
  }
}

const DELIVERIES_SHOWN = 200;

/** Outcomes shown after a redirect, by the `feito` parameter. */
const NOTICES: Record<string, string> = {
  desativado: 'Endpoint desativado: não recebe mais nada até ser reativado. Suas entregas pendentes foram canceladas.',
  reativado: 'Endpoint reativado. Para reenviar o que ele perdeu, use “Reenviar falhas” nas entregas.',
  reenviada: 'Entrega marcada para reenvio: sai em até 1 segundo.',
};

/** A reason the operation gave, as the form shows it. */
function reasonText(reason: EndpointReason): string {
  switch (reason.rule) {
    case 'url':
      return `Endereço: ${reason.problem}.`;
    case 'no_types':
      return 'Escolha ao menos um evento.';
    case 'unknown_types':
    case 'hidden_types':
      return 'Um dos eventos enviados não existe ou o token não pode vê-lo.';
    case 'token_inactive':
      return 'O token está revogado ou expirado: não recebe eventos.';
  }
}

/** The reasons of a refusal, worded once each; any other failure is thrown on. */
function refusal(error: unknown): string[] {
  if (error instanceof Refused) return [...new Set((error.reasons as EndpointReason[]).map(reasonText))];
  throw error;
}

/** Webhooks in Integrações: each token's endpoints, their secrets, test events, deliveries and redeliveries (API-DESIGN §13). */
export function webhooksRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;
  const policy = { production: app.config.production, allowedHosts: app.config.webhooks.allowedHosts };

  /** A page of one token (`:id`) or of one endpoint (`:id`, its token looked up): one that does not exist is a 404. */
  const withToken =
    (
      handle: (
        token: NonNullable<Awaited<ReturnType<typeof getToken>>>,
        request: FastifyRequest,
        reply: FastifyReply,
      ) => Promise<FastifyReply>,
    ) =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const id = pathId(request.params.id);
      const token = id === null ? undefined : await getToken(db, id);
      if (token) return handle(token, request, reply);
      reply.callNotFound();
      return reply;
    };
  const withEndpoint =
    (
      handle: (
        endpoint: NonNullable<Awaited<ReturnType<typeof findEndpoint>>>,
        request: FastifyRequest<{ Params: { id: string; entrega?: string } }>,
        reply: FastifyReply,
      ) => Promise<FastifyReply>,
    ) =>
    async (request: FastifyRequest<{ Params: { id: string; entrega?: string } }>, reply: FastifyReply) => {
      const id = pathId(request.params.id);
      const endpoint = id === null ? undefined : await findEndpoint(db, id);
      if (endpoint) return handle(endpoint, request, reply);
      reply.callNotFound();
      return reply;
    };
  const backToEndpoints = (reply: FastifyReply, tokenId: number, feito: string) =>
    reply.redirect(`/admin/integracoes/${tokenId}/webhooks?feito=${feito}`, 303);

  app.get(
    '/integracoes/:id/webhooks',
    { schema: { params: IdParams, querystring: AnyQuery } },
    withToken(async (token, request, reply) => {
      const feito = field((request.query as Record<string, unknown>).feito);
      const notice = NOTICES[feito] ?? (feito.startsWith('teste:') ? `Teste enviado. ${feito.slice('teste:'.length)}` : undefined);
      return sendHtml(
        reply,
        endpointsPage({
          context: pageContext(request, reply),
          token,
          endpoints: await listEndpoints(db, token.id),
          canReceive: receivesEvents(token),
          ...(notice && { notice }),
        }),
      );
    }),
  );

  app.get(
    '/integracoes/:id/webhooks/novo',
    { schema: { params: IdParams } },
    withToken(async (token, request, reply) => {
      if (!receivesEvents(token)) return backToEndpoints(reply, token.id, '');
      return sendHtml(
        reply,
        newEndpointPage({ context: pageContext(request, reply), token, types: typesFor(token.scopes), production: policy.production }),
      );
    }),
  );

  app.post(
    '/integracoes/:id/webhooks',
    { schema: { params: IdParams } },
    withToken(async (token, request, reply) => {
      if (!receivesEvents(token)) return backToEndpoints(reply, token.id, '');
      const body = formOf(request);
      const form: EndpointForm = { url: field(body.url), tipos: fieldList(body.tipos) };
      let created;
      try {
        created = await addEndpoint(db, app.webhooks.box, policy, adminActor(request), { token, url: form.url, types: form.tipos });
      } catch (error) {
        const errors = refusal(error);
        const types = typesFor(token.scopes);
        return sendHtml(
          reply,
          newEndpointPage({ context: pageContext(request, reply), token, types, production: policy.production, form, errors }),
          400,
        );
      }
      request.session.webhookSecret = { endpoint: created.id, sealed: app.webhooks.box.seal(created.secret).toString('base64') };
      return reply.redirect(`/admin/webhooks/${created.id}/segredo`, 303);
    }),
  );

  app.get(
    '/webhooks/:id/segredo',
    { schema: { params: IdParams } },
    withEndpoint(async (endpoint, request, reply) => {
      const flash = request.session.webhookSecret;
      // Shown once: a reload, or another tab, finds it gone and goes back to the list.
      if (!flash || flash.endpoint !== endpoint.id) return backToEndpoints(reply, endpoint.token_id, '');
      request.session.webhookSecret = undefined;
      return sendHtml(
        reply,
        secretPage({
          context: pageContext(request, reply),
          tokenId: endpoint.token_id,
          url: endpoint.url,
          secret: app.webhooks.box.open(Buffer.from(flash.sealed, 'base64')),
          ...(flash.previousUntil && { previousUntil: new Date(flash.previousUntil) }),
        }),
      );
    }),
  );

  app.post(
    '/webhooks/:id/rotacionar',
    { schema: { params: IdParams } },
    withEndpoint(async (endpoint, request, reply) => {
      const rotated = await rotateEndpointSecret(db, app.webhooks.box, adminActor(request), endpoint.id);
      if (!rotated) return backToEndpoints(reply, endpoint.token_id, '');
      request.session.webhookSecret = {
        endpoint: endpoint.id,
        sealed: app.webhooks.box.seal(rotated.secret).toString('base64'),
        previousUntil: rotated.previousUntil.toISOString(),
      };
      return reply.redirect(`/admin/webhooks/${endpoint.id}/segredo`, 303);
    }),
  );

  app.post(
    '/webhooks/:id/desativar',
    { schema: { params: IdParams } },
    withEndpoint(async (endpoint, request, reply) => {
      await disableEndpoint(db, adminActor(request), endpoint.id);
      return backToEndpoints(reply, endpoint.token_id, 'desativado');
    }),
  );

  app.post(
    '/webhooks/:id/reativar',
    { schema: { params: IdParams } },
    withEndpoint(async (endpoint, request, reply) => {
      await enableEndpoint(db, adminActor(request), endpoint.id);
      return backToEndpoints(reply, endpoint.token_id, 'reativado');
    }),
  );

  app.post(
    '/webhooks/:id/teste',
    { schema: { params: IdParams } },
    withEndpoint(async (endpoint, request, reply) => {
      const result = await testEndpoint(app.webhooks, adminActor(request), endpoint);
      const outcome =
        result.status === undefined
          ? `Sem resposta: ${result.error ?? 'erro'}.`
          : `O receptor respondeu ${result.status} em ${result.latencyMs} ms${result.error ? ` (${result.error})` : ''}.`;
      return backToEndpoints(reply, endpoint.token_id, `teste:${encodeURIComponent(outcome)}`);
    }),
  );

  app.get(
    '/webhooks/:id/entregas',
    { schema: { params: IdParams, querystring: AnyQuery } },
    withEndpoint(async (endpoint, request, reply) => {
      const feito = field((request.query as Record<string, unknown>).feito);
      const notice = NOTICES[feito] ?? (/^[0-9]+$/.test(feito) ? `${feito} entrega(s) marcada(s) para reenvio.` : undefined);
      return sendHtml(
        reply,
        deliveriesPage({
          context: pageContext(request, reply),
          endpoint,
          deliveries: await listDeliveries(db, endpoint.id, DELIVERIES_SHOWN),
          ...(notice && { notice }),
        }),
      );
    }),
  );

  app.post(
    '/webhooks/:id/entregas/:entrega/reenviar',
    { schema: { params: Type.Object({ id: Type.String(), entrega: Type.String() }) } },
    withEndpoint(async (endpoint, request, reply) => {
      const delivery = pathId(request.params.entrega ?? '');
      if (delivery !== null) await redeliverOne(db, adminActor(request), endpoint.id, delivery);
      return reply.redirect(`/admin/webhooks/${endpoint.id}/entregas?feito=reenviada`, 303);
    }),
  );

  app.post(
    '/webhooks/:id/reenviar',
    { schema: { params: IdParams } },
    withEndpoint(async (endpoint, request, reply) => {
      const since = parseBrazilianDateTime(field(formOf(request).desde));
      if (!since) {
        const deliveries = await listDeliveries(db, endpoint.id, DELIVERIES_SHOWN);
        const error = 'Data inválida: escreva DD/MM/AAAA ou DD/MM/AAAA HH:MM, por exemplo 28/11/2026 14:00.';
        return sendHtml(reply, deliveriesPage({ context: pageContext(request, reply), endpoint, deliveries, error }), 400);
      }
      const count = await redeliverSince(db, adminActor(request), endpoint.id, since);
      return reply.redirect(`/admin/webhooks/${endpoint.id}/entregas?feito=${count}`, 303);
    }),
  );
  done();
}
