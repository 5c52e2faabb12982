// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { setImmediate as turn } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { AuditWriter, type AuditEntry } from '../../src/audit/audit-writer.js';

/** The writer's batching alone: its database takes a turn of the event loop to answer each COPY. */
function writerWithBatches() {
  const batches: number[] = [];
  const writer = new AuditWriter({
    append: async (_table, _columns, rows) => {
      await turn();
      batches.push(rows.split('\n').length - 1);
    },
  });
  return { writer, batches };
}

const entry = (n: number): AuditEntry => ({
  ocorrido_em: new Date(),
  origem: 'api',
  token_id: 1,
  metodo: 'GET',
  rota: '/api/v1/associados/:id/situacao',
  status: 200,
  request_id: `request-${n}`,
  ip: '127.0.0.1',
  matriculas: [n],
});

/** Lets the writes already started finish: each takes a turn or two. */
async function settle(): Promise<void> {
  for (let round = 0; round < 20; round++) await turn();
}

const record = (writer: AuditWriter, count: number) => {
  for (let n = 0; n < count; n++) writer.record(entry(n));
};

describe('audit writer batches', () => {
  it('tries a database that refused a batch again at the next flush, not at every row recorded', async () => {
    let attempts = 0;
    const writer = new AuditWriter({
      append: async () => {
        attempts++;
        await turn();
        throw new Error('connection refused');
      },
    });
    record(writer, 1000);
    await settle();
    for (let round = 0; round < 10; round++) {
      record(writer, 10);
      await settle();
    }
    assert.equal(attempts, 1);
    await writer.flush();
    assert.equal(attempts, 2);
    assert.equal(writer.size, 1100, 'nothing is lost while the database is away');
    await writer.close(0);
  });

  it('writes full batches as they fill and leaves the rest for the next flush', async () => {
    const { writer, batches } = writerWithBatches();
    record(writer, 500);
    await settle();
    assert.deepEqual(batches, [200, 200]);
    assert.equal(writer.size, 100);
    record(writer, 30);
    await settle();
    assert.deepEqual(batches, [200, 200], 'a batch short of 200 waits for the flush');
    await writer.flush();
    assert.deepEqual(batches, [200, 200, 130]);
    assert.equal(await writer.close(), 0);
  });

  it('does not chase the rows recorded while it writes: they wait for a full batch or the next flush', async () => {
    const { writer, batches } = writerWithBatches();
    record(writer, 10);
    const flushing = writer.flush();
    for (let round = 0; round < 5; round++) {
      record(writer, 3);
      await turn();
    }
    await flushing;
    await settle();
    assert.deepEqual(batches, [10], 'one COPY for the rows there were, not one per round trip');
    assert.equal(writer.size, 15);
    await writer.flush();
    assert.deepEqual(batches, [10, 15]);
    assert.equal(await writer.close(), 0);
  });
});
