import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { markOverdue } from '../db/overdue-marks.js';
import { businessDate } from '../domain/dates.js';

/** Often enough that after midnight in São Paulo the day's newly overdue invoices are marked within a minute. */
const INTERVAL_MS = 60_000;

/**
 * Keeps the open invoices' past-due marks current (src/db/overdue-marks.ts): once when the app is ready, then
 * every minute. A run that fails (the database away) is the runner's to report, and the next one catches up; several
 * instances marking the same rows only repeat each other's work.
 */
export default fp(
  function overdueMarking(app: FastifyInstance, _options: unknown, done: () => void) {
    app.jobs.add({
      name: 'overdue-marking',
      everyMs: INTERVAL_MS,
      async run() {
        const marked = await markOverdue(app.database, businessDate(new Date()), app.backgroundShare);
        if (marked > 0) app.log.info({ marked }, 'open invoices marked as past due');
      },
    });
    done();
  },
  { name: 'overdue-marking', fastify: '5.x', dependencies: ['jobs', 'sharing'] },
);
