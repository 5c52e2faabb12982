// Runs once, on the embedded database: nothing here reads a database.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const SRC = new URL('../src/', import.meta.url);

describe("README's Architecture", () => {
  it('names every folder and top-level module of src/, and nothing that is not there', () => {
    const section = README.slice(README.indexOf('## Architecture'));
    const tree = section.slice(section.indexOf('```'), section.indexOf('```', section.indexOf('```') + 3));
    // The lines under `src/`: two spaces, then a name (or names, `seed/, simulation/`), then what it holds.
    const named = new Set(
      [...tree.matchAll(/^ {2}([a-z<>/.-]+(?:, [a-z<>/.-]+)*)/gm)].flatMap((match) =>
        match[1]!.split(', ').map(
          (name) =>
            name
              .replace(/<[^>]+>\/$/, '')
              .replace(/\/$/, '')
              .split('/')[0]!,
        ),
      ),
    );
    const entries = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || ['app.ts', 'server.ts', 'config.ts'].includes(entry.name))
      .map((entry) => entry.name);
    for (const entry of entries) assert.ok(named.has(entry), `src/${entry} is missing from README's Architecture`);
    for (const name of named) {
      assert.ok(
        entries.includes(name) || ['migrations', 'test', 'clients', 'src'].includes(name),
        `README's Architecture names src/${name}, which does not exist`,
      );
    }
  });
});
