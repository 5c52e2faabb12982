import type { Reader } from '../../db/connection.js';
import type { EventRow } from '../../events/envelope.js';
import type { EventType } from '../../events/event-types.js';

export interface FeedFilter {
  after: number;
  types: readonly EventType[];
  /** A branch-restricted token's branch: its members' events and the courses', which concern every branch. */
  regional: string | null;
  limit: number;
}

export type FeedRow = EventRow & { matricula: number | null };

/**
 * A page of numbered events after `after`, in `sequencia` order. For a branch, the branch's events and those of no
 * branch are two ordered reads of the index on (regional, sequencia), merged here: one read with `or` would collect
 * every matching event after `after` and sort them.
 */
export async function listEvents(db: Reader, filter: FeedFilter): Promise<FeedRow[]> {
  const page = (regional: string | null | undefined) => {
    let query = db
      .selectFrom('evento')
      .select(['chave', 'tipo', 'sequencia', 'ocorrido_em', 'dados', 'matricula'])
      .where('sequencia', '>', filter.after)
      .where('tipo', 'in', filter.types);
    if (regional !== undefined) query = query.where('regional', regional === null ? 'is' : '=', regional);
    return query.orderBy('sequencia').limit(filter.limit).execute() as Promise<FeedRow[]>;
  };
  if (filter.regional === null) return page(undefined);
  const [own, everyBranch] = await Promise.all([page(filter.regional), page(null)]);
  return [...own, ...everyBranch].sort((a, b) => Number(a.sequencia) - Number(b.sequencia)).slice(0, filter.limit);
}
