import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { RedisServer, redisServerUnavailable } from '../helpers/redis-server.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the shared Redis', { skip: redisServerUnavailable }, () => {
  let t: TestDatabase;
  before(async () => {
    t = await createTestDatabase();
  });
  after(() => t?.dispose());

  it('logs one line when it goes away, however many reconnections fail, and one when it is back', async () => {
    const redis = await RedisServer.create();
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    const app = await buildApp({
      config: loadConfig({ REDIS_URL: redis.url }),
      database: t.database,
      logger: { level: 'info', stream },
    });
    try {
      const client = app.redis!;
      let failures = 0;
      client.on('error', () => failures++);
      assert.equal(client.status, 'ready');

      await redis.stop();
      for (let waited = 0; failures < 4 && waited < 30_000; waited += 50) await pause(50);
      assert.ok(failures >= 4, 'ioredis tried to reconnect several times');
      await redis.start();
      for (let waited = 0; client.status !== 'ready' && waited < 30_000; waited += 50) await pause(50);
      assert.equal(client.status, 'ready');

      const redisLines = lines.filter((line) => /redis/i.test(line.msg)).map((line) => [line.level, line.msg]);
      assert.deepEqual(redisLines, [
        [40, 'redis unavailable; shared counters fall back to this process'],
        [30, 'redis is back; the counters are shared again'],
      ]);
    } finally {
      await app.close();
      await redis.stop();
    }
  });
});
