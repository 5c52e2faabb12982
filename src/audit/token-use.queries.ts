import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** The days of use Integrações reads to suggest a token's limits. */
export const USE_DAYS = 7;

/** A token's busiest periods over the last USE_DAYS days; null where it had no such use. */
export interface TokenUsePeaks {
  /** The minute with the most requests, as the rate limit counted them. */
  requests: { count: number; minute: Date } | null;
  /** The minute with the most lookups by CPF that found nobody. */
  cpfMissesMinute: { count: number; minute: Date } | null;
  /** The day (São Paulo, `YYYY-MM-DD`) with the most of them. */
  cpfMissesDay: { count: number; day: string } | null;
  /** Requests refused with 429 over the whole period. */
  refused: number;
}

/** Read from `uso_token_minuto` through its primary key: at most a week of one token's minutes. */
export async function tokenUsePeaks(db: Kysely<Schema>, tokenId: number): Promise<TokenUsePeaks> {
  const week = () =>
    db
      .selectFrom('uso_token_minuto')
      .where('token_id', '=', tokenId)
      .where('minuto', '>=', sql<Date>`now() - make_interval(days => ${USE_DAYS})`);
  const busiest = (column: 'requisicoes' | 'cpf_sem_resultado') =>
    week()
      .select((eb) => [eb.ref(column).as('count'), 'minuto'])
      .where(column, '>', 0)
      .orderBy(column, 'desc')
      .orderBy('minuto', 'desc')
      .limit(1)
      .executeTakeFirst();
  const day = sql<string>`(minuto at time zone 'America/Sao_Paulo')::date`;
  const [requests, cpfMinute, cpfDay, refused] = await Promise.all([
    busiest('requisicoes'),
    busiest('cpf_sem_resultado'),
    week()
      .select([day.as('day'), sql<number>`sum(cpf_sem_resultado)::integer`.as('count')])
      .groupBy(day)
      .having(sql<number>`sum(cpf_sem_resultado)`, '>', 0)
      .orderBy('count', 'desc')
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst(),
    week()
      .select(sql<number>`coalesce(sum(recusadas), 0)::integer`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    requests: requests ? { count: requests.count, minute: requests.minuto } : null,
    cpfMissesMinute: cpfMinute ? { count: cpfMinute.count, minute: cpfMinute.minuto } : null,
    cpfMissesDay: cpfDay ?? null,
    refused: refused.count,
  };
}
