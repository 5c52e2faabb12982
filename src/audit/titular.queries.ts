import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Schema } from '../db/schema.js';
import { countedUntil, periodParts, type PeriodParts } from './titular-counts.js';

/** The member a report is about. */
export interface Titular {
  matricula: number;
  nome: string;
  cpf: string;
}

/** The member with this matrícula, or with this CPF (eleven digits). */
export function findTitular(db: Kysely<Schema>, by: { matricula: number } | { cpf: string }): Promise<Titular | undefined> {
  const query = db.selectFrom('associado').select(['matricula', 'nome', 'cpf']);
  return ('matricula' in by ? query.where('matricula', '=', by.matricula) : query.where('cpf', '=', by.cpf)).executeTakeFirst();
}

/** Who was behind an entry of the trail: the token (as it is now) or the administrator. */
export interface AccessSource {
  origem: 'api' | 'admin' | 'webhook';
  metodo: string;
  rota: string;
  token_nome: string | null;
  token_prefixo: string | null;
  token_criado_por: string | null;
  token_scopes: string[] | null;
  admin_email: string | null;
}

/** An entry of the trail that carried the member's data, with the token or administrator behind it. */
export interface TitularAccess extends AccessSource {
  id: number;
  ocorrido_em: Date;
  status: number;
  quantidade: number;
  token_id: number | null;
  /** `ocorrido_em` in UTC to the microsecond (a Date keeps milliseconds), for the next page's cursor. */
  posicao: string;
}

/** The period asked for, [from, until). */
export interface Period {
  from: Date;
  until: Date;
}

/** Where a page of the detail ends: the last entry's time (UTC, to the microsecond) and id. */
export interface TitularCursor {
  at: string;
  id: number;
}

const SOURCE_JOINS = sql`
      left join api_token t on t.id = a.token_id
      left join admin_usuario u on u.id = a.admin_id`;
const SOURCE_COLUMNS = sql`t.nome as token_nome, t.prefixo as token_prefixo, t.criado_por as token_criado_por,
           t.scopes as token_scopes, u.email as admin_email`;
const ACCESS_COLUMNS = sql`a.id, a.ocorrido_em, a.origem, a.metodo, a.rota, a.status, a.quantidade, a.token_id, ${SOURCE_COLUMNS},
           to_char(a.ocorrido_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as posicao`;

/**
 * The member's entries, from the GIN index on `matriculas` alone; the caller applies the period to them after
 * (`offset 0` keeps the two apart): a prepared statement's generic plan, which knows neither the member nor the
 * period, otherwise also read the period from `(ocorrido_em, id)` and intersected the two, reading the whole
 * period's index for a member's hundred entries (0.6 s at 10 M entries, against 20 ms).
 */
const memberEntries = (matricula: number) => sql`(select * from auditoria where matriculas @> array[${matricula}]::bigint[] offset 0)`;

/** Entries after `after` (or from the period's start) and before its end, as a condition on `a`. */
function afterPosition(period: Period, after: TitularCursor | null): RawBuilder<boolean> {
  // (start, 0) is before every entry of the start's instant: ids begin at 1.
  const at = after ? sql`${after.at}::timestamptz` : sql`${period.from}::timestamptz`;
  const id = after?.id ?? 0;
  // The plain bound prunes the partitions before it; the row comparison alone does not.
  return sql<boolean>`a.ocorrido_em >= ${at} and (a.ocorrido_em, a.id) > (${at}, ${id}::bigint) and a.ocorrido_em < ${period.until}`;
}

/**
 * Every entry of the trail in the period whose answer carried this member's data (API-DESIGN §7 names them in
 * `matriculas`): the API's reads, the webhook deliveries and the administration's pages, oldest first, as one
 * statement for a cursor (the CSV).
 */
export function titularAccessesQuery(matricula: number, period: Period) {
  return sql<TitularAccess>`
    select ${ACCESS_COLUMNS}
      from ${memberEntries(matricula)} a ${SOURCE_JOINS}
     where ${afterPosition(period, null)}
     order by a.ocorrido_em, a.id`;
}

/**
 * How many entries of the trail, in time order, a page first looks through for the member's. A member in more
 * than limit / PROBE_ENTRIES of them (an integration paging through every member) gets a page from them; a rarer
 * one from its entries in the GIN index, which are then too few to cost more than the look did.
 */
export const PROBE_ENTRIES = 20_000;

/**
 * Up to `limit` of the member's entries after `after`, oldest first. The GIN index alone gives a member's entries
 * in no order: for a member in a million entries, sorting them for each page read them all (seconds). So the page
 * first reads the next PROBE_ENTRIES entries of the period in time order, from `(ocorrido_em, id)`, and keeps the
 * member's; when that fills the page or reaches the period's end it is the page, otherwise the member is rare
 * there and the page comes from the GIN index.
 */
