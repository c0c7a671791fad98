import { z } from 'zod';
import { clampCount, toSearchHits } from './endpoint';
import { requestJson } from './http';
import { optionalText, readResults } from './read-results';
import type { SearchProvider } from './provider';
import { fitQuery } from '../providers/query-limits';
import { brave } from '../providers/brave';

const PROVIDER = brave.name;

/** Brave's web search returns at most 20 results a page. */
const MAX_RESULTS = 20;

// Only what we use of Brave's web-search response; `web` is absent when there are no results.
// Each result is validated on its own (readResults): only `url` is required.
const BraveResponseSchema = z.object({
  web: z.object({ results: z.array(z.unknown()) }).optional(),
});

const BraveResultSchema = z.object({
  url: z.string(),
  title: optionalText,
  description: optionalText,
  page_age: optionalText,
  extra_snippets: z.array(z.unknown()).nullish().catch(null),
});

/** Brave's freshness codes for a window in days. */
export function braveFreshness(days: number | undefined): string | undefined {
  if (days === undefined) return undefined;
  if (days <= 1) return 'pd';
  if (days <= 7) return 'pw';
  if (days <= 31) return 'pm';
  if (days <= 366) return 'py';
  return undefined;
}

/** Brave Search web API: GET with X-Subscription-Token. */
export function createBraveProvider(config: { apiKey: string; baseUrl: string }): SearchProvider {
  return {
    id: brave.id,
    name: PROVIDER,
    limits: brave.limits,
    async search(asked, options) {
      const query = fitQuery(asked, brave.limits);
      const count = clampCount(options.count, MAX_RESULTS);
      const url = new URL(config.baseUrl);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(count));
      const freshness = braveFreshness(options.freshnessDays);
      if (freshness) url.searchParams.set('freshness', freshness);
      const body = await requestJson(
        {
          provider: PROVIDER,
          place: 'Search',
          url: url.toString(),
          init: { headers: { Accept: 'application/json', 'X-Subscription-Token': config.apiKey } },
          timeoutMs: options.timeoutMs,
          fetch: options.fetch,
        },
        BraveResponseSchema,
      );
      const { read, dropped } = readResults(PROVIDER, body.web?.results ?? [], BraveResultSchema);
      return toSearchHits(
        brave.id,
        query,
        read.map(({ position, value: r }) => ({
          position,
          url: r.url,
          title: r.title,
          snippet: [r.description ?? '', ...(r.extra_snippets ?? []).filter((s) => typeof s === 'string')].join(' '),
          date: r.page_age,
        })),
        dropped,
        options.now?.() ?? new Date(),
        count,
      );
    },
  };
}
