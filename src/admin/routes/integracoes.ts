import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isUf } from '../../domain/uf.js';
import { isScope } from '../../tokens/scopes.js';
import { createToken, getToken, listTokens, revokeToken, rotateToken } from '../../tokens/tokens.queries.js';
import { field, fieldList, formOf, pageContext, pathId, sendHtml } from '../pages.js';
import { AnyQuery, IdParams } from '../route-schemas.js';
import {
  GRACE_PERIODS,
  LIFETIMES,
  confirmRevokePage,
  confirmRotatePage,
  createdTokenPage,
  newTokenPage,
  tokenListPage,
  type TokenForm,
} from '../views/integracoes.js';

const MAX_LIMIT = 100_000_000;

function validate(form: TokenForm): string[] {
  const errors: string[] = [];
  if (form.nome.length < 1 || form.nome.length > 100) errors.push('Dê um nome de 1 a 100 caracteres.');
  if (form.scopes.length === 0) errors.push('Escolha ao menos um escopo.');
  if (!LIFETIMES.some((option) => option.value === form.validade)) errors.push('Escolha uma validade da lista.');
  if (form.regional !== '' && !isUf(form.regional)) errors.push('Escolha uma regional da lista.');
  if (form.limite !== '' && !(/^[0-9]{1,9}$/.test(form.limite) && Number(form.limite) >= 1 && Number(form.limite) <= MAX_LIMIT)) {
    errors.push(`O limite por minuto deve ser um número de 1 a ${MAX_LIMIT.toLocaleString('pt-BR')}.`);
  }
  return errors;
}

/** Integrações: the API tokens, their creation, revocation and rotation. */
export function integracoesRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;
  const findToken = async (id: string, reply: FastifyReply) => {
    const tokenId = pathId(id);
    const token = tokenId === null ? undefined : await getToken(db, tokenId);
    if (!token) void reply.callNotFound();
    return token;
  };

  app.get('/integracoes', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    const notices: Record<string, string> = { revogado: 'Token revogado. A API passa a recusá-lo em até 1 segundo.' };
    const notice = notices[field(request.query.feito)];
    return sendHtml(reply, tokenListPage({ context: pageContext(request, reply), tokens: await listTokens(db), notice }));
  });

  app.get('/integracoes/nova', async (request, reply) => sendHtml(reply, newTokenPage({ context: pageContext(request, reply) })));

  app.post('/integracoes', async (request, reply) => {
    const body = formOf(request);
    const requested = fieldList(body.scopes);
    const form: TokenForm = {
      nome: field(body.nome),
      scopes: requested.filter(isScope),
      validade: field(body.validade),
      regional: field(body.regional),
      limite: field(body.limite),
    };
    const errors = validate(form);
    if (requested.some((scope) => !isScope(scope))) errors.push('Um dos escopos enviados não existe.');
    if (errors.length > 0) return sendHtml(reply, newTokenPage({ context: pageContext(request, reply), form, errors }), 400);

    const created = await createToken(db, {
      nome: form.nome,
      scopes: form.scopes,
      criadoPor: request.session.adminEmail ?? 'administração',
      lifetimeSeconds: LIFETIMES.find((option) => option.value === form.validade)!.seconds,
      regional: form.regional || null,
      limitePorMinuto: form.limite ? Number(form.limite) : null,
    });
    request.adminAudit = { detalhe: `token ${created.id} criado (${form.nome}; ${form.scopes.join(', ')})` };
    return sendHtml(
      reply,
      createdTokenPage({
        context: pageContext(request, reply),
        title: 'Token criado',
        nome: form.nome,
        token: created.token,
        expiraEm: created.expiraEm,
      }),
    );
  });

  app.get('/integracoes/:id/revogar', { schema: { params: IdParams } }, async (request, reply) => {
    const token = await findToken(request.params.id, reply);
    if (token) return sendHtml(reply, confirmRevokePage({ context: pageContext(request, reply), token }));
  });

  app.post('/integracoes/:id/revogar', { schema: { params: IdParams } }, async (request, reply) => {
    const token = await findToken(request.params.id, reply);
    if (!token) return;
    const revoked = await revokeToken(db, token.id);
    if (revoked) request.adminAudit = { detalhe: `token ${token.id} revogado (${token.nome})` };
    return reply.redirect('/admin/integracoes?feito=revogado', 303);
  });

  app.get('/integracoes/:id/rotacionar', { schema: { params: IdParams } }, async (request, reply) => {
    const token = await findToken(request.params.id, reply);
    if (token) return sendHtml(reply, confirmRotatePage({ context: pageContext(request, reply), token }));
  });

  app.post('/integracoes/:id/rotacionar', { schema: { params: IdParams } }, async (request, reply) => {
    const token = await findToken(request.params.id, reply);
    if (!token) return;
    const grace = GRACE_PERIODS.find((option) => option.value === field(formOf(request).carencia));
    if (!grace) return sendHtml(reply, confirmRotatePage({ context: pageContext(request, reply), token }), 400);
    const rotated = await rotateToken(db, token.id, grace.seconds, request.session.adminEmail ?? 'administração');
    if (!rotated) return reply.redirect('/admin/integracoes', 303);
    request.adminAudit = { detalhe: `token ${token.id} rotacionado: novo token ${rotated.id} (carência ${grace.label})` };
    return sendHtml(
      reply,
      createdTokenPage({
        context: pageContext(request, reply),
        title: 'Token rotacionado',
        nome: token.nome,
        token: rotated.token,
        expiraEm: rotated.expiraEm,
        oldExpiresAt: rotated.oldExpiresAt,
      }),
    );
  });
  done();
}
