import autocannon from 'autocannon';

export interface LoadOptions {
  base: string;
  /** The next request's path: called for every request, so a run spreads over many ids. */
  path: () => string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/** One autocannon run; an error is a failed connection, a timeout or any status other than 2xx. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    requests: [{ setupRequest: (request) => ({ ...request, path: options.path() }) }],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

/** Runs `times` measurements after a warm-up, and returns the one with the median requests/s. */
export async function measure(options: LoadOptions, times: number, warmupSeconds: number): Promise<LoadResult & { runs: number[] }> {
  if (warmupSeconds > 0) await load({ ...options, seconds: warmupSeconds });
  const runs: LoadResult[] = [];
  for (let i = 0; i < times; i++) runs.push(await load(options));
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return { ...median, errors: runs.reduce((sum, run) => sum + run.errors, 0), runs: runs.map((run) => run.rps) };
}
