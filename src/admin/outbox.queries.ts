import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';

/** The simulated outbox's queries (Caixa de saída). */

/** What the list shows of an e-mail; the e-mail's own page shows it too. */
const LISTED = ['e.id', 'e.para', 'e.assunto', 'e.criado_em'] as const;

/** E-mails newest first, `limit` of them, before the e-mail `before` when there is one. */
export function listMails(db: Kysely<Schema>, before: number | null, limit: number) {
  let query = db.selectFrom('email_saida as e').select(LISTED).orderBy('e.criado_em', 'desc').orderBy('e.id', 'desc').limit(limit);
  if (before !== null) {
    // The key is read back from the row itself: criado_em has microseconds, which a Date in a link would lose.
    query = query.where((eb) =>
      eb(
        eb.refTuple('e.criado_em', 'e.id'),
        '<',
        eb.selectFrom('email_saida as k').select(['k.criado_em', 'k.id']).where('k.id', '=', before).$asTuple('criado_em', 'id'),
      ),
    );
  }
  return query.execute();
}

/** One e-mail, with the member and invoice it is about. */
export function findMail(db: Kysely<Schema>, id: number) {
  return db
    .selectFrom('email_saida as e')
    .leftJoin('associado as a', 'a.matricula', 'e.associado')
    .leftJoin('fatura as f', 'f.id', 'e.fatura')
    .select([...LISTED, 'e.corpo', 'e.associado', 'a.nome as associado_nome', 'f.numero as fatura_numero'])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

export type MailListRow = Awaited<ReturnType<typeof listMails>>[number];
export type MailRow = NonNullable<Awaited<ReturnType<typeof findMail>>>;
