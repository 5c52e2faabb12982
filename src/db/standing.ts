import { sql } from 'kysely';

/**
 * Whether a member (`a`, with its category as `c`) is adimplente: unless an annual fee of a year up to
 * `year` is still open past its due date, or whatever the fees when the category is exempt (API-DESIGN §6).
 * The API's status and the administration's simulator both use it.
 */
export function adimplenteExpression(year: number, today: string) {
  return sql<boolean>`(c.isenta_anuidade or not exists (
    select 1 from fatura f
     where f.associado = a.matricula and f.kind = 'anuidade' and f.status = 'open'
       and f.ano_referencia <= ${year} and f.vencimento < ${today}::date))`;
}
