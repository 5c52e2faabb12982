import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` once when the app is ready, then every `intervalMs`, never two at once (a run still going when the next
 * is due is not doubled); closing the app waits for the run in progress. `job` handles its own failures.
 */
export function runPeriodically(app: FastifyInstance, intervalMs: number, job: () => Promise<void>): void {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= job().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  app.addHook('onReady', (ready) => {
    run();
    ready();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
