import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

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

/** An entry of the trail that carried the member's data, with the token or administrator behind it. */
export interface TitularAccess {
  id: number;
  ocorrido_em: Date;
  origem: 'api' | 'admin' | 'webhook';
  metodo: string;
  rota: string;
  status: number;
  quantidade: number;
  token_id: number | null;
  token_nome: string | null;
  token_prefixo: string | null;
  token_criado_por: string | null;
  token_scopes: string[] | null;
  admin_email: string | null;
}

/**
 * Every entry of the trail in [from, until) whose answer carried this member's data (API-DESIGN §7 names them in
 * `matriculas`): the API's reads, the webhook deliveries and the administration's pages, oldest first.
 *
 * The member's entries come from the GIN index on `matriculas` alone, and the period is applied to them after
 * (`offset 0` keeps the two apart): a prepared statement's generic plan, which knows neither the member nor the
 * period, otherwise also read the period from `(ocorrido_em, id)` and intersected the two, reading the whole
 * period's index for a member's hundred entries (0.6 s at 10 M entries, against 20 ms).
 */
export function titularAccessesQuery(matricula: number, from: Date, until: Date) {
  return sql<TitularAccess>`
    select a.id, a.ocorrido_em, a.origem, a.metodo, a.rota, a.status, a.quantidade, a.token_id,
           t.nome as token_nome, t.prefixo as token_prefixo, t.criado_por as token_criado_por, t.scopes as token_scopes,
           u.email as admin_email
      from (select * from auditoria where matriculas @> array[${matricula}]::bigint[] offset 0) a
      left join api_token t on t.id = a.token_id
      left join admin_usuario u on u.id = a.admin_id
     where a.ocorrido_em >= ${from} and a.ocorrido_em < ${until}
     order by a.ocorrido_em, a.id`;
}

export async function titularAccesses(db: Kysely<Schema>, matricula: number, from: Date, until: Date): Promise<TitularAccess[]> {
  return (await titularAccessesQuery(matricula, from, until).execute(db)).rows;
}
