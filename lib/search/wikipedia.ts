import { z } from 'zod';
import type { SearchHit } from '../types';
import { toPlainText } from '../text/plain-text';
import { requestJson } from './http';
import { ProviderError } from '../shared/provider-error';
import type { SearchProvider } from './provider';

// MediaWiki Action API, list=search. Only the fields we use.
const WikipediaResponseSchema = z.object({
  // MediaWiki reports errors inside a 200 answer.
  error: z.object({ code: z.string().optional(), info: z.string().optional() }).optional(),
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
      if (body.error) {
        const kind = body.error.code === 'maxlag' || body.error.code === 'ratelimited' ? 'rate-limited' : 'bad-response';
        throw new ProviderError({
          provider: 'Wikipedia',
          kind,
          message: `Wikipedia answered with an error (${body.error.code ?? 'unknown'}: ${body.error.info ?? 'no details'}): try again, or check the API URL in Settings → Search.`,
        });
      }
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
