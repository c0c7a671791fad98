import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { searchFactChecks, type FactCheckQuery } from '@/lib/search/fact-check-tools';
import { googleError, serveFactCheckTools, type ProviderFake } from '../../fakes/search-servers';
import { closedOrigin, commonErrorCases, failureOf, withResults } from '../../fakes/provider-cases';
// The reply in the API's documented shape (claims[].claimReview[], nextPageToken), written by hand.
import fixture from '../../fixtures/search/fact-check-tools.json';

const KEY = 'AIzaSyA-0123456789abcdefghijklmnopqrstu';
const PROVIDER = 'Google Fact Check Tools';
let fake: ProviderFake;

beforeAll(async () => {
  fake = await serveFactCheckTools({ apiKey: KEY, body: fixture });
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

function search(over: Partial<FactCheckQuery> = {}, config: { apiKey?: string; baseUrl?: string } = {}) {
  return searchFactChecks(
    { apiKey: KEY, baseUrl: fake.baseUrl, ...config },
    { query: 'Riverside bridge built in 1790', languageCode: 'en', fetch, timeoutMs: 2000, ...over },
  );
}

const sentUrl = () => new URL(fake.requests[0]!.url, 'http://x');

describe('Fact Check Tools: the request', () => {
  it('GETs /v1alpha1/claims:search with query, languageCode, pageSize and key', async () => {
    await search({ pageSize: 5 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.method).toBe('GET');
    expect(sentUrl().pathname).toBe('/v1alpha1/claims:search');
    expect(Object.fromEntries(sentUrl().searchParams)).toEqual({
      query: 'Riverside bridge built in 1790',
      languageCode: 'en',
      pageSize: '5',
      key: KEY,
    });
  });

  it('no languageCode: every language; the page size clamped; a page token passed on', async () => {
    await search({ languageCode: undefined, pageSize: 500, pageToken: 'CAo' });
    expect(sentUrl().searchParams.has('languageCode')).toBe(false);
    expect(sentUrl().searchParams.get('pageSize')).toBe('50');
    expect(sentUrl().searchParams.get('pageToken')).toBe('CAo');
  });

  it('no key: a settings gap, nothing sent', async () => {
    const failure = await failureOf(search({}, { apiKey: '  ' }));
    expect(failure).toMatchObject({ provider: PROVIDER, kind: 'config', code: 'needs-key' });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Fact Check Tools: the reply', () => {
  it('every review of every claim in the page reader’s shape, and the next page token', async () => {
    const result = await search();
    expect(result.dropped).toEqual([]);
    expect(result.nextPageToken).toBe('CAo');
    expect(result.reviews).toEqual([
      {
        claimReviewed: 'The Riverside bridge was built in 1790.',
        rating: 'False',
        author: 'Example Fact Check',
        datePublished: '2024-03-12T00:00:00Z',
        url: 'https://checker.example/fact-checks/riverside-bridge/',
        claimAuthor: 'Social media posts',
      },
      {
        claimReviewed: 'The Riverside bridge was built in 1790.',
        rating: 'Incorrect',
        author: 'second.example',
        datePublished: '2024-03-14T00:00:00Z',
        url: 'https://second.example/2024/03/bridge-1790',
        claimAuthor: 'Social media posts',
      },
      {
        claimReviewed: 'Unemployment in the county doubled last year.',
        rating: 'Mostly false',
        author: 'Stats Check',
        datePublished: '2024-02-25T00:00:00Z',
        url: 'https://stats.example/unemployment-doubled',
        claimAuthor: 'A Minister',
      },
    ]);
  });

  it('nothing matched: the API sends {}, which is no reviews, not an error', async () => {
    fake.script({ status: 200, json: {} });
    expect(await search()).toEqual({ reviews: [], dropped: [] });
  });

  it('a broken claim or review is dropped with the reason, the rest kept', async () => {
    const body = withResults(
      fixture,
      (b) => b.claims,
      (claims) => {
        (claims[0]!.claimReview as Array<Record<string, unknown>>)[1]!.url = 'javascript:alert(1)';
        claims[1]!.text = 42;
        claims.push({ text: 'No review.', claimReview: [] }, 'not an object' as never);
      },
    );
    fake.script({ status: 200, json: body });
    const result = await search();
    expect(result.reviews.map((r) => r.url)).toEqual(['https://checker.example/fact-checks/riverside-bridge/']);
    expect(result.dropped).toEqual([
      { position: 1, reason: 'review 2: url is malformed or missing' },
      { position: 2, reason: '`text` is not a string' },
      { position: 3, reason: '`claimReview` is empty' },
      { position: 4, reason: 'the result is not an object' },
    ]);
  });

  it('markup in the API’s strings stays text', async () => {
    const body = withResults(
      fixture,
      (b) => b.claims,
      (claims) => {
        claims[0]!.text = '<b>Bridge</b> &amp; <script>x()</script>1790';
        (claims[0]!.claimReview as Array<Record<string, unknown>>)[0]!.textualRating = '<i>False</i>';
      },
    );
    fake.script({ status: 200, json: body });
    const [first] = (await search()).reviews;
    expect(first).toMatchObject({ claimReviewed: 'Bridge & x()1790', rating: 'False' });
  });
});

describe('Fact Check Tools: errors worded from the catalogue', () => {
  it('a bad key (400 "API key not valid"): the key is named, and where to fix it', async () => {
    const failure = await failureOf(search({}, { apiKey: 'AIza-wrong' }));
    expect(failure).toMatchObject({ provider: PROVIDER, kind: 'auth', status: 400, code: 'fact-check-tools-key-rejected' });
    expect(failure.message).toBe(
      'Google Fact Check Tools rejected the key (400 API key not valid): check the Fact Check Tools key in Settings → Sources.',
    );
  });

  it('403 (API not enabled for the project, or the key restricted): refused, with what to enable', async () => {
    fake.script({
      status: 403,
      json: googleError(
        403,
        'Fact Check Tools API has not been used in project 123 before or it is disabled.',
        'PERMISSION_DENIED',
      ),
    });
    const failure = await failureOf(search());
    expect(failure).toMatchObject({ provider: PROVIDER, kind: 'forbidden', status: 403, code: 'fact-check-tools-refused' });
    expect(failure.message).toMatch(/enable the Fact Check Tools API/);
  });

  it('another 400 (a bad argument) is not called a bad key', async () => {
    fake.script({ status: 400, json: googleError(400, 'Request contains an invalid argument.', 'INVALID_ARGUMENT') });
    const failure = await failureOf(search());
    expect(failure).toMatchObject({ provider: PROVIDER, kind: 'bad-response', status: 400, code: 'unexpected-status' });
  });

  it.each(commonErrorCases(PROVIDER, googleError(429, 'Quota exceeded for quota metric', 'RESOURCE_EXHAUSTED')))(
    '$name',
    async ({ reply, failure, message }) => {
      fake.script(reply);
      const got = await failureOf(search());
      expect(got).toMatchObject(failure);
      expect(got.message).toMatch(message);
    },
  );

  it('a 200 that is not the API’s shape is a bad response, never "no reviews"', async () => {
    fake.script({ status: 200, json: { claims: 'none' } });
    expect(await failureOf(search())).toMatchObject({ provider: PROVIDER, kind: 'bad-response', code: 'unexpected-shape' });
  });

  it('server down: unreachable, naming the origin', async () => {
    const origin = await closedOrigin();
    const failure = await failureOf(search({}, { baseUrl: origin }));
    expect(failure).toMatchObject({ provider: PROVIDER, kind: 'network', code: 'unreachable' });
    expect(failure.message).toContain(origin);
  });

  it('a server that never answers: a timeout', async () => {
    fake.script('hang');
    expect(await failureOf(search({ timeoutMs: 300 }))).toMatchObject({ provider: PROVIDER, kind: 'timeout' });
  });
});
