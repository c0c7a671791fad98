import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBraveProvider } from '@/lib/search/brave';
import { createExaProvider } from '@/lib/search/exa';
import { createSearxngProvider } from '@/lib/search/searxng';
import { createSerperProvider } from '@/lib/search/serper';
import { createTavilyProvider } from '@/lib/search/tavily';
import type { SearchOptions, SearchProvider } from '@/lib/search/provider';
import { serveBrave, serveExa, serveSearxng, serveSerper, serveTavily, type ProviderFake } from '../../fakes/search-servers';
import { NOW, closedOrigin, commonErrorCases, failureOf, withResults } from '../../fakes/provider-cases';
import braveFixture from '../../fixtures/search/brave.json';
import exaFixture from '../../fixtures/search/exa.json';
import searxngFixture from '../../fixtures/search/searxng.json';
import serperFixture from '../../fixtures/search/serper.json';
import tavilyFixture from '../../fixtures/search/tavily.json';

// What every web-search adapter does alike, each against its own fake server on 127.0.0.1 with its
// provider's fixture: failures every provider shares, and results as they come (issue #14). Each
// adapter's own protocol (its request, its dates, its own statuses) is tested in its own file.

type Row = Record<string, unknown>;

interface AdapterCase {
  /** The provider's name, as its failures say it. */
  name: string;
  serve: () => Promise<ProviderFake>;
  /** The adapter at `baseUrl`, with the key the fake takes unless `apiKey` is given. */
  create: (baseUrl: string, apiKey?: string) => SearchProvider;
  /** The base URL at a closed origin (Brave's is the full endpoint, SearXNG's a path on the host). */
  at: (origin: string) => string;
  fixture: unknown;
  /** The result list in a copy of a body. */
  rows: (body: never) => unknown[];
  /** The field a result's URL is in. */
  urlField: string;
  /** The optional fields of a result, each of which may come as null. */
  optional: string[];
  /** The provider's usual error JSON. */
  errorBody: unknown;
  /** A 200 whose only result is unusable, and why, as the message says it. */
  unusable: { json: unknown; reason: string };
  /** The hits kept from the fixture when its second result has no URL, and the results dropped then. */
  withoutSecond: { urls: string[]; dropped: Array<{ position: number; reason: string }> };
  /** Whether the adapter refuses an empty key itself, before any request (Brave is left out by the registry instead). */
  refusesEmptyKey: boolean;
}

const KEY = 'test-key-0123456789abcdef';
const FIRST = 'https://stats-office.example/population';
const WIKIPEDIA = 'https://en.wikipedia.org/wiki/Exampleville';

const ADAPTERS: AdapterCase[] = [
  {
    name: 'Brave Search',
    serve: () => serveBrave({ apiKey: KEY, body: braveFixture }),
    create: (baseUrl, apiKey = KEY) => createBraveProvider({ apiKey, baseUrl }),
    at: (origin) => `${origin}/res/v1/web/search`,
    fixture: braveFixture,
    rows: (b: typeof braveFixture) => b.web.results,
    urlField: 'url',
    optional: ['description', 'page_age', 'extra_snippets', 'title'],
    errorBody: {
      type: 'ErrorResponse',
      error: {
        status: 429,
        code: 'RATE_LIMITED',
        detail: 'Request rate limit exceeded for plan.',
        meta: { component: 'rate_limiter' },
      },
    },
    unusable: {
      json: { type: 'search', web: { type: 'search', results: [{ title: 'x', description: 'y' }] } },
      reason: '`url` is missing',
    },
    withoutSecond: { urls: [FIRST, WIKIPEDIA], dropped: [{ position: 2, reason: '`url` is missing' }] },
    refusesEmptyKey: false,
  },
  {
    name: 'Tavily',
    serve: () => serveTavily({ apiKey: KEY, body: tavilyFixture }),
    create: (baseUrl, apiKey = KEY) => createTavilyProvider({ apiKey, baseUrl }),
    at: (origin) => origin,
    fixture: tavilyFixture,
    rows: (b: typeof tavilyFixture) => b.results,
    urlField: 'url',
    optional: ['content', 'published_date', 'title'],
    errorBody: { detail: { error: 'Rate limit exceeded.' } },
    unusable: { json: { query: 'q', results: [{ title: 'x', content: 'y', score: 0.3 }] }, reason: '`url` is missing' },
    withoutSecond: { urls: [FIRST, WIKIPEDIA], dropped: [{ position: 2, reason: '`url` is missing' }] },
    refusesEmptyKey: true,
  },
  {
    name: 'Exa',
    serve: () => serveExa({ apiKey: KEY, body: exaFixture }),
    create: (baseUrl, apiKey = KEY) => createExaProvider({ apiKey, baseUrl }),
    at: (origin) => origin,
    fixture: exaFixture,
    rows: (b: typeof exaFixture) => b.results,
    urlField: 'url',
    optional: ['text', 'publishedDate', 'title'],
    errorBody: { requestId: 'r5', error: 'Too many requests', tag: 'RATE_LIMIT_EXCEEDED' },
    unusable: { json: { requestId: 'r8', results: [{ id: 1, url: 1, title: 'x' }] }, reason: '`url` is not a string' },
    withoutSecond: {
      urls: [FIRST, 'https://blog.example/exampleville-notes'],
      dropped: [{ position: 2, reason: '`url` is missing' }],
    },
    refusesEmptyKey: true,
  },
  {
    name: 'SearXNG',
    serve: () => serveSearxng({ body: searxngFixture }),
    create: (baseUrl) => createSearxngProvider({ baseUrl }),
    at: (origin) => `${origin}/searx`,
    fixture: searxngFixture,
    rows: (b: typeof searxngFixture) => b.results,
    urlField: 'url',
    optional: ['content', 'publishedDate', 'title'],
    errorBody: { error: 'scripted' },
    unusable: { json: { query: 'q', results: ['https://a.example'] }, reason: 'the result is not an object' },
    withoutSecond: {
      urls: [FIRST, WIKIPEDIA],
      dropped: [
        { position: 2, reason: '`url` is missing' },
        { position: 3, reason: '`url` is not an http(s) URL' },
      ],
    },
    refusesEmptyKey: false,
  },
  {
    name: 'Serper',
    serve: () => serveSerper({ apiKey: KEY, body: serperFixture }),
    create: (baseUrl, apiKey = KEY) => createSerperProvider({ apiKey, baseUrl }),
    at: (origin) => origin,
    fixture: serperFixture,
    rows: (b: typeof serperFixture) => b.organic,
    urlField: 'link',
    optional: ['snippet', 'date', 'title'],
    errorBody: { message: 'Too many requests', statusCode: 429 },
    unusable: { json: { searchParameters: { q: 'q' }, organic: [{ title: 'x', position: 1 }] }, reason: '`link` is missing' },
    withoutSecond: {
      urls: [FIRST, WIKIPEDIA, 'https://history.example/exampleville'],
      dropped: [{ position: 2, reason: '`link` is missing' }],
    },
    refusesEmptyKey: true,
  },
];

