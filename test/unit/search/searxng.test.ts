import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSearxngProvider } from '@/lib/search/searxng';
import type { SearchOptions } from '@/lib/search/provider';
import { searxngForbidden, serveSearxng, type ProviderFake } from '../../fakes/search-servers';
import { NOW, closedOrigin, withResults, commonErrorCases, expectWrongShape, failureOf } from '../../fakes/provider-cases';
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
        published: { iso: '2026-11-26T17:30:00.000+01:00', source: 'search-provider' },
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

  it.each(commonErrorCases('SearXNG', { error: 'scripted' }))('$name', async ({ reply, failure, message }) => {
    fake.script(reply);
    const f = await failureOf(search());
    expect(f).toMatchObject(failure);
    expect(f.message).toMatch(message);
  });

  it.each([
    ['no results key', { query: 'q', number_of_results: 0, answers: [] }],
    ['results that are not a list', { query: 'q', results: 'none' }],
    ['a JSON array', []],
  ])('a 200 with %s is a wrong shape', async (_name, json) => {
    fake.script({ status: 200, json });
    expectWrongShape(await failureOf(search()), 'SearXNG');
  });

  // One bad result among good ones is dropped (see "one result broken" above); when none is usable,
  // the answer is not this provider's protocol.
  it('a 200 whose only result is unusable is a bad response naming the field', async () => {
    fake.script({ status: 200, json: { query: 'q', results: ['https://a.example'] } });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'SearXNG', kind: 'bad-response' });
    expect(f.message).toContain(
      'sent 1 result and none is usable (the result is not an object): check the base URL in Settings → Search',
    );
  });

  it('a server that never answers times out within timeoutMs', { timeout: 5000 }, async () => {
    fake.script('hang');
    const started = Date.now();
    const f = await failureOf(search({ timeoutMs: 200 }));
    expect(f).toMatchObject({ provider: 'SearXNG', kind: 'timeout' });
    expect(f.message).toMatch(/did not answer within 0.2 s: try again/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an unreachable instance is a network failure naming it', async () => {
    const origin = await closedOrigin();
    const f = await failureOf(search({}, `${origin}/searx`));
    expect(f).toMatchObject({ provider: 'SearXNG', kind: 'network' });
    expect(f.message).toContain(`unreachable at ${origin}: check the base URL in Settings → Search`);
  });

  it('a base URL that is not a URL is a config failure', async () => {
    const f = await failureOf(search({}, 'searx.local'));
    expect(f).toMatchObject({ provider: 'SearXNG', kind: 'config' });
  });
});

describe('SearXNG: results as they come (issue #14)', () => {
  it('one result without `url` is dropped and counted; the others are kept and ranked 1…n', async () => {
    fake.script({
      status: 200,
      json: withResults(
        fixture,
        (b) => b.results,
        (rows) => delete rows[1]!.url,
      ),
    });
    const r = await results();
    expect(r.hits.map((h) => h.url)).toEqual([
      'https://stats-office.example/population',
      'https://en.wikipedia.org/wiki/Exampleville',
    ]);
    expect(r.hits.map((h) => h.rank)).toEqual([1, 2]);
    expect(r.dropped).toEqual([
      { position: 2, reason: '`url` is missing' },
      { position: 3, reason: '`url` is not an http(s) URL' },
    ]);
  });

  it('a null `url` is dropped the same way', async () => {
    fake.script({
      status: 200,
      json: withResults(
        fixture,
        (b) => b.results,
        (rows) => (rows[0]!.url = null),
      ),
    });
    const r = await results();
    expect(r.hits.map((h) => h.url)).not.toContain('https://stats-office.example/population');
    expect(r.dropped[0]).toEqual({ position: 1, reason: '`url` is null' });
  });

  it('optional fields may be null: a null content, publishedDate and title keep the result', async () => {
    fake.script({
      status: 200,
      json: withResults(
        fixture,
        (b) => b.results,
        (rows) => {
          const r = rows[0]!;
          r.content = null;
          r.publishedDate = null;
          r.title = null;
        },
      ),
    });
    const r = await results();
    expect(r.dropped.filter((d) => d.position === 1)).toEqual([]);
    expect(r.hits[0]).toMatchObject({
      url: 'https://stats-office.example/population',
      title: 'https://stats-office.example/population',
      snippet: '',
      published: null,
      rank: 1,
    });
  });

  it('caps the answer at the count it asked for', async () => {
    expect((await results({ count: 2 })).hits.map((h) => h.rank)).toEqual([1, 2]);
  });
});
