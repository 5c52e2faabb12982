import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { businessDate } from '../../domain/dates.js';
import { FORMAS_PAGAMENTO, type FormaPagamento, type StoredInvoiceStatus } from '../../domain/enums.js';
import { FORMA_LABELS, cancelInvoice, payInvoice, refundInvoice, type Fatura, type OperationResult } from '../../simulation/payments.js';
import { field, formOf, pageContext, pathId, sendHtml } from '../pages.js';
import { findMemberForSimulation, memberInvoices, SEARCH_LIMIT, searchMembers, type InvoiceRow } from '../simulacao.queries.js';
import { AnyQuery, IdParams, MatriculaParams } from '../route-schemas.js';
import { errorPage } from '../views/session.js';
import { matriculaText, memberPage, searchPage, type PageNotice } from '../views/simulacao.js';

const MIN_NAME_LENGTH = 2;

type Action = 'pagar' | 'estornar' | 'cancelar';

/** What each action is called in the audit trail and in its success notice, and what the trail adds once it is done. */
const ACTIONS: Record<Action, { audit: string; done: string; details: (fatura: Fatura) => string }> = {
  pagar: {
    audit: 'pagamento simulado',
    done: 'pagamento',
    details: (fatura) => ` (${fatura.forma_pagamento}), NFS-e ${fatura.nfse_numero} de ${fatura.nfse_municipio}`,
  },
  estornar: { audit: 'estorno simulado', done: 'estorno', details: (fatura) => ` (${fatura.forma_pagamento})` },
  cancelar: { audit: 'cancelamento', done: 'cancelamento', details: () => '' },
};

/** Why an action was refused, by the invoice's state when it was tried. */
const REFUSALS: Record<Action, Partial<Record<StoredInvoiceStatus, string>>> = {
  pagar: {
    paid: 'Esta fatura já foi paga',
    cancelled: 'Esta fatura está cancelada e não pode ser paga',
    refunded: 'Esta fatura foi estornada e não pode ser paga de novo',
  },
  estornar: {
    open: 'Esta fatura não foi paga: não há pagamento a estornar',
    cancelled: 'Esta fatura está cancelada: não há pagamento a estornar',
    refunded: 'Esta fatura já foi estornada',
  },
  cancelar: {
    paid: 'Esta fatura já foi paga: para desfazer o pagamento, use o estorno',
    cancelled: 'Esta fatura já foi cancelada',
    refunded: 'Esta fatura foi estornada e não pode ser cancelada',
  },
};

function isAction(value: string): value is Action {
  return Object.hasOwn(ACTIONS, value);
}

function isForma(value: string): value is FormaPagamento {
  return (FORMAS_PAGAMENTO as readonly string[]).includes(value);
}

/** The notice the redirect after an action asked for (`feito` or `recusado`, `fatura`, `email`), about the invoice as it is now. */
function noticeFor(query: Record<string, unknown>, invoices: InvoiceRow[]): PageNotice | undefined {
  const fatura = field(query.fatura);
  const feito = field(query.feito);
  const recusado = field(query.recusado);
  const invoice = invoices.find((candidate) => String(candidate.id) === fatura);
  if (!invoice) return undefined;
  const emailId = pathId(field(query.email));
  const link = emailId === null ? undefined : { href: `/admin/caixa-de-saida/${emailId}`, label: 'Ver o e-mail na caixa de saída.' };
  switch (feito) {
    case 'pagamento':
      if (invoice.nfse_numero === null) return undefined;
      return {
        kind: 'ok',
        link,
        text:
          `Pagamento simulado da fatura ${invoice.numero} registrado (${invoice.forma_pagamento ? FORMA_LABELS[invoice.forma_pagamento] : ''}). ` +
          `NFS-e nº ${invoice.nfse_numero} emitida, código de verificação ${invoice.nfse_codigo_verificacao}; o recibo foi para a caixa de saída.`,
      };
    case 'estorno':
      if (invoice.status !== 'refunded') return undefined;
      return { kind: 'ok', link, text: `Estorno da fatura ${invoice.numero} registrado; o aviso ao associado foi para a caixa de saída.` };
    case 'cancelamento':
      if (invoice.status !== 'cancelled') return undefined;
      return { kind: 'ok', link, text: `Fatura ${invoice.numero} cancelada; o aviso ao associado foi para a caixa de saída.` };
  }
  if (recusado && isAction(recusado)) {
    const reason = REFUSALS[recusado][invoice.status];
    if (reason) return { kind: 'error', text: `${reason} (fatura ${invoice.numero}). Nada foi alterado.` };
  }
  return undefined;
}

