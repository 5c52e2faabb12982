import { sql, type InferResult, type Kysely } from 'kysely';
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

function accesses(db: Kysely<Schema>, matricula: number, from: Date, until: Date) {
  return db
    .selectFrom('auditoria as a')
    .leftJoin('api_token as t', 't.id', 'a.token_id')
    .leftJoin('admin_usuario as u', 'u.id', 'a.admin_id')
    .select([
      'a.id',
      'a.ocorrido_em',
      'a.origem',
      'a.metodo',
      'a.rota',
      'a.status',
      'a.quantidade',
      'a.token_id',
      't.nome as token_nome',
      't.prefixo as token_prefixo',
      't.criado_por as token_criado_por',
      't.scopes as token_scopes',
      'u.email as admin_email',
    ])
    .where(sql<boolean>`a.matriculas @> array[${matricula}]::bigint[]`)
    .where('a.ocorrido_em', '>=', from)
    .where('a.ocorrido_em', '<', until)
    .orderBy('a.ocorrido_em')
    .orderBy('a.id');
}

export type TitularAccess = InferResult<ReturnType<typeof accesses>>[number];

/**
 * Every entry of the trail in [from, until) whose answer carried this member's data (API-DESIGN §7 names them in
 * `matriculas`): the API's reads, the webhook deliveries and the administration's pages, oldest first. The GIN
 * index on `matriculas` finds them; a member's entries are few beside the trail's.
 */
export function titularAccesses(db: Kysely<Schema>, matricula: number, from: Date, until: Date): Promise<TitularAccess[]> {
  return accesses(db, matricula, from, until).execute();
}
