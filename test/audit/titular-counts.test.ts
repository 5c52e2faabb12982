import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { AuditWriter, type AuditEntry } from '../../src/audit/audit-writer.js';
import { keepAuditTrail } from '../../src/audit/retention.js';
import { countedUntil, countTitularDays, periodParts } from '../../src/audit/titular-counts.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** An instant of São Paulo's wall clock (UTC−3 all year). */
const sp = (local: string) => new Date(`${local}-03:00`);

describe("a period's parts: the whole months from the counts, the rest from the trail", () => {
  const day = (date: string) => sp(`${date}T00:00:00`);

  it('reads every month the counts hold whole, and the days after the mark from the trail', () => {
    assert.deepEqual(periodParts(day('2000-01-01'), day('2026-12-02'), day('2026-12-01')), {
      counted: { from: '2000-01-01', until: '2026-12-01' },
      fromTrail: [{ from: day('2026-12-01'), until: day('2026-12-02') }],
    });
    // The mark's month is counted up to the mark.
    assert.deepEqual(periodParts(day('2026-01-01'), day('2026-12-20'), day('2026-12-15')), {
      counted: { from: '2026-01-01', until: '2026-12-15' },
      fromTrail: [{ from: day('2026-12-15'), until: day('2026-12-20') }],
    });
  });

  it('reads the partial months at either end of a period from the trail', () => {
    assert.deepEqual(periodParts(day('2026-01-15'), day('2026-03-21'), day('2026-12-01')), {
      counted: { from: '2026-02-01', until: '2026-03-01' },
      fromTrail: [
        { from: day('2026-01-15'), until: day('2026-02-01') },
        { from: day('2026-03-01'), until: day('2026-03-21') },
      ],
    });
    // Up to the first day of a month: the month before is whole.
    assert.deepEqual(periodParts(day('2025-12-01'), day('2026-02-01'), day('2026-12-01')), {
      counted: { from: '2025-12-01', until: '2026-02-01' },
      fromTrail: [],
    });
  });

  it('reads the whole period from the trail when it holds no whole counted month', () => {
    const within = { counted: null, fromTrail: [{ from: day('2026-03-02'), until: day('2026-03-30') }] };
    assert.deepEqual(periodParts(day('2026-03-02'), day('2026-03-30'), day('2026-12-01')), within);
    assert.deepEqual(periodParts(day('2026-03-02'), day('2026-03-30'), null), within);
    assert.deepEqual(periodParts(day('2026-01-01'), day('2026-12-02'), null), {
      counted: null,
      fromTrail: [{ from: day('2026-01-01'), until: day('2026-12-02') }],
    });
    // Counted only up to a day before the period's first whole month.
    assert.deepEqual(periodParts(day('2026-01-10'), day('2026-04-01'), day('2026-01-20')), {
      counted: null,
      fromTrail: [
        { from: day('2026-01-10'), until: day('2026-02-01') },
        { from: day('2026-02-01'), until: day('2026-04-01') },
      ],
    });
  });
});

