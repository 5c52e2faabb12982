import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { keepAuditTrail } from './retention.js';
import { BACKGROUND_LANE } from '../db/fair-gate.js';

const INTERVAL_MS = 24 * 3_600_000;

/**
 * Keeps the audit trail's partitions (src/audit/retention.ts) once when the app is ready, then daily: the coming
 * months' partitions are created two months ahead, so a day or more of failures loses nothing. A failed run is the
 * runner's to report and is tried again at the next; instances running it at once leave it to the first.
 */
export default fp(
  function auditRetention(app: FastifyInstance, _options: unknown, done: () => void) {
    const lastSuccess = new Gauge({
      name: 'associa_audit_retention_last_success_timestamp_seconds',
      help: "When this instance last kept the audit trail's monthly partitions (created the coming months', dropped the expired); 0 before its first success.",
      registers: [app.metrics],
    });
    app.jobs.add({
      name: 'audit-retention',
      everyMs: INTERVAL_MS,
      async run() {
        const db = app.database.in(BACKGROUND_LANE).db;
        const { created, dropped, deleted } = await keepAuditTrail(db, app.config.auditRetentionMonths, new Date(), app.backgroundShare);
        lastSuccess.setToCurrentTime();
        if (created.length + dropped.length + deleted > 0) app.log.info({ created, dropped, deleted }, 'audit trail partitions kept');
      },
    });
    done();
  },
  { name: 'audit-retention', fastify: '5.x', dependencies: ['jobs', 'metrics', 'sharing'] },
);
