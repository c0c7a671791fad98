import { z } from 'zod';
import type { SearchHit } from '../types';
import { toPlainText } from '../text/plain-text';
import { requestJson } from './http';
import type { SearchProvider } from './provider';

// MediaWiki Action API, list=search. Only the fields we use.
const WikipediaResponseSchema = z.object({
  query: z
    .object({
      search: z.array(z.object({ title: z.string(), snippet: z.string().optional(), timestamp: z.string().optional() })),
    })
    .optional(),
});

/** Keyless default: Wikipedia's public search API. Article URLs are built from the API's host. */
export function createWikipediaProvider(config: { baseUrl: string }): SearchProvider {
  return {
    id: 'wikipedia',
    name: 'Wikipedia',
    async search(query, options) {
      const api = new URL(config.baseUrl);
      api.searchParams.set('action', 'query');
      api.searchParams.set('list', 'search');
      api.searchParams.set('srsearch', query);
      api.searchParams.set('srlimit', String(Math.min(20, Math.max(1, options.count))));
      api.searchParams.set('format', 'json');
      api.searchParams.set('origin', '*');
      const body = await requestJson(
        {
          provider: 'Wikipedia',
          place: 'Search',
          url: api.toString(),
          init: { headers: { Accept: 'application/json', 'Api-User-Agent': 'Spanlight/0.1 (browser extension)' } },
          timeoutMs: options.timeoutMs,
          fetch: options.fetch,
        },
        WikipediaResponseSchema,
      );
      return (body.query?.search ?? []).map((r, i): SearchHit => ({
        url: new URL(`/wiki/${encodeURIComponent(r.title.replace(/ /g, '_'))}`, api.origin).toString(),
        title: r.title,
        snippet: toPlainText(r.snippet ?? ''),
        // The timestamp is the last edit, not publication: recorded as the provider's date.
        published: r.timestamp ? { iso: r.timestamp, source: 'search-provider' } : null,
        provider: 'wikipedia',
        query,
        rank: i + 1,
      }));
    },
  };
}
