import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isScope } from '../../tokens/scopes.js';
import type { DefaultLimits } from '../../audit/limit-suggestion.js';
import { tokenUsePeaks } from '../../audit/token-use.queries.js';
import { tokenUse } from '../../audit/usage.queries.js';
import { getToken, listTokens, type TokenLimits } from '../../tokens/tokens.queries.js';
import { changeTokenLimits, createToken, revokeToken, rotateToken, type TokenReason } from '../../operations/tokens.js';
import { Refused } from '../../operations/refused.js';
import { adminActor } from '../actor.js';
import { field, fieldList, formOf, pageContext, pathId, sendHtml } from '../pages.js';
import { AnyQuery, IdParams } from '../route-schemas.js';
import {
  GRACE_PERIODS,
  LIFETIMES,
  confirmRevokePage,
  confirmRotatePage,
  createdTokenPage,
  limitsPage,
  newTokenPage,
  tokenListPage,
  type LimitsForm,
  type TokenForm,
  type TokenRow,
  usePage,
} from '../views/integracoes.js';

declare module 'fastify' {
  interface Session {
    /** A token just created or rotated, sealed, until the page that shows it once; `oldExpiresAt` after a rotation. */
    newToken?: { id: number; sealed: string; oldExpiresAt?: string };
  }
}

/** A limit as typed: a number, null when blank (the default), NaN when it is neither (refused by the operation). */
function limitOf(text: string): number | null {
  if (text === '') return null;
  return /^[0-9]{1,10}$/.test(text) ? Number(text) : NaN;
}

function formLimits(form: LimitsForm): TokenLimits {
  return {
    limite_por_minuto: limitOf(form.limite),
    limite_simultaneas: limitOf(form.limiteSimultaneas),
    limite_cpf_sem_resultado_minuto: limitOf(form.limiteCpfMinuto),
    limite_cpf_sem_resultado_dia: limitOf(form.limiteCpfDia),
  };
}

const LIMIT_LABELS: Record<keyof TokenLimits, string> = {
  limite_por_minuto: 'O limite por minuto',
  limite_simultaneas: 'O limite de requisições simultâneas',
  limite_cpf_sem_resultado_minuto: 'O limite de CPFs sem resultado por minuto',
  limite_cpf_sem_resultado_dia: 'O limite de CPFs sem resultado por dia',
};

/** A reason the operation gave, as the form shows it. */
function reasonText(reason: TokenReason): string {
  switch (reason.rule) {
    case 'name_length':
      return `Dê um nome de ${reason.min} a ${reason.max} caracteres.`;
    case 'no_scope':
      return 'Escolha ao menos um escopo.';
    case 'unknown_scope':
      return 'Um dos escopos enviados não existe.';
    case 'lifetime':
      return 'Escolha uma validade da lista.';
    case 'regional':
      return 'Escolha uma regional da lista.';
    case 'limit_range':
      return `${LIMIT_LABELS[reason.limit]} deve ser um número de 1 a ${reason.max.toLocaleString('pt-BR')}.`;
    case 'cpf_minute_over_day':
      return (
        `O limite de CPFs sem resultado por minuto (${reason.perMinute.toLocaleString('pt-BR')}) passa do limite por dia ` +
        `(${reason.perDay.toLocaleString('pt-BR')}${reason.dayIsDefault ? ', o padrão' : ''}); aumente o do dia também.`
      );
  }
}

/** The reasons of a refusal, worded; any other failure is thrown on. */
function refusal(error: unknown): string[] {
  if (error instanceof Refused) return (error.reasons as TokenReason[]).map(reasonText);
  throw error;
}

function postedLimits(body: Record<string, unknown>): LimitsForm {
  return {
    limite: field(body.limite),
    limiteSimultaneas: field(body.limite_simultaneas),
    limiteCpfMinuto: field(body.limite_cpf_minuto),
    limiteCpfDia: field(body.limite_cpf_dia),
  };
}