export async function titularAccessPage(
  db: Kysely<Schema>,
  matricula: number,
  period: Period,
  after: TitularCursor | null,
  limit: number,
): Promise<TitularAccess[]> {
  const { rows: probed } = await sql<TitularAccess & { examinadas: number }>`
    with probe as materialized (
      select * from auditoria a where ${afterPosition(period, after)} order by a.ocorrido_em, a.id limit ${PROBE_ENTRIES}
    )
    select ${ACCESS_COLUMNS}, (select count(*) from probe)::int as examinadas
      from probe a ${SOURCE_JOINS}
     where a.matriculas @> array[${matricula}]::bigint[]
     order by a.ocorrido_em, a.id
     limit ${limit}`.execute(db);
  if (probed.length === limit || (probed.length > 0 && probed[0]!.examinadas < PROBE_ENTRIES))
    return probed.map(({ examinadas: _, ...access }) => access);
  const { rows } = await sql<TitularAccess>`
    select ${ACCESS_COLUMNS}
      from ${memberEntries(matricula)} a ${SOURCE_JOINS}
     where ${afterPosition(period, after)}
     order by a.ocorrido_em, a.id
     limit ${limit}`.execute(db);
  return rows;
}

/** The member's entries of one source and operation, in one month (São Paulo) or, with `mes` null, in the period. */
export interface TitularSummaryRow extends AccessSource {
  /** `YYYY-MM`; null in the row of the whole period. */
  mes: string | null;
  /** Accesses: entries counting identical ones together (`quantidade`) count as many. */
  vezes: number;
  entradas: number;
  primeiro: Date;
  ultimo: Date;
}

/** The member's entries in [from, until), one row each, as the counts' rows (migration 0026) are. */
const entriesAsCounts = (matricula: number, part: { from: Date; until: Date }) => sql`
  select a.origem, coalesce(a.token_id, 0) as token_id, coalesce(a.admin_id, 0) as admin_id, a.metodo, a.rota,
         date_trunc('month', a.ocorrido_em at time zone 'America/Sao_Paulo')::date as mes,
         a.quantidade::bigint as vezes, 1::bigint as entradas, a.ocorrido_em as primeiro, a.ocorrido_em as ultimo
    from auditoria a
   where a.matriculas @> array[${matricula}]::bigint[] and a.ocorrido_em >= ${part.from} and a.ocorrido_em < ${part.until}`;

/**
 * The member's accesses in the period by origin, token or administrator, operation and month, and by the same
 * without the month: a few dozen rows for a member read a million times. The months the counts hold whole within the
 * period come from them; the days the counts do not hold yet (today's) and those of the period's partial months,
 * from the trail's entries.
 */
export async function titularSummary(db: Kysely<Schema>, matricula: number, period: Period): Promise<TitularSummaryRow[]> {
  const parts = periodParts(period.from, period.until, await countedUntil(db));
  return (await titularSummaryQuery(matricula, parts).execute(db)).rows;
}

/** The summary's statement, over the months of `parts` the counts hold and the rest of the period's entries. */
export function titularSummaryQuery(matricula: number, { counted, fromTrail }: PeriodParts) {
  const parts = [
    ...(counted
      ? [
          sql`select origem, token_id, admin_id, metodo, rota, mes, vezes, entradas, primeiro, ultimo
                from auditoria_titular
               where matricula = ${matricula} and mes >= ${counted.from}::date and mes < ${counted.until}::date`,
        ]
      : []),
    ...fromTrail.map((part) => entriesAsCounts(matricula, part)),
  ];
  return sql<TitularSummaryRow>`
    select s.origem, s.metodo, s.rota, to_char(s.mes, 'YYYY-MM') as mes, s.vezes, s.entradas, s.primeiro, s.ultimo, ${SOURCE_COLUMNS}
      from (select p.origem, p.token_id, p.admin_id, p.metodo, p.rota, p.mes,
                   sum(p.vezes)::bigint as vezes, sum(p.entradas)::bigint as entradas, min(p.primeiro) as primeiro, max(p.ultimo) as ultimo
              from (${sql.join(parts, sql` union all `)}) p
             group by grouping sets ((p.origem, p.token_id, p.admin_id, p.metodo, p.rota, p.mes),
                                     (p.origem, p.token_id, p.admin_id, p.metodo, p.rota))) s
      left join api_token t on t.id = s.token_id
      left join admin_usuario u on u.id = s.admin_id
     order by s.mes nulls first, s.primeiro`;
}
