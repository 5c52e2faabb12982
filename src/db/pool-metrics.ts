import { Gauge, type Registry } from 'prom-client';
import type { Database } from './connection.js';
import type { PoolState } from './driver-fix.js';

/** The connections' states as reported, each from the driver's own queues (src/db/driver-fix.ts). */
const STATES = {
  idle: (state: PoolState) => state.idle,
  // A full connection is busy too: it only takes no more statements behind the ones it runs.
  busy: (state: PoolState) => state.busy + state.full,
  reserved: (state: PoolState) => state.reserved,
  connecting: (state: PoolState) => state.connecting,
  closed: (state: PoolState) => state.closed,
};

/**
 * The database pools' gauges, read when Prometheus scrapes: connections by pool (`primary`; `replica` with
 * DATABASE_READ_URL) and state, and the statements waiting. On the embedded database the one session is a pool
 * of one connection. A request pays for nothing here.
 */
export function registerPoolMetrics(registry: Registry, database: Pick<Database, 'poolState' | 'gateState'>): void {
  const registers = [registry];
  new Gauge({
    name: 'associa_db_pool_connections',
    help:
      'Connections of a database pool (primary; replica with DATABASE_READ_URL) by state: idle, busy (running statements), ' +
      'reserved (held by a transaction), connecting, closed (places of the pool with no connection open). They add up to the pool size.',
    labelNames: ['pool', 'state'] as const,
    registers,
    collect() {
      for (const [pool, state] of Object.entries(database.poolState()))
        for (const [name, count] of Object.entries(STATES)) this.set({ pool, state: name }, count(state));
    },
  });
  new Gauge({
    name: 'associa_db_pool_waiting_statements',
    help:
      'Statements of a database pool waiting: for a slot of its gate (src/db/fair-gate.ts), for a connection, or sent on a busy ' +
      'connection behind the one it runs. ' +
      'Above 0 for long: the pool is too small for the load, or the database too slow.',
    labelNames: ['pool'] as const,
    registers,
    collect() {
      const gates = database.gateState();
      for (const [pool, state] of Object.entries(database.poolState())) {
        const gate = gates[pool]?.waiting;
        this.set({ pool }, state.queued + state.pipelined + (gate ? gate.interactive + gate.bulk + gate.background : 0));
      }
    },
  });
}
