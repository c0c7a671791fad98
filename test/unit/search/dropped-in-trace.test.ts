import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answering/answer-question';
import { pipelineSettings } from '@/lib/run/pipeline-settings';
import { defaultSettings } from '@/lib/settings';
import { createSerperProvider } from '@/lib/search/serper';
import type { FetchOutcome } from '@/lib/pages/fetch-page';
import { serveSerper, type ProviderFake } from '../../fakes/search-servers';
import { NOW, withResults } from '../../fakes/provider-cases';
import appleInc from '../../fixtures/search/recorded/serper-apple-inc.json';

// Issue #14: a provider result without a field we need is dropped on its own and counted in the
// search stage of the trace, where a person looking at "why so few sources" can see it.
const KEY = 'serper-key-0123456789';
let fake: ProviderFake;

beforeAll(async () => {
  fake = await serveSerper({
    apiKey: KEY,
    body: withResults(
      appleInc,
      (b) => b.organic,
      (rows) => delete rows[1]!.link,
    ),
  });
});
afterAll(() => fake.close());

describe('the search stage of the trace', () => {
  it('counts each dropped result with its provider, query, position and reason; the other hits go on', async () => {
    const fetched: string[] = [];
    const result = await answerQuestion(
      'What is Apple Inc.?',
      {
        now: () => NOW,
        fetch,
        providers: [createSerperProvider({ apiKey: KEY, baseUrl: fake.baseUrl })],
        // The pages themselves are not this test's subject: every fetch is refused, and recorded.
        fetchPage: async (url): Promise<FetchOutcome> => {
          fetched.push(url);
          return { ok: false, url, reason: 'not fetched in this test' };
        },
        readTabs: async () => [],
        model: null,
        onProgress: () => undefined,
      },
      { ...pipelineSettings(defaultSettings()), maxPages: 10 },
    );
    const search = result.trace.stages.find((s) => s.stage === 'search')!;
    const detail = search.detail as { hits: Array<{ url: string }>; dropped: unknown[] };
    const urls = new Set(detail.hits.map((h) => h.url));
    expect(urls.has('https://en.wikipedia.org/wiki/Apple_Inc.')).toBe(false);
    expect(urls.has('https://www.apple.com/')).toBe(true);
    expect(detail.hits.length).toBe(5);
    expect(detail.dropped.length).toBeGreaterThan(0);
    expect(detail.dropped[0]).toEqual({
      provider: 'Serper',
      query: expect.any(String),
      position: 2,
      reason: '`link` is missing',
    });
    expect(search.summary).toMatch(/; \d+ results? dropped for a missing or malformed field$/);
    expect(fetched.length).toBeGreaterThan(0);
  });
});