describe.each(ADAPTERS)('$name: what every adapter does', (a) => {
  let fake: ProviderFake;
  beforeAll(async () => {
    fake = await a.serve();
  });
  afterAll(() => fake.close());
  afterEach(() => fake.reset());

  /** The whole answer: hits and the results dropped. */
  const results = (over: Partial<SearchOptions> = {}, provider = a.create(fake.baseUrl)) =>
    provider.search('exampleville population', { count: 5, fetch, timeoutMs: 2000, now: () => NOW, ...over });
  /** The fixture with its results edited, as the fake's next reply. */
  const scriptRows = (edit: (rows: Row[]) => void) =>
    fake.script({ status: 200, json: withResults(a.fixture, a.rows as (b: unknown) => unknown[], edit) });

  it.each(commonErrorCases(a.name, a.errorBody))('$name', async ({ reply, failure, message }) => {
    fake.script(reply);
    const f = await failureOf(results());
    expect(f).toMatchObject(failure);
    expect(f.message).toMatch(message);
  });

  // One bad result among good ones is dropped (below); when none is usable, the answer is not this provider's protocol.
  it('a 200 whose only result is unusable is a bad response naming the field', async () => {
    fake.script({ status: 200, json: a.unusable.json });
    const f = await failureOf(results());
    expect(f).toMatchObject({ provider: a.name, kind: 'bad-response' });
    expect(f.message).toContain(
      `sent 1 result and none is usable (${a.unusable.reason}): check the base URL in Settings → Search`,
    );
  });

  it('a server that never answers times out within timeoutMs', { timeout: 5000 }, async () => {
    fake.script('hang');
    const started = Date.now();
    const f = await failureOf(results({ timeoutMs: 200 }));
    expect(f).toMatchObject({ provider: a.name, kind: 'timeout' });
    expect(f.message).toMatch(/did not answer within 0.2 s: try again/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an unreachable base URL is a network failure naming it', async () => {
    const origin = await closedOrigin();
    const f = await failureOf(results({}, a.create(a.at(origin))));
    expect(f).toMatchObject({ provider: a.name, kind: 'network' });
    expect(f.message).toContain(`unreachable at ${origin}: check the base URL in Settings → Search`);
  });

  it.runIf(a.refusesEmptyKey)('an empty key is a config failure before any request', async () => {
    const f = await failureOf(results({}, a.create(fake.baseUrl, '  ')));
    expect(f).toMatchObject({ provider: a.name, kind: 'config' });
    expect(f.message).toMatch(/needs an API key: add one in Settings → Search/);
    expect(fake.requests).toHaveLength(0);
  });

  it(`one result without its URL is dropped and counted; the others are kept and ranked 1…n`, async () => {
    scriptRows((rows) => delete rows[1]![a.urlField]);
    const r = await results();
    expect(r.hits.map((h) => h.url)).toEqual(a.withoutSecond.urls);
    expect(r.hits.map((h) => h.rank)).toEqual(a.withoutSecond.urls.map((_, i) => i + 1));
    expect(r.dropped).toEqual(a.withoutSecond.dropped);
  });

  it('a null URL is dropped the same way', async () => {
    scriptRows((rows) => (rows[0]![a.urlField] = null));
    const r = await results();
    expect(r.hits.map((h) => h.url)).not.toContain(FIRST);
    expect(r.dropped[0]).toEqual({ position: 1, reason: `\`${a.urlField}\` is null` });
  });

  it(`optional fields may be null (${a.optional.join(', ')}): the result is kept`, async () => {
    scriptRows((rows) => {
      for (const field of a.optional) rows[0]![field] = null;
    });
    const r = await results();
    expect(r.dropped.filter((d) => d.position === 1)).toEqual([]);
    expect(r.hits[0]).toMatchObject({ url: FIRST, title: FIRST, snippet: '', published: null, rank: 1 });
  });

  it('caps the answer at the count it asked for', async () => {
    expect((await results({ count: 2 })).hits.map((h) => h.rank)).toEqual([1, 2]);
  });
});
