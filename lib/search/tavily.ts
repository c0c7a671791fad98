import { z } from 'zod';
import { clampCount, endpointUrl, requireKey, toSearchHits } from './endpoint';
import { cleanExcerpts } from './clean-excerpts';
import { requestJson } from './http';
import { optionalText, readResults } from './read-results';
import { ProviderError } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import type { SearchProvider } from './provider';
import { fitQuery } from '../providers/query-limits';
import { tavily } from '../providers/tavily';

const PROVIDER = tavily.name;

/** Tavily's `max_results` goes up to 20. */
const MAX_RESULTS = 20;

// Only what we use of Tavily's /search response, each result validated on its own (readResults):
// only `url` is required. `published_date` comes with the news topic only.
const TavilyResponseSchema = z.object({ results: z.array(z.unknown()) });

const TavilyResultSchema = z.object({
  url: z.string(),
  title: optionalText,
  content: optionalText,
  published_date: optionalText,
});

/** Tavily's `time_range` for a window in days; beyond a year, no filter. */
export function tavilyTimeRange(days: number | undefined): 'day' | 'week' | 'month' | 'year' | undefined {
  if (days === undefined) return undefined;
  if (days <= 1) return 'day';
  if (days <= 7) return 'week';
  if (days <= 31) return 'month';
  if (days <= 366) return 'year';
  return undefined;
}

/** Tavily Search: POST {base}/search with `Authorization: Bearer tvly-…`. */
export function createTavilyProvider(config: { apiKey: string; baseUrl: string; topic?: 'general' | 'news' }): SearchProvider {
  return {
    id: tavily.id,
    name: PROVIDER,
    limits: tavily.limits,
    async search(asked, options) {
      const query = fitQuery(asked, tavily.limits);
      const key = requireKey(PROVIDER, config.apiKey);
      const url = endpointUrl(PROVIDER, config.baseUrl, 'search');
      const timeRange = tavilyTimeRange(options.freshnessDays);
      const count = clampCount(options.count, MAX_RESULTS);
      const request = {
        query,
        max_results: count,
        search_depth: 'basic',
        topic: config.topic ?? 'general',
        ...(timeRange ? { time_range: timeRange } : {}),
      };
      const body = await requestJson(
        {
          provider: PROVIDER,
          place: 'Search',
          url: url.toString(),
          init: {
            method: 'POST',
            headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
            body: JSON.stringify(request),
          },
          timeoutMs: options.timeoutMs,
          fetch: options.fetch,
        },
        TavilyResponseSchema,
      ).catch((e: unknown) => {
        throw refineFailure(e);
      });
      const { read, dropped } = readResults(PROVIDER, body.results, TavilyResultSchema);
      return toSearchHits(
        tavily.id,
        query,
        // Tavily's content is excerpts of the page's Markdown joined by " [...] ", as Exa's text is.
        read.map(({ position, value: r }) => ({
          position,
          url: r.url,
          title: r.title,
          snippet: cleanExcerpts(r.content ?? ''),
          date: r.published_date,
        })),
        dropped,
        options.now?.() ?? new Date(),
        count,
      );
    },
  };
}

/** Tavily's own statuses: 432 (plan's credit limit) and 433 (pay-as-you-go limit). */
function refineFailure(e: unknown): unknown {
  if (!(e instanceof ProviderError)) return e;
  const { status } = e.failure;
  if (status === 432)
    return new ProviderError(failureOf('search', 'tavily-plan-credits', { provider: PROVIDER }, { kind: 'forbidden', status }));
  if (status === 433)
    return new ProviderError(failureOf('search', 'tavily-payg-limit', { provider: PROVIDER }, { kind: 'forbidden', status }));
  return e;
}
