import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { countTitularDays } from './titular-counts.js';

/** A day ends at midnight in São Paulo and is counted an hour later (src/audit/titular-counts.ts): within the next quarter. */
const INTERVAL_MS = 15 * 60_000;

/**
 * Counts each member's accesses in the audit trail's days that are over (src/audit/titular-counts.ts), for the
 * Relatório do titular: once when the app is ready, then every 15 minutes. After an upgrade the first run counts the
 * whole trail kept, a day at a time; closing the app stops it between two days. A failed run is the runner's to
 * report and the next carries on; instances running it at once leave each day to the first.
 */
export default fp(
  function titularCounts(app: FastifyInstance, _options: unknown, done: () => void) {
    const until = new Gauge({
      name: 'associa_audit_counted_until_timestamp_seconds',
      help: "Where the counts of each member's accesses end (the Relatório do titular's summary): every audit entry before it is counted; 0 while none is.",
      registers: [app.metrics],
    });
    const onMark = (mark: Date) => until.set(mark.getTime() / 1000);
    app.jobs.add({
      name: 'titular-counts',
      everyMs: INTERVAL_MS,
      async run(closing) {
        const { days, until: mark } = await countTitularDays(app.database, new Date(), { closing, onMark, share: app.backgroundShare });
        if (mark) onMark(mark);
        if (days > 0) app.log.info({ days, until: mark }, "members' accesses counted");
      },
    });
    done();
  },
  { name: 'titular-counts', fastify: '5.x', dependencies: ['jobs', 'metrics', 'sharing'] },
);
