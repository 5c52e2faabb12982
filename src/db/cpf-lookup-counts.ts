import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Schema } from './schema.js';

/** A token's lookups by CPF that found nothing in its current minute and day, and the milliseconds left of each window. */
export interface MissCounts {
  minute: number;
  minuteMsLeft: number;
  day: number;
  dayMsLeft: number;
}

/** The limits a token's misses are held to. */
export interface MissLimits {
  perMinute: number;
  perDay: number;
}

const MINUTE = sql`interval '1 minute'`;
const DAY = sql`interval '1 day'`;

/** A window of the row `c` (or its new version, in RETURNING) as of now: one that has ended counts 0 and is whole again. */
const window = (since: RawBuilder<unknown>, count: RawBuilder<unknown>, length: RawBuilder<unknown>, name: string) =>
  sql`case when ${since} > now() - ${length} then ${count} else 0 end as ${sql.ref(name)},
    (extract(epoch from case when ${since} > now() - ${length} then ${since} + ${length} - now() else ${length} end) * 1000)::integer
      as ${sql.ref(`${name}MsLeft`)}`;
const COUNTS = sql`${window(sql`c.minuto_desde`, sql`c.no_minuto`, MINUTE, 'minute')}, ${window(sql`c.dia_desde`, sql`c.no_dia`, DAY, 'day')}`;

/** One more miss in each window of the row `c`, a window that has ended starting again with it. */
const ONE_MORE = sql`
  minuto_desde = case when c.minuto_desde > now() - ${MINUTE} then c.minuto_desde else now() end,
  no_minuto = case when c.minuto_desde > now() - ${MINUTE} then c.no_minuto + 1 else 1 end,
  dia_desde = case when c.dia_desde > now() - ${DAY} then c.dia_desde else now() end,
  no_dia = case when c.dia_desde > now() - ${DAY} then c.no_dia + 1 else 1 end`;

const NONE: MissCounts = { minute: 0, minuteMsLeft: 60_000, day: 0, dayMsLeft: 86_400_000 };

/** The token's counts as they stand. */
export async function readMisses(db: Kysely<Schema>, tokenId: number): Promise<MissCounts> {
  const { rows } = await sql<MissCounts>`select ${COUNTS} from consulta_cpf_sem_resultado c where c.token_id = ${tokenId}`.execute(db);
  return rows[0] ?? NONE;
}

/**
 * Counts a miss, unless `limits` are given and a window is already full: the counts with it, or undefined. One
 * statement on one row, which PostgreSQL locks, so the misses of concurrent lookups on every instance never pass
 * the limits. Without `limits` the miss is counted whatever the counts (Redis took it already).
 */
export async function countMiss(db: Kysely<Schema>, tokenId: number, limits?: MissLimits): Promise<MissCounts | undefined> {
  const { rows } = await sql<MissCounts>`
    insert into consulta_cpf_sem_resultado as c (token_id, minuto_desde, no_minuto, dia_desde, no_dia)
    values (${tokenId}, now(), 1, now(), 1)
    on conflict (token_id) do update set ${ONE_MORE}
    ${
      limits
        ? sql`where (c.minuto_desde <= now() - ${MINUTE} or c.no_minuto < ${limits.perMinute}::integer)
            and (c.dia_desde <= now() - ${DAY} or c.no_dia < ${limits.perDay}::integer)`
        : sql``
    }
    returning ${COUNTS}`.execute(db);
  return rows[0];
}
