import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSearxngProvider } from '@/lib/search/searxng';
import type { SearchOptions } from '@/lib/search/provider';
import { searxngForbidden, serveSearxng, type ProviderFake } from '../../fakes/search-servers';
import { NOW, expectWrongShape, failureOf } from '../../fakes/provider-cases';
import fixture from '../../fixtures/search/searxng.json';

let fake: ProviderFake;

beforeAll(async () => {
  fake = await serveSearxng({ body: fixture });
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

/** The whole answer: hits and the results dropped. */
function results(over: Partial<SearchOptions> = {}, baseUrl = fake.baseUrl) {
  return createSearxngProvider({ baseUrl }).search('exampleville population', {
    count: 5,
    fetch,
    timeoutMs: 2000,
    now: () => NOW,
    ...over,
  });
}

/** The hits only. */
const search = (...args: Parameters<typeof results>) => results(...args).then((r) => r.hits);

const sentUrl = () => new URL(fake.requests[0]!.url, 'http://x');

describe('SearXNG: the request', () => {
  it('GETs {base}/search with format=json, pageno=1 and no credentials', async () => {
    await search();
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('GET');
    const url = sentUrl();
    expect(url.pathname).toBe('/searx/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'exampleville population', format: 'json', pageno: '1' });
    expect(req.headers.authorization).toBeUndefined();
    expect(req.headers.cookie).toBeUndefined();
  });

  it.each([
    [1, 'day'],
    [7, 'month'],
    [31, 'month'],
    [365, 'year'],
  ])('freshness of %i days is time_range=%s', async (days, range) => {
    await search({ freshnessDays: days });
    expect(sentUrl().searchParams.get('time_range')).toBe(range);
  });

  it('sends no time_range without a window, or one longer than a year', async () => {
    await search();
    await search({ freshnessDays: 400 });
    for (const r of fake.requests) expect(new URL(r.url, 'http://x').searchParams.has('time_range')).toBe(false);
  });

  it('keeps the instance’s path with or without a trailing slash', async () => {
    await search({}, `${fake.baseUrl}/`);
    expect(sentUrl().pathname).toBe('/searx/search');
  });
});

describe('SearXNG: results', () => {
  it('maps web results to plain-text hits, dropping non-web links, with zoneless dates read as UTC and offsets kept', async () => {
    const hits = await search();
    expect(hits).toEqual([
      {
        url: 'https://stats-office.example/population',
        title: 'Exampleville census 2026 & population estimates',
        snippet: 'The census office reported that Exampleville had 412,000 residents on 1 January 2026.',
        published: { iso: '2026-02-10T09:00:00.000Z', source: 'search-provider' },
        provider: 'searxng',
        query: 'exampleville population',
        rank: 1,
      },
      {
        url: 'https://city-news.example/growth',
        title: 'Exampleville grew 3.4% in 2025',
        snippet: 'City planners said the population of Exampleville grew by 3.4 percent in 2025.',
        published: { iso: '2026-11-26T17:30:00+01:00', source: 'search-provider' },
        provider: 'searxng',
        query: 'exampleville population',
        rank: 2,
      },
      {
        url: 'https://en.wikipedia.org/wiki/Exampleville',
        title: 'Exampleville - Wikipedia',
        snippet: '',
        published: null,
        provider: 'searxng',
        query: 'exampleville population',
        rank: 3,
      },
    ]);
  });

  it('returns at most `count` hits (SearXNG has no count parameter)', async () => {
    expect(await search({ count: 2 })).toHaveLength(2);
  });

  it('an empty result list is "found nothing", not an error', async () => {
    fake.script({
      status: 200,
      json: {
        query: 'q',
        number_of_results: 0,
        results: [],
        answers: [],
        corrections: [],
        infoboxes: [],
        suggestions: [],
        unresponsive_engines: [],
      },
    });
    expect(await search()).toEqual([]);
  });

  it('no results because every engine failed is a server failure naming the engines', async () => {
    fake.script({
      status: 200,
      json: {
        query: 'q',
        number_of_results: 0,
        results: [],
        unresponsive_engines: [
          ['google', 'timeout'],
          ['duckduckgo', 'CAPTCHA'],
        ],
      },
    });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'SearXNG', kind: 'server' });
    expect(f.message).toMatch(/engines did not answer \(google: timeout; duckduckgo: CAPTCHA\): try again/);
  });
});

describe('SearXNG: failures', () => {
  it('403 (JSON output disabled) says to enable json in search.formats of settings.yml', async () => {
    const jsonOff = await serveSearxng({ body: fixture, formats: ['html'] });
    try {
      const f = await failureOf(search({}, jsonOff.baseUrl));
      expect(f).toMatchObject({ provider: 'SearXNG', kind: 'forbidden', status: 403 });
      expect(f.message).toContain("enable json in search.formats of the instance's settings.yml");
    } finally {
      await jsonOff.close();
    }
  });

  it('a scripted 403 maps the same way', async () => {
    fake.script(searxngForbidden);
    const f = await failureOf(search());
    expect(f.message).toMatch(/JSON output disabled/);
  });

  it('429 from the instance’s limiter says how to wait or lift it', async () => {
    fake.script({ status: 429, text: 'Too Many Requests', headers: { 'retry-after': '30' } });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'SearXNG', kind: 'rate-limited', status: 429, retryAfterSeconds: 30 });
    expect(f.message).toMatch(/try again in 30 s; on your own instance, turn off server.limiter/);
  });

  it('401 (an instance behind authentication) is an auth failure', async () => {
    fake.script({ status: 401, text: 'Unauthorized', headers: { 'www-authenticate': 'Basic realm="searx"' } });
    expect(await failureOf(search())).toMatchObject({ provider: 'SearXNG', kind: 'auth', status: 401 });
  });

  it.each([
    ['no results key', { query: 'q', number_of_results: 0, answers: [] }],
    ['results that are not a list', { query: 'q', results: 'none' }],
    ['a JSON array', []],
  ])('a 200 with %s is a wrong shape', async (_name, json) => {
    fake.script({ status: 200, json });
    expectWrongShape(await failureOf(search()), 'SearXNG');
  });

  it('a base URL that is not a URL is a config failure', async () => {
    const f = await failureOf(search({}, 'searx.local'));
    expect(f).toMatchObject({ provider: 'SearXNG', kind: 'config' });
  });
});
