import { parentPort, workerData } from 'node:worker_threads';
import { checkFile, type CheckedBatch, type FileChecked, type FileJob } from './check-file.js';

/**
 * A large file's reading and line checks, in a thread of its own so that two files are read at once (src/import/
 * staging.ts, stageFile). Posts each batch and waits for the import to take it before posting another past the next.
 */
export type FromWorker = { batch: CheckedBatch } | { done: FileChecked };

const port = parentPort!;
let taken: (() => void) | undefined;
let waiting = 0;
port.on('message', () => {
  waiting--;
  taken?.();
});

const result = await checkFile(workerData as FileJob, async (batch) => {
  port.postMessage({ batch } satisfies FromWorker);
  waiting++;
  while (waiting > 1) await new Promise<void>((resolve) => (taken = resolve));
});
// The import resolves the file once its last batch, written after all the others, is.
port.postMessage({ done: result } satisfies FromWorker);
