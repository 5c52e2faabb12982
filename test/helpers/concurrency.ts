/** `count` calls of `call`, at most `concurrency` in flight at a time; their results in the order they were started. */
export async function inParallel<T>(count: number, concurrency: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, concurrency) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await call(i);
      }
    }),
  );
  return results;
}
