import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { LOADS, total } from '../db/fair-gate.js';
import { BACKGROUND_WORK, BackgroundShare } from '../db/background-share.js';
import { RequestLanes } from './lanes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each request's lane of the database's gate, and the requests in flight by load. */
    requestLanes: RequestLanes;
    /** The share of the time background work takes while requests are served (BACKGROUND_SHARE). */
    backgroundShare: BackgroundShare;
  }
}

/**
 * How requests and background work share an instance (API-DESIGN §9): the requests' lanes of the database's gate
 * (src/db/fair-gate.ts, src/limits/lanes.ts), the background work's share (src/db/background-share.ts), and their
 * metrics, read when Prometheus scrapes: requests in flight by load, statements running and waiting at each pool's
 * gate, list pages shed, and the time background work took and gave up.
 */
export default fp(
  function sharing(app: FastifyInstance, _options: unknown, done: () => void) {
    const lanes: RequestLanes = new RequestLanes((ms) => share.workedWithin(ms));
    const share = new BackgroundShare(app.config.backgroundShare, () => total(lanes.inFlight));
    app.decorate('requestLanes', lanes);
    app.decorate('backgroundShare', share);

    const registers = [app.metrics];
    new Gauge({
      name: 'associa_requests_in_flight',
      help:
        'API requests being answered by this instance, by load: bulk (a page of a list or of the feed), write (a batch of exam results, ' +
        'a correction) or interactive (a status, a batch of statuses, one record).',
      labelNames: ['load'] as const,
      registers,
      collect() {
        for (const [load, count] of Object.entries(lanes.inFlight)) this.set({ load }, count);
      },
    });
    new Gauge({
      name: 'associa_db_gate_statements',
      help:
        "Statements at a database pool's gate, by load (interactive, bulk, write, background) and state: running (holding one of the pool's " +
        'connections) or waiting for one, served lane by lane in turn.',
      labelNames: ['pool', 'load', 'state'] as const,
      registers,
      collect() {
        for (const [pool, state] of Object.entries(app.database.gateState()))
          for (const load of LOADS) {
            this.set({ pool, load, state: 'running' }, state.running[load]);
            this.set({ pool, load, state: 'waiting' }, state.waiting[load]);
          }
      },
    });
    new Gauge({
      name: 'associa_list_pages_waiting',
      help:
        'List pages waiting for their turn (two at a time in an instance while cheap requests are served, eight while several tokens page, ' +
        '64 while one does alone; token by token).',
      registers,
      collect() {
        this.set(lanes.pages.state().waiting.bulk);
      },
    });
    new Counter({
      name: 'associa_shed_requests_total',
      help:
        'Requests answered 503 with Retry-After: 1 because they would have waited past their deadline, for a turn at a list page or ' +
        "for the database's pool: only list pages (load bulk) are shed.",
      labelNames: ['load'] as const,
      registers,
      collect() {
        let shed = lanes.pages.state().shed.bulk;
        for (const state of Object.values(app.database.gateState())) shed += state.shed.bulk;
        this.reset();
        this.inc({ load: 'bulk' }, shed);
      },
    });
    new Gauge({
      name: 'associa_background_share',
      help: 'BACKGROUND_SHARE: the share of the time that background work takes while requests are served.',
      registers,
    }).set(share.share);
    for (const [name, of, help] of [
      ['associa_background_work_seconds_total', share.workedMs, 'Time background work took, by work.'],
      [
        'associa_background_yield_seconds_total',
        share.yieldedMs,
        'Time background work waited, by work, so that requests being served kept their share.',
      ],
    ] as const) {
      new Counter({
        name,
        help,
        labelNames: ['work'] as const,
        registers,
        collect() {
          this.reset();
          for (const work of BACKGROUND_WORK) this.inc({ work }, of[work] / 1000);
        },
      });
    }
    done();
  },
  { name: 'sharing', fastify: '5.x', dependencies: ['metrics'] },
);
