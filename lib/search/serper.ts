import { z } from 'zod';
import { clampCount, endpointUrl, requireKey, toSearchHits } from './endpoint';
import { keepingErrorBody, requestJson } from './http';
import { ProviderError } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import { optionalText, readResults } from './read-results';
import type { SearchProvider } from './provider';
import { fitQuery } from '../providers/query-limits';
import { serper } from '../providers/serper';

const PROVIDER = serper.name;

/** Serper's `num` goes up to 100. */
const MAX_RESULTS = 100;

// Only what we use of Serper's Google results. `organic` may be absent when Google found nothing,
// so an answer counts as Serper's when it has `organic` or the `searchParameters` echo. Each result
// is validated on its own (readResults): only `link` is required.
const SerperResponseSchema = z
  .object({
    searchParameters: z.object({}).optional(),
    organic: z.array(z.unknown()).optional(),
  })
  .refine((b) => b.organic !== undefined || b.searchParameters !== undefined);

const SerperResultSchema = z.object({
  link: z.string(),
  title: optionalText,
  snippet: optionalText,
  // Loose text: "Aug 31, 2022", "3 days ago".
  date: optionalText,
});

/** Google's `tbs` recency filter as Serper takes it: qdr:d|w|m|y. */
export function serperTbs(days: number | undefined): string | undefined {
  if (days === undefined) return undefined;
  if (days <= 1) return 'qdr:d';
  if (days <= 7) return 'qdr:w';
  if (days <= 31) return 'qdr:m';
  if (days <= 366) return 'qdr:y';
  return undefined;
}

/** Serper (Google results): POST {base}/search with `X-API-KEY`. */
export function createSerperProvider(config: { apiKey: string; baseUrl: string }): SearchProvider {
  return {
    id: serper.id,
    name: PROVIDER,
    limits: serper.limits,
    async search(asked, options) {
      const query = fitQuery(asked, serper.limits);
      const key = requireKey(PROVIDER, config.apiKey);
      const url = endpointUrl(PROVIDER, config.baseUrl, 'search');
      const tbs = serperTbs(options.freshnessDays);
      const count = clampCount(options.count, MAX_RESULTS);
      const request = { q: query, num: count, ...(tbs ? { tbs } : {}) };
      // Serper says why it refused only in the body ("Not enough credits" comes as a 400).
      const kept = keepingErrorBody(options.fetch);
      const body = await requestJson(
        {
          provider: PROVIDER,
          place: 'Search',
          url: url.toString(),
          init: {
            method: 'POST',
            headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-API-KEY': key },
            body: JSON.stringify(request),
          },
          timeoutMs: options.timeoutMs,
          fetch: kept.fetch,
        },
        SerperResponseSchema,
      ).catch((e: unknown) => {
        throw refineFailure(e, kept.errorBody());
      });
      const { read, dropped } = readResults(PROVIDER, body.organic ?? [], SerperResultSchema);
      return toSearchHits(
        serper.id,
        query,
        read.map(({ position, value: r }) => ({
          position,
          url: r.link,
          title: r.title,
          snippet: r.snippet,
          date: r.date,
        })),
        dropped,
        options.now?.() ?? new Date(),
        count,
      );
    },
  };
}

/** Serper answers a bad or missing key with 403 "Unauthorized.", and an empty balance with 400. */
function refineFailure(e: unknown, errorBody: string): unknown {
  if (!(e instanceof ProviderError)) return e;
  const { status } = e.failure;
  if (status === 403)
    return new ProviderError(failureOf('search', 'serper-key-rejected', { provider: PROVIDER }, { kind: 'auth', status }));
  if (status === 400 && /credit/i.test(errorBody))
    return new ProviderError(failureOf('search', 'serper-no-credits', { provider: PROVIDER }, { kind: 'forbidden', status }));
  return e;
}