/** Integrações: the API tokens, their creation, limits, revocation and rotation. */
export function integracoesRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;
  const defaults: DefaultLimits = {
    rateLimit: app.config.rateLimitToken,
    concurrency: app.config.concurrencyLimitToken,
    cpfMisses: app.config.cpfLookupLimits,
  };
  /**
   * Post/redirect/get for a token just made: the session keeps it sealed (the sessions' table never holds it readable)
   * until the page that shows it once, so that reloading that page makes no second token.
   */
  const showOnce = (request: FastifyRequest, reply: FastifyReply, id: number, secret: string, oldExpiresAt?: Date) => {
    request.session.newToken = {
      id,
      sealed: app.webhooks.box.seal(secret).toString('base64'),
      ...(oldExpiresAt && { oldExpiresAt: oldExpiresAt.toISOString() }),
    };
    return reply.redirect(`/admin/integracoes/${id}/criado`, 303);
  };
  /** A route of one token, at a path with its `:id`: one that names no token answers 404 before `handle` runs. */
  const tokenRoute = (
    method: 'GET' | 'POST',
    url: string,
    handle: (token: TokenRow, request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>,
  ) =>
    app.route({
      method,
      url,
      schema: { params: IdParams },
      handler: async (request, reply) => {
        const tokenId = pathId(request.params.id);
        const token = tokenId === null ? undefined : await getToken(db, tokenId);
        if (token) return handle(token, request, reply);
        reply.callNotFound();
        return reply;
      },
    });

  app.get('/integracoes', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    const notices: Record<string, string> = {
      revogado: 'Token revogado. A API passa a recusá-lo em até 1 segundo.',
      limites: 'Limites salvos. A API passa a aplicá-los em até 1 segundo.',
    };
    const notice = notices[field(request.query.feito)];
    return sendHtml(reply, tokenListPage({ context: pageContext(request, reply), tokens: await listTokens(db), defaults, notice }));
  });

  app.get('/integracoes/nova', async (request, reply) => sendHtml(reply, newTokenPage({ context: pageContext(request, reply), defaults })));

  app.post('/integracoes', async (request, reply) => {
    const body = formOf(request);
    const requested = fieldList(body.scopes);
    const form: TokenForm = {
      nome: field(body.nome),
      scopes: requested.filter(isScope),
      validade: field(body.validade),
      regional: field(body.regional),
      ...postedLimits(body),
    };
    try {
      const created = await createToken(
        db,
        adminActor(request),
        {
          nome: form.nome,
          scopes: requested,
          lifetimeSeconds: LIFETIMES.find((option) => option.value === form.validade)?.seconds ?? NaN,
          regional: form.regional || null,
          limits: formLimits(form),
        },
        defaults,
      );
      return showOnce(request, reply, created.id, created.token);
    } catch (error) {
      return sendHtml(reply, newTokenPage({ context: pageContext(request, reply), defaults, form, errors: refusal(error) }), 400);
    }
  });

  // Shown once: a reload, or another tab, finds the secret gone and goes back to the list.
  tokenRoute('GET', '/integracoes/:id/criado', (token, request, reply) => {
    const flash = request.session.newToken;
    if (!flash || flash.id !== token.id) return reply.redirect(`/admin/integracoes#token-${token.id}`, 303);
    request.session.newToken = undefined;
    return sendHtml(
      reply,
      createdTokenPage({
        context: pageContext(request, reply),
        title: flash.oldExpiresAt ? 'Token rotacionado' : 'Token criado',
        nome: token.nome,
        token: app.webhooks.box.open(Buffer.from(flash.sealed, 'base64')),
        expiraEm: token.expira_em,
        ...(flash.oldExpiresAt && { oldExpiresAt: new Date(flash.oldExpiresAt) }),
      }),
    );
  });

  tokenRoute('GET', '/integracoes/:id/uso', async (token, request, reply) => {
    const { days, operations } = await tokenUse(db, token.id);
    return sendHtml(reply, usePage({ context: pageContext(request, reply), token, days, operations }));
  });

  tokenRoute('GET', '/integracoes/:id/limites', async (token, request, reply) => {
    const use = await tokenUsePeaks(db, token.id);
    return sendHtml(reply, limitsPage({ context: pageContext(request, reply), token, defaults, use }));
  });

  tokenRoute('POST', '/integracoes/:id/limites', async (token, request, reply) => {
    const form = postedLimits(formOf(request));
    try {
      await changeTokenLimits(db, adminActor(request), token, formLimits(form), defaults);
    } catch (error) {
      const errors = refusal(error);
      const use = await tokenUsePeaks(db, token.id);
      return sendHtml(reply, limitsPage({ context: pageContext(request, reply), token, defaults, use, form, errors }), 400);
    }
    // Back to the list, so that reloading the page shows it again rather than posting the form twice.
    return reply.redirect(`/admin/integracoes?feito=limites#token-${token.id}`, 303);
  });

  tokenRoute('GET', '/integracoes/:id/revogar', (token, request, reply) =>
    sendHtml(reply, confirmRevokePage({ context: pageContext(request, reply), token })),
  );

  tokenRoute('POST', '/integracoes/:id/revogar', async (token, request, reply) => {
    await revokeToken(db, adminActor(request), token);
    return reply.redirect('/admin/integracoes?feito=revogado', 303);
  });

  tokenRoute('GET', '/integracoes/:id/rotacionar', (token, request, reply) =>
    sendHtml(reply, confirmRotatePage({ context: pageContext(request, reply), token })),
  );

  tokenRoute('POST', '/integracoes/:id/rotacionar', async (token, request, reply) => {
    const grace = GRACE_PERIODS.find((option) => option.value === field(formOf(request).carencia));
    if (!grace) return sendHtml(reply, confirmRotatePage({ context: pageContext(request, reply), token }), 400);
    const rotated = await rotateToken(db, adminActor(request), token.id, grace);
    if (!rotated) return reply.redirect('/admin/integracoes', 303);
    return showOnce(request, reply, rotated.id, rotated.token, rotated.oldExpiresAt);
  });
  done();
}
