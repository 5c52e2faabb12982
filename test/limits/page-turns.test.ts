import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RequestLanes } from '../../src/limits/lanes.js';

/** Takes `count` turns for `lane`'s pages, each entered as a request first: how many were given at once. */
function pagesAtOnce(lanes: RequestLanes, tokenId: number, count: number): { given: number; waiting: Promise<void>[] } {
  const lane = lanes.of(tokenId, 'bulk');
  const waiting: Promise<void>[] = [];
  let given = 0;
  for (let i = 0; i < count; i++) {
    lanes.entered(lane);
    const turn = lanes.pages.acquire(lane);
    if (turn) waiting.push(turn);
    else given++;
  }
  return { given, waiting };
}

describe("list pages' turns", () => {
  it("gives one lane's pages as many turns as the second pool takes, and another lane's pages eight at a time with them", async () => {
    const lanes = new RequestLanes();
    const erp = lanes.of(1, 'bulk');
    const alone = pagesAtOnce(lanes, 1, 70);
    assert.equal(alone.given, 64, 'one lane alone: 64 pages at once');
    assert.equal(alone.waiting.length, 6);

    // A second lane's page comes: it waits until fewer than eight pages run, then for one turn of the first lane's at most.
    const other = pagesAtOnce(lanes, 2, 1);
    assert.equal(other.given, 0);
    let otherServed = false;
    void other.waiting[0]!.then(() => (otherServed = true));
    let answered = 0;
    const answer = () => {
      answered++;
      lanes.ended(erp);
      lanes.endTurn(erp, 1, true);
      return new Promise((resolve) => setImmediate(resolve));
    };
    for (let i = 0; i < 56; i++) await answer();
    assert.equal(otherServed, false, 'eight of the first lane still run');
    await answer();
    if (!otherServed) await answer();
    assert.equal(otherServed, true, "the other lane's page had one of the next two turns");
    assert.equal(lanes.pages.state().running.bulk, 8);

    // The other lane's page answered: the first lane alone again, its waiting pages all run.
    lanes.ended(lanes.of(2, 'bulk'));
    lanes.endTurn(lanes.of(2, 'bulk'), 1, true);
    await Promise.all(alone.waiting);
    assert.equal(lanes.pages.state().running.bulk, 70 - answered, 'every page of the first lane in flight has its turn');
  });

  it('gives pages two turns at a time while a cheap request is served', () => {
    const lanes = new RequestLanes();
    const exam = lanes.of(3, 'interactive');
    lanes.entered(exam);
    const pages = pagesAtOnce(lanes, 1, 4);
    assert.equal(pages.given, 2);
    for (const turn of pages.waiting) turn.catch(() => undefined);
  });
});
