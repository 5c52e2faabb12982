import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FairGate, StatementShed, type Lane } from '../../src/db/fair-gate.js';

const lane = (key: string, load: Lane['load'] = 'interactive'): Lane => ({ key, load });

/** Takes a slot for `who`, noting the order in which slots are granted. */
function taker(gate: FairGate, granted: string[]) {
  return (who: string, of: Lane) => {
    const waiting = gate.acquire(of);
    if (!waiting) {
      granted.push(who);
      return Promise.resolve();
    }
    return waiting.then(() => {
      granted.push(who);
    });
  };
}

describe('the fair gate', () => {
  it('serves waiting statements lane by lane, not in the order they came', async () => {
    const gate = new FairGate({ slots: 1, sharedSlots: 1, backgroundSlots: 1, queueMs: 10_000 });
    const granted: string[] = [];
    const take = taker(gate, granted);
    const a = lane('token:1');
    const b = lane('token:2');
    const all = [take('a0', a), take('a1', a), take('a2', a), take('a3', a), take('b0', b), take('b1', b)];
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      gate.release(granted.at(-1)!.startsWith('a') ? a : b, 1);
    }
    await Promise.all(all);
    assert.deepEqual(granted, ['a0', 'a1', 'b0', 'a2', 'b1', 'a3']);
  });

  it('keeps the last slot for cheap statements, and gives background work its share of the others', async () => {
    const gate = new FairGate({ slots: 4, sharedSlots: 3, backgroundSlots: 1, queueMs: 50 });
    const pages = lane('token:1', 'bulk');
    const background = lane('background', 'background');
    assert.equal(gate.acquire(background), undefined);
    const secondBackground = gate.acquire(background);
    assert.ok(secondBackground instanceof Promise, 'a second background statement waits: its share is one slot of four');
    assert.equal(gate.acquire(pages), undefined);
    assert.equal(gate.acquire(pages), undefined);
    const thirdPage = gate.acquire(pages);
    assert.ok(thirdPage instanceof Promise, 'pages and background work never take the last slot');
    assert.equal(gate.acquire(lane('token:2')), undefined, 'a status check takes it');
    assert.deepEqual(gate.state().running, { interactive: 1, bulk: 2, write: 0, background: 1 });
    assert.deepEqual(gate.state().waiting, { interactive: 0, bulk: 1, write: 0, background: 1 });
    // Nothing is released: both wait out their deadline.
    await assert.rejects(secondBackground);
    await assert.rejects(thirdPage);
  });

  it('holds list pages and background work, never a write or a cheap statement, while a write waits for its connection', async () => {
    const gate = new FairGate({ slots: 8, sharedSlots: 8, backgroundSlots: 8, queueMs: 10_000 });
    const granted: string[] = [];
    const take = taker(gate, granted);
    gate.drain();
    const held = [take('page', lane('token:1', 'bulk')), take('background', lane('background', 'background'))];
    await Promise.all([take('write', lane('token:2', 'write')), take('status', lane('token:3'))]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(granted, ['write', 'status']);
    gate.drained();
    await Promise.all(held);
    assert.deepEqual(granted.slice(0, 2), ['write', 'status']);
    assert.deepEqual(granted.slice(2).sort(), ['background', 'page']);
  });

  it('refuses at once a list page that would wait past its deadline, never a cheap statement', async () => {
    const gate = new FairGate({ slots: 2, sharedSlots: 1, backgroundSlots: 1, queueMs: 100 });
    const pages = lane('token:1', 'bulk');
    assert.equal(gate.acquire(pages), undefined);
    // Slow pages: 400 ms each, so the next one would wait past 100 ms.
    gate.release(pages, 400);
    for (let i = 0; i < 20; i++) {
      gate.acquire(pages)?.catch(() => {});
      gate.release(pages, 400);
    }
    assert.equal(gate.acquire(pages), undefined);
    assert.equal(gate.acquire(lane('token:2')), undefined);
    const waiting = gate.acquire(pages);
    await assert.rejects(waiting!, (error: unknown) => error instanceof StatementShed && error.code === '57014');
    assert.equal(gate.state().shed.bulk, 1);
    const cheap = gate.acquire(lane('token:3'));
    assert.ok(cheap instanceof Promise, 'a cheap statement waits rather than being refused');
    await assert.rejects(cheap, /no connection to the database within 100 ms/);
  });

  it("gives up on a list page at its request's deadline, sooner than the gate's own wait", async () => {
    const gate = new FairGate({ slots: 1, sharedSlots: 1, backgroundSlots: 1, queueMs: 10_000 });
    const pages = lane('token:1', 'bulk');
    assert.equal(gate.acquire(pages), undefined);
    // Its request arrived 950 ms ago (its token's lookup waited): 50 ms are left of its deadline.
    const waiting = gate.acquire({ ...pages, deadline: performance.now() + 50 });
    assert.ok(waiting instanceof Promise, 'the page waits for its turn');
    await assert.rejects(waiting, { code: '57014', message: /within 50 ms/ });
    assert.equal(gate.state().waiting.bulk, 0);
    // Past its deadline already, a page is shed without waiting.
    await assert.rejects(gate.acquire({ ...pages, deadline: performance.now() - 1 })!, StatementShed);
  });

  it('does not count the time of statements given up: a frozen server leaves no list page shed once it is back', async () => {
    const gate = new FairGate({ slots: 2, sharedSlots: 1, backgroundSlots: 1, queueMs: 100 });
    const pages = lane('token:1', 'bulk');
    // Twenty pages given up after 2.5 s each while the server was frozen: released unmeasured.
    for (let i = 0; i < 20; i++) {
      assert.equal(gate.acquire(pages), undefined);
      gate.release(pages);
    }
    assert.equal(gate.acquire(pages), undefined);
    assert.equal(gate.acquire(lane('token:2')), undefined);
    const waiting = gate.acquire(pages);
    assert.ok(waiting instanceof Promise, 'the next page waits for its turn');
    gate.release(pages, 5);
    await waiting;
    assert.equal(gate.state().shed.bulk, 0);
  });
});
