/**
 * A local search engine over a pool of pages, each on a site of its own (`<id>.test`), speaking two
 * protocols over HTTP on 127.0.0.1: MediaWiki's list=search, needing every word of the query on
 * the page and refusing a query over 300 characters as Wikipedia does; and Brave's web search,
 * where any word may match, ranked by BM25, refusing a query over 400 characters or 50 words. The
 * index is MiniSearch's (BM25 ranking, words lower-cased, accents folded). Stands in for the
 * network only: the real adapters and the real page reader talk to it.
 */
import MiniSearch from 'minisearch';
import type { ServerResponse } from 'node:http';
import { sendJson, startFakeServer, type FakeServer } from './http-server';

/** One page of the pool: its id (its site is `<id>.test`), title and text. */
export interface PoolPage {
  id: string;
  title: string;
  /** Paragraphs, in order. */
  paragraphs: string[];
}

/** The limits each protocol enforces, as the real engines do. */
export const POOL_LIMITS = { mediawiki: { chars: 300 }, brave: { chars: 400, words: 50 } } as const;

/** Words as the index reads them: letters and digits, lower case, accents folded. */
function tokenize(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page as its site serves it: a title and its paragraphs in an article. */
export function poolPageHtml(page: PoolPage): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title></head>
<body><main><article><h1>${escapeHtml(page.title)}</h1>
${page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</article></main></body></html>`;
}

export interface SearchPool extends FakeServer {
  /** The MediaWiki API endpoint (every word required). */
  mediawikiUrl: string;
  /** Brave's web-search endpoint (any word, BM25). */
  braveUrl: string;
  /** Every query either protocol was sent, with whether it was over that protocol's limit. */
  queries: Array<{ engine: 'mediawiki' | 'brave'; q: string; overLimit: boolean }>;
  /** The URL of a pool page on its own site. */
  urlOf(id: string): string;
}

/** Starts the pool's engine and sites; `results` hits at most per query. */
export async function startSearchPool(pages: PoolPage[], options: { results?: number } = {}): Promise<SearchPool> {
  const index = new MiniSearch<PoolPage & { text: string }>({
    fields: ['title', 'text'],
    storeFields: ['title'],
    tokenize,
    processTerm: (t) => t,
    searchOptions: { tokenize, processTerm: (t) => t, boost: { title: 2 } },
  });
  index.addAll(pages.map((p) => ({ ...p, text: p.paragraphs.join('\n') })));
  const byId = new Map(pages.map((p) => [p.id, p]));
  const limit = options.results ?? 10;
  const queries: SearchPool['queries'] = [];
  let origin = '';
  const siteUrl = (id: string) => `http://${id}.test:${new URL(origin).port}/`;

  const search = (q: string, combineWith: 'AND' | 'OR') =>
    index.search(q, { combineWith, prefix: false, fuzzy: false }).slice(0, limit);

  const mediawiki = (url: URL, res: ServerResponse) => {
    const q = url.searchParams.get('srsearch') ?? '';
    const overLimit = [...q].length > POOL_LIMITS.mediawiki.chars;
    queries.push({ engine: 'mediawiki', q, overLimit });
    // MediaWiki reports a refused query inside a 200 answer.
    if (overLimit)
      return sendJson(res, 200, {
        error: { code: 'toomanyvalues', info: `Search request is longer than the maximum allowed length. (${q.length} > 300)` },
      });
    const hits = search(q, 'AND').map((h, i) => ({ ns: 0, title: String(h.id), pageid: i + 1, snippet: '', timestamp: '' }));
    sendJson(res, 200, { batchcomplete: '', query: { searchinfo: { totalhits: hits.length }, search: hits } });
  };

  const brave = (url: URL, res: ServerResponse) => {
    const q = url.searchParams.get('q') ?? '';
    const overLimit = [...q].length > POOL_LIMITS.brave.chars || q.trim().split(/\s+/).length > POOL_LIMITS.brave.words;
    queries.push({ engine: 'brave', q, overLimit });
    if (overLimit) return sendJson(res, 422, { type: 'ErrorResponse', error: { code: 'VALIDATION', detail: 'q is too long' } });
    const results = search(q, 'OR').map((h) => ({
      type: 'search_result',
      url: siteUrl(String(h.id)),
      title: String(h.title),
      description: '',
    }));
    sendJson(res, 200, {
      type: 'search',
      query: { original: q },
      ...(results.length > 0 ? { web: { type: 'search', results } } : {}),
    });
  };

  const server = await startFakeServer((req, res) => {
    const host = String(req.headers['x-test-host'] ?? 'pool.test');
    const url = new URL(req.url, 'http://x');
    if (host === 'pool.test') {
      if (url.pathname === '/w/api.php') return mediawiki(url, res);
      if (url.pathname === '/res/v1/web/search') return brave(url, res);
      // An article URL the MediaWiki adapter builds from a hit's title: the page lives on its own site.
      const wiki = /^\/wiki\/(.+)$/.exec(url.pathname);
      if (wiki && byId.has(decodeURIComponent(wiki[1]!))) {
        res.writeHead(301, { location: siteUrl(decodeURIComponent(wiki[1]!)) });
        res.end();
        return;
      }
    }
    const page = byId.get(host.replace(/\.test$/, ''));
    if (page && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(poolPageHtml(page));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  origin = server.origin;
  const base = `http://pool.test:${server.port}`;
  return {
    ...server,
    mediawikiUrl: `${base}/w/api.php`,
    braveUrl: `${base}/res/v1/web/search`,
    queries,
    urlOf: siteUrl,
  };
}

/**
 * A fetch that sends `*.test` names to 127.0.0.1 (the name in X-Test-Host) and follows redirects
 * the same way, as a resolver that maps them would: the response's URL is the last one asked.
 */
export function poolFetch(base: typeof fetch = fetch): typeof fetch {
  const once = async (target: URL, init?: RequestInit): Promise<Response> => {
    if (!target.hostname.endsWith('.test')) return base(target, init);
    const headers = new Headers(init?.headers);
    headers.set('x-test-host', target.hostname);
    const local = new URL(target);
    local.hostname = '127.0.0.1';
    return base(local, { ...init, headers, redirect: 'manual' });
  };
  return async (input, init) => {
    let target = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    for (let hops = 0; ; hops++) {
      const res = await once(target, init);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location && hops < 5) {
        target = new URL(location, target);
        continue;
      }
      Object.defineProperty(res, 'url', { value: target.toString() });
      return res;
    }
  };
}
