import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { LeasedLimiter, type Decision } from '../../src/limits/leased-limiter.js';

const redisUrl = process.env.REDIS_URL;

const allowedAndRemaining = async (decision: Decision | Promise<Decision>) => {
  const { allowed, remaining } = await decision;
  return [allowed, remaining];
};

describe('leased rate limits', () => {
  it('counts in the process without Redis', async () => {
    const limiter = new LeasedLimiter(null, 'test', 60);
    const decisions = await Promise.all(Array.from({ length: 5 }, async () => limiter.consume('k', 3)));
    assert.deepEqual(
      decisions.map((d) => [d.allowed, d.remaining]),
      [
        [true, 2],
        [true, 1],
        [true, 0],
        [false, 0],
        [false, 0],
      ],
    );
    assert.ok(decisions.every((d) => d.msBeforeNext > 0 && d.msBeforeNext <= 60_000));
  });

  it('takes back a refunded point in the process without Redis', async () => {
    const limiter = new LeasedLimiter(null, 'test', 60);
    for (let i = 0; i < 3; i++) await limiter.consume('k', 3);
    limiter.refund('k');
    assert.deepEqual(await allowedAndRemaining(limiter.consume('k', 3)), [true, 0]);
    assert.deepEqual(await allowedAndRemaining(limiter.consume('k', 3)), [false, 0]);
    limiter.refund('never consumed'); // No count for that key yet: nothing to give back, and no error.
  });

  it('takes a cost all at once in the process, or nothing: a refused request leaves the window as it was', async () => {
    const limiter = new LeasedLimiter(null, 'test', 60);
    assert.deepEqual(await allowedAndRemaining(limiter.consume('k', 10, 4)), [true, 6]);
    assert.deepEqual(await allowedAndRemaining(limiter.consume('k', 10, 7)), [false, 6], 'refused, it tells what remains');
    assert.deepEqual(await allowedAndRemaining(limiter.consume('k', 10, 6)), [true, 0]);
    assert.deepEqual(await allowedAndRemaining(limiter.consume('k', 10, 1)), [false, 0]);
    // More than the whole limit is never admitted, and takes nothing either.
    assert.deepEqual(await allowedAndRemaining(limiter.consume('big', 5, 6)), [false, 5]);
    assert.deepEqual(await allowedAndRemaining(limiter.consume('big', 5, 5)), [true, 0]);
  });

  it('forgets a key in the process without Redis: its window starts again whole', async () => {
    const limiter = new LeasedLimiter(null, 'test', 60);
    for (let i = 0; i < 2; i++) await limiter.consume('k', 2);
    assert.deepEqual(await allowedAndRemaining(limiter.consume('k', 2)), [false, 0]);
    await limiter.forget('k');
    assert.deepEqual(await allowedAndRemaining(limiter.consume('k', 2)), [true, 1]);
  });

  describe('through Redis', { skip: !redisUrl && 'needs REDIS_URL' }, () => {
    const clients: Redis[] = [];
    const client = () => {
      const redis = new Redis(redisUrl!, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
      clients.push(redis);
      return redis;
    };
    let first: Redis;
    before(async () => {
      first = client();
      await first.connect();
    });
    after(() => {
      for (const redis of clients) redis.disconnect();
    });

    /**
     * The reservations sent through `redis` from now on, counted at the client (Redis's own count of the scripts
     * it ran takes in those of the test files running beside this one). After the limiter: it defines the command.
     */
    function reservations(redis: Redis): () => number {
      const client = redis as unknown as { associaReserve: (...args: unknown[]) => Promise<unknown> };
      const reserve = client.associaReserve.bind(redis);
      let calls = 0;
      client.associaReserve = (...args) => {
        calls++;
        return reserve(...args);
      };
      return () => calls;
    }

    it('never lets instances together admit more than the limit', async () => {
      const second = client();
      await second.connect();
      const prefix = `test:${randomUUID()}`;
      const instances = [new LeasedLimiter(first, prefix, 60), new LeasedLimiter(second, prefix, 60)];
      const decisions = await Promise.all(Array.from({ length: 3000 }, async (_, i) => instances[i % 2]!.consume('token:1', 1000)));
      assert.equal(decisions.filter((d) => d.allowed).length, 1000);
      assert.ok(decisions.filter((d) => d.allowed).every((d) => d.remaining >= 0 && d.remaining < 1000));
      assert.equal(Number(await first.get(`${prefix}:token:1`)), 1000);
      assert.ok(Number(await first.pttl(`${prefix}:token:1`)) > 55_000, 'the window expires with its minute');
    });

    it('asks Redis once per lease, not once per request', async () => {
      const limiter = new LeasedLimiter(first, `test:${randomUUID()}`, 60);
      const sent = reservations(first);
      for (let i = 0; i < 1000; i++) assert.equal((await limiter.consume('token:2', 100_000)).allowed, true);
      const calls = sent();
      // 1000 requests at leases of 100,000 / 200 = 100 points (the largest lease) take 10 reservations.
      assert.equal(calls, 10);
      // A small limit still asks at every request, so that it holds exactly.
      const small = sent();
      for (let i = 0; i < 5; i++) await limiter.consume('token:3', 120);
      assert.equal(sent() - small, 5);
    });

    it('reserves for the requests that wait together at once: a flood on a small limit costs a round trip per reservation', async () => {
      const prefix = `test:${randomUUID()}`;
      const limiter = new LeasedLimiter(first, prefix, 60);
      const sent = reservations(first);
      // A limit of 60 reserves 1 point at a time for a request alone.
      const decisions = await Promise.all(Array.from({ length: 100 }, async () => limiter.consume('ip:9', 60)));
      assert.equal(decisions.filter((d) => d.allowed).length, 60);
      assert.equal(sent(), 2, 'the first request alone, then all those waiting behind it');
      assert.equal(Number(await first.get(`${prefix}:ip:9`)), 60, 'never past the limit');
    });

    it('answers refusals in the process once the window is full', async () => {
      const limiter = new LeasedLimiter(first, `test:${randomUUID()}`, 60);
      const sent = reservations(first);
      for (let i = 0; i < 2; i++) assert.equal((await limiter.consume('ip:1', 2)).allowed, true);
      const before = sent();
      const refused = await Promise.all(Array.from({ length: 50 }, async () => limiter.consume('ip:1', 2)));
      assert.ok(refused.every((d) => !d.allowed && d.remaining === 0 && d.msBeforeNext > 0));
      assert.ok(sent() - before <= 1, 'one reservation learns the window is full');
    });

    it('returns a refunded point to the lease, for the process to spend without asking Redis', async () => {
      const prefix = `test:${randomUUID()}`;
      const limiter = new LeasedLimiter(first, prefix, 60);
      const sent = reservations(first);
      for (let i = 0; i < 2; i++) assert.equal((await limiter.consume('ip:2', 2)).allowed, true);
      limiter.refund('ip:2');
      const before = sent();
      assert.deepEqual(await allowedAndRemaining(limiter.consume('ip:2', 2)), [true, 0]);
      assert.deepEqual(await allowedAndRemaining(limiter.consume('ip:2', 2)), [false, 0]);
      assert.equal(sent() - before, 0);
      assert.equal(Number(await first.get(`${prefix}:ip:2`)), 2, 'the window in Redis keeps its count');
    });

    it('gives nothing back to a window that has ended', async () => {
      const limiter = new LeasedLimiter(first, `test:${randomUUID()}`, 1);
      assert.equal((await limiter.consume('ip:3', 1)).allowed, true);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      limiter.refund('ip:3');
      assert.deepEqual(await allowedAndRemaining(limiter.consume('ip:3', 1)), [true, 0]);
      assert.deepEqual(await allowedAndRemaining(limiter.consume('ip:3', 1)), [false, 0]);
    });

    it('takes a cost at once, adding to the lease what it lacks', async () => {
      const prefix = `test:${randomUUID()}`;
      const limiter = new LeasedLimiter(first, prefix, 60);
      // Leases of 1000 / 200 = 5 points: the first request reserves 5 and spends 1.
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:6', 1000, 1)), [true, 999]);
      // The 4 points held and 96 more.
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:6', 1000, 100)), [true, 899]);
      assert.equal(Number(await first.get(`${prefix}:token:6`)), 101);
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:6', 1000, 1)), [true, 898]);
    });

    it('refuses a cost larger than what remains, taking nothing from the window: what it reserved stays for the next requests', async () => {
      const prefix = `test:${randomUUID()}`;
      const limiter = new LeasedLimiter(first, prefix, 60);
      for (let i = 0; i < 7; i++) assert.equal((await limiter.consume('token:7', 10)).allowed, true);
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:7', 10, 5)), [false, 3]);
      for (let remaining = 2; remaining >= 0; remaining--)
        assert.deepEqual(await allowedAndRemaining(limiter.consume('token:7', 10)), [true, remaining]);
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:7', 10)), [false, 0]);
      assert.equal(Number(await first.get(`${prefix}:token:7`)), 10, 'never past the limit');

      // Between instances too: what one took, the other cannot.
      const second = client();
      await second.connect();
      const shared = `test:${randomUUID()}`;
      const [a, b] = [new LeasedLimiter(first, shared, 60), new LeasedLimiter(second, shared, 60)];
      assert.equal((await a.consume('token:8', 10, 8)).allowed, true);
      assert.deepEqual(await allowedAndRemaining(b.consume('token:8', 10, 3)), [false, 2]);
      assert.deepEqual(await allowedAndRemaining(b.consume('token:8', 10, 2)), [true, 0]);
      assert.equal(Number(await first.get(`${shared}:token:8`)), 10);
    });

    it('carries no points of an ended window into the next one', async () => {
      const prefix = `test:${randomUUID()}`;
      const limiter = new LeasedLimiter(first, prefix, 1);
      // Holds 4 of a lease of 5 when the window ends.
      assert.equal((await limiter.consume('token:9', 1000, 1)).allowed, true);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:9', 1000, 100)), [true, 900]);
      assert.equal(Number(await first.get(`${prefix}:token:9`)), 100, 'the new window reserved the whole cost');
    });

    it('forgets a key in Redis and in the process: a full window starts again whole, for every instance', async () => {
      const prefix = `test:${randomUUID()}`;
      const second = client();
      await second.connect();
      const [a, b] = [new LeasedLimiter(first, prefix, 60), new LeasedLimiter(second, prefix, 60)];
      for (let i = 0; i < 3; i++) assert.equal((await a.consume('email:1', 3)).allowed, true);
      assert.deepEqual(await allowedAndRemaining(a.consume('email:1', 3)), [false, 0], 'the window is full, and this process knows it');
      await a.forget('email:1');
      assert.equal(await first.exists(`${prefix}:email:1`), 0);
      assert.deepEqual(await allowedAndRemaining(a.consume('email:1', 3)), [true, 2]);
      assert.deepEqual(await allowedAndRemaining(b.consume('email:1', 3)), [true, 1], 'the other instance counts in the same new window');
    });

    it('takes an answer that came while the process was busy for an answer, not for a hung Redis', async () => {
      const prefix = `test:${randomUUID()}`;
      const limiter = new LeasedLimiter(first, prefix, 60);
      const pending = limiter.consume('token:11', 10);
      // The event loop is held past the 0.5 s deadline while Redis's answer waits in the socket.
      const until = Date.now() + 800;
      while (Date.now() < until);
      assert.deepEqual(await allowedAndRemaining(pending), [true, 9]);
      assert.equal(Number(await first.get(`${prefix}:token:11`)), 1);
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:11', 10)), [true, 8], 'the lease goes on; nothing counted twice');
      assert.equal(Number(await first.get(`${prefix}:token:11`)), 2);
    });

    it('while Redis fails, goes on from its last count of the window, and adds what it admitted when Redis returns', async () => {
      const prefix = `test:${randomUUID()}`;
      const flaky = client();
      await flaky.connect();
      const limiter = new LeasedLimiter(flaky, prefix, 60);
      // A limit of 10 reserves a point at a time: Redis counts 3.
      for (let i = 0; i < 3; i++) assert.equal((await limiter.consume('token:12', 10)).allowed, true);
      flaky.disconnect();
      await once(flaky, 'end');
      const during = await Promise.all(Array.from({ length: 8 }, async () => limiter.consume('token:12', 10)));
      assert.deepEqual(
        during.map((d) => [d.allowed, d.remaining]),
        [
          [true, 6],
          [true, 5],
          [true, 4],
          [true, 3],
          [true, 2],
          [true, 1],
          [true, 0],
          [false, 0],
        ],
        'the 7 Redis had not counted, and no more',
      );
      limiter.refund('token:12');
      await flaky.connect();
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:12', 10)), [true, 0], 'the refunded point, once');
      assert.equal(Number(await first.get(`${prefix}:token:12`)), 10, 'Redis counts what was admitted without it');
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:12', 10)), [false, 0]);
      // Another instance sees the window full.
      assert.equal((await new LeasedLimiter(first, prefix, 60).consume('token:12', 10)).allowed, false);
    });

    it('falls back to counting in the process while Redis is unreachable', async () => {
      const unreachable = new Redis('redis://127.0.0.1:1', {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
        retryStrategy: () => null,
      });
      clients.push(unreachable);
      const limiter = new LeasedLimiter(unreachable, `test:${randomUUID()}`, 60);
      const decisions = await Promise.all(Array.from({ length: 4 }, async () => limiter.consume('token:4', 3)));
      assert.deepEqual(
        decisions.map((d) => d.allowed),
        [true, true, true, false],
      );
      const counted = await Promise.all(Array.from({ length: 3 }, async () => limiter.consume('token:5', 3)));
      assert.ok(counted.every((d) => d.allowed));
      limiter.refund('token:5');
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:5', 3)), [true, 0], 'a point counted in the process returns there');
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:5', 3)), [false, 0]);
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:10', 5, 3)), [true, 2], 'a cost is counted there too');
      assert.deepEqual(await allowedAndRemaining(limiter.consume('token:10', 5, 3)), [false, 2]);
    });
  });
});
