import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

/**
 * A load generator of bench/fairness.ts, in a process of its own so that it shares no event loop with the service or
 * the other client. Two kinds (JSON on argv[2]):
 * - `paced`: requests sent on a schedule whatever the answers (an exam system checking candidates as they arrive),
 *   each path at its own rate; latency from the scheduled moment, so a slow answer delays nothing after it.
 * - `greedy`: `connections` clients each sending its next request as soon as the last is answered (an integrator's
 *   script running many at once), waiting `Retry-After` after a 429 or 503 as HTTP asks.
 * Options in the JSON file named by argv[2]; prints one JSON line: requests, latencies of 200s and 304s, statuses.
 */
interface Paced {
  kind: 'paced';
  base: string;
  token: string;
  seconds: number;
  /** Requests per second of each kind, cycling through its paths. */
  rates: { paths: string[]; perSecond: number }[];
}

interface Greedy {
  kind: 'greedy';
  base: string;
  token: string;
  seconds: number;
  connections: number;
  paths: string[];
  headers?: Record<string, string>;
}

const options = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Paced | Greedy;
const agent = new Agent({ keepAlive: true, maxSockets: options.kind === 'greedy' ? options.connections : 256 });
const url = new URL(options.base);
const latencies: number[] = [];
/** A paced client's latencies by kind (the index of its rate). */
const byKind: number[][] = [];
const statuses: Record<string, number> = {};
let errors = 0;

function send(path: string, headers: Record<string, string>): Promise<{ status: number; retryAfter: number }> {
  return new Promise((resolve) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, path, agent, headers: { authorization: `Bearer ${options.token}`, ...headers } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: Number(response.headers['retry-after'] ?? 0) }));
      },
    );
    outgoing.on('error', () => resolve({ status: 0, retryAfter: 1 }));
    outgoing.end();
  });
}

function count(status: number, startedAt: number, kind = 0): void {
  if (status === 0) errors++;
  statuses[status] = (statuses[status] ?? 0) + 1;
  if (status !== 200 && status !== 304) return;
  const latency = performance.now() - startedAt;
  latencies.push(latency);
  (byKind[kind] ??= []).push(latency);
}

const end = performance.now() + options.seconds * 1000;
const pending = new Set<Promise<void>>();
if (options.kind === 'paced') {
  await Promise.all(
    options.rates.map(async ({ paths, perSecond }, kind) => {
      const interval = 1000 / perSecond;
      let sentCount = 0;
      for (let next = performance.now(); next < end; next += interval) {
        const wait = next - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const scheduled = next;
        const sent = send(paths[sentCount++ % paths.length]!, {}).then(({ status }) => count(status, scheduled, kind));
        pending.add(sent);
        void sent.finally(() => pending.delete(sent));
      }
    }),
  );
  await Promise.all(pending);
} else {
  let index = 0;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < end) {
        const path = options.paths[index++ % options.paths.length]!;
        const startedAt = performance.now();
        const { status, retryAfter } = await send(path, options.headers ?? {});
        count(status, startedAt);
        if (status === 429 || status === 503 || status === 0)
          await new Promise((resolve) => setTimeout(resolve, Math.max(1, retryAfter) * 1000));
      }
    }),
  );
}
agent.destroy();

/** The `q` quantile of `values`, sorted, in ms to a tenth. */
const at = (values: number[], q: number) =>
  values.length ? Math.round(values[Math.min(values.length - 1, Math.floor(q * values.length))]! * 10) / 10 : null;
latencies.sort((a, b) => a - b);
for (const values of byKind) values.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    requests: Object.values(statuses).reduce((sum, n) => sum + n, 0),
    statuses,
    errors,
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    max: at(latencies, 1),
    ...(options.kind === 'paced' && {
      byKind: byKind.map((values) => ({ p50: at(values, 0.5), p99: at(values, 0.99), max: at(values, 1) })),
    }),
  })}\n`,
);
