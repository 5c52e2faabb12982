import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AuditWriter } from '../audit/audit-writer.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The members whose data the response carries, for the audit trail. */
    auditMatriculas: number[] | null;
  }
  interface FastifyInstance {
    audit: AuditWriter;
  }
}

/**
 * Every request to an authenticated API route is audited: time, token, route, status, request id,
 * client address and the matriculas returned (API-DESIGN §7); refusals (401, 429) as one row per minute
 * with their count. The trail is flushed when the app closes.
 */
export default fp(
  function audit(app: FastifyInstance, _options: unknown, done: () => void) {
    const writer = new AuditWriter(app.database, (error) => app.log.error({ err: error }, 'audit trail write failed; will retry'));
    app.decorate('audit', writer);
    app.decorateRequest('auditMatriculas', null);

    app.addHook('onResponse', (request, reply, next) => {
      // Fastify builds routeOptions anew at each read.
      const route = request.routeOptions;
      const access = route.config?.access;
      if (access !== undefined && access !== 'public') {
        const entry = {
          ocorrido_em: new Date(),
          origem: 'api' as const,
          token_id: request.token?.id ?? null,
          metodo: request.method,
          rota: route.url ?? request.url.split('?')[0]!,
          status: reply.statusCode,
          request_id: request.id,
          request_id_cliente: request.clientRequestId,
          ip: request.ip,
          matriculas: request.auditMatriculas ?? [],
        };
        if (reply.statusCode === 401 || reply.statusCode === 429) writer.refused(entry);
        else writer.record(entry);
      }
      next();
    });
    app.addHook('onClose', async () => {
      const unwritten = await writer.close();
      // Never lost in silence: what could not be written (the database away at shutdown) is counted in the log.
      if (unwritten > 0 || writer.dropped > 0) {
        app.log.error(
          { unwritten, dropped: writer.dropped },
          `audit trail: ${unwritten + writer.dropped} rows could not be written before shutdown`,
        );
      }
    });
    done();
  },
  { name: 'audit', fastify: '5.x', dependencies: ['auth'] },
);
