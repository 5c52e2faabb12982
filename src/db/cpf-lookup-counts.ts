import { sql, type Kysely } from 'kysely';
import { businessDate, dateOfDay, dayNumber, startOfBusinessDay } from '../domain/dates.js';
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

/**
 * The windows at an instant: a minute from a window's first miss, and the calendar day in São Paulo (API-DESIGN §7),
 * so that a limit reached in the morning is whole again for the next morning's exam.
 */
export interface MissWindows {
  now: Date;
  /** The São Paulo date, which names the day's window. */
  date: string;
  dayStart: Date;
  dayEnd: Date;
}

export function missWindows(now: Date): MissWindows {
  const date = businessDate(now);
  return { now, date, dayStart: startOfBusinessDay(date), dayEnd: startOfBusinessDay(dateOfDay(dayNumber(date) + 1)) };
}

const MINUTE = sql`interval '1 minute'`;

/** The row `c` (or its new version, in RETURNING) at the windows' instant: a window that has ended counts 0 and is whole again. */
function counts({ now, dayStart }: MissWindows) {
  const minuteOn = sql`c.minuto_desde > ${now}::timestamptz - ${MINUTE}`;
  return sql`case when ${minuteOn} then c.no_minuto else 0 end as "minute",
    (extract(epoch from case when ${minuteOn} then c.minuto_desde + ${MINUTE} - ${now}::timestamptz else ${MINUTE} end) * 1000)::integer
      as "minuteMsLeft",
    case when c.dia_desde >= ${dayStart}::timestamptz then c.no_dia else 0 end as "day"`;
}

type Row = Omit<MissCounts, 'dayMsLeft'>;

const withDayLeft = (row: Row, { now, dayEnd }: MissWindows): MissCounts => ({ ...row, dayMsLeft: dayEnd.getTime() - now.getTime() });

/** The token's counts as they stand. */
export async function readMisses(db: Kysely<Schema>, tokenId: number, windows: MissWindows): Promise<MissCounts> {
  const { rows } = await sql<Row>`select ${counts(windows)} from consulta_cpf_sem_resultado c where c.token_id = ${tokenId}`.execute(db);
  return withDayLeft(rows[0] ?? { minute: 0, minuteMsLeft: 60_000, day: 0 }, windows);
}

/**
 * Counts a miss, unless `limits` are given and a window is already full: the counts with it, or undefined. One
 * statement on one row, which PostgreSQL locks, so the misses of concurrent lookups on every instance never pass
 * the limits. Without `limits` the miss is counted whatever the counts (Redis took it already).
 */
export async function countMiss(
  db: Kysely<Schema>,
  tokenId: number,
  windows: MissWindows,
  limits?: MissLimits,
): Promise<MissCounts | undefined> {
  const { now, dayStart } = windows;
  const minuteOn = sql`c.minuto_desde > ${now}::timestamptz - ${MINUTE}`;
  const dayOn = sql`c.dia_desde >= ${dayStart}::timestamptz`;
  const { rows } = await sql<Row>`
    insert into consulta_cpf_sem_resultado as c (token_id, minuto_desde, no_minuto, dia_desde, no_dia)
    values (${tokenId}, ${now}::timestamptz, 1, ${now}::timestamptz, 1)
    on conflict (token_id) do update set
      minuto_desde = case when ${minuteOn} then c.minuto_desde else ${now}::timestamptz end,
      no_minuto = case when ${minuteOn} then c.no_minuto + 1 else 1 end,
      dia_desde = case when ${dayOn} then c.dia_desde else ${now}::timestamptz end,
      no_dia = case when ${dayOn} then c.no_dia + 1 else 1 end
    ${
      limits
        ? sql`where (not ${minuteOn} or c.no_minuto < ${limits.perMinute}::integer)
            and (not ${dayOn} or c.no_dia < ${limits.perDay}::integer)`
        : sql``
    }
    returning ${counts(windows)}`.execute(db);
  return rows[0] && withDayLeft(rows[0], windows);
}
