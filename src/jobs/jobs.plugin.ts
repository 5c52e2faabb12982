import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { JobRunner } from './job-runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's background jobs (src/jobs/job-runner.ts): each plugin adds its own; they start when the app is ready. */
    jobs: JobRunner;
  }
}

/**
 * One runner for every job that no request waits for: a failing job is logged once when it starts failing and once
 * when it works again, and counted by job and outcome; closing the app stops the timers first (preClose) and waits
 * for the runs in progress last (onClose).
 */
export default fp(
  function jobs(app: FastifyInstance, _options: unknown, done: () => void) {
    const registers = [app.metrics];
    const runs = new Counter({
      name: 'associa_job_runs_total',
      help: 'Runs of each background job, by outcome: ok or failed (retried at its next run).',
      labelNames: ['job', 'outcome'] as const,
      registers,
    });
    const seconds = new Counter({
      name: 'associa_job_seconds_total',
      help: "Time each background job's runs took.",
      labelNames: ['job'] as const,
      registers,
    });
    const failing = new Gauge({
      name: 'associa_job_failing',
      help: "1 while a background job's last run failed.",
      labelNames: ['job'] as const,
      registers,
    });
    const lastSuccess = new Gauge({
      name: 'associa_job_last_success_timestamp_seconds',
      help: 'When each background job last ran without failing; absent before its first success.',
      labelNames: ['job'] as const,
      registers,
    });
    const runner = new JobRunner({
      failing(job, error) {
        failing.labels(job).set(1);
        app.log.warn({ err: error, job }, `${job}: failed; retrying at each run, logged again once it works`);
      },
      recovered(job, failures, since) {
        failing.labels(job).set(0);
        app.log.info({ job, failures, failing_since: since.toISOString() }, `${job}: works again`);
      },
      ran(job, ok, took) {
        runs.labels(job, ok ? 'ok' : 'failed').inc();
        seconds.labels(job).inc(took);
        if (ok) lastSuccess.labels(job).setToCurrentTime();
      },
    });
    app.decorate('jobs', runner);
    app.addHook('onReady', (ready) => {
      // Every job has a series from the start, so that an alert on failures has one to read before the first.
      for (const job of runner.names) {
        failing.labels(job).set(0);
        runs.labels(job, 'failed').inc(0);
      }
      runner.start();
      ready();
    });
    app.addHook('preClose', (closing) => {
      runner.stop();
      closing();
    });
    app.addHook('onClose', () => runner.close());
    done();
  },
  { name: 'jobs', fastify: '5.x', dependencies: ['metrics'] },
);
