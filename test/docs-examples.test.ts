// Runs once, on the embedded database: the demo, as `npm start` serves it.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { childEnv, serve, tempDir } from './helpers/processes.js';

/**
 * Every code example of the consumer guides (docs/guia-*.md) runs against `npm start`'s demo. An example is a
 * fenced block tagged `sh exemplo` (run by bash) or `js exemplo` (run by node as a module), written for the
 * demo's address and reading the token from $TOKEN; a `text saída` block right after it is its exact output.
 */
const DOCS = new URL('../docs/', import.meta.url);
const GUIDES = readdirSync(DOCS)
  .filter((name) => /^guia-.*\.md$/.test(name))
  .sort();
/** The address the guides are written for: what `npm start` listens on. */
const DEMO_BASE = 'http://127.0.0.1:3000';
const TIMEOUT_MS = 120_000;

interface Block {
  info: string;
  code: string;
  line: number;
}
interface Example {
  language: 'sh' | 'js';
  code: string;
  line: number;
  output: string | null;
}

function blocks(text: string): Block[] {
  return [...text.matchAll(/^```([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm)].map((match) => ({
    info: match[1]!.trim(),
    code: match[2]!,
    line: text.slice(0, match.index).split('\n').length,
  }));
}

function examples(guide: string): Example[] {
  const all = blocks(readFileSync(new URL(guide, DOCS), 'utf8'));
  return all.flatMap((block, i) => {
    const tagged = /^(sh|js) exemplo$/.exec(block.info);
    if (!tagged) return [];
    const next = all[i + 1];
    return [
      { language: tagged[1] as 'sh' | 'js', code: block.code, line: block.line, output: next?.info === 'text saída' ? next.code : null },
    ];
  });
}

async function run(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr };
}

// The demo is the embedded database whatever DATABASE_URL says, so the PostgreSQL pass would only repeat this.
describe(
  "the guides' examples, against npm start's demo",
  { skip: Boolean(process.env.DATABASE_URL) && 'the demo runs on the embedded database: checked in the embedded pass' },
  () => {
    let demo: Awaited<ReturnType<typeof serve>>;
    let token: string;

    before(async () => {
      demo = await serve({ DATA_DIR: tempDir() });
      token = /Demo token[^\n]*\n\s+(\S+)/.exec(demo.stdout())![1]!;
    });
    after(async () => {
      demo.child.kill('SIGTERM');
      await once(demo.child, 'exit');
    });

    it('tags every shell and JavaScript block of the guides as an example, and each guide has some', () => {
      for (const guide of GUIDES) {
        const untagged = blocks(readFileSync(new URL(guide, DOCS), 'utf8')).filter(
          (block) => /^(sh|bash|shell|js|javascript|mjs|ts)\b/.test(block.info) && !/ exemplo$/.test(block.info),
        );
        assert.deepEqual(
          untagged.map((block) => `${guide}:${block.line} ${block.info}`),
          [],
        );
        assert.ok(examples(guide).length > 0, `${guide} has no example`);
      }
      assert.deepEqual(GUIDES, ['guia-erp.md', 'guia-sistema-de-provas.md', 'guia-site.md']);
    });

    for (const guide of GUIDES) {
      for (const example of examples(guide)) {
        it(`${guide}:${example.line} (${example.language})`, async () => {
          const cwd = tempDir('associa-example-');
          const code = example.code.replaceAll(DEMO_BASE, demo.base);
          const env = childEnv({ TOKEN: token });
          let child: ChildProcess;
          if (example.language === 'sh') {
            child = spawn('bash', ['-euo', 'pipefail', '-c', code], { cwd, env });
          } else {
            writeFileSync(join(cwd, 'exemplo.mjs'), code);
            child = spawn(process.execPath, ['exemplo.mjs'], { cwd, env });
          }
          const result = await run(child);
          assert.equal(result.code, 0, `exit ${result.code}\n${result.stderr}\n${result.stdout}`);
          if (example.output !== null) assert.equal(result.stdout, example.output, result.stderr);
          else assert.notEqual(result.stdout.trim(), '', 'printed nothing');
        });
      }
    }
  },
);
