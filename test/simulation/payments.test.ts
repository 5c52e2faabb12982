import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { businessDate } from '../../src/domain/dates.js';
import { seed } from '../../src/seed/load.js';
import { cancelInvoice, payInvoice, refundInvoice } from '../../src/simulation/payments.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

describe('simulated payments, refunds and cancellations', () => {
  let t: TestDatabase;
  const db = () => t.database.db;

  before(async () => {
    t = await createTestDatabase();
    const now = new Date();
    await seed(t.database, { members: 300, seed: 5, now, today: businessDate(now), reset: false });
  });
  after(() => t.dispose());

  /** Open invoices, oldest first, optionally of one kind or one branch. */
  const openInvoices = async (filter: { kind?: string; regional?: string } = {}) =>
    (
      await sql<{ id: number; numero: string; associado: number; vencimento: string }>`
      select f.id, f.numero, f.associado, f.vencimento from fatura f join associado a on a.matricula = f.associado
       where f.status = 'open' and (${filter.kind ?? null}::text is null or f.kind = ${filter.kind ?? null})
         and (${filter.regional ?? null}::text is null or a.regional = ${filter.regional ?? null})
       order by f.id`.execute(db())
    ).rows;
  const touchedAt = async (matricula: number) =>
    (await sql<{ atualizado_em: Date }>`select atualizado_em from associado where matricula = ${matricula}`.execute(db())).rows[0]!
      .atualizado_em;

  it('answers not_found for an invoice that does not exist, and writes nothing', async () => {
    const faturaId = 2_000_000_000;
    assert.deepEqual(await payInvoice(db(), { faturaId, forma: 'pix' }), { ok: false, reason: 'not_found' });
    assert.deepEqual(await refundInvoice(db(), { faturaId }), { ok: false, reason: 'not_found' });
    assert.deepEqual(await cancelInvoice(db(), { faturaId }), { ok: false, reason: 'not_found' });
    assert.equal((await db().selectFrom('email_saida').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n, 0);
  });

  it('pays at the given instant, with a transaction id shaped by the method', async () => {
    const [pix, card] = await openInvoices({ kind: 'inscricao' });
    assert.ok(pix && card, 'the seed has open registrations');
    const now = new Date('2026-03-10T17:22:05.000Z');
    const before = await touchedAt(pix.associado);
    const {
      rows: [clock],
    } = await sql<{ at: Date }>`select clock_timestamp() as at`.execute(db());
    const paid = await payInvoice(db(), { faturaId: pix.id, forma: 'pix', now });
    assert.ok(paid.ok);
    assert.deepEqual(paid.fatura.pago_em, now);
    // The database stamps the change with its own time (migration 0013): what lists with updated_since go by.
    assert.ok(paid.fatura.atualizado_em >= clock!.at, String(paid.fatura.atualizado_em));
    assert.deepEqual(paid.fatura.nfse_emitida_em, now);
    assert.match(paid.fatura.transacao_id!, /^E\d{8}202603101722[a-z0-9]{11}$/);
    assert.deepEqual(await touchedAt(pix.associado), before, 'a registration does not change whether the member is adimplente');

    const byCard = await payInvoice(db(), { faturaId: card.id, forma: 'cartao_credito' });
    assert.ok(byCard.ok);
    assert.match(byCard.fatura.transacao_id!, /^\d{12}-[A-HJ-NP-Z0-9]{6}$/);
  });

  it('numbers NFS-e per city from 1 in a city that issued none, with no gap or repeat under concurrent payments', async () => {
    const {
      rows: [busiest],
    } = await sql<{ regional: string }>`
      select a.regional from fatura f join associado a on a.matricula = f.associado where f.status = 'open'
       group by a.regional order by count(*) desc, a.regional limit 1`.execute(db());
    const municipio = 'Município de Teste/XX';
    await db().updateTable('regional').set({ municipio }).where('codigo', '=', busiest!.regional).execute();
    const invoices = (await openInvoices({ regional: busiest!.regional })).slice(0, 6);
    assert.ok(invoices.length >= 3);

    const results = await Promise.all(invoices.map((invoice) => payInvoice(db(), { faturaId: invoice.id, forma: 'boleto' })));
    const numbers = results.map((result) => {
      assert.ok(result.ok);
      assert.equal(result.fatura.nfse_municipio, municipio);
      return Number(result.fatura.nfse_numero);
    });
    assert.deepEqual(
      numbers.sort((a, b) => a - b),
      invoices.map((_, i) => i + 1),
    );
    const {
      rows: [sequence],
    } = await sql<{ ultimo_numero: number }>`select ultimo_numero from nfse_sequencia where municipio = ${municipio}`.execute(db());
    assert.equal(sequence!.ultimo_numero, invoices.length);
  });

  it('refunds only paid invoices and cancels only open ones, saying what state the invoice was in', async () => {
    const [open] = await openInvoices({ kind: 'anuidade' });
    assert.ok(open);
    assert.deepEqual(await refundInvoice(db(), { faturaId: open.id }), {
      ok: false,
      reason: 'not_paid',
      status: 'open',
      associado: open.associado,
      numero: open.numero,
    });

    const before = await touchedAt(open.associado);
    const cancelled = await cancelInvoice(db(), { faturaId: open.id });
    assert.ok(cancelled.ok);
    assert.equal(cancelled.fatura.status, 'cancelled');
    assert.ok((await touchedAt(open.associado)) > before, 'cancelling an annual fee may change whether the member is adimplente');
    const mail = await db().selectFrom('email_saida').selectAll().where('id', '=', cancelled.emailId).executeTakeFirstOrThrow();
    const [year, month, day] = open.vencimento.split('-');
    assert.ok(mail.corpo.includes(`Vencimento: ${day}/${month}/${year}`));
    assert.deepEqual(await cancelInvoice(db(), { faturaId: open.id }), {
      ok: false,
      reason: 'not_open',
      status: 'cancelled',
      associado: open.associado,
      numero: open.numero,
    });
    assert.deepEqual(await refundInvoice(db(), { faturaId: open.id }), {
      ok: false,
      reason: 'not_paid',
      status: 'cancelled',
      associado: open.associado,
      numero: open.numero,
    });

    const {
      rows: [paid],
    } = await sql<{ id: number; associado: number; numero: string }>`
      select id, associado, numero from fatura where status = 'paid' order by id limit 1`.execute(db());
    assert.deepEqual(await cancelInvoice(db(), { faturaId: paid!.id }), {
      ok: false,
      reason: 'not_open',
      status: 'paid',
      associado: paid!.associado,
      numero: paid!.numero,
    });
    const refunded = await refundInvoice(db(), { faturaId: paid!.id });
    assert.ok(refunded.ok);
    assert.equal(refunded.fatura.status, 'refunded');
    assert.ok(refunded.fatura.pago_em && refunded.fatura.reembolsado_em && refunded.fatura.nfse_numero);
    assert.deepEqual(await payInvoice(db(), { faturaId: paid!.id, forma: 'pix' }), {
      ok: false,
      reason: 'not_open',
      status: 'refunded',
      associado: paid!.associado,
      numero: paid!.numero,
    });
  });
});
