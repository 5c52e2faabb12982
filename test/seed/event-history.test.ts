import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { businessDate } from '../../src/domain/dates.js';
import { HISTORY_DAYS } from '../../src/seed/event-history.js';
import { seed } from '../../src/seed/load.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

interface Stored {
  chave: string;
  tipo: string;
  sequencia: number;
  ocorrido_em: Date;
  dados: Record<string, unknown>;
}

describe("the seed's history of events", () => {
  let t: TestDatabase;
  const now = new Date('2026-11-26T15:00:00Z');
  const options = { members: 300, seed: 9, now, today: businessDate(now) };
  const events = async () =>
    (await sql<Stored>`select chave, tipo, sequencia, ocorrido_em, dados from evento order by sequencia`.execute(t.database.db)).rows;

  before(async () => {
    t = await createTestDatabase();
    await seed(t.database, { ...options, reset: false });
  });
  after(() => t.dispose());

  it(`holds the last ${HISTORY_DAYS} days of the data's changes, numbered from 1 in the order they happened`, async () => {
    const history = await events();
    assert.ok(history.length > 20, `${history.length} events`);
    assert.deepEqual(
      history.map((event) => event.sequencia),
      history.map((_event, i) => i + 1),
    );
    const since = now.getTime() - HISTORY_DAYS * 86_400_000;
    for (const [i, event] of history.entries()) {
      assert.ok(
        event.ocorrido_em.getTime() > since && event.ocorrido_em.getTime() <= now.getTime(),
        `${event.chave} at ${event.ocorrido_em.toISOString()}`,
      );
      if (i > 0) assert.ok(event.ocorrido_em >= history[i - 1]!.ocorrido_em, `${event.chave} out of order`);
    }
    const types = new Set(history.map((event) => event.tipo));
    const known = ['fatura.emitida', 'fatura.paga', 'fatura.estornada', 'fatura.cancelada', 'fatura.vencida', 'curso.publicado'];
    for (const type of types) assert.ok(known.includes(type), type);
    assert.ok(types.has('fatura.emitida') && types.has('fatura.paga'), [...types].join());
  });

  it('tells each invoice event as the invoice was then: issued open, paid when it was paid, refunded, cancelled', async () => {
    const invoices = new Map(
      (
        await t.database.db
          .selectFrom('fatura')
          .select(['id', 'status', 'criado_em', 'pago_em', 'reembolsado_em', 'cancelado_em'])
          .execute()
      ).map((row) => [row.id, row]),
    );
    const when = {
      'fatura.emitida': 'criado_em',
      'fatura.paga': 'pago_em',
      'fatura.estornada': 'reembolsado_em',
      'fatura.cancelada': 'cancelado_em',
    } as const;
    const status = {
      'fatura.emitida': 'open',
      'fatura.paga': 'paid',
      'fatura.estornada': 'refunded',
      'fatura.cancelada': 'cancelled',
      'fatura.vencida': 'overdue',
    };
    for (const event of await events()) {
      if (!event.tipo.startsWith('fatura.')) continue;
      const invoice = invoices.get(event.dados.fatura_id as number)!;
      assert.equal(event.dados.status, status[event.tipo as keyof typeof status], event.chave);
      const column = when[event.tipo as keyof typeof when];
      if (column) assert.equal(invoice[column]?.getTime(), event.ocorrido_em.getTime(), `${event.tipo} of ${invoice.id}`);
      if (event.tipo === 'fatura.emitida' || event.tipo === 'fatura.vencida') assert.equal(event.dados.pago_em, null);
    }
  });

  it('is the same, ids included, every time the same data is seeded', async () => {
    const first = await events();
    await seed(t.database, { ...options, reset: true });
    assert.deepEqual(await events(), first);
  });
});
