import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTavilyProvider } from '@/lib/search/tavily';
import type { SearchOptions } from '@/lib/search/provider';
import { serveTavily, type ProviderFake } from '../../fakes/search-servers';
import { NOW, withResults, expectWrongShape, failureOf } from '../../fakes/provider-cases';
import fixture from '../../fixtures/search/tavily.json';
import burningMan from '../../fixtures/search/recorded/tavily-burning-man-floods.json';

const KEY = 'tvly-dev-0123456789abcdef';
let fake: ProviderFake;

beforeAll(async () => {
  fake = await serveTavily({ apiKey: KEY, body: fixture });
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

/** The whole answer: hits and the results dropped. */
function results(over: Partial<SearchOptions> = {}, config: Partial<Parameters<typeof createTavilyProvider>[0]> = {}) {
  return createTavilyProvider({ apiKey: KEY, baseUrl: fake.baseUrl, ...config }).search('exampleville population', {
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

describe('Tavily: the request', () => {
  it('POSTs JSON to {base}/search with the Bearer key and the documented body', async () => {
    await search({ count: 7 });
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/search');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(sentBody()).toEqual({ query: 'exampleville population', max_results: 7, search_depth: 'basic', topic: 'general' });
  });

  it.each([
    [1, 'day'],
    [2, 'week'],
    [7, 'week'],
    [30, 'month'],
    [365, 'year'],
  ])('freshness of %i days is time_range %s', async (days, range) => {
    await search({ freshnessDays: days });
    expect(sentBody().time_range).toBe(range);
  });

  it('sends no time_range without a freshness window, or one longer than a year', async () => {
    await search();
    await search({ freshnessDays: 1000 });
    for (const r of fake.requests) expect(JSON.parse(r.body)).not.toHaveProperty('time_range');
  });

  it('clamps max_results to Tavily’s 1–20 and passes a configured topic', async () => {
    await search({ count: 50 }, { topic: 'news' });
    await search({ count: 0 });
    expect(JSON.parse(fake.requests[0]!.body)).toMatchObject({ max_results: 20, topic: 'news' });
    expect(JSON.parse(fake.requests[1]!.body)).toMatchObject({ max_results: 1 });
  });

  it('tolerates a trailing slash on the base URL', async () => {
    const hits = await search({}, { baseUrl: `${fake.baseUrl}/` });
    expect(fake.requests[0]!.url).toBe('/search');
    expect(hits).toHaveLength(3);
  });
});

describe('Tavily: results', () => {
  it('maps results to plain-text hits in rank order with RFC 1123 dates as ISO', async () => {
    const hits = await search();
    expect(hits).toEqual([
      {
        url: 'https://stats-office.example/population',
        title: 'Exampleville census 2026 & population estimates',
        snippet:
          'The census office reported that Exampleville had 412,000 residents on 1 January 2026, up from 398,500 a year earlier. Figures are provisional until the final count.',
        published: { iso: '2026-02-10T09:00:00.000Z', source: 'search-provider' },
        provider: 'tavily',
        query: 'exampleville population',
        rank: 1,
      },
      {
        url: 'https://city-news.example/growth',
        title: 'Exampleville grew 3.4% in 2025, planners say',
        snippet:
          'City planners said the population of Exampleville grew by 3.4 percent in 2025. The growth was driven by new housing.',
        published: { iso: '2026-11-26T17:30:00.000Z', source: 'search-provider' },
        provider: 'tavily',
        query: 'exampleville population',
        rank: 2,
      },
      {
        url: 'https://en.wikipedia.org/wiki/Exampleville',
        title: 'Exampleville - Wikipedia',
        snippet: 'Exampleville is a city in the fictional county of Sample.',
        published: null,
        provider: 'tavily',
        query: 'exampleville population',
        rank: 3,
      },
    ]);
  });

  it('an empty result list is "found nothing", not an error', async () => {
    fake.script({
      status: 200,
      json: { query: 'q', follow_up_questions: null, answer: null, images: [], results: [], response_time: 0.4 },
    });
    expect(await search()).toEqual([]);
  });

  it('unparseable dates are unknown, and a missing title falls back to the URL', async () => {
    fake.script({
      status: 200,
      json: {
        query: 'q',
        results: [{ url: 'https://a.example/x', title: '', content: 'c', score: 0.5, published_date: 'sometime' }],
      },
    });
    expect(await search()).toMatchObject([{ url: 'https://a.example/x', title: 'https://a.example/x', published: null }]);
  });
});

describe('Tavily: failures', () => {
  it('a wrong key is an auth failure that says where to fix it', async () => {
    const f = await failureOf(search({}, { apiKey: 'tvly-wrong' }));
    expect(f).toMatchObject({ provider: 'Tavily', kind: 'auth', status: 401 });
    expect(f.message).toMatch(/rejected the key \(401\): check Settings → Search/);
  });

  it('403 is forbidden', async () => {
    fake.script({ status: 403, json: { detail: { error: 'This endpoint is not available on your plan.' } } });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Tavily', kind: 'forbidden', status: 403 });
    expect(f.message).toMatch(/refused the request \(403\): check the key's plan/);
  });

  it.each([
    [432, /used its plan's credits \(432\): upgrade the plan/],
    [433, /pay-as-you-go limit \(433\): raise the limit/],
  ])('%i (Tavily’s usage limits) says which limit and where to raise it', async (status, message) => {
    fake.script({ status, json: { detail: { error: "This request exceeds your plan's set usage limit." } } });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Tavily', kind: 'forbidden', status });
    expect(f.message).toMatch(message);
  });

  it.each([
    ['an error object in a 200', { detail: { error: 'Something went wrong' } }],
    ['results that are not a list', { query: 'q', results: { url: 'https://a.example' } }],
    ['a JSON array', [{ url: 'https://a.example' }]],
    ['null', null],
  ])('a 200 with %s is a wrong shape', async (_name, json) => {
    fake.script({ status: 200, json });
    expectWrongShape(await failureOf(search()), 'Tavily');
  });

  it('a base URL that is not a URL is a config failure', async () => {
    const f = await failureOf(search({}, { baseUrl: 'api.tavily.com' }));
    expect(f).toMatchObject({ provider: 'Tavily', kind: 'config' });
    expect(f.message).toMatch(/base URL "api.tavily.com" is not an http\(s\) URL: fix it in Settings → Search/);
  });
});

describe('Tavily: a recorded real response (fixtures/search/recorded/tavily-burning-man-floods.json)', () => {
  const urls = burningMan.results.map((r) => r.url);

  it('parses in full: all five results, titles falling back to the URL, content as plain text', async () => {
    fake.script({ status: 200, json: burningMan });
    const r = await results();
    expect(r.dropped).toEqual([]);
    expect(r.hits.map((h) => h.url)).toEqual(urls);
    expect(r.hits[1]).toMatchObject({
      url: 'https://www.theguardian.com/culture/2023/sep/03/burning-man-nevada-festival-floods',
      title: 'https://www.theguardian.com/culture/2023/sep/03/burning-man-nevada-festival-floods',
      published: null,
      rank: 2,
    });
    expect(r.hits[1]!.snippet).toMatch(/^Officials investigate death at Burning Man as thousands stranded by floods Burning Man/);
  });

  it('the same with one result broken keeps the other four and traces the one dropped', async () => {
    fake.script({
      status: 200,
      json: withResults(
        burningMan,
        (b) => b.results,
        (rows) => (rows[2]!.url = null),
      ),
    });
    const r = await results();
    expect(r.hits.map((h) => h.url)).toEqual(urls.filter((_, i) => i !== 2));
    expect(r.hits.map((h) => h.rank)).toEqual([1, 2, 3, 4]);
    expect(r.dropped).toEqual([{ position: 3, reason: '`url` is null' }]);
  });
});

describe('Tavily: content cleaned as Exa’s text is', () => {
  it('drops Markdown heading marks and shows " [...] " between excerpts as " … "', async () => {
    fake.script({
      status: 200,
      json: {
        query: 'q',
        results: [
          {
            url: 'https://a.example/x',
            title: 'X',
            content: '# Burning Man 2023\n\nThousands were stranded. [...] ## Exodus\nTraffic eased on Tuesday. [...] ',
            score: 0.5,
          },
        ],
      },
    });
    expect((await search())[0]!.snippet).toBe('Burning Man 2023 Thousands were stranded. … Exodus Traffic eased on Tuesday.');
  });
});
