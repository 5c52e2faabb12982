import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { keepAuditTrail } from '../audit/retention.js';
import { BACKGROUND_LANE } from '../db/fair-gate.js';
import { runPeriodically } from './periodic-job.js';

const INTERVAL_MS = 24 * 3_600_000;

/**
 * Keeps the audit trail's partitions (src/audit/retention.ts) once when the app is ready, then daily: the coming
 * months' partitions are created two months ahead, so a day or more of failures loses nothing. A failed run is logged
 * and tried again at the next; instances running it at once leave it to the first.
 */
export default fp(
  function auditRetention(app: FastifyInstance, _options: unknown, done: () => void) {
    const lastSuccess = new Gauge({
      name: 'associa_audit_retention_last_success_timestamp_seconds',
      help: "When this instance last kept the audit trail's monthly partitions (created the coming months', dropped the expired); 0 before its first success.",
      registers: [app.metrics],
    });
    runPeriodically(app, INTERVAL_MS, () =>
      keepAuditTrail(app.database.in(BACKGROUND_LANE).db, app.config.auditRetentionMonths, new Date(), app.backgroundShare)
        .then(({ created, dropped, deleted }) => {
          lastSuccess.setToCurrentTime();
          if (created.length + dropped.length + deleted > 0) app.log.info({ created, dropped, deleted }, 'audit trail partitions kept');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, "keeping the audit trail's partitions failed; trying again in a day")),
    );
    done();
  },
  { name: 'audit-retention', fastify: '5.x', dependencies: ['metrics', 'sharing'] },
);
