import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** Days of a token's use on its page in Integrações; hours of every token's in Auditoria's overview. */
export const TOKEN_USE_DAYS = 30;
export const OVERVIEW_HOURS = 7 * 24;
/** Operations listed on a token's page, the most called first. */
const TOP_OPERATIONS = 5;

export interface UseCounts {
  requisicoes: number;
  erros: number;
  recusadas: number;
  /** Of `recusadas`, refused for too many requests in flight at once (429 `concurrency_limited`). */
  simultaneas: number;
}

/** One day (São Paulo, `YYYY-MM-DD`) of a token's use; every day of the period, those without use at 0. */
export interface DayUse extends UseCounts {
  dia: string;
}

export interface OperationUse extends UseCounts {
  rota: string;
}

const counts = {
  requisicoes: sql<number>`coalesce(sum(u.requisicoes), 0)::integer`,
  erros: sql<number>`coalesce(sum(u.erros), 0)::integer`,
  recusadas: sql<number>`coalesce(sum(u.recusadas), 0)::integer`,
  simultaneas: sql<number>`coalesce(sum(u.simultaneas), 0)::integer`,
};

/**
 * A token's use per day over the last TOKEN_USE_DAYS days (today included), and its most called operations over
 * them, from `uso_token_hora` through its primary key: at most 720 hours of each of its operations.
 */
export async function tokenUse(db: Kysely<Schema>, tokenId: number): Promise<{ days: DayUse[]; operations: OperationUse[] }> {
  const today = sql`(now() at time zone 'America/Sao_Paulo')::date`;
  const firstDay = sql`(${today} - ${TOKEN_USE_DAYS - 1}::integer)`;
  const since = sql<Date>`(${firstDay}::timestamp at time zone 'America/Sao_Paulo')`;
  const [days, operations] = await Promise.all([
    sql<DayUse>`
      select to_char(d, 'YYYY-MM-DD') as dia, ${counts.requisicoes} as requisicoes, ${counts.erros} as erros, ${counts.recusadas} as recusadas,
             ${counts.simultaneas} as simultaneas
        from generate_series(${firstDay}, ${today}, interval '1 day') d
        left join uso_token_hora u
          on u.token_id = ${tokenId} and u.hora >= ${since}
         and (u.hora at time zone 'America/Sao_Paulo')::date = d::date
       group by d order by d`.execute(db),
    db
      .selectFrom('uso_token_hora as u')
      .where('u.token_id', '=', tokenId)
      .where('u.hora', '>=', since)
      .groupBy('u.rota')
      .select([
        'u.rota',
        counts.requisicoes.as('requisicoes'),
        counts.erros.as('erros'),
        counts.recusadas.as('recusadas'),
        counts.simultaneas.as('simultaneas'),
      ])
      .orderBy('requisicoes', 'desc')
      .orderBy('u.rota')
      .limit(TOP_OPERATIONS)
      .execute(),
  ]);
  return { days: days.rows, operations };
}

/** One token's requests in each hour of the overview, oldest first; and its totals. */
export interface TokenHours extends UseCounts {
  tokenId: number;
  horas: number[];
}

/**
 * Every token's requests per hour over the last OVERVIEW_HOURS hours (the current one included), the busiest token
 * first, with the hours' starts; read through `uso_token_hora`'s index on the hour.
 */
export async function hourlyOverview(db: Kysely<Schema>): Promise<{ hours: Date[]; tokens: TokenHours[] }> {
  const { rows } = await sql<{ token_id: number; hora: Date } & UseCounts>`
    select u.token_id, u.hora, ${counts.requisicoes} as requisicoes, ${counts.erros} as erros, ${counts.recusadas} as recusadas,
           ${counts.simultaneas} as simultaneas
      from uso_token_hora u
     where u.hora >= date_trunc('hour', now()) - make_interval(hours => ${OVERVIEW_HOURS - 1}::integer)
     group by u.token_id, u.hora`.execute(db);
  const first = Math.floor(Date.now() / 3_600_000) - (OVERVIEW_HOURS - 1);
  const hours = Array.from({ length: OVERVIEW_HOURS }, (_, n) => new Date((first + n) * 3_600_000));
  const byToken = new Map<number, TokenHours>();
  for (const row of rows) {
    const index = Math.round(row.hora.getTime() / 3_600_000) - first;
    if (index < 0 || index >= OVERVIEW_HOURS) continue;
    let token = byToken.get(row.token_id);
    if (!token) {
      token = {
        tokenId: row.token_id,
        horas: new Array<number>(OVERVIEW_HOURS).fill(0),
        requisicoes: 0,
        erros: 0,
        recusadas: 0,
        simultaneas: 0,
      };
      byToken.set(row.token_id, token);
    }
    token.horas[index]! += row.requisicoes;
    token.requisicoes += row.requisicoes;
    token.erros += row.erros;
    token.recusadas += row.recusadas;
    token.simultaneas += row.simultaneas;
  }
  return { hours, tokens: [...byToken.values()].sort((a, b) => b.requisicoes - a.requisicoes || a.tokenId - b.tokenId) };
}
