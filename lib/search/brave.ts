import { z } from 'zod';
import type { SearchHit } from '../types';
import { toPlainText } from '../text/plain-text';
import { requestJson } from './http';
import { providerDate } from './provider-dates';
import type { SearchProvider } from './provider';

// Only what we use of Brave's web-search response; `web` is absent when there are no results.
const BraveResponseSchema = z.object({
  web: z
    .object({
      results: z.array(
        z.object({
          url: z.string(),
          title: z.string(),
          description: z.string().optional(),
          page_age: z.string().optional(),
          extra_snippets: z.array(z.string()).optional(),
        }),
      ),
    })
    .optional(),
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
    id: 'brave',
    name: 'Brave Search',
    async search(query, options) {
      const url = new URL(config.baseUrl);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(Math.min(20, Math.max(1, options.count))));
      const freshness = braveFreshness(options.freshnessDays);
      if (freshness) url.searchParams.set('freshness', freshness);
      const body = await requestJson(
        {
          provider: 'Brave Search',
          place: 'Search',
          url: url.toString(),
          init: { headers: { Accept: 'application/json', 'X-Subscription-Token': config.apiKey } },
          timeoutMs: options.timeoutMs,
          fetch: options.fetch,
        },
        BraveResponseSchema,
      );
      return (body.web?.results ?? []).map((r, i): SearchHit => ({
        url: r.url,
        title: toPlainText(r.title),
        snippet: toPlainText([r.description ?? '', ...(r.extra_snippets ?? [])].join(' ')),
        published: providerDate(r.page_age, options.now?.()),
        provider: 'brave',
        query,
        rank: i + 1,
      }));
    },
  };
}
