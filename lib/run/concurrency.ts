/**
 * Resolves once the event loop has polled for I/O (not a microtask): work queued behind it lets the
 * requests already started go out and the answers already in be read first. In Node two setImmediate
 * turns (one is not enough from an I/O callback: its check phase comes before the next poll); in a
 * browser one timer (the network is on another thread there).
 */
export function yieldToEventLoop(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  if (!immediate) return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => immediate(() => immediate(resolve)));
}

/**
 * Maps over items with at most `limit` calls in flight, keeping the order of the results. The first
 * failure rejects, and no item starts after it (a model that refuses the key is not asked again).
 */
export async function mapWithConcurrency<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        results[i] = await fn(items[i]!, i);
      } catch (e) {
        failed = true;
        throw e;
      }
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

/** A limiter whose waiting tasks start lowest priority first. */
export interface PriorityLimiter {
  /**
   * Runs `task` when a slot is free and no waiting task has a lower priority. A priority given as a
   * function is read each time a slot frees, so a waiting task can be moved up (a page a
   * higher-ranked claim needs too).
   */
  run<R>(priority: number | (() => number), task: () => Promise<R>): Promise<R>;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
  /** Rejects every waiting task with `reason` (a stopped check); running ones finish. */
  clear(reason: unknown): void;
}

/**
 * A limiter whose waiting tasks start by priority, then in order of arrival: a fact-check reads the
 * pages of its highest-ranked claims first, so the first verdicts come early whatever the page count.
 */
export function priorityLimit(limit: number): PriorityLimiter {
  const max = Math.max(1, limit);
  let active = 0;
  let arrivals = 0;
  const queue: Array<{ priority: () => number; order: number; start: () => void; fail: (e: unknown) => void }> = [];
  const next = () => {
    if (active >= max || queue.length === 0) return;
    let best = 0;
    let bestPriority = queue[0]!.priority();
    for (let i = 1; i < queue.length; i++) {
      const p = queue[i]!.priority();
      if (p < bestPriority || (p === bestPriority && queue[i]!.order < queue[best]!.order)) {
        best = i;
        bestPriority = p;
      }
    }
    const [chosen] = queue.splice(best, 1);
    active++;
    chosen!.start();
  };
  return {
    get waiting() {
      return queue.length;
    },
    run<R>(priority: number | (() => number), task: () => Promise<R>): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({
          priority: typeof priority === 'number' ? () => priority : priority,
          order: arrivals++,
          fail: reject,
          start: () => {
            // A task that throws before its first await must still give its slot back.
            new Promise<R>((done) => done(task())).then(resolve, reject).finally(() => {
              active--;
              next();
            });
          },
        });
        next();
      });
    },
    clear(reason: unknown) {
      for (const q of queue.splice(0)) q.fail(reason);
    },
  };
}
