// The files `npm test` runs in one process (scripts/test.ts): each file's suites run after the previous file's, as
// Node's test runner runs the suites of one file, and the process pays for loading the service and the embedded
// database once rather than once a file.
import { resolve } from 'node:path';
import { before } from 'node:test';
import { pathToFileURL } from 'node:url';

// With --test-force-exit the process ends once the tests it knows of have run: none may start before every file is loaded.
let loaded!: () => void;
const allLoaded = new Promise<void>((done) => (loaded = done));
before(() => allLoaded);

for (const file of process.argv.slice(2)) {
  try {
    await import(pathToFileURL(resolve(file)).href);
  } catch (error) {
    // The other files still run; the batch fails.
    process.stderr.write(`${file} did not load: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  }
}
loaded();
