import type { Problem } from '../errors/problems.js';
import { limitReached } from './limit-reached.js';

/**
 * A token's requests in flight at once in this instance (API-DESIGN §9): past its limit a request is refused at once
 * with 429 `concurrency_limited`, before it takes a point of the rate limit or waits for a database connection, so
 * that one integration running many requests at once cannot hold every connection of the pool. Counted in the
 * process: the limit guards the instance's own pool (DB_POOL_SIZE).
 */
export class InFlight {
  private readonly counts = new Map<number, number>();

  /** Admits one more of the token's requests, or refuses it; an admitted one must `leave` once answered. */
  enter(tokenId: number, limit: number): Problem | undefined {
    const count = this.counts.get(tokenId) ?? 0;
    if (count >= limit) {
      return limitReached(
        'concurrency',
        1,
        `Este token já tem ${limit === 1 ? '1 requisição' : `${limit} requisições`} em andamento ao mesmo tempo, o máximo; ` +
          'espere uma terminar e tente de novo em 1 s.',
      );
    }
    this.counts.set(tokenId, count + 1);
    return undefined;
  }

  leave(tokenId: number): void {
    const count = (this.counts.get(tokenId) ?? 1) - 1;
    if (count > 0) this.counts.set(tokenId, count);
    else this.counts.delete(tokenId);
  }
}
