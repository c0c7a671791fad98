import { z } from 'zod';
import { clampCount, endpointUrl, toSearchHits } from './endpoint';
import { requestJson } from './http';
import { ProviderError } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import { optionalText, readResults } from './read-results';
import type { SearchProvider } from './provider';
import { fitQuery } from '../providers/query-limits';
import { searxng } from '../providers/searxng';

const PROVIDER = searxng.name;

/** SearXNG has no count parameter; its answer is capped at this many, as the other adapters ask for. */
const MAX_RESULTS = 100;

// Only what we use of SearXNG's JSON output. Engines differ, so each result is validated on its own
// (readResults): only `url` is required (image and torrent results have no `content`; some links
// are magnet: or relative, and are dropped as not http(s)).
const SearxngResponseSchema = z.object({
  results: z.array(z.unknown()),
  // [engine, reason] pairs for the engines that failed this time.
  unresponsive_engines: z.array(z.unknown()).optional(),
});

const SearxngResultSchema = z.object({
  url: z.string(),
  title: optionalText,
  content: optionalText,
  publishedDate: optionalText,
});

/** SearXNG's `time_range` for a window in days; it has no week in our mapping, so a week asks for a month. */
export function searxngTimeRange(days: number | undefined): 'day' | 'month' | 'year' | undefined {
  if (days === undefined) return undefined;
  if (days <= 1) return 'day';
  if (days <= 31) return 'month';
  if (days <= 366) return 'year';
  return undefined;
}

/** A self-hosted SearXNG instance: GET {base}/search?format=json, no key. */
export function createSearxngProvider(config: { baseUrl: string }): SearchProvider {
  return {
    id: searxng.id,
    name: PROVIDER,
    limits: searxng.limits,
    async search(asked, options) {
      const query = fitQuery(asked, searxng.limits);
      const url = endpointUrl(PROVIDER, config.baseUrl, 'search');
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const timeRange = searxngTimeRange(options.freshnessDays);
      if (timeRange) url.searchParams.set('time_range', timeRange);
      url.searchParams.set('pageno', '1');
      const body = await requestJson(
        {
          provider: PROVIDER,
          place: 'Search',
          url: url.toString(),
          init: { headers: { Accept: 'application/json' } },
          timeoutMs: options.timeoutMs,
          fetch: options.fetch,
        },
        SearxngResponseSchema,
      ).catch((e: unknown) => {
        throw refineFailure(e);
      });
      const failed = unresponsive(body.unresponsive_engines);
      // No results because every engine failed is an outage, not "found nothing".
      if (body.results.length === 0 && failed.length > 0)
        throw new ProviderError(
          failureOf('search', 'searxng-engines-failed', { provider: PROVIDER, engines: failed.join('; ') }, { kind: 'server' }),
        );
      const { read, dropped } = readResults(PROVIDER, body.results, SearxngResultSchema);
      return toSearchHits(
        searxng.id,
        query,
        read.map(({ position, value: r }) => ({
          position,
          url: r.url,
          title: r.title,
          snippet: r.content,
          date: r.publishedDate,
        })),
        dropped,
        options.now?.() ?? new Date(),
        clampCount(options.count, MAX_RESULTS),
      );
    },
  };
}

/** "google: timeout" for each [engine, reason] pair SearXNG reports. */
function unresponsive(list: unknown[] | undefined): string[] {
  return (list ?? []).flatMap((entry) => {
    if (Array.isArray(entry) && typeof entry[0] === 'string')
      return [typeof entry[1] === 'string' && entry[1] ? `${entry[0]}: ${entry[1]}` : entry[0]];
    return typeof entry === 'string' ? [entry] : [];
  });
}

/** A keyless, self-hosted instance: 403 is JSON output switched off, 429 is its bot limiter. */
function refineFailure(e: unknown): unknown {
  if (!(e instanceof ProviderError)) return e;
  const { status } = e.failure;
  if (status === 403)
    return new ProviderError(failureOf('search', 'searxng-json-disabled', { provider: PROVIDER }, { kind: 'forbidden', status }));
  if (status === 429) {
    const retryAfterSeconds = e.failure.retryAfterSeconds;
    return new ProviderError(
      retryAfterSeconds === undefined
        ? failureOf('search', 'searxng-limiter', { provider: PROVIDER }, { kind: 'rate-limited', status })
        : failureOf(
            'search',
            'searxng-limiter-for',
            { provider: PROVIDER, seconds: retryAfterSeconds },
            { kind: 'rate-limited', status, retryAfterSeconds },
          ),
    );
  }
  return e;
}
