import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { markOverdue } from '../db/overdue-marks.js';
import { businessDate } from '../domain/dates.js';
import { runPeriodically } from './periodic-job.js';

/** Often enough that after midnight in São Paulo the day's newly overdue invoices are marked within a minute. */
const INTERVAL_MS = 60_000;

/**
 * Keeps the open invoices' past-due marks current (src/db/overdue-marks.ts): once when the app is ready, then
 * every minute. A run that fails (the database away) is logged and the next one catches up; several
 * instances marking the same rows only repeat each other's work.
 */
export default fp(
  function overdueMarking(app: FastifyInstance, _options: unknown, done: () => void) {
    let failing = false;
    runPeriodically(app, INTERVAL_MS, () =>
      markOverdue(app.database, businessDate(new Date()), app.backgroundShare)
        .then((marked) => {
          if (marked > 0) app.log.info({ marked }, 'open invoices marked as past due');
          if (failing) app.log.info('marking past-due invoices works again');
          failing = false;
        })
        .catch((error: unknown) => {
          if (!failing) app.log.warn({ err: error }, 'marking past-due invoices failed; retrying every minute');
          failing = true;
        }),
    );
    done();
  },
  { name: 'overdue-marking', fastify: '5.x', dependencies: ['sharing'] },
);