function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

/** Simulação: simulated payments, refunds and cancellations of a member's invoices. */
export function simulacaoRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;

  app.get('/simulacao', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    const q = field(request.query.q);
    const context = pageContext(request, reply);
    if (q === '') return sendHtml(reply, searchPage({ context, q, limit: SEARCH_LIMIT }));
    // One letter would match most names; one digit is a matricula.
    if (q.length > 200 || (q.length < MIN_NAME_LENGTH && !/^[0-9]$/.test(q))) {
      const error = `Digite a matrícula, o CPF ou de ${MIN_NAME_LENGTH} a 200 letras do nome.`;
      return sendHtml(reply, searchPage({ context, q, limit: SEARCH_LIMIT, error }), 400);
    }
    const results = await searchMembers(db, q);
    // The results show names and CPFs: who looked at whom is audited, without the search text (it may be a CPF).
    if (results.length > 0) {
      request.adminAudit = {
        detalhe: `busca de associados na simulação (${results.length > SEARCH_LIMIT ? `mais de ${SEARCH_LIMIT}` : results.length} resultado(s))`,
        matriculas: results.slice(0, SEARCH_LIMIT).map((member) => member.matricula),
      };
    }
    return sendHtml(reply, searchPage({ context, q, results, limit: SEARCH_LIMIT }));
  });

  app.get('/simulacao/associados/:matricula', { schema: { params: MatriculaParams, querystring: AnyQuery } }, async (request, reply) => {
    const matricula = pathId(request.params.matricula);
    const today = businessDate(new Date());
    const member = matricula === null ? undefined : await findMemberForSimulation(db, matricula, today);
    if (!member) return notFound(reply);
    const invoices = await memberInvoices(db, member.matricula);
    request.adminAudit = {
      detalhe: `consulta ao associado ${matriculaText(member.matricula)} na simulação`,
      matriculas: [member.matricula],
    };
    return sendHtml(
      reply,
      memberPage({ context: pageContext(request, reply), member, invoices, today, notice: noticeFor(request.query, invoices) }),
    );
  });

  /** Runs an action on an invoice, audits it, and sends the browser back to the member's page to see the outcome. */
  async function act(
    request: FastifyRequest & { params: { id: string } },
    reply: FastifyReply,
    action: Action,
    run: (faturaId: number) => Promise<OperationResult<'not_open' | 'not_paid'>>,
  ): Promise<FastifyReply> {
    const faturaId = pathId(request.params.id);
    if (faturaId === null) return notFound(reply);
    const result = await run(faturaId);
    if (!result.ok && result.reason === 'not_found') return notFound(reply);
    if (!result.ok) {
      request.adminAudit = {
        detalhe: `${ACTIONS[action].audit} da fatura ${result.numero} recusado (situação: ${result.status})`,
        matriculas: [result.associado],
      };
      return reply.redirect(`/admin/simulacao/associados/${result.associado}?recusado=${action}&fatura=${faturaId}`, 303);
    }
    const { fatura, emailId } = result;
    request.adminAudit = {
      detalhe: `${ACTIONS[action].audit} da fatura ${fatura.numero}${ACTIONS[action].details(fatura)}`,
      matriculas: [fatura.associado],
    };
    return reply.redirect(
      `/admin/simulacao/associados/${fatura.associado}?feito=${ACTIONS[action].done}&fatura=${faturaId}&email=${emailId}`,
      303,
    );
  }

  app.post('/simulacao/faturas/:id/pagar', { schema: { params: IdParams } }, async (request, reply) => {
    const forma = field(formOf(request).forma);
    if (!isForma(forma)) {
      return sendHtml(
        reply,
        errorPage({ title: 'Pedido inválido', message: 'Escolha a forma de pagamento: PIX, boleto bancário ou cartão de crédito.' }),
        400,
      );
    }
    return act(request, reply, 'pagar', (faturaId) => payInvoice(db, { faturaId, forma }));
  });

  app.post('/simulacao/faturas/:id/estornar', { schema: { params: IdParams } }, (request, reply) =>
    act(request, reply, 'estornar', (faturaId) => refundInvoice(db, { faturaId })),
  );

  app.post('/simulacao/faturas/:id/cancelar', { schema: { params: IdParams } }, (request, reply) =>
    act(request, reply, 'cancelar', (faturaId) => cancelInvoice(db, { faturaId })),
  );

  done();
}
