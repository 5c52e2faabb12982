import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { pino } from 'pino';
import { lazyChildLogger } from '../../src/http/lazy-child-logger.js';

/** A pino logger at `level` writing into `lines`, counting the children it makes. */
function recordingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const logger = pino({ level }, stream);
  const children = { made: 0 };
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => {
    children.made++;
    return child(...args);
  }) as typeof logger.child;
  return { logger, lines, children };
}

describe('lazy child logger', () => {
  it('makes no child for messages below the level, and one carrying the bindings for the first message above it', () => {
    const { logger, lines, children } = recordingLogger('warn');
    const log = lazyChildLogger.call(Fastify(), logger, { reqId: 'r-1' }, {}, {} as never);
    log.info('not written');
    log.debug({ x: 1 }, 'nor this');
    assert.equal(children.made, 0);
    assert.equal(lines.length, 0);
    log.warn({ detail: 'x' }, 'written');
    log.error('again');
    assert.equal(children.made, 1);
    assert.deepEqual(
      lines.map(({ reqId, msg, detail, level }) => ({ reqId, msg, detail, level })),
      [
        { reqId: 'r-1', msg: 'written', detail: 'x', level: 40 },
        { reqId: 'r-1', msg: 'again', detail: undefined, level: 50 },
      ],
    );
  });

  it("takes a route's own level over the app's, and a level set later", () => {
    const { logger, lines } = recordingLogger('warn');
    const log = lazyChildLogger.call(Fastify(), logger, { reqId: 'r-2' }, { level: 'info' }, {} as never);
    assert.equal(log.level, 'info');
    log.info('route at info');
    log.level = 'error';
    log.warn('now below the level');
    assert.deepEqual(
      lines.map(({ msg }) => msg),
      ['route at info'],
    );
  });

  it("logs a request's completion under its id only on a route whose level asks for it", async () => {
    const { logger, lines } = recordingLogger('warn');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLogger, genReqId: () => 'req-7' });
    app.get('/quiet', () => ({ ok: true }));
    app.get('/loud', { logLevel: 'info' }, () => ({ ok: true }));
    const quiet = await app.inject({ url: '/quiet' });
    assert.equal(quiet.statusCode, 200);
    assert.equal(lines.length, 0);
    const loud = await app.inject({ url: '/loud' });
    assert.equal(loud.statusCode, 200);
    assert.deepEqual(
      lines.map(({ reqId, msg }) => ({ reqId, msg })),
      [
        { reqId: 'req-7', msg: 'incoming request' },
        { reqId: 'req-7', msg: 'request completed' },
      ],
    );
    await app.close();
  });
});
