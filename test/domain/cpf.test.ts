// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpfCheckDigits, formatCpf, isValidCpf, maskCpf, parseCpf } from '../../src/domain/cpf.js';

describe('CPF', () => {
  it('computes the check digits of known CPFs', () => {
    assert.equal(cpfCheckDigits('529982247'), '25');
    assert.equal(cpfCheckDigits('111444777'), '35');
  });

  it('accepts valid CPFs and rejects wrong check digits and repeated digits', () => {
    assert.equal(isValidCpf('52998224725'), true);
    assert.equal(isValidCpf('52998224724'), false);
    assert.equal(isValidCpf('11111111111'), false);
    assert.equal(isValidCpf('5299822472'), false);
  });

  it('parses masked and bare forms only', () => {
    assert.equal(parseCpf('529.982.247-25'), '52998224725');
    assert.equal(parseCpf('52998224725'), '52998224725');
    assert.equal(parseCpf('529-982-247.25'), null);
    assert.equal(parseCpf('abc'), null);
  });

  it('formats and masks', () => {
    assert.equal(formatCpf('52998224725'), '529.982.247-25');
    assert.equal(maskCpf('52998224725'), '***.***.247-**');
  });
});
