import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../db/schema.js';
import type { MemberKey } from './member-id.js';

/** What the caller may see: a token restricted to a branch sees only that branch's members. */
export interface Visibility {
  regional: string | null;
}

/**
 * A member is adimplente unless an annual fee of a year up to `year` is still open past its due date,
 * or whatever the fees, when the category is exempt (API-DESIGN §6).
 */
export function adimplenteExpression(year: number, today: string) {
  return sql<boolean>`(c.isenta_anuidade or not exists (
    select 1 from fatura f
     where f.associado = a.matricula and f.kind = 'anuidade' and f.status = 'open'
       and f.ano_referencia <= ${year} and f.vencimento < ${today}::date))`;
}

export function findSituacao(db: Kysely<Schema>, key: MemberKey, visibility: Visibility, year: number, today: string) {
  let query = db
    .selectFrom('associado as a')
    .innerJoin('categoria as c', 'c.codigo', 'a.categoria')
    .select(['a.matricula', 'a.nome', 'a.status', 'a.categoria', adimplenteExpression(year, today).as('adimplente')]);
  query = 'matricula' in key ? query.where('a.matricula', '=', key.matricula) : query.where('a.cpf', '=', key.cpf);
  if (visibility.regional) query = query.where('a.regional', '=', visibility.regional);
  return query.executeTakeFirst();
}
