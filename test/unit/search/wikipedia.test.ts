import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWikipediaProvider } from '@/lib/search/wikipedia';
import type { SearchOptions } from '@/lib/search/provider';
import { serveWikipedia, type ProviderFake } from '../../fakes/search-servers';
import { NOW, closedOrigin, withResults, commonErrorCases, expectWrongShape, failureOf } from '../../fakes/provider-cases';
import fixture from '../../fixtures/search/wikipedia.json';
import butteryfly from '../../fixtures/search/recorded/wikipedia-butteryfly.json';

let fake: ProviderFake;

beforeAll(async () => {
  fake = await serveWikipedia({ body: fixture });
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

/** The whole answer: hits and the results dropped. */
function results(over: Partial<SearchOptions> = {}, baseUrl = fake.baseUrl) {
  return createWikipediaProvider({ baseUrl }).search('exampleville population', {
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

/** MediaWiki's error envelope. */
const mwError = (code: string, info: string) => ({
  error: { code, info, docref: 'See https://en.wikipedia.org/w/api.php for API usage.' },
});

describe('Wikipedia: the request', () => {
  it('GETs the Action API’s list=search with a descriptive Api-User-Agent and no key', async () => {
    await search({ count: 4 });
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('GET');
    expect(sentUrl().pathname).toBe('/w/api.php');
    expect(Object.fromEntries(sentUrl().searchParams)).toEqual({
      action: 'query',
      list: 'search',
      srsearch: 'exampleville population',
      srlimit: '4',
      format: 'json',
      origin: '*',
    });
    expect(req.headers['api-user-agent']).toMatch(/^Spanlight\//);
    expect(req.headers.authorization).toBeUndefined();
  });

  it('has no freshness filter: the window is not sent', async () => {
    await search({ freshnessDays: 7 });
    expect([...sentUrl().searchParams.keys()].sort()).toEqual(['action', 'format', 'list', 'origin', 'srlimit', 'srsearch']);
  });

  it('clamps srlimit to 1–20', async () => {
    await search({ count: 99 });
    expect(sentUrl().searchParams.get('srlimit')).toBe('20');
  });
});

describe('Wikipedia: results', () => {
  it('maps search hits to article URLs on the API’s host, plain-text snippets and last-edit timestamps', async () => {
    const hits = await search();
    expect(hits).toEqual([
      {
        url: `${fake.origin}/wiki/Exampleville`,
        title: 'Exampleville',
        snippet: 'Exampleville is a city in the county of Sample. Its population was 412,000 at the 2026 census & growing',
        // The timestamp is the article's last edit: recorded as such, never as a publication date.
        published: null,
        lastEdited: '2026-10-28T14:03:11.000Z',
        provider: 'wikipedia',
        query: 'exampleville population',
        rank: 1,
      },
      {
        url: `${fake.origin}/wiki/Demographics_of_Exampleville_(city)`,
        title: 'Demographics of Exampleville (city)',
        snippet: 'The population of Exampleville grew by 3.4 percent in 2025',
        published: null,
        lastEdited: '2026-09-02T08:45:00.000Z',
        provider: 'wikipedia',
        query: 'exampleville population',
        rank: 2,
      },
    ]);
  });

  it('an empty search list is "found nothing", not an error', async () => {
    fake.script({ status: 200, json: { batchcomplete: '', query: { searchinfo: { totalhits: 0 }, search: [] } } });
    expect(await search()).toEqual([]);
  });
});

describe('Wikipedia: failures', () => {
  it('401 is an auth failure', async () => {
    fake.script({ status: 401, json: mwError('badtoken', 'Invalid token.') });
    expect(await failureOf(search())).toMatchObject({ provider: 'Wikipedia', kind: 'auth', status: 401 });
  });

  it('403 (e.g. a blocked client) is forbidden and points at the base URL', async () => {
    fake.script({
      status: 403,
      text: 'Please set a user-agent and respect our robot policy',
      headers: { 'content-type': 'text/plain' },
    });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Wikipedia', kind: 'forbidden', status: 403 });
    expect(f.message).toMatch(/refused the request \(403\).*base URL in Settings → Search/);
  });

  it.each(
    commonErrorCases(
      'Wikipedia',
      mwError('ratelimited', "You've exceeded your rate limit. Please wait some time and try again."),
    ),
  )('$name', async ({ reply, failure, message }) => {
    fake.script(reply);
    const f = await failureOf(search());
    expect(f).toMatchObject(failure);
    expect(f.message).toMatch(message);
  });

  it.each([
    ['query.search that is not a list', { batchcomplete: '', query: { search: 'none' } }],
    ['a JSON array', []],
  ])('a 200 with %s is a wrong shape', async (_name, json) => {
    fake.script({ status: 200, json });
    expectWrongShape(await failureOf(search()), 'Wikipedia');
  });

  // One bad result among good ones is dropped (see "one result broken" above); when none is usable,
  // the answer is not this provider's protocol.
  it('a 200 whose only result is unusable is a bad response naming the field', async () => {
    fake.script({ status: 200, json: { batchcomplete: '', query: { search: [{ ns: 0, pageid: 1, snippet: 'x' }] } } });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Wikipedia', kind: 'bad-response' });
    expect(f.message).toContain('sent 1 result and none is usable (`title` is missing): check the base URL in Settings → Search');
  });

  // MediaWiki reports errors inside a 200 ({"error": {...}}, no `query`).
  it('a 200 carrying a MediaWiki error is a failure, not "no results"', async () => {
    fake.script({ status: 200, json: mwError('maxlag', 'Waiting for a database server: 6 seconds lagged.') });
    expect(await failureOf(search())).toMatchObject({ provider: 'Wikipedia', kind: 'rate-limited' });
  });

  it('a server that never answers times out within timeoutMs', { timeout: 5000 }, async () => {
    fake.script('hang');
    const started = Date.now();
    const f = await failureOf(search({ timeoutMs: 200 }));
    expect(f).toMatchObject({ provider: 'Wikipedia', kind: 'timeout' });
    expect(f.message).toMatch(/did not answer within 0.2 s: try again/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an unreachable base URL is a network failure naming it', async () => {
    const origin = await closedOrigin();
    const f = await failureOf(search({}, `${origin}/w/api.php`));
    expect(f).toMatchObject({ provider: 'Wikipedia', kind: 'network' });
    expect(f.message).toContain(`unreachable at ${origin}`);
  });
});

describe('Wikipedia: results as they come (issue #14)', () => {
  it('a hit without a title is dropped and counted; the other is kept', async () => {
    fake.script({
      status: 200,
      json: withResults(
        fixture,
        (b) => b.query.search,
        (rows) => delete rows[0]!.title,
      ),
    });
    const r = await results();
    expect(r.hits.map((h) => [h.title, h.rank])).toEqual([['Demographics of Exampleville (city)', 1]]);
    expect(r.dropped).toEqual([{ position: 1, reason: '`title` is missing' }]);
  });

  it('a null snippet and timestamp keep the hit: no snippet, no last edit, no date', async () => {
    fake.script({
      status: 200,
      json: withResults(
        fixture,
        (b) => b.query.search,
        (rows) => {
          rows[0]!.snippet = null;
          rows[0]!.timestamp = null;
        },
      ),
    });
    const r = await results();
    expect(r.dropped).toEqual([]);
    expect(r.hits[0]).toEqual({
      url: `${fake.origin}/wiki/Exampleville`,
      title: 'Exampleville',
      snippet: '',
      published: null,
      provider: 'wikipedia',
      query: 'exampleville population',
      rank: 1,
    });
  });

  it('caps the answer at the count it asked for', async () => {
    expect((await results({ count: 1 })).hits).toHaveLength(1);
    expect(sentUrl().searchParams.get('srlimit')).toBe('1');
  });
});

describe('Wikipedia: a recorded real response (fixtures/search/recorded/wikipedia-butteryfly.json)', () => {
  it('parses in full: the one hit, with no snippet and no timestamp (srprop= empty)', async () => {
    fake.script({ status: 200, json: butteryfly });
    expect(await results()).toEqual({
      hits: [
        {
          url: `${fake.origin}/wiki/Butterfly's_Tongue`,
          title: "Butterfly's Tongue",
          snippet: '',
          published: null,
          provider: 'wikipedia',
          query: 'exampleville population',
          rank: 1,
        },
      ],
      dropped: [],
    });
  });

  it('the same with its one hit broken: nothing usable, a bad response naming the field', async () => {
    fake.script({
      status: 200,
      json: withResults(
        butteryfly,
        (b) => b.query.search,
        (rows) => (rows[0]!.title = null),
      ),
    });
    const f = await failureOf(search());
    expect(f).toMatchObject({ provider: 'Wikipedia', kind: 'bad-response' });
    expect(f.message).toContain('none is usable (`title` is null)');
  });
});
