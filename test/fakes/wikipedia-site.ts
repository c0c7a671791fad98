import type http from 'node:http';
import { sendJson, type RecordedRequest } from './http-server';

/** One search result of the fake, as the MediaWiki Action API's list=search gives it. */
export interface WikiSearchResult {
  title: string;
  snippet: string;
  timestamp: string;
}

/**
 * A Wikipedia that serves both what Spanlight reads: the Action API's list=search on /w/api.php, and
 * article pages on /wiki/<Title> (the HTML a test gives, e.g. a real saved article with its footnotes).
 */
export function wikipediaHandler(options: {
  results: (q: string) => WikiSearchResult[];
  /** Article HTML by title ("Mozilla"). */
  articles: Record<string, string>;
}): (req: RecordedRequest, res: http.ServerResponse) => void {
  return (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/w/api.php') {
      if (url.searchParams.get('list') !== 'search')
        return sendJson(res, 200, { error: { code: 'badvalue', info: 'Unrecognized value for parameter "list".' } });
      const q = url.searchParams.get('srsearch') ?? '';
      return sendJson(res, 200, {
        batchcomplete: '',
        continue: { sroffset: 10, continue: '-||' },
        query: {
          searchinfo: { totalhits: options.results(q).length },
          search: options.results(q).map((r, i) => ({ ns: 0, pageid: 1000 + i, size: 50_000, wordcount: 8000, ...r })),
        },
      });
    }
    const title = url.pathname.startsWith('/wiki/') ? decodeURIComponent(url.pathname.slice(6)).replace(/_/g, ' ') : '';
    const html = options.articles[title];
    if (!html) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Not found</title><p>Wikipedia does not have an article with this exact name.</p>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'last-modified': 'Mon, 02 Nov 2026 10:00:00 GMT' });
    res.end(html);
  };
}
