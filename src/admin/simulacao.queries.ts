import { sql, type Expression, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { adimplenteExpression } from '../db/standing.js';
import { parseCpf } from '../domain/cpf.js';

/** The simulator's queries (Simulação): finding a member, and a member's invoices. */

/** Members a search shows at most; one more tells the page there are others. */
export const SEARCH_LIMIT = 50;

/** `%`, `_` and `\` are wildcards or the escape of LIKE: a name typed with them means them literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const UNACCENTED = 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN';

/** Without accents, so that "joao" finds João (the unaccent extension is not available on the embedded database). */
function unaccented(text: Expression<string> | string) {
  return sql<string>`translate(${text}, ${ACCENTED}, ${UNACCENTED})`;
}

/** Members as a search lists them; a member's page shows the same and more. */
function listedMembers(db: Kysely<Schema>) {
  return db
    .selectFrom('associado as a')
    .innerJoin('categoria as c', 'c.codigo', 'a.categoria')
    .select(['a.matricula', 'a.nome', 'a.cpf', 'c.nome as categoria_nome', 'a.status', 'a.regional']);
}

/** Members by matricula (up to 10 digits), CPF (11 digits, with or without its mask) or part of the name. */
export function searchMembers(db: Kysely<Schema>, q: string) {
  const query = listedMembers(db);
  if (/^[0-9]{1,10}$/.test(q)) return query.where('a.matricula', '=', Number(q)).execute();
  const cpf = parseCpf(q);
  if (cpf !== null) return query.where('a.cpf', '=', cpf).execute();
  const text = escapeLike(q);
  const nome = unaccented(sql.ref('a.nome'));
  return (
    query
      .where((eb) => eb(nome, 'ilike', unaccented(`%${text}%`)))
      // Names that start with the text first: "Ana" finds Ana Souza before Mariana Lima.
      .orderBy((eb) => eb(nome, 'not ilike', unaccented(`${text}%`)))
      .orderBy('a.nome')
      .orderBy('a.matricula')
      .limit(SEARCH_LIMIT + 1)
      .execute()
  );
}

/** A member as the simulator shows it, with the e-mail the simulated receipts go to and whether it is adimplente. */
export function findMemberForSimulation(db: Kysely<Schema>, matricula: number, today: string) {
  return listedMembers(db)
    .innerJoin('regional as r', 'r.codigo', 'a.regional')
    .select(['a.email', 'r.nome as regional_nome', adimplenteExpression(Number(today.slice(0, 4)), today).as('adimplente')])
    .where('a.matricula', '=', matricula)
    .executeTakeFirst();
}

/** Every invoice of a member, newest first. */
export function memberInvoices(db: Kysely<Schema>, matricula: number) {
  return db
    .selectFrom('fatura')
    .select([
      'id',
      'numero',
      'kind',
      'descricao',
      'valor',
      'vencimento',
      'status',
      'pago_em',
      'valor_pago',
      'forma_pagamento',
      'nfse_numero',
      'nfse_codigo_verificacao',
      'nfse_municipio',
      'cancelado_em',
      'reembolsado_em',
    ])
    .where('associado', '=', matricula)
    .orderBy('criado_em', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export type MemberSearchRow = Awaited<ReturnType<typeof searchMembers>>[number];
export type MemberSummary = NonNullable<Awaited<ReturnType<typeof findMemberForSimulation>>>;
export type InvoiceRow = Awaited<ReturnType<typeof memberInvoices>>[number];
