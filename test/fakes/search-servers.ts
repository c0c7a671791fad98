import { sendJson, startFakeServer, type FakeServer } from './http-server';

export interface FakeResult {
  url: string;
  title: string;
  description: string;
  /** ISO without zone, as Brave sends it. */
  page_age?: string;
}

/** Speaks Brave's web-search protocol: GET /res/v1/web/search, X-Subscription-Token, web.results[]. */
export async function startFakeBrave(options: {
  apiKey: string;
  results: (q: string) => FakeResult[];
}): Promise<FakeServer & { baseUrl: string }> {
  const server = await startFakeServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname !== '/res/v1/web/search') return sendJson(res, 404, { type: 'ErrorResponse', error: { code: 'NOT_FOUND' } });
    if (req.headers['x-subscription-token'] !== options.apiKey) {
      return sendJson(res, 401, {
        type: 'ErrorResponse',
        error: { status: 401, code: 'SUBSCRIPTION_TOKEN_INVALID', detail: 'The provided subscription token is invalid.' },
      });
    }
    const q = url.searchParams.get('q') ?? '';
    const results = options.results(q);
    sendJson(
      res,
      200,
      {
        type: 'search',
        query: { original: q },
        ...(results.length > 0
          ? {
              web: { type: 'search', results: results.map((r) => ({ type: 'search_result', ...r, description: r.description })) },
            }
          : {}),
      },
      { 'x-ratelimit-limit': '1, 15000', 'x-ratelimit-remaining': '0, 14999', 'x-ratelimit-reset': '1, 2419200' },
    );
  });
  return { ...server, baseUrl: `${server.origin}/res/v1/web/search` };
}

/** Speaks the MediaWiki Action API's list=search. */
export async function startFakeWikipedia(options: {
  results: (q: string) => Array<{ title: string; snippet: string; timestamp: string }>;
}): Promise<FakeServer & { baseUrl: string }> {
  const server = await startFakeServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname !== '/w/api.php' || url.searchParams.get('list') !== 'search')
      return sendJson(res, 400, { error: { code: 'badparams' } });
    const q = url.searchParams.get('srsearch') ?? '';
    sendJson(res, 200, {
      batchcomplete: '',
      query: { searchinfo: { totalhits: 0 }, search: options.results(q).map((r, i) => ({ ns: 0, pageid: i + 1, ...r })) },
    });
  });
  return { ...server, baseUrl: `${server.origin}/w/api.php` };
}
