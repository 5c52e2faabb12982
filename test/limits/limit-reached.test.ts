// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { limitReached, retryAfter } from '../../src/limits/limit-reached.js';

describe('the 429 of a limit reached', () => {
  it('tells the whole seconds left of the window, never 0', () => {
    assert.deepEqual(
      [0, 1, 999, 1000, 1001, 59_001].map((ms) => retryAfter(ms)),
      [1, 1, 1, 1, 2, 60],
    );
  });

  it('is rate_limited for the request limits, cpf_lookup_limited for lookups by CPF, with Retry-After and the limit named', () => {
    const token = limitReached('token', 7, 'Limite atingido.', { ratelimit: '"default";r=0;t=7' });
    assert.equal(token.status, 429);
    assert.equal(token.code, 'rate_limited');
    assert.equal(token.detail, 'Limite atingido.');
    assert.deepEqual(token.options, { headers: { 'retry-after': '7', ratelimit: '"default";r=0;t=7' }, limit: 'token' });
    const cpf = limitReached('cpf_lookup', 30, 'Consultas demais.');
    assert.equal(cpf.status, 429);
    assert.equal(cpf.code, 'cpf_lookup_limited');
    assert.deepEqual(cpf.options, { headers: { 'retry-after': '30' }, limit: 'cpf_lookup' });
  });
});
