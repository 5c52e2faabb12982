import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` once when the app is ready, then every `intervalMs`, never two at once (a run still going when the next
 * is due is not doubled); closing the app waits for the run in progress, which `closing()` tells a long one to end.
 * `job` handles its own failures.
 */
export function runPeriodically(app: FastifyInstance, intervalMs: number, job: (closing: () => boolean) => Promise<void>): void {
  let running: Promise<void> | null = null;
  let closed = false;
  const closing = () => closed;
  const run = () => {
    running ??= job(closing).finally(() => {
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
    closed = true;
    clearInterval(timer);
    await running;
  });
}
