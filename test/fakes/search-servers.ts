import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer, type FakeServer, type RecordedRequest } from './http-server';

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
  /** Milliseconds before each answer (a provider's latency). */
  delayMs?: number;
}): Promise<FakeServer & { baseUrl: string }> {
  const server = await startFakeServer(async (req, res) => {
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
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

// ---------------------------------------------------------------------------------------------
// Provider fakes for the adapter tests: each speaks one provider's protocol (method, path, auth,
// error bodies in the provider's own shape) and answers with a recorded-style response (the JSON
// under test/fixtures/search/), unless the test scripts another reply.

/** A reply a test forces on a provider fake: an HTTP answer, or none at all (a server that hangs). */
export type ProviderReply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; text: string; headers?: Record<string, string> }
  | 'hang';

export interface ProviderFake extends FakeServer {
  /** The base URL to configure the adapter with. */
  baseUrl: string;
  /** Answers every later well-formed request with `reply` instead of the recorded answer; null restores it. */
  script(reply: ProviderReply | null): void;
  /** Forgets recorded requests and any script; call between tests. */
  reset(): void;
}

function sendReply(res: ServerResponse, reply: Exclude<ProviderReply, 'hang'>) {
  if ('json' in reply) return sendJson(res, reply.status, reply.json, reply.headers);
  res.writeHead(reply.status, { 'content-type': 'text/plain; charset=utf-8', ...reply.headers });
  res.end(reply.text);
}

async function startProviderFake(options: {
  /** Path the adapter's base URL points at ('' for the origin). */
  basePath: string;
  /** The provider's own checks: an error reply in its shape, or undefined for a well-formed request. */
  check: (req: RecordedRequest, url: URL) => ProviderReply | undefined;
  /** The recorded 200 answer. */
  body: unknown;
  headers?: Record<string, string>;
}): Promise<ProviderFake> {
  let scripted: ProviderReply | null = null;
  const server = await startFakeServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const reply = options.check(req, url) ?? scripted ?? { status: 200, json: options.body, headers: options.headers };
    if (reply === 'hang') return; // Never answers; close() drops the connection.
    sendReply(res, reply);
  });
  return {
    ...server,
    baseUrl: `${server.origin}${options.basePath}`,
    script(reply) {
      scripted = reply;
    },
    reset() {
      scripted = null;
      server.requests.length = 0;
    },
  };
}

function parseJsonBody(req: RecordedRequest): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(req.body);
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Brave's web search, answering with a recorded response (unlike startFakeBrave, which builds one). */
export function serveBrave(options: { apiKey: string; body: unknown }): Promise<ProviderFake> {
  return startProviderFake({
    basePath: '/res/v1/web/search',
    body: options.body,
    headers: { 'x-ratelimit-limit': '1, 2000', 'x-ratelimit-remaining': '0, 1975', 'x-ratelimit-reset': '1, 1419200' },
    check(req, url) {
      if (req.method !== 'GET' || url.pathname !== '/res/v1/web/search')
        return { status: 404, json: { type: 'ErrorResponse', error: { status: 404, code: 'NOT_FOUND', detail: 'Not found.' } } };
      if (req.headers['x-subscription-token'] !== options.apiKey)
        return {
          status: 401,
          json: {
            type: 'ErrorResponse',
            error: {
              id: 'c6f9d6a0-7a3b-4f5e-9a51-1f0b6f1f7c11',
              status: 401,
              code: 'SUBSCRIPTION_TOKEN_INVALID',
              detail: 'The provided subscription token is invalid.',
              meta: { component: 'authentication' },
            },
            time: 1764500000,
          },
        };
      if (!url.searchParams.get('q'))
        return {
          status: 422,
          json: {
            type: 'ErrorResponse',
            error: { status: 422, code: 'VALIDATION', detail: 'Unable to validate request parameter(s)' },
          },
        };
      return undefined;
    },
  });
}

/** The MediaWiki Action API's list=search, answering with a recorded response. */
export function serveWikipedia(options: { body: unknown }): Promise<ProviderFake> {
  return startProviderFake({
    basePath: '/w/api.php',
    body: options.body,
    check(req, url) {
      if (req.method !== 'GET' || url.pathname !== '/w/api.php') return { status: 404, text: 'Not Found' };
      // MediaWiki reports bad parameters in a 200 answer.
      if (
        url.searchParams.get('action') !== 'query' ||
        url.searchParams.get('list') !== 'search' ||
        !url.searchParams.get('srsearch')
      )
        return {
          status: 200,
          json: {
            error: {
              code: 'nosrsearch',
              info: 'The "srsearch" parameter must be set.',
              docref: 'See https://en.wikipedia.org/w/api.php for API usage.',
            },
            servedby: 'mw-api-ext.eqiad.main-7d9c5',
          },
        };
      return undefined;
    },
  });
}

