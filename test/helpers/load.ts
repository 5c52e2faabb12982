/** One request of a load: when it started, how long it took, and how it ended. */
export interface Outcome {
  startedAt: number;
  ms: number;
  /** 0 when no response came (refused, reset, timed out). */
  status: number;
  code: string | undefined;
  retryAfter: string | null;
  error: string | undefined;
}

export interface Load {
  /** Outcomes so far. */
  readonly outcomes: readonly Outcome[];
  /** Lets the requests in flight finish, starts no more, and returns every outcome. */
  stop(): Promise<Outcome[]>;
}

/**
 * `concurrency` clients each sending the next request as soon as the last one ended, until stopped.
 * A request that has no answer within `timeoutMs` counts as failed, so a hang shows as a failure.
 */
export function constantLoad(url: () => string, headers: Record<string, string>, concurrency: number, timeoutMs = 10_000): Load {
  const outcomes: Outcome[] = [];
  let running = true;
  const client = async () => {
    while (running) {
      const startedAt = Date.now();
      try {
        const response = await fetch(url(), { headers, signal: AbortSignal.timeout(timeoutMs) });
        const text = await response.text();
        const code = response.headers.get('content-type')?.startsWith('application/problem+json')
          ? (JSON.parse(text) as { code?: string }).code : undefined;
        outcomes.push({ startedAt, ms: Date.now() - startedAt, status: response.status, code, retryAfter: response.headers.get('retry-after'), error: undefined });
      } catch (error) {
        outcomes.push({ startedAt, ms: Date.now() - startedAt, status: 0, code: undefined, retryAfter: null, error: (error as Error).cause ? String((error as Error).cause) : String(error) });
      }
    }
  };
  const clients = Array.from({ length: concurrency }, client);
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(clients);
      return outcomes;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it holds; fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(100);
  }
  return Date.now() - started;
}
