import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { field, pageContext, pathId, sendHtml } from '../pages.js';
import { AnyQuery, IdParams } from '../route-schemas.js';
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
    let query = db.selectFrom('email_saida as e')
      .select(['e.id', 'e.para', 'e.assunto', 'e.criado_em'])
      .orderBy('e.criado_em', 'desc')
      .orderBy('e.id', 'desc')
      .limit(PAGE_SIZE + 1);
    if (before !== null) {
      // The key is read back from the row itself: criado_em has microseconds, which a Date in a link would lose.
      query = query.where((eb) => eb(eb.refTuple('e.criado_em', 'e.id'), '<', eb.selectFrom('email_saida as k')
        .select(['k.criado_em', 'k.id'])
        .where('k.id', '=', before)
        .$asTuple('criado_em', 'id')));
    }
    const rows = await query.execute();
    const mails = rows.slice(0, PAGE_SIZE);
    const older = rows.length > PAGE_SIZE ? `/admin/caixa-de-saida?antes=${mails.at(-1)!.id}` : null;
    return sendHtml(reply, outboxPage({ context: pageContext(request, reply), mails, older, paged: before !== null }));
  });

  app.get('/caixa-de-saida/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const mail = id === null ? undefined : await db.selectFrom('email_saida as e')
      .leftJoin('associado as a', 'a.matricula', 'e.associado')
      .leftJoin('fatura as f', 'f.id', 'e.fatura')
      .select(['e.id', 'e.para', 'e.assunto', 'e.corpo', 'e.criado_em', 'e.associado', 'a.nome as associado_nome', 'f.numero as fatura_numero'])
      .where('e.id', '=', id)
      .executeTakeFirst();
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
