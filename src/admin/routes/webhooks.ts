import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseBrazilianDateTime } from '../../domain/dates.js';
import { checkEndpointUrl } from '../../events/endpoint-address.js';
import { expandTypes, typesFor } from '../../events/event-types.js';
import { sendTestEvent } from '../../events/test-event.js';
import {
  createEndpoint,
  disableEndpoint,
  enableEndpoint,
  findEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  redeliverFailedSince,
  rotateEndpointSecret,
} from '../../events/webhooks.queries.js';
import { getToken } from '../../tokens/tokens.queries.js';
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

/** Webhooks in Integrações: each token's endpoints, their secrets, test events, deliveries and redeliveries (API-DESIGN §13). */
export function webhooksRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;
  const policy = { production: app.config.production, allowedHosts: app.config.webhooks.allowedHosts };
  const adminOf = (request: FastifyRequest) => request.session.adminEmail ?? 'administração';
  const receives = (token: { revogado_em: Date | null; expira_em: Date }) => !token.revogado_em && token.expira_em > new Date();

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
          canReceive: receives(token),
          ...(notice && { notice }),
        }),
      );
    }),
  );

  app.get(
    '/integracoes/:id/webhooks/novo',
    { schema: { params: IdParams } },
    withToken(async (token, request, reply) => {
      if (!receives(token)) return backToEndpoints(reply, token.id, '');
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
      if (!receives(token)) return backToEndpoints(reply, token.id, '');
      const body = formOf(request);
      const form: EndpointForm = { url: field(body.url), tipos: fieldList(body.tipos) };
      const allowed = typesFor(token.scopes);
      const { types, unknown } = expandTypes(form.tipos);
      const errors: string[] = [];
      const { url, problem } = await checkEndpointUrl(form.url, policy);
      if (problem !== undefined) errors.push(`Endereço: ${problem}.`);
      if (types.length === 0) errors.push('Escolha ao menos um evento.');
      if (unknown.length > 0 || types.some((type) => !allowed.includes(type)))
        errors.push('Um dos eventos enviados não existe ou o token não pode vê-lo.');
      if (url === undefined || errors.length > 0) {
        return sendHtml(
          reply,
          newEndpointPage({ context: pageContext(request, reply), token, types: allowed, production: policy.production, form, errors }),
          400,
        );
      }
      const created = await createEndpoint(db, app.webhooks.box, { tokenId: token.id, url, types, criadoPor: adminOf(request) });
      request.adminAudit = {
        detalhe: `webhook ${created.id} criado para o token ${token.id} (${token.nome}): ${url}; ${types.join(', ')}`,
      };
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
      const rotated = await rotateEndpointSecret(db, app.webhooks.box, endpoint.id);
      if (!rotated) return backToEndpoints(reply, endpoint.token_id, '');
      request.adminAudit = {
        detalhe: `webhook ${endpoint.id} com segredo rotacionado (o anterior vale até ${rotated.previousUntil.toISOString()})`,
      };
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
      if (await disableEndpoint(db, endpoint.id, `desativado por ${adminOf(request)}`, false)) {
        request.adminAudit = { detalhe: `webhook ${endpoint.id} desativado` };
      }
      return backToEndpoints(reply, endpoint.token_id, 'desativado');
    }),
  );

  app.post(
    '/webhooks/:id/reativar',
    { schema: { params: IdParams } },
    withEndpoint(async (endpoint, request, reply) => {
      if (await enableEndpoint(db, endpoint.id)) request.adminAudit = { detalhe: `webhook ${endpoint.id} reativado` };
      return backToEndpoints(reply, endpoint.token_id, 'reativado');
    }),
  );

  app.post(
    '/webhooks/:id/teste',
    { schema: { params: IdParams } },
    withEndpoint(async (endpoint, request, reply) => {
      const result = await sendTestEvent(app.webhooks, endpoint, adminOf(request));
      request.adminAudit = { detalhe: `webhook ${endpoint.id}: evento de teste ${result.id} enviado` };
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
      if (delivery !== null && (await redeliver(db, delivery, endpoint.id))) {
        request.adminAudit = { detalhe: `webhook ${endpoint.id}: entrega ${delivery} reenviada` };
      }
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
      const count = await redeliverFailedSince(db, endpoint.id, since);
      request.adminAudit = { detalhe: `webhook ${endpoint.id}: ${count} entrega(s) com falha desde ${since.toISOString()} reenviada(s)` };
      return reply.redirect(`/admin/webhooks/${endpoint.id}/entregas?feito=${count}`, 303);
    }),
  );
  done();
}
