import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/connection.js';
import type { Schema } from '../db/schema.js';
import { businessDate, startOfBusinessDay } from '../domain/dates.js';
import type { BackgroundShare } from '../db/background-share.js';

/**
 * How long after a day ends (São Paulo) its entries are counted: an instance keeps the entries it could not write
 * while the database was away and writes them once it is back.
 */
const MARGIN = '1 hour';
/**
 * Counting a day reads every entry of it: 30 s for the 2.88 M entries of an ERP paging through a million members every
 * 5 minutes; the margin is for a busier trail on a slower server.
 */
const DAY_TIMEOUT = '30min';

export interface TitularCountsResult {
  /** Days of the trail counted by this run. */
  days: number;
  /** Every entry of the trail before this instant is counted; null while no day is. */
  until: Date | null;
}

export interface CountingOptions {
  /** Asked before each day: true stops the run there. */
  closing?: () => boolean;
  /** Told each time the mark moves. */
  onMark?: (until: Date) => void;
  /** Waited on after each day, while requests are served. */
  share?: BackgroundShare;
}

/**
 * Counts each member's accesses in the days of the audit trail that are over and not yet counted, oldest first, one
 * day per transaction (migration 0026, auditoria_titular_soma_dia), until none is left, another instance is counting,
 * or `closing()` says to stop. A day is counted once whoever runs it: its counts and the mark past it commit together.
 * Each day on a session of its own: seconds long, it would hold one of the pool's connections from the API's reads.
 */
export async function countTitularDays(
  database: Pick<Database, 'db' | 'session'>,
  now: Date,
  options: CountingOptions = {},
): Promise<TitularCountsResult> {
  let days = 0;
  let until = await countedUntil(database.db);
  while (!options.closing?.()) {
    const started = performance.now();
    const step = await database.session(async (session) => {
      await session.query('begin');
      try {
        await session.query(`set local lock_timeout = '2s'`);
        await session.query(`set local statement_timeout = '${DAY_TIMEOUT}'`);
        const [row] = await session.query<{ marca_nova: Date | null; contou: boolean }>(
          'select marca_nova, contou from auditoria_titular_soma_dia($1, $2::interval)',
          [now, MARGIN],
        );
        await session.query('commit');
        return row!;
      } catch (error) {
        await session.query('rollback').catch(() => {});
        throw error;
      }
    });
    if (step.marca_nova === null) break;
    if (step.contou) days++;
    until = step.marca_nova;
    options.onMark?.(until);
    if (step.contou) await options.share?.yield('counting', performance.now() - started);
  }
  return { days, until };
}

/** Where the counts end: every entry of the trail before it is counted. */
export async function countedUntil(db: Kysely<Schema>): Promise<Date | null> {
  const { rows } = await sql<{ ate: Date | null }>`select ate from auditoria_titular_ate`.execute(db);
  return rows[0]?.ate ?? null;
}

/** A period's parts for the report's summary: the whole months read from the counts, the days around them from the trail. */
export interface PeriodParts {
  /** The months read from the counts, by their first days (`YYYY-MM-DD`, São Paulo), [from, until); null when none is. */
  counted: { from: string; until: string } | null;
  /** The rest of the period, [from, until) each. */
  fromTrail: { from: Date; until: Date }[];
}

/** The first day of the month of a `YYYY-MM-DD` date, or of the month after. */
const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;
function firstOfNextMonth(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${date.slice(0, 5)}${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * Splits [from, until) (São Paulo midnights) into the months the counts hold whole within it, up to `counted` (where
 * the counts end: the month it falls in is counted up to it), and the days before and after them, read from the trail.
 */
export function periodParts(from: Date, until: Date, counted: Date | null): PeriodParts {
  const start = businessDate(from);
  // The first month starting in the period, and where the counted months end: at the mark, or at the last month
  // the period does not hold whole.
  const monthsFrom = new Date(
    Math.min(until.getTime(), (start.endsWith('-01') ? from : startOfBusinessDay(firstOfNextMonth(start))).getTime()),
  );
  const monthsUntil = counted === null ? monthsFrom : until >= counted ? counted : startOfBusinessDay(firstOfMonth(businessDate(until)));
  const end = new Date(Math.max(monthsFrom.getTime(), monthsUntil.getTime()));
  const fromTrail = [
    { from, until: monthsFrom },
    { from: end, until },
  ].filter((part) => part.from < part.until);
  return { counted: monthsFrom < end ? { from: businessDate(monthsFrom), until: businessDate(end) } : null, fromTrail };
}
