import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createExaProvider } from '@/lib/search/exa';
import type { SearchOptions } from '@/lib/search/provider';
import { serveExa, type ProviderFake } from '../../fakes/search-servers';
import { NOW, expectWrongShape, failureOf } from '../../fakes/provider-cases';
import fixture from '../../fixtures/search/exa.json';

const KEY = 'exa-0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
let fake: ProviderFake;

beforeAll(async () => {
  fake = await serveExa({ apiKey: KEY, body: fixture });
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

/** The whole answer: hits and the results dropped. */
function results(over: Partial<SearchOptions> = {}, config: Partial<Parameters<typeof createExaProvider>[0]> = {}) {
  return createExaProvider({ apiKey: KEY, baseUrl: fake.baseUrl, ...config }).search('exampleville population', {
    count: 5,
    fetch,
    timeoutMs: 2000,
    now: () => NOW,
    ...over,
  });
}

/** The hits only. */
const search = (...args: Parameters<typeof results>) => results(...args).then((r) => r.hits);

const sentBody = () => JSON.parse(fake.requests[0]!.body) as Record<string, unknown>;

describe('Exa: the request', () => {
  it('POSTs JSON to {base}/search with x-api-key and the documented body', async () => {
    await search({ count: 6 });
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/search');
    expect(req.headers['x-api-key']).toBe(KEY);
    expect(req.headers.authorization).toBeUndefined();
    expect(req.headers['content-type']).toBe('application/json');
    expect(sentBody()).toEqual({
      query: 'exampleville population',
      type: 'auto',
      numResults: 6,
      contents: { text: { maxCharacters: 1000 } },
    });
  });

  it.each([
    [1, '2026-11-29T12:00:00.000Z'],
    [7, '2026-11-23T12:00:00.000Z'],
    [30, '2026-10-31T12:00:00.000Z'],
    [365, '2025-11-30T12:00:00.000Z'],
  ])('freshness of %i days is startPublishedDate %s (from the injected clock)', async (days, iso) => {
    await search({ freshnessDays: days });
    expect(sentBody().startPublishedDate).toBe(iso);
  });

  it('sends no startPublishedDate without a freshness window', async () => {
    await search();
    expect(sentBody()).not.toHaveProperty('startPublishedDate');
  });

  it('clamps numResults to 1–100', async () => {
    await search({ count: 500 });
    await search({ count: -3 });
    expect(JSON.parse(fake.requests[0]!.body)).toMatchObject({ numResults: 100 });
    expect(JSON.parse(fake.requests[1]!.body)).toMatchObject({ numResults: 1 });
  });
});

describe('Exa: results', () => {
  it('maps results to plain-text hits in rank order, null titles and dates included', async () => {
    const hits = await search();
    expect(hits).toEqual([
      {
        url: 'https://stats-office.example/population',
        title: 'Exampleville census 2026 & population estimates',
        snippet:
          'Exampleville census 2026 The census office reported that Exampleville had 412,000 residents on 1 January 2026, up from 398,500 a year earlier.',
        published: { iso: '2026-02-10T09:00:00.000Z', source: 'search-provider' },
        provider: 'exa',
        query: 'exampleville population',
        rank: 1,
      },
      {
        url: 'https://city-news.example/growth',
        title: 'https://city-news.example/growth',
        snippet: 'City planners said the population of Exampleville grew by 3.4 percent in 2025.',
        published: null,
        provider: 'exa',
        query: 'exampleville population',
        rank: 2,
      },
      {
        url: 'https://blog.example/exampleville-notes',
        title: 'Notes on Exampleville',
        snippet: 'Some notes about the city.',
        published: { iso: '2026-11-02', source: 'search-provider' },
        provider: 'exa',
        query: 'exampleville population',
        rank: 3,
      },
    ]);
  });

  it('an empty result list is "found nothing", not an error', async () => {
    fake.script({
      status: 200,
      json: { requestId: 'r1', resolvedSearchType: 'neural', results: [], costDollars: { total: 0.005 } },
    });
    expect(await search()).toEqual([]);
  });

  it('a result without text has an empty snippet; an unparseable date is unknown', async () => {
    fake.script({
      status: 200,
      json: {
        requestId: 'r2',
        results: [{ id: 'x', url: 'https://a.example/x', title: 'X', publishedDate: '2026-13-45', author: null }],
      },
    });
    expect(await search()).toMatchObject([{ title: 'X', snippet: '', published: null }]);
  });
});

describe('Exa: failures', () => {
  it('a wrong key is an auth failure that says where to fix it', async () => {
    const f = await failureOf(search({}, { apiKey: 'exa-wrong' }));
    expect(f).toMatchObject({ provider: 'Exa', kind: 'auth', status: 401 });
    expect(f.message).toMatch(/rejected the key \(401\): check Settings → Search/);
  });

  it('402 (credits or key budget spent) says where to top up', async () => {
    fake.script({ status: 402, json: { requestId: 'r3', error: 'You have run out of credits.', tag: 'NO_MORE_CREDITS' } });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Exa', kind: 'forbidden', status: 402 });
    expect(f.message).toMatch(
      /out of credits or the key's budget is spent \(402\): top up or raise the budget at dashboard.exa.ai/,
    );
  });

  it('403 is forbidden', async () => {
    fake.script({ status: 403, json: { requestId: 'r4', error: 'Feature not available on your plan', tag: 'ACCESS_DENIED' } });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Exa', kind: 'forbidden', status: 403 });
    expect(f.message).toMatch(/refused the request \(403\): check the key's plan/);
  });

  it.each([
    ['an error object in a 200', { requestId: 'r6', error: 'Internal error', tag: 'INTERNAL_ERROR' }],
    ['results that are not a list', { requestId: 'r7', results: 'none' }],
    ['a JSON string', 'ok'],
  ])('a 200 with %s is a wrong shape', async (_name, json) => {
    fake.script({ status: 200, json });
    expectWrongShape(await failureOf(search()), 'Exa');
  });
});
