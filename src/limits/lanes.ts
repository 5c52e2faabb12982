import type { Lane, Load } from '../db/fair-gate.js';

/** What a route's requests cost the database: a page of a list, or a cheap read (a status, a batch, one record). */
export type RouteLoad = Exclude<Load, 'background'>;

const PUBLIC_LANES: Record<RouteLoad, Lane> = {
  interactive: { key: 'public', load: 'interactive' },
  bulk: { key: 'public', load: 'bulk' },
};

/**
 * Each request's lane of the database's gate (src/db/fair-gate.ts): its token's, or the public's for requests without
 * one, with its route's load; and the requests in flight by load, for the metrics.
 */
export class RequestLanes {
  private readonly tokens = new Map<number, Record<RouteLoad, Lane>>();
  readonly inFlight: Record<RouteLoad, number> = { interactive: 0, bulk: 0 };

  of(tokenId: number | undefined, load: RouteLoad): Lane {
    if (tokenId === undefined) return PUBLIC_LANES[load];
    let lanes = this.tokens.get(tokenId);
    if (!lanes) {
      const key = `token:${tokenId}`;
      lanes = { interactive: { key, load: 'interactive' }, bulk: { key, load: 'bulk' } };
      this.tokens.set(tokenId, lanes);
    }
    return lanes[load];
  }
}
