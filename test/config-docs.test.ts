// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CONFIG_VARIABLES } from '../src/config.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const ENV_EXAMPLE = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');

/** The schema's default as the environment would spell it, or undefined. */
function defaultOf(name: string): string | undefined {
  const value = (CONFIG_VARIABLES[name] as { default?: string | number }).default;
  return value === undefined ? undefined : String(value);
}

/** README, "Configuration": name → the first `value` of the Default column, or undefined for "(none)" and prose. */
function readmeTable(): Map<string, string | undefined> {
  const section = README.slice(README.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n## '));
  const rows = new Map<string, string | undefined>();
  for (const match of table.matchAll(/^\| `([A-Z_]+)` \| ([^|]*) \|/gm)) {
    rows.set(match[1]!, /^`([^`]*)`/.exec(match[2]!.trim())?.[1]);
  }
  return rows;
}

/** .env.example: name → value, with `commented` for a line that shows the variable without setting it. */
function envExample(): Map<string, { value: string; commented: boolean }> {
  const lines = new Map<string, { value: string; commented: boolean }>();
  for (const match of ENV_EXAMPLE.matchAll(/^(# )?([A-Z][A-Z0-9_]*)=(.*)$/gm)) {
    assert.ok(!lines.has(match[2]!), `${match[2]} appears twice in .env.example`);
    lines.set(match[2]!, { value: match[3]!, commented: Boolean(match[1]) });
  }
  return lines;
}

describe('configuration documents', () => {
  const names = Object.keys(CONFIG_VARIABLES).sort();

  it("README's table names every variable src/config.ts reads, and no other", () => {
    assert.deepEqual([...readmeTable().keys()].sort(), names);
  });

  it("README's defaults are src/config.ts's", () => {
    const table = readmeTable();
    for (const name of names) assert.equal(table.get(name), defaultOf(name), name);
  });

  it('.env.example shows every variable, and sets each that has a default to it (and no other)', () => {
    const example = envExample();
    assert.deepEqual([...example.keys()].sort(), names);
    for (const name of names) {
      const line = example.get(name)!;
      const fallback = defaultOf(name);
      if (fallback === undefined) assert.ok(line.commented, `${name} has no default: .env.example must leave it commented`);
      else assert.deepEqual(line, { value: fallback, commented: false }, name);
    }
  });
});
