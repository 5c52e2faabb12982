export type Fetch = (request: Request) => Promise<Response>;

export interface RetryOptions {
  /** Tries in all, the first one included (default 3; 1 turns retries off). */
  attempts?: number;
  /**
   * The longest wait, in seconds, worth making before a retry (default 30). A longer `Retry-After` (a quota
   * that resets in a minute, a day's limit of CPF lookups) returns the 429 or 503 at once instead.
   */
  maxWaitSeconds?: number;
}

/** Statuses whose `Retry-After` tells when the same request may succeed (RFC 9110 §15.6.4, RFC 6585 §4). */
const RETRIED = new Set([429, 503]);

/**
 * Codes of a connection that failed before an answer: reset (ECONNRESET, node:http's "socket hang up" included; EPIPE
 * when the reset came as the request was written; undici's UND_ERR_SOCKET when the server closed it) or refused. A
 * stopping instance resets the connections still waiting in its listener's queue, their requests unread, and a
 * client cannot tell such a reset from one under a request in progress: a GET is idempotent, so it is sent again
 * either way.
 */
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
const REFUSED = 'ECONNREFUSED';

/**
 * Repeats a request answered 429 or 503 after the wait its `Retry-After` asks for, and a GET whose connection was
 * reset (at once: the reset connection is gone, so the retry goes on another) or refused (after 1 s, 2 s…: nothing
 * listens there for now, an instance restarting).
 */
export function withRetries(fetch: Fetch, { attempts = 3, maxWaitSeconds = 30 }: RetryOptions = {}): Fetch {
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(request);
      } catch (error) {
        const code = networkCode(error);
        const retried = request.method === 'GET' && isConnectionFailure(error);
        if (!retried || attempt >= attempts) throw error;
        if (code === REFUSED) await sleep(2 ** (attempt - 1) * 1000, request.signal);
        continue;
      }
      if (!RETRIED.has(response.status) || attempt >= attempts) return response;
      const seconds = waitSeconds(response.headers.get('retry-after'), attempt);
      if (seconds > maxWaitSeconds) return response;
      // Frees the connection the discarded answer holds.
      await response.body?.cancel();
      await sleep(seconds * 1000, request.signal);
    }
  };
}

/** A request whose connection was reset or refused before an answer: it may have reached the service, or not. */
export function isConnectionFailure(error: unknown): boolean {
  const code = networkCode(error);
  return code === REFUSED || (code !== undefined && RESET.has(code));
}

/** The system's or undici's code of a failed fetch: on the error itself, or on its cause (undici's "fetch failed"). */
function networkCode(error: unknown): string | undefined {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const found = typeof code === 'string' ? code : cause?.code;
  return typeof found === 'string' ? found : undefined;
}

/** Retry-After as delay-seconds or an HTTP-date (RFC 9110 §10.2.3); without one (a proxy's 503), 1 s, 2 s, 4 s… */
function waitSeconds(retryAfter: string | null, attempt: number): number {
  const value = retryAfter?.trim() ?? '';
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 2 ** (attempt - 1) : Math.max(0, (date - Date.now()) / 1000);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}
