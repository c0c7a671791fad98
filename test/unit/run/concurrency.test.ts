import { describe, expect, it } from 'vitest';
import { mapWithConcurrency, priorityLimit } from '@/lib/run/concurrency';

/** A task the test finishes by hand, recording when it started. */
function gate(started: string[], name: string) {
  let open!: (v: string) => void;
  let fail!: (e: unknown) => void;
  const done = new Promise<string>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    open: () => open(name),
    fail: (e: unknown) => fail(e),
  };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('priorityLimit', () => {
  it('runs at most `limit` at once; the waiting start by priority, then in order of arrival', async () => {
    const started: string[] = [];
    const limit = priorityLimit(2);
    const a = gate(started, 'a');
    const b = gate(started, 'b');
    const results = [limit.run(5, a.task), limit.run(5, b.task)];
    const waiting = [
      ['late-low', 9],
      ['first-mid', 3],
      ['top', 0],
      ['second-mid', 3],
    ] as const;
    const gates = waiting.map(([name, priority]) => {
      const g = gate(started, name);
      results.push(limit.run(priority, g.task));
      return g;
    });
    expect(started).toEqual(['a', 'b']);
    expect(limit.waiting).toBe(4);
    a.open();
    await tick();
    expect(started).toEqual(['a', 'b', 'top']);
    b.open();
    await tick();
    expect(started).toEqual(['a', 'b', 'top', 'first-mid']);
    for (const g of gates) g.open();
    await Promise.all(results);
    expect(started).toEqual(['a', 'b', 'top', 'first-mid', 'second-mid', 'late-low']);
    expect(await Promise.all(results)).toEqual(['a', 'b', 'late-low', 'first-mid', 'top', 'second-mid']);
  });

  it('a priority given as a function is read when a slot frees: a waiting task can be moved up', async () => {
    const started: string[] = [];
    const limit = priorityLimit(1);
    const busy = gate(started, 'busy');
    void limit.run(0, busy.task);
    const mid = gate(started, 'mid');
    const later = gate(started, 'raised');
    const raised = { priority: 9 };
    const all = [limit.run(4, mid.task), limit.run(() => raised.priority, later.task)];
    // Asked for later, and by a lower priority, then needed by a higher one while it waits.
    raised.priority = 1;
    busy.open();
    await tick();
    expect(started).toEqual(['busy', 'raised']);
    later.open();
    await tick();
    expect(started).toEqual(['busy', 'raised', 'mid']);
    mid.open();
    await Promise.all(all);
  });

  it('clear rejects every waiting task with the reason and starts none of them; running ones finish', async () => {
    const started: string[] = [];
    const limit = priorityLimit(1);
    const running = gate(started, 'running');
    const first = limit.run(0, running.task);
    const queued = [limit.run(1, gate(started, 'q1').task), limit.run(2, gate(started, 'q2').task)];
    const reason = new Error('stopped');
    limit.clear(reason);
    expect(limit.waiting).toBe(0);
    for (const q of queued) await expect(q).rejects.toBe(reason);
    running.open();
    expect(await first).toBe('running');
    await tick();
    expect(started).toEqual(['running']);
    // The limiter goes on working after a clear.
    expect(await limit.run(0, async () => 'after')).toBe('after');
  });

  it('a task that fails, or throws before returning a promise, rejects its caller and frees its slot', async () => {
    const limit = priorityLimit(1);
    await expect(limit.run(0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(
      limit.run(0, () => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(await limit.run(0, async () => 'still running')).toBe('still running');
  });
});

describe('mapWithConcurrency', () => {
  it('keeps the order of the results and never runs more than `limit` at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapWithConcurrency([30, 5, 20, 1, 10], 2, async (ms, i) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return `${i}:${ms}`;
    });
    expect(out).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10']);
    expect(most).toBe(2);
  });

  it('the first failure rejects, and no item starts after it (a refused key is not tried on every part)', async () => {
    const started: number[] = [];
    const run = mapWithConcurrency([0, 1, 2, 3, 4, 5], 2, async (i) => {
      started.push(i);
      await tick();
      if (i === 0) throw new Error('401');
      return i;
    });
    await expect(run).rejects.toThrow('401');
    await new Promise((r) => setTimeout(r, 20));
    expect(started).toEqual([0, 1]);
  });
});
