// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BackgroundShare } from '../../src/db/background-share.js';

describe("background work's share", () => {
  it('waits three times what a piece took at a share of 0.25 while requests are in flight, and not at all otherwise', async () => {
    let inFlight = 0;
    const share = new BackgroundShare(0.25, () => inFlight);
    assert.equal(share.workedWithin(1000), false, 'no work done yet');
    await share.yield('marking', 4);
    assert.equal(share.workedWithin(1000), true, 'a piece just ended');
    assert.equal(share.yieldedMs.marking, 0, 'no request has been served: nothing waits');
    inFlight = 1;
    await share.yield('marking', 4);
    assert.ok(Math.abs(share.yieldedMs.marking - 12) < 0.1, String(share.yieldedMs.marking));
    inFlight = 0;
    share.requestEnded();
    await share.yield('delivering', 2);
    assert.ok(share.yieldedMs.delivering >= 5.9, 'a request answered within the last second still counts');
    assert.deepEqual([share.workedMs.marking, share.workedMs.delivering], [8, 2]);
  });

  it("makes batch work at once wait for each other's work too, and delivering apart", async () => {
    const share = new BackgroundShare(0.5, () => 1);
    // Pieces of 20 ms end together: the second batch piece waits for both to be given back, 40 ms from now. Each wait
    // is counted from its own call, which a busy machine can make a fraction of a millisecond after the first.
    await Promise.all([share.yield('marking', 20), share.yield('numbering', 20), share.yield('delivering', 20)]);
    const near = (ms: number, expected: number) => ms > expected - 2 && ms <= expected + 0.1;
    assert.ok(near(share.yieldedMs.marking, 20), String(share.yieldedMs.marking));
    assert.ok(near(share.yieldedMs.numbering, 40), String(share.yieldedMs.numbering));
    assert.ok(near(share.yieldedMs.delivering, 20), String(share.yieldedMs.delivering));
  });

  it('never waits with a share of 1', async () => {
    const share = new BackgroundShare(1, () => 5);
    await share.yield('numbering', 50);
    assert.equal(share.yieldedMs.numbering, 0);
    assert.equal(share.workedMs.numbering, 50);
  });

  it('waits a second at most, however long the piece took', async () => {
    const share = new BackgroundShare(0.25, () => 1);
    const waiting = share.yield('marking', 5000);
    assert.ok(share.yieldedMs.marking <= 1000.001, String(share.yieldedMs.marking));
    await waiting;
  });
});
