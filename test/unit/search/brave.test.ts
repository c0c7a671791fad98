import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBraveProvider } from '@/lib/search/brave';
import type { SearchOptions } from '@/lib/search/provider';
import { serveBrave, type ProviderFake } from '../../fakes/search-servers';
import { NOW, expectWrongShape, failureOf } from '../../fakes/provider-cases';
import fixture from '../../fixtures/search/brave.json';

const KEY = 'BSAq0123456789abcdefghijklmnopqr';
let fake: ProviderFake;

beforeAll(async () => {
  fake = await serveBrave({ apiKey: KEY, body: fixture });
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

/** The whole answer: hits and the results dropped. */
function results(over: Partial<SearchOptions> = {}, config: Partial<Parameters<typeof createBraveProvider>[0]> = {}) {
  return createBraveProvider({ apiKey: KEY, baseUrl: fake.baseUrl, ...config }).search('exampleville population', {
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

const braveError = (status: number, code: string, detail: string) => ({
  type: 'ErrorResponse',
  error: { id: '2f1e0d9c-8b7a-4c5d-9e6f-a1b2c3d4e5f6', status, code, detail, meta: { component: 'rate_limiter' } },
  time: 1764500000,
});

describe('Brave: the request', () => {
  it('GETs the web-search endpoint with X-Subscription-Token, q and count', async () => {
    await search({ count: 7 });
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('GET');
    expect(sentUrl().pathname).toBe('/res/v1/web/search');
    expect(req.headers['x-subscription-token']).toBe(KEY);
    expect(req.headers.accept).toBe('application/json');
    expect(Object.fromEntries(sentUrl().searchParams)).toEqual({ q: 'exampleville population', count: '7' });
  });

  it.each([
    [1, 'pd'],
    [7, 'pw'],
    [31, 'pm'],
    [366, 'py'],
  ])('freshness of %i days is freshness=%s', async (days, code) => {
    await search({ freshnessDays: days });
    expect(sentUrl().searchParams.get('freshness')).toBe(code);
  });

  it('sends no freshness without a window, or one longer than a year', async () => {
    await search();
    await search({ freshnessDays: 500 });
    for (const r of fake.requests) expect(new URL(r.url, 'http://x').searchParams.has('freshness')).toBe(false);
  });

  it('clamps count to Brave’s 1–20', async () => {
    await search({ count: 50 });
    await search({ count: 0 });
    expect(new URL(fake.requests[0]!.url, 'http://x').searchParams.get('count')).toBe('20');
    expect(new URL(fake.requests[1]!.url, 'http://x').searchParams.get('count')).toBe('1');
  });
});

describe('Brave: results', () => {
  it('maps web.results to plain-text hits (<strong> and entities removed, extra snippets joined)', async () => {
    const hits = await search();
    expect(hits).toEqual([
      {
        url: 'https://stats-office.example/population',
        title: 'Exampleville census 2026 & population estimates',
        snippet:
          'The census office reported that Exampleville had 412,000 residents on 1 January 2026 – up from 398,500. Figures are provisional until the final count. The next census is due in 2031.',
        // page_age is ISO without a zone and is kept as Brave sent it.
        published: { iso: '2026-02-10T09:00:00.000Z', source: 'search-provider' },
        provider: 'brave',
        query: 'exampleville population',
        rank: 1,
      },
      {
        url: 'https://city-news.example/growth',
        title: 'Exampleville grew 3.4% in 2025, planners say',
        snippet: 'City planners said the population of Exampleville grew by 3.4 percent in 2025.',
        // Only `age` ("3 days ago"), which the adapter does not read: unknown.
        published: null,
        provider: 'brave',
        query: 'exampleville population',
        rank: 2,
      },
      {
        url: 'https://en.wikipedia.org/wiki/Exampleville',
        title: 'Exampleville - Wikipedia',
        snippet: 'Exampleville is a city in the fictional county of Sample.',
        // An unparseable page_age is unknown.
        published: null,
        provider: 'brave',
        query: 'exampleville population',
        rank: 3,
      },
    ]);
  });

  it.each([
    [
      'no `web` section (Brave omits it when nothing matched)',
      { type: 'search', query: { original: 'q' }, mixed: { type: 'mixed', main: [] } },
    ],
    [
      'an empty web.results',
      { type: 'search', query: { original: 'q' }, web: { type: 'search', results: [], family_friendly: true } },
    ],
  ])('%s is "found nothing", not an error', async (_name, json) => {
    fake.script({ status: 200, json });
    expect(await search()).toEqual([]);
  });
});

describe('Brave: failures', () => {
  it('a wrong token is an auth failure that says where to fix it', async () => {
    const f = await failureOf(search({}, { apiKey: 'wrong' }));
    expect(f).toMatchObject({ provider: 'Brave Search', kind: 'auth', status: 401 });
    expect(f.message).toMatch(/rejected the key \(401\): check Settings → Search/);
  });

  it('403 is forbidden', async () => {
    fake.script({ status: 403, json: braveError(403, 'SUBSCRIPTION_NOT_FOUND', 'No subscription for this plan.') });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Brave Search', kind: 'forbidden', status: 403 });
    expect(f.message).toMatch(/refused the request \(403\): check the key's plan and the base URL in Settings → Search/);
  });

  it('429 with X-RateLimit-Reset (no Retry-After) waits for the nearest window', async () => {
    fake.script({
      status: 429,
      json: braveError(429, 'RATE_LIMITED', 'Request rate limit exceeded for plan.'),
      headers: { 'x-ratelimit-limit': '1, 2000', 'x-ratelimit-remaining': '0, 1975', 'x-ratelimit-reset': '1, 1419200' },
    });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Brave Search', kind: 'rate-limited', status: 429, retryAfterSeconds: 1 });
    expect(f.message).toMatch(/rate-limiting this key \(429\): try again in 1 s/);
  });

  it.each([
    ['web.results that is not a list', { type: 'search', web: { type: 'search', results: 'none' } }],
    ['a JSON array', []],
    ['null', null],
  ])('a 200 with %s is a wrong shape', async (_name, json) => {
    fake.script({ status: 200, json });
    expectWrongShape(await failureOf(search()), 'Brave Search');
  });
});
