import { sql } from 'kysely';
import type { Reader } from './connection.js';

/**
 * How much earlier than it shows a statement may have started: a backend takes its statement's time, then
 * reports itself active in pg_stat_activity a few microseconds later (longer only on a server starved of CPU).
 * A second is far beyond that; the price is that a sync sees a change one second later than it could.
 */
export const REPORT_MARGIN_MS = 1000;

/**
 * The commit horizon of the database `db` reads (API-DESIGN §5): an instant before which no transaction still
 * running can stamp `atualizado_em`. A list with `updated_since` serves only rows stamped before it, so a client
 * that keeps the largest `atualizado_em` it was served never skips a change whose transaction commits later.
 *
 * Why it holds: every change stamps `atualizado_em` with the time of its own statement (migration 0013). A
 * transaction that has written (`backend_xid`) stamped, and will stamp, no earlier than it started
 * (`xact_start`); a statement running may write, stamped no earlier than it started (`query_start`: also the
 * bound of a procedure that commits inside, whose later transactions start after its statement); any other
 * session stamps no earlier than its next statement, after this one. Read in a statement of its own before the
 * list's, whose snapshot is taken later, so a transaction that commits in between is either seen by the list or
 * counted here. On the embedded database the one session is held by a transaction until it ends, so only this
 * statement's own time counts.
 *
 * Not counted: statements of background processes before they write (autovacuum and logical replication senders
 * stay "active" for hours, and write no `atualizado_em`), and prepared transactions (two-phase commit, unused).
 * A role that is neither superuser nor member of `pg_read_all_stats` sees other roles' transaction ids but not
 * their times or states (`seesEverySession`): a transaction of another role that has written then holds every
 * list back to the year 1 (nothing is served) until it ends, and a statement of another role that has not
 * written yet is not seen. Only the primary's sessions are writers: a replica's pg_stat_activity shows none.
 */
export async function commitHorizon(db: Reader): Promise<Date> {
  const { horizon } = await db
    .selectNoFrom(
      sql<Date>`(select greatest('0001-01-01 00:00:00+00'::timestamptz, date_trunc('milliseconds', least(statement_timestamp(), min(least(
          case when s.backend_xid is not null then coalesce(s.xact_start, '-infinity') end,
          case when s.state = 'active' and s.backend_type = 'client backend' then s.query_start end
        ))) - make_interval(secs => ${REPORT_MARGIN_MS / 1000})))
        from pg_stat_activity s where s.datname = current_database() and s.pid <> pg_backend_pid())`.as('horizon'),
    )
    .executeTakeFirstOrThrow();
  return horizon;
}

/** Whether the commit horizon sees every session's times: the role is a superuser or a member of `pg_read_all_stats`. */
export async function seesEverySession(db: Reader): Promise<boolean> {
  const { every } = await db
    .selectNoFrom(
      sql<boolean>`pg_has_role(current_user, 'pg_read_all_stats', 'member')
        or coalesce((select r.rolsuper from pg_roles r where r.rolname = current_user), false)`.as('every'),
    )
    .executeTakeFirstOrThrow();
  return every;
}
