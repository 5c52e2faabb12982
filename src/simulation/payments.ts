import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { FaturaTable, Schema } from '../db/schema.js';
import type { FormaPagamento, StoredInvoiceStatus } from '../domain/enums.js';

/**
 * Simulated payments, refunds and cancellations (API-DESIGN §12). Each operation is one transaction that
 * changes the invoice only from the state it requires, with that state in the UPDATE's own WHERE: two
 * concurrent requests for the same invoice are serialised by the row lock, and the second finds the
 * invoice no longer in that state instead of acting twice.
 *
 * `now` is when the operation happened (`pago_em`, the NFS-e, the e-mail), given by the caller. `atualizado_em` is
 * the database's: it stamps each change with its statement's time (migration 0013), which lists with
 * `updated_since` can bound while the transaction runs; a time taken here, before the transaction, they cannot.
 */

export type Fatura = Selectable<FaturaTable>;

export const FORMA_LABELS: Readonly<Record<FormaPagamento, string>> = {
  pix: 'PIX',
  boleto: 'Boleto bancário',
  cartao_credito: 'Cartão de crédito',
};

/** Why an operation changed nothing: no such invoice, or it is not in the state the operation starts from. */
export type Refusal<Reason extends string> =
  { ok: false; reason: 'not_found' } | { ok: false; reason: Reason; status: StoredInvoiceStatus; associado: number; numero: string };

export type OperationResult<Reason extends string> = { ok: true; fatura: Fatura; emailId: number } | Refusal<Reason>;

interface Recipient {
  nome: string;
  email: string;
  regional_nome: string;
  municipio: string;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Pays an open invoice (overdue ones included) in full, issues its NFS-e and puts the receipt in the outbox. */
export function payInvoice(
  db: Kysely<Schema>,
  input: { faturaId: number; forma: FormaPagamento; now?: Date },
): Promise<OperationResult<'not_open'>> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (tx) => {
    const paid = await tx
      .updateTable('fatura')
      .set((eb) => ({
        status: 'paid',
        pago_em: now,
        valor_pago: eb.ref('valor'),
        forma_pagamento: input.forma,
        transacao_id: transactionId(input.forma, now),
      }))
      .where('id', '=', input.faturaId)
      .where('status', '=', 'open')
      .returning(['id', 'associado', 'kind'])
      .executeTakeFirst();
    if (!paid) return refusal(tx, input.faturaId, 'not_open');

    const recipient = await recipientOf(tx, paid.associado);
    await touchMemberIfStandingMayChange(tx, paid.associado, paid.kind);
    const fatura = await tx
      .updateTable('fatura')
      .set({
        nfse_numero: String(await nextNfseNumber(tx, recipient.municipio)),
        nfse_codigo_verificacao: verificationCode(),
        nfse_emitida_em: now,
        nfse_municipio: recipient.municipio,
      })
      .where('id', '=', paid.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const emailId = await sendMail(tx, recipient, fatura, `Recibo de pagamento — fatura ${fatura.numero}`, [
      `Olá, ${recipient.nome}.`,
      '',
      `Recebemos o pagamento da fatura ${fatura.numero}. Obrigado!`,
      '',
      `Descrição: ${fatura.descricao}`,
      `Valor pago: ${money.format(Number(fatura.valor_pago))}`,
      `Forma de pagamento: ${FORMA_LABELS[input.forma]}`,
      `Data do pagamento: ${dateTime.format(now)}`,
      `Identificação da transação: ${fatura.transacao_id}`,
      '',
      'Nota fiscal de serviço eletrônica (NFS-e)',
      `Número: ${fatura.nfse_numero}`,
      `Código de verificação: ${fatura.nfse_codigo_verificacao}`,
      `Município emissor: ${fatura.nfse_municipio}`,
      `Emitida em: ${dateTime.format(now)}`,
    ]);
    return { ok: true, fatura, emailId };
  });
}

/** Moves an invoice out of status `from`, with what the move sets; undefined when it was not in `from`. */
function leaveStatus(tx: Transaction<Schema>, faturaId: number, from: StoredInvoiceStatus, set: Updateable<FaturaTable>) {
  return tx.updateTable('fatura').set(set).where('id', '=', faturaId).where('status', '=', from).returningAll().executeTakeFirst();
}

/** Refunds a paid invoice: the payment and its NFS-e stay on record, as the schema requires of a refunded invoice. */
export function refundInvoice(db: Kysely<Schema>, input: { faturaId: number; now?: Date }): Promise<OperationResult<'not_paid'>> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (tx) => {
    const fatura = await leaveStatus(tx, input.faturaId, 'paid', { status: 'refunded', reembolsado_em: now });
    if (!fatura) return refusal(tx, input.faturaId, 'not_paid');
    const recipient = await recipientOf(tx, fatura.associado);
    const emailId = await sendMail(tx, recipient, fatura, `Estorno de pagamento — fatura ${fatura.numero}`, [
      `Olá, ${recipient.nome}.`,
      '',
      `O pagamento da fatura ${fatura.numero} foi estornado em ${dateTime.format(now)}.`,
      '',
      `Descrição: ${fatura.descricao}`,
      `Valor estornado: ${money.format(Number(fatura.valor_pago))}`,
      `Forma de pagamento: ${FORMA_LABELS[fatura.forma_pagamento as FormaPagamento]}`,
      `Pago em: ${dateTime.format(fatura.pago_em!)}`,
      '',
      'O valor é devolvido pelo mesmo meio usado no pagamento.',
    ]);
    return { ok: true, fatura, emailId };
  });
}

