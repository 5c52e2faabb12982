import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { toEnvelope } from '../../events/envelope.js';
import { EVENT_TYPE_NAMES, EVENT_TYPES, typesFor } from '../../events/event-types.js';
import { enumValues } from '../../lists/list-params.js';
import { MAX_LIMIT } from '../../lists/pagination.js';
import { API_PREFIX, baseUrl } from '../../routes/urls.js';
import { insufficientScope } from '../../auth/auth.plugin.js';
import { AUTHENTICATED_PROBLEMS, LINK_HEADER, okResponses, problemResponses } from '../common.schemas.js';
import { PERSONAL_DATA_CACHE, showsMembers } from '../personal-data.js';
import { listEvents } from './eventos.queries.js';
import { EventEnvelope, EventFeedQuery } from './eventos.schemas.js';

/** Every scope that lets a token see some event type. */
const FEED_SCOPES = [...new Set(Object.values(EVENT_TYPES).flat())];

export function eventosRoutes(fastify: FastifyInstance, _options: unknown, done: () => void): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    `${API_PREFIX}/eventos`,
    {
      config: { access: FEED_SCOPES, load: 'bulk' },
      schema: {
        operationId: 'listEventos',
        summary: 'Eventos (o feed)',
        description:
          'Os eventos que o token pode ver, em ordem de `sequencia`, guardados por ao menos 30 dias: o jeito de pôr em dia depois ' +
          'de uma queda e a integração mais simples para quem não recebe webhooks. Guarde a maior `sequencia` processada e peça ' +
          '`after=<ela>`: um evento cuja transação confirmou depois da de outro nunca fica para trás da sua posição. ' +
          'Cada tipo exige um escopo: `fatura.*` `faturas:read`; `associado.situacao_alterada` `associados:read` ou ' +
          '`associados:situacao`; `associado.atualizado` `associados:read`; `curso.*` `cursos:read`. Um token restrito a ' +
          'uma regional vê os eventos dos associados dela e os dos cursos. {escopo}',
        tags: ['eventos'],
        querystring: EventFeedQuery,
        response: {
          ...okResponses(
            'Uma página de eventos; sem `Link` `rel="next"`, não há mais por ora.',
            Type.Array(EventEnvelope, { maxItems: MAX_LIMIT }),
            PERSONAL_DATA_CACHE,
            LINK_HEADER,
          ),
          ...problemResponses('invalid_parameter', 'unknown_parameter', ...AUTHENTICATED_PROBLEMS),
        },
      },
    },
    async (request, reply): Promise<EventEnvelope[]> => {
      const viewer = request.viewer!;
      const visible = typesFor(viewer.scopes);
      const asked = enumValues('type', request.query.type, EVENT_TYPE_NAMES) ?? visible;
      const hidden = asked.filter((type) => !visible.includes(type));
      if (hidden.length > 0) {
        const needed = EVENT_TYPES[hidden[0]!][0];
        throw insufficientScope(needed, `Os eventos ${hidden.join(', ')} exigem o escopo ${needed}.`);
      }
      const after = request.query.after ?? 0;
      const limit = request.query.limit ?? 100;
      // One more than the page tells whether a next page exists.
      const found = await listEvents(request.data.read, { after, types: asked, regional: viewer.regional, limit: limit + 1 });
      const rows = found.slice(0, limit);
      showsMembers(
        request,
        reply,
        rows.flatMap((row) => (row.matricula === null ? [] : [row.matricula])),
      );
      if (found.length > limit) {
        const next = new URL(request.url, 'http://x');
        next.searchParams.set('after', String(rows.at(-1)!.sequencia));
        reply.header('link', `<${baseUrl(request)}${next.pathname}${next.search}>; rel="next"`);
      }
      return rows.map(toEnvelope);
    },
  );
  done();
}
