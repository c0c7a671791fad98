import { createHash } from 'node:crypto';
import { startFakeServer, type FakeServer } from './http-server';

/** A page the fixture site serves: by host name (the browser maps *.test to 127.0.0.1) and path. */
export interface FixturePage {
  host: string;
  path: string;
  html: string;
  headers?: Record<string, string>;
  /** Milliseconds before the page is sent (a slow site). */
  delayMs?: number;
}

export interface FixtureSite extends FakeServer {
  /** The URL a page is reached at from the browser. */
  urlOf(host: string, path: string): string;
  /** Replaces a page's HTML (a page that changed since it was cited). */
  setPage(host: string, path: string, html: string): void;
}

/** Serves fixture pages on 127.0.0.1, chosen by the Host header, so each host is its own site. */
export async function startFixtureSite(pages: FixturePage[]): Promise<FixtureSite> {
  const byKey = new Map(pages.map((p) => [`${p.host}${p.path}`, p]));
  const server = await startFakeServer(async (req, res) => {
    // Node's fetch cannot resolve *.test names; tests there send the name in X-Test-Host (see viaLoopback).
    const named = req.headers['x-test-host'];
    const host = (typeof named === 'string' ? named : (req.headers.host ?? '')).replace(/:\d+$/, '');
    const page = byKey.get(`${host}${req.url.split('?')[0]}`);
    if (page?.delayMs) await new Promise((r) => setTimeout(r, page.delayMs));
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Not found</title><p>Not found</p>');
      return;
    }
    // A strong ETag of the content, and 304 when the browser's copy is current.
    const etag = `"${createHash('sha1').update(page.html).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag, ...page.headers });
    res.end(page.html);
  });
  return {
    ...server,
    urlOf: (host, path) => `http://${host}:${server.port}${path}`,
    setPage: (host, path, html) => {
      const p = byKey.get(`${host}${path}`);
      byKey.set(`${host}${path}`, { host, path, html, ...(p?.headers ? { headers: p.headers } : {}) });
    },
  };
}

/** A plain article page with filler paragraphs around the ones that matter, so jumps must scroll. */
export function articleHtml(options: { title: string; published?: string; paragraphs: string[]; fillerBefore?: number }): string {
  const filler = Array.from(
    { length: options.fillerBefore ?? 30 },
    (_, i) =>
      `<p>Background note ${i + 1}: this paragraph describes the town's history of markets, bridges and river trade in general terms, without figures.</p>`,
  );
  const meta = options.published ? `<meta property="article:published_time" content="${options.published}">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${options.title}</title>${meta}</head>
<body><header><nav><a href="/">Home</a> · <a href="/about">About</a></nav></header>
<main><article><h1>${options.title}</h1>
${filler.join('\n')}
${options.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
</article></main><footer><p>© Example publisher</p></footer></body></html>`;
}

/**
 * A fetch for Node tests that does what the test browser's host-resolver rule does: *.test names go
 * to 127.0.0.1, with the name in X-Test-Host; the response keeps the URL that was asked for.
 */
export function viaLoopback(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (!url.hostname.endsWith('.test')) return base(input, init);
    const headers = new Headers(init?.headers);
    headers.set('x-test-host', url.hostname);
    const name = url.hostname;
    url.hostname = '127.0.0.1';
    const res = await base(url, { ...init, headers });
    Object.defineProperty(res, 'url', { value: url.toString().replace('127.0.0.1', name) });
    return res;
  };
}