/** Cancels an open invoice: nothing is owed for it any more. */
export function cancelInvoice(db: Kysely<Schema>, input: { faturaId: number; now?: Date }): Promise<OperationResult<'not_open'>> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (tx) => {
    const fatura = await leaveStatus(tx, input.faturaId, 'open', { status: 'cancelled', cancelado_em: now });
    if (!fatura) return refusal(tx, input.faturaId, 'not_open');
    const recipient = await recipientOf(tx, fatura.associado);
    await touchMemberIfStandingMayChange(tx, fatura.associado, fatura.kind);
    const emailId = await sendMail(tx, recipient, fatura, `Fatura cancelada — ${fatura.numero}`, [
      `Olá, ${recipient.nome}.`,
      '',
      `A fatura ${fatura.numero} foi cancelada em ${dateTime.format(now)} e não precisa mais ser paga.`,
      '',
      `Descrição: ${fatura.descricao}`,
      `Valor: ${money.format(Number(fatura.valor))}`,
      `Vencimento: ${brazilianDate(fatura.vencimento)}`,
      '',
      'Se um pagamento dela já estiver agendado, desconsidere-o.',
    ]);
    return { ok: true, fatura, emailId };
  });
}

async function refusal<Reason extends string>(tx: Transaction<Schema>, faturaId: number, reason: Reason): Promise<Refusal<Reason>> {
  const current = await tx.selectFrom('fatura').select(['status', 'associado', 'numero']).where('id', '=', faturaId).executeTakeFirst();
  if (!current) return { ok: false, reason: 'not_found' };
  return { ok: false, reason, status: current.status, associado: current.associado, numero: current.numero };
}

function recipientOf(tx: Transaction<Schema>, matricula: number): Promise<Recipient> {
  return tx
    .selectFrom('associado as a')
    .innerJoin('regional as r', 'r.codigo', 'a.regional')
    .select(['a.nome', 'a.email', 'r.nome as regional_nome', 'r.municipio'])
    .where('a.matricula', '=', matricula)
    .executeTakeFirstOrThrow();
}

/**
 * Whether a member is adimplente depends on their open annual fees only: paying or cancelling one may
 * change it, and API clients that sync members with `updated_since` must see the member again.
 */
async function touchMemberIfStandingMayChange(tx: Transaction<Schema>, matricula: number, kind: string): Promise<void> {
  if (kind !== 'anuidade') return;
  // Setting the stamp alone is a change: the database stamps it anew (migration 0013).
  await tx
    .updateTable('associado')
    .set({ atualizado_em: sql<Date>`statement_timestamp()` })
    .where('matricula', '=', matricula)
    .execute();
}

/**
 * The next NFS-e number of a municipality. Its counter starts from the highest number already issued there (the
 * seeded invoices), read once, by the city's first issue: a read of every invoice of the city, hundreds of thousands
 * at a million members, which every payment would otherwise repeat. The row lock of the increment makes concurrent
 * issuers wait for each other, and a concurrent first insert waits on the primary key and then finds the row.
 */
async function nextNfseNumber(tx: Transaction<Schema>, municipio: string): Promise<number> {
  const increment = () =>
    tx
      .updateTable('nfse_sequencia')
      .set((eb) => ({ ultimo_numero: eb('ultimo_numero', '+', 1) }))
      .where('municipio', '=', municipio)
      .returning('ultimo_numero')
      .executeTakeFirst();
  const next = await increment();
  if (next) return next.ultimo_numero;
  await tx
    .insertInto('nfse_sequencia')
    .columns(['municipio', 'ultimo_numero'])
    .expression((eb) =>
      eb
        .selectFrom('fatura')
        .select((fatura) => [
          fatura.val(municipio).as('municipio'),
          fatura.fn.coalesce(fatura.fn.max(fatura.cast<number>('nfse_numero', 'bigint')), fatura.lit(0)).as('ultimo_numero'),
        ])
        .where('nfse_municipio', '=', municipio)
        // A number that is not a plain integer (imported from elsewhere) would make the cast fail every payment of the city.
        .where('nfse_numero', '~', '^[0-9]{1,18}$'),
    )
    .onConflict((oc) => oc.column('municipio').doNothing())
    .execute();
  const first = await increment();
  if (!first) throw new Error(`No NFS-e sequence for ${municipio}`);
  return first.ultimo_numero;
}

async function sendMail(tx: Transaction<Schema>, to: Recipient, fatura: Fatura, assunto: string, lines: string[]): Promise<number> {
  const corpo = [...lines, '', 'Atenciosamente,', `Secretaria da ${to.regional_nome}`, ''].join('\n');
  const { id } = await tx
    .insertInto('email_saida')
    .values({ para: to.email, assunto, corpo, associado: fatura.associado, fatura: fatura.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** `YYYY-MM-DD` as `DD/MM/YYYY`. */
function brazilianDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

function randomText(length: number, alphabet: string): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[randomInt(alphabet.length)];
  return text;
}

const DIGITS = '0123456789';
/** Without I and O, which read as 1 and 0, like the seeded codes. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

function verificationCode(): string {
  return randomText(9, CODE_ALPHABET);
}

/** Shaped like the seeded ones, so reconciliation tests treat simulated and seeded payments alike. */
function transactionId(forma: FormaPagamento, at: Date): string {
  switch (forma) {
    // PIX end-to-end id: E + payer's ISPB (8) + yyyyMMddHHmm (UTC) + 11 characters.
    case 'pix':
      return `E${randomText(8, DIGITS)}${at.toISOString().slice(0, 16).replace(/[-T:]/g, '')}${randomText(11, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
    // Boleto: the bank's "nosso número".
    case 'boleto':
      return randomText(17, DIGITS);
    // Card: acquirer NSU and authorisation code.
    case 'cartao_credito':
      return `${randomText(12, DIGITS)}-${randomText(6, CODE_ALPHABET)}`;
  }
}
