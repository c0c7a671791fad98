/** Maps over items with at most `limit` calls in flight, keeping the order of the results. */
export async function mapWithConcurrency<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}

/**
 * A limiter shared by several callers: at most `limit` tasks run at once, the rest wait in order
 * (fact-check claims read their pages under one limit, as one question does).
 */
export function concurrencyLimit(limit: number): <R>(task: () => Promise<R>) => Promise<R> {
  const max = Math.max(1, limit);
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    // A finished task hands its slot to the next in line, so a newcomer never slips past the limit.
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
