import { z } from 'zod';
import { clampCount, toSearchHits } from './endpoint';
import { requestJson } from './http';
import { ProviderError } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import { optionalText, readResults } from './read-results';
import type { SearchProvider } from './provider';
import { fitQuery } from '../providers/query-limits';
import { wikipedia } from '../providers/wikipedia';

const PROVIDER = wikipedia.name;

/** The number of search hits asked for at most (`srlimit`). */
const MAX_RESULTS = 20;

// MediaWiki Action API, list=search. Only the fields we use; each hit is validated on its own
// (readResults): only `title` is required (the article URL is built from it).
const WikipediaResponseSchema = z.object({
  // MediaWiki reports errors inside a 200 answer.
  error: z.object({ code: z.string().optional(), info: z.string().optional() }).optional(),
  query: z.object({ search: z.array(z.unknown()) }).optional(),
});

const WikipediaHitSchema = z.object({
  title: z.string(),
  snippet: optionalText,
  // The article's last edit, not its publication.
  timestamp: optionalText,
});

/** Keyless default: Wikipedia's public search API. Article URLs are built from the API's host. */
export function createWikipediaProvider(config: { baseUrl: string }): SearchProvider {
  return {
    id: wikipedia.id,
    name: PROVIDER,
    limits: wikipedia.limits,
    async search(asked, options) {
      const query = fitQuery(asked, wikipedia.limits);
      const count = clampCount(options.count, MAX_RESULTS);
      const api = new URL(config.baseUrl);
      api.searchParams.set('action', 'query');
      api.searchParams.set('list', 'search');
      api.searchParams.set('srsearch', query);
      api.searchParams.set('srlimit', String(count));
      api.searchParams.set('format', 'json');
      api.searchParams.set('origin', '*');
      const body = await requestJson(
        {
          provider: PROVIDER,
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
        throw new ProviderError(
          failureOf(
            'search',
            'wikipedia-error',
            { code: body.error.code ?? 'unknown', info: body.error.info ?? 'no details' },
            { kind, provider: PROVIDER },
          ),
        );
      }
      const { read, dropped } = readResults(PROVIDER, body.query?.search ?? [], WikipediaHitSchema);
      return toSearchHits(
        wikipedia.id,
        query,
        read.map(({ position, value: r }) => ({
          position,
          url: new URL(`/wiki/${encodeURIComponent(r.title.replace(/ /g, '_'))}`, api.origin).toString(),
          title: r.title,
          snippet: r.snippet,
          // The timestamp is the last edit: recorded as such, never as a publication date.
          lastEdited: r.timestamp,
        })),
        dropped,
        options.now?.() ?? new Date(),
        count,
      );
    },
  };
}
