import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { field, pageContext, pathId, sendHtml } from '../pages.js';
import { AnyQuery, IdParams } from '../route-schemas.js';
import { findMail, listMails } from '../outbox.queries.js';
import { mailPage, outboxPage } from '../views/caixa-de-saida.js';
import { matriculaText } from '../views/simulacao.js';
import { errorPage } from '../views/session.js';

const PAGE_SIZE = 50;

/** Caixa de saída: the simulated e-mails. */
export function caixaDeSaidaRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;

  app.get('/caixa-de-saida', { schema: { querystring: AnyQuery } }, async (request, reply) => {
    const antes = field(request.query.antes);
    const before = antes === '' ? null : pathId(antes);
    if (antes !== '' && before === null) {
      return sendHtml(reply, errorPage({ title: 'Pedido inválido', message: 'O parâmetro “antes” deve ser o número de um e-mail.' }), 400);
    }
    const rows = await listMails(db, before, PAGE_SIZE + 1);
    const mails = rows.slice(0, PAGE_SIZE);
    const older = rows.length > PAGE_SIZE ? `/admin/caixa-de-saida?antes=${mails.at(-1)!.id}` : null;
    return sendHtml(reply, outboxPage({ context: pageContext(request, reply), mails, older, paged: before !== null }));
  });

  app.get('/caixa-de-saida/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const mail = id === null ? undefined : await findMail(db, id);
    if (!mail) {
      reply.callNotFound();
      return reply;
    }
    request.adminAudit = {
      detalhe: `consulta ao e-mail simulado ${mail.id}${mail.associado === null ? '' : ` do associado ${matriculaText(mail.associado)}`}`,
      matriculas: mail.associado === null ? [] : [mail.associado],
    };
    return sendHtml(reply, mailPage({ context: pageContext(request, reply), mail }));
  });

  done();
}
