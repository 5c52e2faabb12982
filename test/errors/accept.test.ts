// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acceptsJson } from '../../src/errors/accept.js';

describe('Accept negotiation', () => {
  it('admits JSON for absent, wildcard and JSON ranges', () => {
    for (const header of [
      undefined,
      '',
      '*/*',
      'application/*',
      'application/json',
      'application/problem+json',
      'text/html, application/json;q=0.5',
      'text/html;q=0.9, */*;q=0.1',
      'APPLICATION/JSON',
    ]) {
      assert.equal(acceptsJson(header), true, String(header));
    }
  });

  it('refuses headers that exclude JSON', () => {
    for (const header of [
      'text/html',
      'text/csv, application/xml',
      'application/json;q=0',
      '*/*;q=0',
      'text/*',
      'application/json;q=0, */*',
    ]) {
      assert.equal(acceptsJson(header), false, header);
    }
  });
});
