import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { QUIET_AFTER_MS } from '../../src/db/cheap-pool.js';
import { RequestLanes } from '../../src/limits/lanes.js';

/** Takes `count` turns for `tokenId`'s pages, each entered as a request first: how many were given at once. */
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

/** A page of `tokenId` answered, as the rate limit's hook ends it. */
function answer(lanes: RequestLanes, tokenId: number): Promise<void> {
  const lane = lanes.of(tokenId, 'bulk');
  lanes.ended(lane);
  lanes.endTurn(lane, 1, true);
  return new Promise((resolve) => setImmediate(resolve));
}

/** Whether `turn` has been given yet. */
function given(turn: Promise<void>): () => boolean {
  let done = false;
  void turn.then(() => (done = true));
  return () => done;
}

describe("list pages' turns", () => {
  it("gives one lane's pages 64 turns, and eight to pages of two lanes within a second of each other", async () => {
    const lanes = new RequestLanes();
    const erp = pagesAtOnce(lanes, 1, 70);
    assert.equal(erp.given, 64, 'one lane alone: 64 pages at once');
    let erpAnswered = 0;
    const erpAnswers = async (count: number) => {
      for (let i = 0; i < count; i++, erpAnswered++) await answer(lanes, 1);
    };

    // A second lane's page comes: it waits until fewer than eight pages run, then for one of the first lane's turns at most.
    let other = given(pagesAtOnce(lanes, 2, 1).waiting[0]!);
    await erpAnswers(56);
    assert.equal(other(), false, 'eight of the first lane still run');
    await erpAnswers(1);
    if (!other()) await erpAnswers(1);
    assert.equal(other(), true, "the other lane's page had one of the next two turns");
    assert.equal(lanes.pages.state().running.bulk, 8);

    // Answered, and its next page right after: eight at a time still, so that page waits for one or two turns, not 56.
    await answer(lanes, 2);
    assert.equal(lanes.pages.state().running.bulk, 8, 'pages of two lanes within the second: eight at a time');
    other = given(pagesAtOnce(lanes, 2, 1).waiting[0]!);
    await erpAnswers(1);
    if (!other()) await erpAnswers(1);
    assert.equal(other(), true);
    await answer(lanes, 2);

    // A second later, the first lane alone again: every page of it in flight has its turn.
    await sleep(QUIET_AFTER_MS + 50);
    await erpAnswers(1);
    await Promise.all(erp.waiting);
    assert.equal(lanes.pages.state().running.bulk, 70 - erpAnswered, 'every page of the first lane in flight has its turn');
  });

  it("gives one lane's pages eight turns at a time within a second of background work", () => {
    let worked = true;
    const lanes = new RequestLanes(() => worked);
    const pages = pagesAtOnce(lanes, 1, 9);
    assert.equal(pages.given, 8);
    worked = false;
    assert.equal(pagesAtOnce(lanes, 1, 1).given, 1, 'no background work for a second: more at once');
    for (const turn of pages.waiting) turn.catch(() => undefined);
  });

  it('gives pages two turns at a time while a cheap request is served', () => {
    const lanes = new RequestLanes();
    lanes.entered(lanes.of(3, 'interactive'));
    const pages = pagesAtOnce(lanes, 1, 4);
    assert.equal(pages.given, 2);
    for (const turn of pages.waiting) turn.catch(() => undefined);
  });
});
