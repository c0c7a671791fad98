import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factCheck } from '@/lib/factcheck/fact-check';
import { SEARCHES_AT_ONCE } from '@/lib/factcheck/check-run';
import { createBraveProvider } from '@/lib/search/brave';
import { startFakeBrave } from '../fakes/search-servers';

const NOW = new Date('2026-11-30T12:00:00Z');
const TEXT = Array.from({ length: 30 }, (_, i) => `Exampleville opened library branch ${i + 1} in ${1990 + i}.`).join(' ');

let brave: Awaited<ReturnType<typeof startFakeBrave>>;
beforeAll(async () => {
  brave = await startFakeBrave({ apiKey: 'right', delayMs: 20, results: () => [] });
});
afterAll(() => brave.close());

describe('a search key refused during a check', () => {
  it('costs at most one round of requests, not one per claim; every claim still carries the failure, and the check says so', async () => {
    const r = await factCheck(
      { text: TEXT, pageUrl: 'https://exampleville.test/post', title: 't', budget: 30 },
      {
        now: () => NOW,
        fetch,
        providers: [createBraveProvider({ apiKey: 'wrong', baseUrl: brave.baseUrl })],
        fetchPage: () => Promise.reject(new Error('no page is read: nothing was found')),
        model: null,
        onProgress: () => undefined,
      },
    );
    expect(r.claims).toHaveLength(30);
    // Not a verdict (#33): each claim unchecked, with the refusal, and asked no second time.
    expect(r.claims.filter((c) => c.verdict !== 'unchecked')).toEqual([]);
    expect(r.claims.every((c) => c.failure?.kind === 'auth' && c.failure.provider === 'Brave Search')).toBe(true);
    // The searches under way when the first refusal came were sent; none after it.
    expect(brave.requests.length).toBeLessThanOrEqual(SEARCHES_AT_ONCE);
    expect(r.failures).toEqual([expect.objectContaining({ kind: 'auth', provider: 'Brave Search' })]);
    const search = r.stages.find((s) => s.stage === 'search')!;
    expect(search.ok).toBe(false);
  });
});

describe('Stop while the model is still finding the claims', () => {
  it('returns at once: the parts not read give their checkable sentences, so the list is whole; nothing is checked', async () => {
    const long = Array.from(
      { length: 400 },
      (_, i) => `Exampleville opened library branch ${i + 1} in ${1900 + (i % 120)}.`,
    ).join(' ');
    const controller = new AbortController();
    let asked = 0;
    const r = await factCheck(
      { text: long, pageUrl: 'https://exampleville.test/post', title: 't', budget: 10, signal: controller.signal },
      {
        now: () => NOW,
        fetch,
        providers: [createBraveProvider({ apiKey: 'right', baseUrl: brave.baseUrl })],
        fetchPage: () => Promise.reject(new Error('never read')),
        // A model that never answers: the first call stops the check.
        model: {
          name: 'slow',
          complete: () => {
            asked++;
            controller.abort();
            return new Promise(() => undefined);
          },
        },
        onProgress: () => undefined,
      },
    );
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(asked).toBeLessThanOrEqual(2); // the parts read at once; none started after the stop
    expect(r.stopped).toBe(true);
    expect(r.claims).toEqual([]);
    expect(r.notChecked).toHaveLength(400);
    expect(r.checkable).toBe(400);
  });
});
