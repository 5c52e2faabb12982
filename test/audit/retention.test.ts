import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { AuditWriter, type AuditEntry } from '../../src/audit/audit-writer.js';
import { keepAuditTrail } from '../../src/audit/retention.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** São Paulo is UTC−3 all year: its months begin at 03:00 UTC. */
const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1, 3));

const entry = (at: Date, requestId: string): AuditEntry => ({
  ocorrido_em: at,
  origem: 'api',
  token_id: 1,
  metodo: 'GET',
  rota: '/api/v1/associados/:id/situacao',
  status: 200,
  request_id: requestId,
  ip: '127.0.0.1',
  matriculas: [7],
});

describe('audit trail retention', () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t.dispose());

  const partitions = async () => {
    const { rows } = await sql<{ nome: string; inicio: Date | null; fim: Date | null }>`
      select nome, inicio, fim from auditoria_particoes() order by fim nulls last`.execute(t.database.db);
    return rows;
  };
  /** Where each of these requests' rows is: the partition's name, by request id. */
  const placed = async (requestIds: string[]) => {
    const { rows } = await sql<{ request_id: string; particao: string }>`
      select request_id, tableoid::regclass::text as particao from auditoria where request_id = any (${requestIds}::text[])
       order by request_id`.execute(t.database.db);
    return Object.fromEntries(rows.map((row) => [row.request_id, row.particao]));
  };

  it('partitions the trail by month, São Paulo time, up to the month after next', async () => {
    const now = new Date();
    await keepAuditTrail(t.database.db, 12, now);
    const monthly = (await partitions()).filter((p) => p.inicio !== null);
    const last = monthly[monthly.length - 1]!;
    // The end of the month after next, whatever day it is.
    const months = (last.fim!.getTime() - now.getTime()) / (30.44 * 86_400_000);
    assert.ok(months > 2 && months <= 3.1, `partitions end ${last.fim!.toISOString()}`);
    for (const p of monthly) {
      assert.equal(p.inicio!.getUTCDate(), 1);
      assert.equal(p.inicio!.getUTCHours(), 3);
      assert.match(p.nome, /^auditoria_\d{4}_\d{2}$/);
    }
    assert.equal((await partitions()).filter((p) => p.inicio === null && p.fim !== null).length, 1, 'the rows from before partitioning');
  });

  it('deletes the expired rows from before partitioning in batches, and drops their partition once all are expired', async () => {
    const old = (await partitions()).find((p) => p.inicio === null && p.fim !== null)!;
    const writer = new AuditWriter(t.database);
    const ages = [400, 380, 20, 10];
    ages.forEach((days, n) => writer.record(entry(new Date(old.fim!.getTime() - days * 86_400_000), `old-${n}`)));
    assert.equal(await writer.close(), 0);
    const ids = ages.map((_days, n) => `old-${n}`);
    assert.deepEqual(
      Object.values(await placed(ids)),
      ids.map(() => old.nome),
    );

    // A year after the partition's end less 30 days: the rows 400 and 380 days older than its end are expired.
    const now = new Date(old.fim!.getTime() + 335 * 86_400_000);
    const kept = await keepAuditTrail(t.database.db, 12, now);
    assert.equal(kept.deleted, 2);
    assert.deepEqual(Object.keys(await placed(ids)), ['old-2', 'old-3']);
    const later = await keepAuditTrail(t.database.db, 12, new Date(old.fim!.getTime() + 366 * 86_400_000));
    assert.ok(later.dropped.includes(old.nome));
    assert.deepEqual(await placed(ids), {});
  });

  it('writes across a month boundary, and keeps a row of a month without its partition until that month is prepared', async () => {
    // Years ahead: months that have no partition yet.
    const year = new Date().getUTCFullYear() + 3;
    await keepAuditTrail(t.database.db, 12, monthStart(year, 1));
    const writer = new AuditWriter(t.database);
    writer.record(entry(new Date(monthStart(year, 3).getTime() - 1), 'boundary-before'));
    writer.record(entry(monthStart(year, 3), 'boundary-after'));
    writer.record(entry(monthStart(year, 5), 'ahead'));
    assert.equal(await writer.close(), 0);
    assert.deepEqual(await placed(['boundary-before', 'boundary-after', 'ahead']), {
      'boundary-after': `auditoria_${year}_03`,
      'boundary-before': `auditoria_${year}_02`,
      ahead: 'auditoria_padrao',
    });
    const { created } = await keepAuditTrail(t.database.db, 12, monthStart(year, 3));
    assert.deepEqual(created, [`auditoria_${year}_04`, `auditoria_${year}_05`]);
    assert.equal((await placed(['ahead'])).ahead, `auditoria_${year}_05`);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from auditoria_padrao`.execute(t.database.db);
    assert.equal(rows[0]!.n, 0);
  });

  it('drops a month once its last day is older than the retention, never a month inside it', async () => {
    const year = new Date().getUTCFullYear() + 3;
    const writer = new AuditWriter(t.database);
    writer.record(entry(monthStart(year, 2), 'february'));
    writer.record(entry(new Date(monthStart(year, 3).getTime() - 1), 'february-last'));
    writer.record(entry(monthStart(year, 3), 'march'));
    assert.equal(await writer.close(), 0);
    const february = `auditoria_${year}_02`;

    // Twelve months after the last instant of February: its last row is still inside the window.
    const justInside = new Date(monthStart(year + 1, 3).getTime() - 1);
    const kept = await keepAuditTrail(t.database.db, 12, justInside);
    assert.ok(!kept.dropped.includes(february), `dropped ${kept.dropped.join(', ')}`);
    assert.deepEqual(Object.keys(await placed(['february', 'february-last', 'march'])), ['february', 'february-last', 'march']);

    const expired = await keepAuditTrail(t.database.db, 12, monthStart(year + 1, 3));
    assert.ok(expired.dropped.includes(february));
    assert.ok(!expired.dropped.includes(`auditoria_${year}_03`));
    assert.deepEqual(await placed(['february', 'february-last', 'march']), { march: `auditoria_${year}_03` });
    assert.ok(!(await partitions()).some((p) => p.nome === february));

    // With 6 months kept, March goes at the end of September.
    const shorter = await keepAuditTrail(t.database.db, 6, monthStart(year, 10));
    assert.ok(shorter.dropped.includes(`auditoria_${year}_03`));
    await assert.rejects(keepAuditTrail(t.database.db, 5, monthStart(year + 2, 1)), /kept at least 6 months, not 5/);
  });
});