/** Tavily's POST /search with `Authorization: Bearer <key>`; errors as {detail: {error}}. */
export function serveTavily(options: { apiKey: string; body: unknown }): Promise<ProviderFake> {
  return startProviderFake({
    basePath: '',
    body: options.body,
    check(req, url) {
      if (url.pathname !== '/search') return { status: 404, json: { detail: 'Not Found' } };
      if (req.method !== 'POST') return { status: 405, json: { detail: 'Method Not Allowed' } };
      if (req.headers.authorization !== `Bearer ${options.apiKey}`)
        return { status: 401, json: { detail: { error: 'Unauthorized: missing or invalid API key.' } } };
      const body = parseJsonBody(req);
      if (!body || typeof body.query !== 'string' || body.query === '')
        return { status: 400, json: { detail: { error: 'Query is missing.' } } };
      return undefined;
    },
  });
}

/** Exa's POST /search with `x-api-key`; errors as {requestId, error, tag}. */
export function serveExa(options: { apiKey: string; body: unknown }): Promise<ProviderFake> {
  return startProviderFake({
    basePath: '',
    body: options.body,
    check(req, url) {
      if (req.method !== 'POST' || url.pathname !== '/search')
        return { status: 404, json: { requestId: 'f0e1d2c3', error: 'Not found', tag: 'NOT_FOUND' } };
      if (req.headers['x-api-key'] !== options.apiKey)
        return { status: 401, json: { requestId: '7b1c2d3e4f', error: 'Invalid API key', tag: 'INVALID_API_KEY' } };
      const body = parseJsonBody(req);
      if (!body || typeof body.query !== 'string')
        return { status: 400, json: { requestId: '9a8b7c6d', error: 'Invalid request body', tag: 'INVALID_REQUEST_BODY' } };
      return undefined;
    },
  });
}

/** A SearXNG instance under `/searx`: GET /searx/search?format=json, no key; 403 when a format is not enabled. */
export function serveSearxng(options: { body: unknown; formats?: string[] }): Promise<ProviderFake> {
  const formats = options.formats ?? ['html', 'json'];
  return startProviderFake({
    basePath: '/searx',
    body: options.body,
    check(req, url) {
      if (req.method !== 'GET' || url.pathname !== '/searx/search')
        return {
          status: 404,
          text: '<!doctype html><title>404 Not Found</title><h1>Not Found</h1>',
          headers: { 'content-type': 'text/html' },
        };
      if (!formats.includes(url.searchParams.get('format') ?? 'html')) return searxngForbidden;
      if (!url.searchParams.get('q'))
        return { status: 400, text: '<!doctype html><title>400 Bad Request</title>', headers: { 'content-type': 'text/html' } };
      return undefined;
    },
  });
}

/** What Flask's abort(403) sends when SearXNG's settings.yml does not list the asked format. */
export const searxngForbidden: ProviderReply = {
  status: 403,
  text: '<!doctype html>\n<html lang=en>\n<title>403 Forbidden</title>\n<h1>Forbidden</h1>\n<p>You don&#39;t have the permission to access the requested resource. It is either read-protected or not readable by the server.</p>\n',
  headers: { 'content-type': 'text/html; charset=utf-8' },
};

/** Serper's POST /search with `X-API-KEY`; a bad key is 403 {"message":"Unauthorized.","statusCode":403}. */
export function serveSerper(options: { apiKey: string; body: unknown }): Promise<ProviderFake> {
  return startProviderFake({
    basePath: '',
    body: options.body,
    check(req, url) {
      if (req.method !== 'POST' || url.pathname !== '/search')
        return { status: 404, json: { message: 'Not found', statusCode: 404 } };
      if (req.headers['x-api-key'] !== options.apiKey)
        return { status: 403, json: { message: 'Unauthorized.', statusCode: 403 } };
      const body = parseJsonBody(req);
      if (!body || typeof body.q !== 'string' || body.q === '')
        return { status: 400, json: { message: 'Missing query parameter', statusCode: 400 } };
      return undefined;
    },
  });
}

/** Google's error body ({"error": {code, message, status}}), as its APIs send it. */
export function googleError(code: number, message: string, status: string) {
  return { error: { code, message, status } };
}

/**
 * Google Fact Check Tools' GET /v1alpha1/claims:search with `key` in the query; a bad key is 400
 * "API key not valid", a missing query 400 "invalid argument", as the API answers them.
 */
export function serveFactCheckTools(options: { apiKey: string; body: unknown }): Promise<ProviderFake> {
  return startProviderFake({
    basePath: '',
    body: options.body,
    check(req, url) {
      if (req.method !== 'GET' || url.pathname !== '/v1alpha1/claims:search')
        return { status: 404, json: googleError(404, 'Not Found', 'NOT_FOUND') };
      if (url.searchParams.get('key') !== options.apiKey)
        return {
          status: 400,
          json: {
            error: {
              ...googleError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT').error,
              details: [
                { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
              ],
            },
          },
        };
      if (!url.searchParams.get('query'))
        return { status: 400, json: googleError(400, 'Request contains an invalid argument.', 'INVALID_ARGUMENT') };
      return undefined;
    },
  });
}
