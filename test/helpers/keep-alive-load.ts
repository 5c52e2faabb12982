import { Agent, get, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import type { Load, Outcome } from './load.js';

/** A response, and whether its request went on a connection kept open from an earlier one. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  reused: boolean;
}

/** One outcome of a keep-alive load: as load.ts's, and whether the request went on a connection kept open. */
export interface KeepAliveOutcome extends Outcome {
  /** False: a new connection, which the server may refuse once it stops listening. */
  reused: boolean;
}

export interface KeepAliveLoad extends Load {
  readonly outcomes: readonly KeepAliveOutcome[];
  stop(): Promise<KeepAliveOutcome[]>;
}

/**
 * A route of the API drawn at random, as its consumers ask them: the exam system's status and record of one of
 * the first `members` members, the ERP's lists, the website's course list (the token needs every scope).
 */
export function anyRoute(members: number): string {
  const member = 1 + Math.floor(Math.random() * members);
  const routes = [
    `/api/v1/associados/${member}/situacao`,
    `/api/v1/associados/${member}`,
    '/api/v1/associados?limit=10',
    '/api/v1/faturas?limit=10',
    '/api/v1/cursos?limit=10',
    '/api/v1/public/cursos',
  ];
  return routes[Math.floor(Math.random() * routes.length)]!;
}

function start(agent: Agent, url: string, headers: Record<string, string>, timeoutMs: number) {
  let sent!: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    sent = get(url, { agent, headers, timeout: timeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body, reused: sent.reusedSocket }));
    });
    sent.on('timeout', () => sent.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    sent.on('error', reject);
  });
  return { sent, answer };
}

/** One GET through `agent` (node:http's, which can tell a new connection from one kept open). */
export function send(agent: Agent, url: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<Answer> {
  return start(agent, url, headers, timeoutMs).answer;
}

/**
 * `concurrency` clients, each with a connection of its own kept alive from request to request (a new one when
 * the server closes it), sending the next request as soon as the last ended, until stopped. Unlike load.ts's
 * fetch, each outcome tells whether its request went on a new connection or on one kept open: a failure on a
 * new connection is the server refusing it, one on a connection kept open is a request lost.
 */
export function keepAliveLoad(next: () => string, headers: Record<string, string>, concurrency: number, timeoutMs = 10_000): KeepAliveLoad {
  const outcomes: KeepAliveOutcome[] = [];
  let running = true;
  const client = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (running) {
        const url = next();
        const startedAt = Date.now();
        const { sent, answer } = start(agent, url, headers, timeoutMs);
        const common = { request: { url, headers }, startedAt, wrongBody: false };
        try {
          const { status, body, headers: received } = await answer;
          const code = received['content-type']?.startsWith('application/problem+json')
            ? (JSON.parse(body) as { code?: string }).code
            : undefined;
          const retryAfter = received['retry-after'] ?? null;
          outcomes.push({ ...common, ms: Date.now() - startedAt, status, code, retryAfter, error: undefined, reused: sent.reusedSocket });
        } catch (error) {
          outcomes.push({
            ...common,
            ms: Date.now() - startedAt,
            status: 0,
            code: undefined,
            retryAfter: null,
            error: String(error),
            reused: sent.reusedSocket,
          });
        }
      }
    } finally {
      agent.destroy();
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
