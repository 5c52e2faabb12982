import http from 'node:http';
import https from 'node:https';
import { guardedLookup, literalAddressProblem, RefusedAddressError, type AddressPolicy } from './endpoint-address.js';

/** Success is a 2xx within this (API-DESIGN §13). */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** The most of an answer that is read; the deliveries log keeps its start. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const KEPT_RESPONSE_CHARS = 500;

export interface PostResult {
  /** The answer's status; absent when there was none. */
  status?: number;
  /** Why there was no answer, or why the answer is not a success (a redirect), in Portuguese. */
  error?: string;
  /** The start of the answer's body. */
  response?: string;
  latencyMs: number;
}

/**
 * Posts one webhook: no redirect followed (a 3xx is a failure), at most 64 KB of the answer read, an answer within
 * 10 s or none. Connections are kept alive between deliveries to the same receiver.
 */
export class WebhookPoster {
  private readonly agents: { http: http.Agent; https: https.Agent };
  private readonly lookup: ReturnType<typeof guardedLookup>;

  constructor(
    private readonly policy: AddressPolicy,
    private readonly timeoutMs = ATTEMPT_TIMEOUT_MS,
  ) {
    this.lookup = guardedLookup(policy);
    this.agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  }

  post(target: string, headers: Record<string, string>, body: string): Promise<PostResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const url = new URL(target);
    const refused = literalAddressProblem(url, this.policy);
    if (refused) return Promise.resolve({ error: refused, latencyMs: 0 });
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: Omit<PostResult, 'latencyMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, latencyMs: elapsed() });
      };
      const secure = url.protocol === 'https:';
      const request = (secure ? https : http).request(url, {
        method: 'POST',
        agent: secure ? this.agents.https : this.agents.http,
        lookup: this.lookup,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Associa-Webhooks/1',
        },
      });
      const timer = setTimeout(() => {
        finish({ error: `sem resposta em ${this.timeoutMs / 1000} s` });
        request.destroy();
      }, this.timeoutMs);
      request.on('error', (error: Error) => {
        finish({
          error:
            error instanceof RefusedAddressError
              ? error.message
              : `conexão falhou: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
        });
      });
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, KEPT_RESPONSE_CHARS);
          const redirect = status >= 300 && status < 400;
          finish({
            status,
            response: text,
            ...(redirect && { error: `redirecionamento para ${response.headers.location ?? '?'} não seguido` }),
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_RESPONSE_BYTES) chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
          size += chunk.length;
          if (size >= MAX_RESPONSE_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
      });
      request.end(body);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
