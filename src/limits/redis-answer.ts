/** How long a Redis command may take before the request goes on without it. */
export const REDIS_ANSWER_MS = 500;

/**
 * Redis's answer, or a failure once `ms` have passed without one (a frozen Redis, or its host gone without a
 * reset). The deadline is judged after the event loop has read its sockets: an answer that arrived while the
 * process was busy (a burst of responses, a long GC) is not taken for a hung Redis, as ioredis's own
 * `commandTimeout`, whose timer runs before the socket is read, would take it.
 */
export function redisAnswer<T>(pending: Promise<T>, ms = REDIS_ANSWER_MS): Promise<T> {
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => setImmediate(() => settled || reject(new Error(`no answer from Redis within ${ms} ms`))), ms);
  });
  const answered = pending.finally(() => {
    settled = true;
    clearTimeout(timer);
  });
  return Promise.race([answered, deadline]);
}
