#!/usr/bin/env node
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('associa: dist/ is missing; run `npm ci` (or `npm run build`) first.\n');
  process.exit(1);
}
const { runCli } = await import(entry.href);
await runCli(process.argv);
