import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factCheck } from '@/lib/factcheck/fact-check';
import { fetchPage, type FetchOutcome, type PageReadHooks } from '@/lib/pages/fetch-page';
import { parseHtmlWithLinkedom } from '@/lib/pages/parse-html';
import { cachedPageReader } from '@/lib/pages/read-page';
import { createBraveProvider } from '@/lib/search/brave';
import type { PipelineCache } from '@/lib/run/cache';
import { articleHtml, startFixtureSite, viaLoopback, type FixtureSite } from '../../fakes/fixture-site';
import { startFakeBrave } from '../../fakes/search-servers';

// The fetch limit counts fetches: a page's slot frees once its bytes are in, and its extraction
// waits for the I/O already started. Orders of events against fakes, never times.

const NOW = new Date('2026-03-01T00:00:00Z');
const CLAIM = 'Exampleville had 412,000 residents on 1 January 2026.';
const HOSTS = ['census.test', 'almanac.test'];

describe('page reads: the fetch limit holds fetches, not extractions', () => {
  let site: FixtureSite;
  let brave: Awaited<ReturnType<typeof startFakeBrave>>;
  beforeAll(async () => {
    site = await startFixtureSite(
      HOSTS.map((host) => ({
        host,
        path: '/p',
        html: articleHtml({ title: host, paragraphs: [`The census office said ${CLAIM}`] }),
      })),
    );
    brave = await startFakeBrave({
      apiKey: 'k',
      results: () => HOSTS.map((host) => ({ url: site.urlOf(host, '/p'), title: host, description: 'census' })),
    });
  });
  afterAll(async () => {
    await Promise.all([site?.close(), brave?.close()]);
  });

  const read = (url: string, hooks?: PageReadHooks) =>
    fetchPage(url, {
      fetch: viaLoopback(),
      parseHtml: parseHtmlWithLinkedom,
      allowPrivateNetwork: false,
      now: () => NOW,
      ...hooks,
    });

  it('with one fetch at a time, the second page is fetched while the first is still being extracted', async () => {
    const events: string[] = [];
    const fetchPageSlowly = async (url: string, hooks?: PageReadHooks): Promise<FetchOutcome> => {
      const host = new URL(url).hostname;
      events.push(`fetch ${host}`);
      const outcome = await read(url);
      events.push(`fetched ${host}`);
      hooks?.onFetched?.();
      // The page's extraction, standing in for a long one: a later turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 30));
      events.push(`extracted ${host}`);
      return outcome;
    };
    const r = await factCheck(
      {
        text: `Exampleville is a river town. ${CLAIM}`,
        pageUrl: 'https://blog.test/p',
        title: 'Exampleville',
        settings: { fetchConcurrency: 1 },
      },
      {
        now: () => NOW,
        fetch: viaLoopback(),
        providers: [createBraveProvider({ apiKey: 'k', baseUrl: brave.baseUrl })],
        fetchPage: fetchPageSlowly,
        model: null,
        onProgress: () => undefined,
      },
    );
    expect(r.claims.map((c) => c.verdict)).toEqual(['supported']);
    // Held until "extracted census.test", the second fetch would start after it.
    expect(events.slice(0, 3)).toEqual(['fetch census.test', 'fetched census.test', 'fetch almanac.test']);
    expect(events).toHaveLength(6);
    expect(events.indexOf('extracted census.test')).toBeGreaterThan(events.indexOf('fetch almanac.test'));
  });

  it('fetchPage says the fetch is over before it extracts, and lets the I/O started then go first', async () => {
    const events: string[] = [];
    const parse = (html: string, url: string) => {
      events.push('extract');
      return parseHtmlWithLinkedom(html, url);
    };
    const outcome = await fetchPage(site.urlOf(HOSTS[0]!, '/p'), {
      fetch: viaLoopback(),
      parseHtml: parse,
      allowPrivateNetwork: false,
      now: () => NOW,
      onFetched: () => {
        events.push('fetched');
        // What the next fetch's start does: work for a later turn of the event loop.
        setImmediate(() => events.push('next fetch under way'));
      },
    });
    expect(outcome.ok).toBe(true);
    expect(events).toEqual(['fetched', 'next fetch under way', 'extract']);
  });

  it('the page cache passes the hooks to the reader it wraps', async () => {
    const cache = { getPage: async () => null, putPage: async () => undefined } as unknown as PipelineCache;
    const events: string[] = [];
    const reader = cachedPageReader(
      (url, _etag, hooks) => read(url, hooks),
      cache,
      () => NOW,
    );
    await reader(site.urlOf(HOSTS[1]!, '/p'), { onFetched: () => events.push('fetched') });
    expect(events).toEqual(['fetched']);
  });
});
