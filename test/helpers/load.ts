/** A request of a load: its address and headers, and what a 200's body must hold, when the load checks it. */
export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  expect?: (body: string) => boolean;
}

/** One request of a load: what was sent, when it started, how long it took, and how it ended. */
export interface Outcome {
  request: LoadRequest;
  startedAt: number;
  ms: number;
  /** 0 when no response came (refused, reset, timed out). */
  status: number;
  code: string | undefined;
  retryAfter: string | null;
  error: string | undefined;
  /** A 200 whose body is not what the request expected: another's data, or none. */
  wrongBody: boolean;
}

export interface Load {
  /** Outcomes so far. */
  readonly outcomes: readonly Outcome[];
  /** Lets the requests in flight finish, starts no more, and returns every outcome. */
  stop(): Promise<Outcome[]>;
}

/**
 * `concurrency` clients each sending the next request as soon as the last one ended, until stopped.
 * `next` gives each request's address, sent with `headers`, or the whole request. A request that has no
 * answer within `timeoutMs` counts as failed, so a hang shows as a failure.
 */
export function constantLoad(
  next: () => string | LoadRequest,
  headers: Record<string, string>,
  concurrency: number,
  timeoutMs = 10_000,
): Load {
  const outcomes: Outcome[] = [];
  let running = true;
  const client = async () => {
    while (running) {
      const drawn = next();
      const request = typeof drawn === 'string' ? { url: drawn, headers } : drawn;
      const startedAt = Date.now();
      try {
        const response = await fetch(request.url, { headers: request.headers, signal: AbortSignal.timeout(timeoutMs) });
        const text = await response.text();
        const code = response.headers.get('content-type')?.startsWith('application/problem+json')
          ? (JSON.parse(text) as { code?: string }).code
          : undefined;
        outcomes.push({
          request,
          startedAt,
          ms: Date.now() - startedAt,
          status: response.status,
          code,
          retryAfter: response.headers.get('retry-after'),
          error: undefined,
          wrongBody: response.status === 200 && request.expect !== undefined && !request.expect(text),
        });
      } catch (error) {
        outcomes.push({
          request,
          startedAt,
          ms: Date.now() - startedAt,
          status: 0,
          code: undefined,
          retryAfter: null,
          error: (error as Error).cause ? String((error as Error).cause) : String(error),
          wrongBody: false,
        });
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

/**
 * Runs `during` while `loads` run, then stops them however `during` ended (clients left running would keep
 * the test's process alive), and returns every outcome.
 */
export async function underLoad(loads: Load | Load[], during: () => Promise<void>): Promise<Outcome[]> {
  const all = Array.isArray(loads) ? loads : [loads];
  try {
    await during();
  } finally {
    await Promise.all(all.map((load) => load.stop()));
  }
  return all.flatMap((load) => load.outcomes);
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
