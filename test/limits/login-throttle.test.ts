// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LeasedLimiter } from '../../src/limits/leased-limiter.js';
import { LoginThrottle, MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL } from '../../src/limits/login-throttle.js';

const throttle = () => new LoginThrottle(new LeasedLimiter(null, 'ip', 900), new LeasedLimiter(null, 'email', 900));

describe('the login throttle', () => {
  it('refuses an e-mail past its failures for the rest of the window, without taking a point from the address', async () => {
    const t = throttle();
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) assert.equal(await t.reserve('10.0.0.1', 'alvo@example.org'), 0);
    const wait = await t.reserve('10.0.0.1', 'alvo@example.org');
    assert.ok(wait > 14 * 60 && wait <= 15 * 60, `${wait} s`);
    // The address has 5 failures, not 6: the refused attempt gave its point back.
    for (let i = MAX_FAILURES_PER_EMAIL; i < MAX_FAILURES_PER_ADDRESS; i++)
      assert.equal(await t.reserve('10.0.0.1', `outro-${i}@example.org`), 0);
    assert.ok((await t.reserve('10.0.0.1', 'mais-um@example.org')) > 0);
  });

  it("forgets an e-mail's failures once a login succeeds, and gives its address the attempt back", async () => {
    const t = throttle();
    // Four failures, then the right password.
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) assert.equal(await t.reserve('10.0.0.2', 'admin@example.org'), 0);
    await t.succeeded('10.0.0.2', 'admin@example.org');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) assert.equal(await t.reserve('10.0.0.3', 'admin@example.org'), 0);
    assert.ok((await t.reserve('10.0.0.3', 'admin@example.org')) > 0);
    // The address holds its four failures only.
    for (let i = MAX_FAILURES_PER_EMAIL - 1; i < MAX_FAILURES_PER_ADDRESS; i++)
      assert.equal(await t.reserve('10.0.0.2', `e-${i}@example.org`), 0);
    assert.ok((await t.reserve('10.0.0.2', 'e-ultimo@example.org')) > 0);
  });
});
