import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram } from 'prom-client';
import { BACKGROUND_LANE } from '../db/fair-gate.js';
import { Deliverer } from './deliverer.js';
import { pruneEvents } from './retention.js';
import { openSecretBox } from './secrets.js';
import { sequenceEvents } from './sequencer.js';
import type { WebhookTools } from './test-event.js';
import { WebhookPoster } from './webhook-post.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the administration needs of webhooks: the secrets' box, and a poster for test events. */
    webhooks: WebhookTools;
  }
}

/** How often each instance numbers new events and takes due deliveries: the bulk of a webhook's delay from the change. */
const TICK_MS = 200;
const PRUNE_INTERVAL_MS = 3_600_000;
/**
 * What stopping waits for the round in progress and the attempts in flight, within the process's 10 s to stop (the
 * audit trail's last write takes up to 5 of them): what is not recorded by then is taken again, by any instance,
 * once its lease ends.
 */
const STOP_WAIT_MS = 2000;

/**
 * Events and webhooks on every instance (API-DESIGN §13): every TICK_MS, the sequencer numbers what has committed
 * (one instance at a time, src/events/sequencer.ts) and the deliverer takes what is due; every hour, old events go.
 * Both are jobs of the runner: a round that fails (the database away) is reported once, and the next ones catch up.
 */
export default fp(
  async function events(app: FastifyInstance) {
    const box = await openSecretBox(app.config.webhooks.secretsKey, app.database.db);
    const poster = new WebhookPoster({ production: app.config.production, allowedHosts: app.config.webhooks.allowedHosts });
    app.decorate('webhooks', { db: app.database.db, box, poster });
    const registers = [app.metrics];
    const attempts = new Counter({
      name: 'associa_webhook_attempts_total',
      help: 'Webhook delivery attempts, by outcome: ok (a 2xx) or failed (anything else, retried by the schedule).',
      labelNames: ['outcome'] as const,
      registers,
    });
    const lag = new Histogram({
      name: 'associa_webhook_delivery_lag_seconds',
      help: 'From the change that made an event to the end of its successful delivery, retries included.',
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 3600, 86400],
      registers,
    });
    const numbered = new Counter({ name: 'associa_events_numbered_total', help: 'Events numbered by this instance.', registers });
    // Both outcomes from the start, so that an alert comparing them has series to compare before the first attempt.
    const outcomes = { ok: attempts.labels('ok'), failed: attempts.labels('failed') };
    outcomes.ok.inc(0);
    outcomes.failed.inc(0);

    // Their statements wait for the pool in the background's lane, and their work gives requests being served their share.
    const { db } = app.database.in(BACKGROUND_LANE);
    const share = app.backgroundShare;
    // Taking or recording deliveries happens beside the rounds: a failure (the database away) is logged once, until an attempt is made.
    let deliveriesFail = false;
    const deliverer = new Deliverer(
      db,
      box,
      poster,
      app.audit,
      { ...app.config.webhooks, share },
      {
        onError(error) {
          if (!deliveriesFail) app.log.warn({ err: error }, 'events: taking or recording webhook deliveries failed; retrying');
          deliveriesFail = true;
        },
        onAttempt(ok, lagMs) {
          deliveriesFail = false;
          outcomes[ok ? 'ok' : 'failed'].inc();
          if (ok) lag.observe(lagMs / 1000);
        },
        onDisabled: (endpoint, reason) => app.log.warn({ endpoint, reason }, 'webhook endpoint disabled'),
      },
    );

    app.jobs.add({
      name: 'events',
      everyMs: TICK_MS,
      async run() {
        const started = performance.now();
        const sequenced = await sequenceEvents(db);
        const numberingMs = performance.now() - started;
        numbered.inc(sequenced.numbered);
        await deliverer.pump();
        // A tick that numbered nothing is no work: counted, it would keep list pages eight at a time all day.
        if (sequenced.numbered > 0) await share.yield('numbering', numberingMs);
      },
    });
    app.jobs.add({
      name: 'event-retention',
      everyMs: PRUNE_INTERVAL_MS,
      async run() {
        const deleted = await pruneEvents(db, app.config.eventRetentionDays, share);
        if (deleted > 0) app.log.info({ deleted }, 'events older than their retention deleted');
      },
    });
    // Before any onClose hook, and so before the audit trail's last flush: the attempts' rows are in it.
    app.addHook('preClose', async () => {
      app.jobs.stop();
      await deliverer.stop(STOP_WAIT_MS, app.jobs.running('events', 'event-retention'));
      poster.close();
    });
  },
  { name: 'events', fastify: '5.x', dependencies: ['audit', 'jobs', 'metrics', 'sharing'] },
);