describe("counting each member's accesses a day at a time", () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
    const writer = new AuditWriter(t.database);
    const entry = (at: string, matriculas: number[], extra: Partial<AuditEntry> = {}): AuditEntry => ({
      ocorrido_em: sp(at),
      origem: 'api',
      token_id: 1,
      metodo: 'GET',
      rota: '/api/v1/associados',
      status: 200,
      request_id: `contagem-${at}`,
      ip: '127.0.0.1',
      matriculas,
      ...extra,
    });
    // The last day of January and the first two with entries of February, São Paulo time: a month boundary, and a
    // day without entries between them.
    writer.record(entry('2026-01-31T00:00:00', [7, 8]));
    writer.record(entry('2026-01-31T23:59:59.999', [7], { rota: '/api/v1/associados/:id', quantidade: 3 }));
    writer.record(entry('2026-02-01T00:00:00', [7, 9, 7]));
    writer.record(entry('2026-02-01T12:00:00', [8], { origem: 'admin', token_id: null, admin_id: 1, rota: '/admin/auditoria' }));
    writer.record(entry('2026-02-03T10:00:00', [7]));
    assert.equal(await writer.close(), 0);
  });
  after(() => t.dispose());

  const counts = async () => {
    const { rows } = await sql<{ linha: string }>`
      select concat_ws(' ', matricula, to_char(mes, 'YYYY-MM'), origem, token_id, admin_id, rota, vezes, entradas,
                       to_char(primeiro at time zone 'America/Sao_Paulo', 'DD HH24:MI'),
                       to_char(ultimo at time zone 'America/Sao_Paulo', 'DD HH24:MI')) as linha
        from auditoria_titular order by 1`.execute(t.database.db);
    return rows.map((row) => row.linha);
  };

  it('counts the days that ended an hour ago, once each, by member, month, origin, token or administrator and route', async () => {
    const db = t.database.db;
    assert.equal(await countedUntil(db), null);
    // 3 February at noon: the 3rd is not over; the 2nd, without entries, is counted.
    assert.deepEqual(await countTitularDays(t.database, sp('2026-02-03T12:00:00')), { days: 2, until: sp('2026-02-03T00:00:00') });
    assert.deepEqual(await counts(), [
      '7 2026-01 api 1 0 /api/v1/associados 1 1 31 00:00 31 00:00',
      '7 2026-01 api 1 0 /api/v1/associados/:id 3 1 31 23:59 31 23:59',
      '7 2026-02 api 1 0 /api/v1/associados 1 1 01 00:00 01 00:00',
      '8 2026-01 api 1 0 /api/v1/associados 1 1 31 00:00 31 00:00',
      '8 2026-02 admin 0 1 /admin/auditoria 1 1 01 12:00 01 12:00',
      '9 2026-02 api 1 0 /api/v1/associados 1 1 01 00:00 01 00:00',
    ]);
    const { rows } = await sql<{ nome: string }>`
      select c.relname as nome from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'auditoria_titular'::regclass order by 1`.execute(db);
    assert.deepEqual(
      rows.map((row) => row.nome),
      ['auditoria_titular_2026_01', 'auditoria_titular_2026_02'],
    );

    const again = await countTitularDays(t.database, sp('2026-02-03T12:00:00'));
    assert.deepEqual(again, { days: 0, until: sp('2026-02-03T00:00:00') });
    // Half an hour after the 3rd ended it is not counted yet; an hour after, it is, into February's counts.
    assert.equal((await countTitularDays(t.database, sp('2026-02-04T00:30:00'))).days, 0);
    assert.deepEqual(await countTitularDays(t.database, sp('2026-02-04T01:00:00')), { days: 1, until: sp('2026-02-04T00:00:00') });
    assert.ok((await counts()).includes('7 2026-02 api 1 0 /api/v1/associados 2 2 01 00:00 03 10:00'));
  });

  it('counts each day once when several instances count at once', async () => {
    const writer = new AuditWriter(t.database);
    for (let hour = 0; hour < 24; hour++)
      writer.record({
        ocorrido_em: sp(`2026-02-10T${String(hour).padStart(2, '0')}:00:00`),
        origem: 'webhook',
        token_id: 2,
        metodo: 'POST',
        rota: 'fatura.paga',
        status: 200,
        request_id: `paralelo-${hour}`,
        ip: null,
        matriculas: [7],
      });
    assert.equal(await writer.close(), 0);
    const now = sp('2026-02-20T00:00:00');
    const runs = await Promise.all([1, 2, 3].map(() => countTitularDays(t.database, now)));
    assert.equal(
      runs.reduce((days, run) => days + run.days, 0),
      1,
    );
    assert.ok((await counts()).includes('7 2026-02 webhook 2 0 fatura.paga 24 24 10 00:00 10 23:00'));
  });

  it("drops a month's counts with the trail's month once it is older than the retention", async () => {
    const kept = await keepAuditTrail(t.database.db, 12, sp('2027-01-31T23:00:00'));
    assert.ok(!kept.dropped.includes('auditoria_titular_2026_01'), `dropped ${kept.dropped.join(', ')}`);
    const expired = await keepAuditTrail(t.database.db, 12, sp('2027-02-01T00:00:00'));
    assert.ok(expired.dropped.includes('auditoria_titular_2026_01'));
    assert.ok(!expired.dropped.includes('auditoria_titular_2026_02'));
    assert.ok((await counts()).every((line) => / 2026-02 /.test(line)));
  });
});
