import pg from 'pg';

/**
 * Range filters (query-string values) holding more than `deepRows` rows of the dataset and ten pages
 * more, so a page "after 200,000 rows" exists in every range order whatever the dataset's size and
 * seeding date. Each bound is
 * rounded to a whole month (São Paulo days), as a person would write it; rounding only widens the range.
 */
export interface Ranges {
  /** Members: `updated_since`. */
  membersUpdatedSince: string;
  /** Invoices: `paid_from` alone. */
  paidFrom: string;
  /** Invoices: `paid_to` alone. */
  paidTo: string;
  /** Invoices: `paid_from` and `paid_to` together. */
  paidBetween: { from: string; to: string };
  /** Invoices: `updated_since`. */
  invoicesUpdatedSince: string;
}

const ZONE = 'America/Sao_Paulo';
/** The first of the month of the row `offset` rows from the newest (or the oldest row's, if there are fewer). */
const monthStartBack = (table: string, column: string) => `select to_char(coalesce(
    (select ${column} from ${table} where ${column} is not null order by ${column} desc offset $1 limit 1),
    (select min(${column}) from ${table})) at time zone '${ZONE}', 'YYYY-MM-01')`;

export async function listRanges(url: string, deepRows: number): Promise<Ranges> {
  const rows = deepRows + 1000;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (text: string, params: unknown[]) =>
      (await client.query<{ value: string }>(`select (${text}) as value`, params)).rows[0]!.value;
    const between = await one(monthStartBack('fatura', 'pago_em'), [2 * rows]);
    // The last day of the month holding the row `rows` rows after the start of the range.
    const monthEndAfter = (from: string) =>
      one(
        `select to_char(date_trunc('month', coalesce(
        (select pago_em from fatura where pago_em >= ($1::date)::timestamp at time zone '${ZONE}' order by pago_em offset $2 limit 1),
        (select max(pago_em) from fatura)) at time zone '${ZONE}') + interval '1 month - 1 day', 'YYYY-MM-DD')`,
        [from, rows],
      );
    return {
      membersUpdatedSince: `${await one(monthStartBack('associado', 'atualizado_em'), [rows])}T00:00:00-03:00`,
      paidFrom: await one(monthStartBack('fatura', 'pago_em'), [rows]),
      paidTo: await monthEndAfter('1900-01-01'),
      paidBetween: { from: between, to: await monthEndAfter(between) },
      invoicesUpdatedSince: `${await one(monthStartBack('fatura', 'atualizado_em'), [rows])}T00:00:00-03:00`,
    };
  } finally {
    await client.end();
  }
}
