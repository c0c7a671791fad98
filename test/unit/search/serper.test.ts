import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSerperProvider } from '@/lib/search/serper';
import type { SearchOptions } from '@/lib/search/provider';
import { serveSerper, type ProviderFake } from '../../fakes/search-servers';
import { NOW, withResults, expectWrongShape, failureOf } from '../../fakes/provider-cases';
import fixture from '../../fixtures/search/serper.json';
import appleInc from '../../fixtures/search/recorded/serper-apple-inc.json';

const KEY = '3f0c9a1b2d4e5f60718293a4b5c6d7e8f9012345';
let fake: ProviderFake;

beforeAll(async () => {
  fake = await serveSerper({ apiKey: KEY, body: fixture });
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

/** The whole answer: hits and the results dropped. */
function results(over: Partial<SearchOptions> = {}, config: Partial<Parameters<typeof createSerperProvider>[0]> = {}) {
  return createSerperProvider({ apiKey: KEY, baseUrl: fake.baseUrl, ...config }).search('exampleville population', {
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

describe('Serper: the request', () => {
  it('POSTs JSON to {base}/search with X-API-KEY and {q, num}', async () => {
    await search({ count: 8 });
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/search');
    expect(req.headers['x-api-key']).toBe(KEY);
    expect(req.headers['content-type']).toBe('application/json');
    expect(sentBody()).toEqual({ q: 'exampleville population', num: 8 });
  });

  it.each([
    [1, 'qdr:d'],
    [3, 'qdr:w'],
    [7, 'qdr:w'],
    [30, 'qdr:m'],
    [365, 'qdr:y'],
  ])('freshness of %i days is tbs=%s', async (days, tbs) => {
    await search({ freshnessDays: days });
    expect(sentBody().tbs).toBe(tbs);
  });

  it('sends no tbs without a window, or one longer than a year', async () => {
    await search();
    await search({ freshnessDays: 800 });
    for (const r of fake.requests) expect(JSON.parse(r.body)).not.toHaveProperty('tbs');
  });
});

describe('Serper: results', () => {
  it('maps organic results to plain-text hits; loose and relative dates resolve against the clock', async () => {
    const hits = await search();
    expect(hits).toEqual([
      {
        url: 'https://stats-office.example/population',
        title: 'Exampleville census 2026 & population estimates',
        snippet: 'The census office reported that Exampleville had 412,000 residents on 1 January 2026 ...',
        published: { iso: '2026-02-10', source: 'search-provider' },
        provider: 'serper',
        query: 'exampleville population',
        rank: 1,
      },
      {
        url: 'https://city-news.example/growth',
        title: 'Exampleville grew 3.4% in 2025, planners say',
        snippet: 'City planners said the population of Exampleville grew by 3.4 percent in 2025.',
        published: { iso: '2026-11-27', source: 'search-provider' },
        provider: 'serper',
        query: 'exampleville population',
        rank: 2,
      },
      {
        url: 'https://en.wikipedia.org/wiki/Exampleville',
        title: 'Exampleville - Wikipedia',
        snippet: 'Exampleville is a city in the fictional county of Sample.',
        published: null,
        provider: 'serper',
        query: 'exampleville population',
        rank: 3,
      },
      {
        url: 'https://history.example/exampleville',
        title: 'Exampleville history',
        snippet: 'A short history of the city.',
        published: null,
        provider: 'serper',
        query: 'exampleville population',
        rank: 4,
      },
    ]);
  });

  it('an hour-precision relative date keeps its time', async () => {
    fake.script({
      status: 200,
      json: {
        searchParameters: { q: 'q' },
        organic: [{ title: 'T', link: 'https://a.example/', snippet: 's', date: '5 hours ago', position: 1 }],
      },
    });
    expect((await search())[0]!.published).toEqual({ iso: '2026-11-30T07:00:00.000Z', source: 'search-provider' });
  });

  it('returns at most `count` hits', async () => {
    expect(await search({ count: 2 })).toHaveLength(2);
  });

  it.each([
    ['an empty organic list', { searchParameters: { q: 'q', type: 'search', engine: 'google' }, organic: [], credits: 1 }],
    ['no organic key (Google found nothing)', { searchParameters: { q: 'q', type: 'search', engine: 'google' }, credits: 1 }],
  ])('%s is "found nothing", not an error', async (_name, json) => {
    fake.script({ status: 200, json });
    expect(await search()).toEqual([]);
  });
});

describe('Serper: failures', () => {
  it('a wrong key (Serper answers 403 "Unauthorized.") is an auth failure that says where to fix it', async () => {
    const f = await failureOf(search({}, { apiKey: 'wrong' }));
    expect(f).toMatchObject({ provider: 'Serper', kind: 'auth', status: 403 });
    expect(f.message).toMatch(/rejected the key \(403 Unauthorized\): check the key in Settings → Search/);
  });

  it('a 401 is an auth failure too', async () => {
    fake.script({ status: 401, json: { message: 'Unauthorized.', statusCode: 401 } });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Serper', kind: 'auth', status: 401 });
    expect(f.message).toMatch(/rejected the key \(401\): check Settings → Search/);
  });

  it('400 "Not enough credits" says the account is out of credits', async () => {
    fake.script({ status: 400, json: { message: 'Not enough credits', statusCode: 400 } });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Serper', kind: 'forbidden', status: 400 });
    expect(f.message).toMatch(/no credits left \(400\): top up at serper.dev/);
  });

  it('another 400 stays a bad response pointing at the settings', async () => {
    fake.script({ status: 400, json: { message: 'Invalid tbs', statusCode: 400 } });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Serper', kind: 'bad-response', status: 400 });
    expect(f.message).toMatch(/answered 400: check the base URL in Settings → Search/);
  });

  it.each([
    ['an error message in a 200', { message: 'Something went wrong', statusCode: 500 }],
    ['an empty object', {}],
    ['organic that is not a list', { searchParameters: { q: 'q' }, organic: { link: 'https://a.example' } }],
  ])('a 200 with %s is a wrong shape', async (_name, json) => {
    fake.script({ status: 200, json });
    expectWrongShape(await failureOf(search()), 'Serper');
  });
});

describe('Serper: a recorded real response (fixtures/search/recorded/serper-apple-inc.json)', () => {
  const links = appleInc.organic.map((o) => o.link);

  it('parses in full: all six organic results, in order, plain text, nothing dropped', async () => {
    fake.script({ status: 200, json: appleInc });
    const r = await results({ count: 10 });
    expect(r.dropped).toEqual([]);
    expect(r.hits.map((h) => h.url)).toEqual(links);
    expect(r.hits.map((h) => h.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.hits[2]).toEqual({
      url: 'https://www.britannica.com/topic/Apple-Inc',
      title: 'Apple Inc. | History, Products, Headquarters, & Facts | Britannica',
      snippet:
        'Apple Inc., formerly Apple Computer, Inc., American manufacturer of personal computers, smartphones, tablet computers, computer peripherals, and computer ...',
      // No `date` in these organic results: unknown, not guessed.
      published: null,
      provider: 'serper',
      query: 'exampleville population',
      rank: 3,
    });
  });

  it('the same with one result broken keeps the other five and traces the one dropped', async () => {
    fake.script({
      status: 200,
      json: withResults(
        appleInc,
        (b) => b.organic,
        (rows) => delete rows[3]!.link,
      ),
    });
    const r = await results({ count: 10 });
    expect(r.hits.map((h) => h.url)).toEqual(links.filter((_, i) => i !== 3));
    expect(r.hits.map((h) => h.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(r.dropped).toEqual([{ position: 4, reason: '`link` is missing' }]);
  });
});
