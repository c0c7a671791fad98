import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factCheck } from '@/lib/factcheck/fact-check';
import { createBraveProvider } from '@/lib/search/brave';
import { startFakeBrave } from '../../fakes/search-servers';

// Relative times are made absolute from the page's publication date before a claim is searched:
// "next year" on a page of 2018 is searched as 2019 (issue 32), and the sentence the page shows
// stays as written.

const NOW = new Date('2026-11-30T12:00:00Z');
const SENTENCE = 'The city of Exampleville will open a bridge museum with 40 rooms next year, its council said.';

describe('a fact-check searches a relative time as the year it means', () => {
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  beforeAll(async () => {
    brave = await startFakeBrave({ apiKey: 'k', results: () => [] });
  });
  afterAll(async () => {
    await brave?.close();
  });

  const check = (published: string | null) =>
    factCheck(
      { text: SENTENCE, pageUrl: 'https://exampleville-news.test/museum', title: 'Museum plans', budget: 1, published },
      {
        now: () => NOW,
        fetch,
        providers: [createBraveProvider({ apiKey: 'k', baseUrl: brave.baseUrl })],
        fetchPage: () => Promise.reject(new Error('no page is found')),
        model: null,
        onProgress: () => undefined,
      },
    );

  it('on a page dated 2018, "next year" is searched as 2019; the claim keeps its sentence', async () => {
    const before = brave.requests.length;
    const r = await check('2018-03-04T10:00:00Z');
    const queries = brave.requests.slice(before).map((q) => new URL(q.url, 'http://x').searchParams.get('q') ?? '');
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((q) => q.includes('2019') && !q.includes('next year'))).toBe(true);
    expect(r.claims[0]!.sentence).toBe(SENTENCE);
    expect(r.claims[0]!.text).toContain('in 2019');
    expect(r.claims[0]!.needsContext).toBeUndefined();
  });

  it('on an undated page, the time stays as written and the claim needs context', async () => {
    const r = await check(null);
    expect(r.claims[0]!.text).toContain('next year');
    expect(r.claims[0]!.needsContext).toBe(true);
  });
});
