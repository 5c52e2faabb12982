import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUf } from '../../domain/uf.js';
import { isScope } from '../../tokens/scopes.js';
import type { DefaultLimits } from '../../audit/limit-suggestion.js';
import { tokenUsePeaks } from '../../audit/token-use.queries.js';
import { tokenUse } from '../../audit/usage.queries.js';
import {
  createToken,
  getToken,
  listTokens,
  MAX_TOKEN_CONCURRENCY,
  MAX_TOKEN_LIMIT,
  revokeToken,
  rotateToken,
  setTokenLimits,
  type TokenLimits,
} from '../../tokens/tokens.queries.js';
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

/** A limit as typed: a number, null when blank (the default), undefined when it is neither. */
function limitOf(text: string): number | null | undefined {
  if (text === '') return null;
  return /^[0-9]{1,9}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_TOKEN_LIMIT ? Number(text) : undefined;
}

/** The limits a form asks for, or what is wrong with them. */
function parseLimits(form: LimitsForm, defaults: DefaultLimits): { limits: TokenLimits; errors: [] } | { errors: string[] } {
  const range = `de 1 a ${MAX_TOKEN_LIMIT.toLocaleString('pt-BR')}`;
  const rate = limitOf(form.limite);
  const concurrency = limitOf(form.limiteSimultaneas);
  const perMinute = limitOf(form.limiteCpfMinuto);
  const perDay = limitOf(form.limiteCpfDia);
  const errors: string[] = [];
  if (rate === undefined) errors.push(`O limite por minuto deve ser um número ${range}.`);
  if (concurrency === undefined || (concurrency !== null && concurrency > MAX_TOKEN_CONCURRENCY)) {
    errors.push(`O limite de requisições simultâneas deve ser um número de 1 a ${MAX_TOKEN_CONCURRENCY.toLocaleString('pt-BR')}.`);
  }
  if (perMinute === undefined) errors.push(`O limite de CPFs sem resultado por minuto deve ser um número ${range}.`);
  if (perDay === undefined) errors.push(`O limite de CPFs sem resultado por dia deve ser um número ${range}.`);
  if (errors.length > 0 || rate === undefined || concurrency === undefined || perMinute === undefined || perDay === undefined) {
    return { errors };
  }
  const minute = perMinute ?? defaults.cpfMisses.perMinute;
  const day = perDay ?? defaults.cpfMisses.perDay;
  if ((perMinute !== null || perDay !== null) && minute > day) {
    // The day's limit would stop the token first: the minute's would never be reached.
    errors.push(
      `O limite de CPFs sem resultado por minuto (${minute.toLocaleString('pt-BR')}) passa do limite por dia ` +
        `(${day.toLocaleString('pt-BR')}${perDay === null ? ', o padrão' : ''}); aumente o do dia também.`,
    );
    return { errors };
  }
  return {
    limits: {
      limite_por_minuto: rate,
      limite_simultaneas: concurrency,
      limite_cpf_sem_resultado_minuto: perMinute,
      limite_cpf_sem_resultado_dia: perDay,
    },
    errors: [],
  };
}

function validate(form: TokenForm): string[] {
  const errors: string[] = [];
  if (form.nome.length < 1 || form.nome.length > 100) errors.push('Dê um nome de 1 a 100 caracteres.');
  if (form.scopes.length === 0) errors.push('Escolha ao menos um escopo.');
  if (!LIFETIMES.some((option) => option.value === form.validade)) errors.push('Escolha uma validade da lista.');
  if (form.regional !== '' && !isUf(form.regional)) errors.push('Escolha uma regional da lista.');
  return errors;
}

const LIMIT_NAMES: [keyof TokenLimits, string][] = [
  ['limite_por_minuto', 'requisições por minuto'],
  ['limite_simultaneas', 'requisições simultâneas'],
  ['limite_cpf_sem_resultado_minuto', 'CPFs sem resultado por minuto'],
  ['limite_cpf_sem_resultado_dia', 'CPFs sem resultado por dia'],
];

