// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDuration } from '../../src/tokens/duration.js';
import { generateToken, hashToken, holdsTokenSecret, isWellFormedToken, TOKEN_PREFIX } from '../../src/tokens/token.js';

describe('API tokens', () => {
  it('have the service prefix, 256 random bits in base62 and a checksum', () => {
    const token = generateToken();
    assert.match(token, /^associa_[0-9A-Za-z]{49}$/);
    assert.ok(token.startsWith(TOKEN_PREFIX));
    assert.equal(isWellFormedToken(token), true);
    assert.notEqual(generateToken(), token);
  });

  it('reject a mistyped token by its checksum', () => {
    const token = generateToken();
    const last = token.at(-8)!;
    const typo = token.slice(0, -8) + (last === 'a' ? 'b' : 'a') + token.slice(-7);
    assert.equal(isWellFormedToken(typo), false);
    assert.equal(isWellFormedToken('Bearer xyz'), false);
  });

  it('are recognised by their secret alone, wherever it sits among letters and digits', () => {
    const secret = generateToken().slice(TOKEN_PREFIX.length);
    for (const text of [secret, `abc${secret}XYZ`, `0${'x'.repeat(60)}${secret}`, `lote-${secret}.1`, `${secret.slice(3)}-${secret}`]) {
      assert.equal(holdsTokenSecret(text), true, text);
    }
    for (let offset = 0; offset < 300; offset += 7) {
      const around = generateToken().slice(TOKEN_PREFIX.length).repeat(8);
      assert.equal(holdsTokenSecret(`${around.slice(0, offset)}${secret}${around.slice(offset, 2 * offset)}`), true, String(offset));
    }
    const typo = secret.slice(0, 10) + (secret[10] === 'a' ? 'b' : 'a') + secret.slice(11);
    for (const text of [typo, secret.slice(1), secret.slice(0, -1), `${secret.slice(0, 30)}-${secret.slice(30)}`, 'a'.repeat(4096), '']) {
      assert.equal(holdsTokenSecret(text), false, text);
    }
  });

  it('are stored as a SHA-256 hash', () => {
    const token = generateToken();
    assert.equal(hashToken(token).length, 32);
    assert.deepEqual(hashToken(token), hashToken(token));
  });
});

describe('token lifetimes', () => {
  it('parses hours, days, weeks and years', () => {
    assert.equal(parseDuration('12h'), 12 * 3600);
    assert.equal(parseDuration('90d'), 90 * 86400);
    assert.equal(parseDuration('2w'), 14 * 86400);
    assert.equal(parseDuration('1y'), 365 * 86400);
  });

  it('rejects anything else', () => {
    for (const text of ['', '0d', '10', 'd', '1.5d', '-1d', '3m']) assert.equal(parseDuration(text), null, text);
  });
});
