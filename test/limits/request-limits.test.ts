// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Problem } from '../../src/errors/problems.js';
import { LeasedLimiter } from '../../src/limits/leased-limiter.js';
import { policyHeader, remainingHeader, RequestLimits, type Taken } from '../../src/limits/request-limits.js';

const limits = () =>
  new RequestLimits(new LeasedLimiter(null, 'test', 60), { rateLimitToken: 600, rateLimitPublic: 120, rateLimitDocs: 300 });

describe('request limits', () => {
  it("counts a token under its own limit or the default, and an address under the public list's or the document's", () => {
    const l = limits();
    assert.deepEqual(l.perToken({ id: 7, limitePorMinuto: null }), { name: 'default', points: 600, key: 'default:600:token:7' });
    assert.deepEqual(l.perToken({ id: 7, limitePorMinuto: 5 }), { name: 'default', points: 5, key: 'default:5:token:7' });
    assert.deepEqual(l.perAddress('10.0.0.1', 'public'), { name: 'public', points: 120, key: 'public:120:ip:10.0.0.1' });
    assert.deepEqual(l.perAddress('10.0.0.1', 'docs'), { name: 'docs', points: 300, key: 'docs:300:ip:10.0.0.1' });
    assert.equal(policyHeader(l.perAddress('10.0.0.1', 'docs')), '"docs";q=300;w=60');
  });

  it('takes a cost all at once, or refuses it with a 429 that says why and takes nothing', () => {
    const l = limits();
    const policy = l.perToken({ id: 1, limitePorMinuto: 10 });
    const taken = l.take(policy, 4) as Taken;
    assert.equal(taken.remaining, 6);
    assert.equal(taken.cost, 4);
    assert.match(remainingHeader(taken, taken.remaining, taken.seconds), /^"default";r=6;t=(60|59)$/);

    const refused = l.take(policy, 7);
    assert.ok(refused instanceof Problem);
    assert.equal(refused.code, 'rate_limited');
    assert.equal(refused.options.limit, 'token');
    assert.match(refused.detail, /^Esta requisição conta como 7 requisições e restam 6 das 10 deste minuto; tente de novo em \d+ s\.$/);
    assert.match(refused.options.headers!['retry-after']!, /^\d+$/);
    assert.match(refused.options.headers!.ratelimit!, /^"default";r=6;t=\d+$/);

    const tooBig = l.take(policy, 11) as Problem;
    assert.match(tooBig.detail, /mais que o limite de 10 por minuto: divida-a em requisições menores\.$/);
    assert.equal((l.take(policy, 6) as Taken).remaining, 0, 'the refusals took nothing');
    const last = l.take(policy, 1) as Problem;
    assert.match(last.detail, /^Limite de 10 requisições por minuto atingido; tente de novo em \d+ s\.$/);
  });

  it("names the public policies' refusals after them, and gives back a refunded request", () => {
    const l = limits();
    const policy = l.perAddress('10.0.0.2', 'docs');
    const taken = l.take(policy, 300) as Taken;
    assert.equal((l.take(policy, 1) as Problem).options.limit, 'docs');
    assert.equal(l.refund(taken), 1);
    assert.equal((l.take(policy, 1) as Taken).remaining, 0);
  });
});