/** "requisições por minuto: padrão (600) → 2.000; …", the limits that changed, for the audit trail. */
function limitChanges(old: TokenLimits, next: TokenLimits, defaults: DefaultLimits): string {
  const standard: TokenLimits = {
    limite_por_minuto: defaults.rateLimit,
    limite_simultaneas: defaults.concurrency,
    limite_cpf_sem_resultado_minuto: defaults.cpfMisses.perMinute,
    limite_cpf_sem_resultado_dia: defaults.cpfMisses.perDay,
  };
  const text = (key: keyof TokenLimits, value: number | null) =>
    value === null ? `padrão (${standard[key]!.toLocaleString('pt-BR')})` : value.toLocaleString('pt-BR');
  return LIMIT_NAMES.filter(([key]) => old[key] !== next[key])
    .map(([key, name]) => `${name}: ${text(key, old[key])} → ${text(key, next[key])}`)
    .join('; ');
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
    const limits = parseLimits(form, defaults);
    const errors = [...validate(form), ...limits.errors];
    if (requested.some((scope) => !isScope(scope))) errors.push('Um dos escopos enviados não existe.');
    if (errors.length > 0 || !('limits' in limits)) {
      return sendHtml(reply, newTokenPage({ context: pageContext(request, reply), defaults, form, errors }), 400);
    }

    const created = await createToken(db, {
      nome: form.nome,
      scopes: form.scopes,
      criadoPor: request.session.adminEmail ?? 'administração',
      lifetimeSeconds: LIFETIMES.find((option) => option.value === form.validade)!.seconds,
      regional: form.regional || null,
      limitePorMinuto: limits.limits.limite_por_minuto,
      limiteSimultaneas: limits.limits.limite_simultaneas,
      cpfMissesPerMinute: limits.limits.limite_cpf_sem_resultado_minuto,
      cpfMissesPerDay: limits.limits.limite_cpf_sem_resultado_dia,
    });
    request.adminAudit = { detalhe: `token ${created.id} criado (${form.nome}; ${form.scopes.join(', ')})` };
    return showOnce(request, reply, created.id, created.token);
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
    const parsed = parseLimits(form, defaults);
    if (!('limits' in parsed)) {
      const use = await tokenUsePeaks(db, token.id);
      return sendHtml(reply, limitsPage({ context: pageContext(request, reply), token, defaults, use, form, errors: parsed.errors }), 400);
    }
    const old = await setTokenLimits(db, token.id, parsed.limits);
    const changes = old && limitChanges(old, parsed.limits, defaults);
    if (changes) request.adminAudit = { detalhe: `token ${token.id} limites alterados (${token.nome}): ${changes}` };
    // Back to the list, so that reloading the page shows it again rather than posting the form twice.
    return reply.redirect(`/admin/integracoes?feito=limites#token-${token.id}`, 303);
  });

  tokenRoute('GET', '/integracoes/:id/revogar', (token, request, reply) =>
    sendHtml(reply, confirmRevokePage({ context: pageContext(request, reply), token })),
  );

  tokenRoute('POST', '/integracoes/:id/revogar', async (token, request, reply) => {
    const revoked = await revokeToken(db, token.id);
    if (revoked) request.adminAudit = { detalhe: `token ${token.id} revogado (${token.nome})` };
    return reply.redirect('/admin/integracoes?feito=revogado', 303);
  });

  tokenRoute('GET', '/integracoes/:id/rotacionar', (token, request, reply) =>
    sendHtml(reply, confirmRotatePage({ context: pageContext(request, reply), token })),
  );

  tokenRoute('POST', '/integracoes/:id/rotacionar', async (token, request, reply) => {
    const grace = GRACE_PERIODS.find((option) => option.value === field(formOf(request).carencia));
    if (!grace) return sendHtml(reply, confirmRotatePage({ context: pageContext(request, reply), token }), 400);
    const rotated = await rotateToken(db, token.id, grace.seconds, request.session.adminEmail ?? 'administração');
    if (!rotated) return reply.redirect('/admin/integracoes', 303);
    request.adminAudit = { detalhe: `token ${token.id} rotacionado: novo token ${rotated.id} (carência ${grace.label})` };
    return showOnce(request, reply, rotated.id, rotated.token, rotated.oldExpiresAt);
  });
  done();
}
