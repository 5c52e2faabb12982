import { runCli } from '../../src/cli/main.js';

/** Runs the `associa` command from source, as bin/associa.js runs it from dist/. */
await runCli(process.argv);
