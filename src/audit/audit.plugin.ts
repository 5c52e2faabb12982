import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, type Registry } from 'prom-client';
import { AuditWriter, FLUSH_INTERVAL_MS } from './audit-writer.js';
import { TokenUse } from './token-use.js';
import { OMITTED } from '../omitted-parts.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The members whose data the response carries, for the audit trail. */
    auditMatriculas: number[] | null;
  }
  interface FastifyInstance {
    audit: AuditWriter;
  }
}

/** The writer's rows waiting, written, failed and dropped, read at each scrape. */
function writerMetrics(registry: Registry, writer: AuditWriter): void {
  const registers = [registry];
  new Gauge({
    name: 'associa_audit_rows_waiting',
    help:
      'Audit trail rows waiting in memory to be written (up to 200,000 while the database is away; a minute of refusals ' +
      'from one source is one row). Above 0 for minutes: the database refuses them.',
    registers,
    collect() {
      this.set(writer.size);
    },
  });
  const counted = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  counted('associa_audit_rows_written_total', 'Audit trail rows written to the database.', () => writer.written);
  counted(
    'associa_audit_write_failures_total',
    'Batches of audit trail rows whose write failed; their rows wait and are tried again a second later.',
    () => writer.failedWrites,
  );
  counted(
    'associa_audit_rows_dropped_total',
    'Audit trail rows lost, the oldest first, because more than 200,000 were waiting for a database away too long.',
    () => writer.dropped,
  );
}

/**
 * Every request to an authenticated API route is audited: time, token, route, status, request id,
 * client address and the matriculas returned (API-DESIGN §7); refusals (401, 429) as one row per minute
 * with their count. A request is attributed to the token it presented whenever the service knows that token, also
 * when it was refused for being revoked or expired or for lacking the scope. Each token's use is added up beside the
 * trail: per minute (requests as its rate limit counts them, CPF misses, refusals), for the limits Integrações suggests
 * and the alert of a token often at its rate limit; per hour and operation, for the usage charts. The trail is flushed
 * when the app closes.
 */
export default fp(
  function audit(app: FastifyInstance, _options: unknown, done: () => void) {
    const use = new TokenUse(app.database);
    const writer = new AuditWriter(app.database, undefined, use);
    app.decorate('audit', writer);
    writerMetrics(app.metrics, writer);
    // A write the database refused is the runner's to report, once; its rows wait for the next tick.
    app.jobs.add({ name: 'audit-trail', everyMs: FLUSH_INTERVAL_MS, run: () => writer.tick() });
    app.decorateRequest('auditMatriculas', null);

    app.addHook('onResponse', (request, reply, next) => {
      if (OMITTED.audit) return next();
      // Fastify builds routeOptions anew at each read.
      const route = request.routeOptions;
      const access = route.config?.access;
      if (access !== undefined && access !== 'public') {
        const entry = {
          ocorrido_em: new Date(),
          origem: 'api' as const,
          token_id: request.presentedTokenId,
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
        const at = entry.ocorrido_em.getTime();
        if (entry.token_id !== null) {
          use.countRoute(entry.token_id, at, entry.rota, entry.status, reply.problem?.options.limit === 'concurrency');
        }
        const token = request.token;
        if (token) {
          const refused = reply.statusCode === 429 ? 1 : 0;
          const limited = refused && reply.problem?.options.limit === 'token' ? 1 : 0;
          // As the rate limit counted it: a request it refused has no point, and counted nothing.
          const requests = request.rateLimitPoint?.cost ?? (refused ? 0 : 1);
          use.count(token.id, at, requests, request.cpfMisses, refused, limited);
        }
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
      if (use.size > 0)
        app.log.error({ unwritten: use.size }, `tokens' use: ${use.size} token-minutes could not be written before shutdown`);
    });
    done();
  },
  { name: 'audit', fastify: '5.x', dependencies: ['auth', 'jobs', 'metrics'] },
);
