import { z } from 'zod';
import { clampCount, endpointUrl, requireKey, toSearchHits } from './endpoint';
import { cleanExcerpts } from './clean-excerpts';
import { requestJson } from './http';
import { optionalText, readResults } from './read-results';
import { ProviderError } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import type { SearchProvider } from './provider';
import { fitQuery } from '../providers/query-limits';
import { exa } from '../providers/exa';

const PROVIDER = exa.name;

/** Characters of page text asked for per result: the snippet. */
export const EXA_TEXT_CHARACTERS = 1000;

/** Exa's `numResults` goes up to 100. */
const MAX_RESULTS = 100;

// Only what we use of Exa's /search response, each result validated on its own (readResults): only
// `url` is required; `title` and `publishedDate` may be null.
const ExaResponseSchema = z.object({ results: z.array(z.unknown()) });

const ExaResultSchema = z.object({
  url: z.string(),
  title: optionalText,
  publishedDate: optionalText,
  text: optionalText,
});

/** Exa's `startPublishedDate`: `now` minus the window, as ISO. */
export function exaStartPublishedDate(days: number | undefined, now: Date): string | undefined {
  if (days === undefined || !Number.isFinite(days) || days <= 0) return undefined;
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

/** Exa search: POST {base}/search with `x-api-key`, page text requested inline. */
export function createExaProvider(config: { apiKey: string; baseUrl: string }): SearchProvider {
  return {
    id: exa.id,
    name: PROVIDER,
    limits: exa.limits,
    async search(asked, options) {
      const query = fitQuery(asked, exa.limits);
      const key = requireKey(PROVIDER, config.apiKey);
      const url = endpointUrl(PROVIDER, config.baseUrl, 'search');
      const now = options.now?.() ?? new Date();
      const startPublishedDate = exaStartPublishedDate(options.freshnessDays, now);
      const count = clampCount(options.count, MAX_RESULTS);
      const request = {
        query,
        type: 'auto',
        numResults: count,
        ...(startPublishedDate ? { startPublishedDate } : {}),
        contents: { text: { maxCharacters: EXA_TEXT_CHARACTERS } },
      };
      const body = await requestJson(
        {
          provider: PROVIDER,
          place: 'Search',
          url: url.toString(),
          init: {
            method: 'POST',
            headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'x-api-key': key },
            body: JSON.stringify(request),
          },
          timeoutMs: options.timeoutMs,
          fetch: options.fetch,
        },
        ExaResponseSchema,
      ).catch((e: unknown) => {
        throw refineFailure(e);
      });
      const { read, dropped } = readResults(PROVIDER, body.results, ExaResultSchema);
      return toSearchHits(
        exa.id,
        query,
        // Exa's text is page text with Markdown headings kept.
        read.map(({ position, value: r }) => ({
          position,
          url: r.url,
          title: r.title,
          snippet: cleanExcerpts(r.text ?? ''),
          date: r.publishedDate,
        })),
        dropped,
        now,
        count,
      );
    },
  };
}

/** Exa's 402: credits exhausted or the key's spending budget reached. */
function refineFailure(e: unknown): unknown {
  if (e instanceof ProviderError && e.failure.status === 402)
    return new ProviderError(
      failureOf('search', 'exa-out-of-credits', { provider: PROVIDER }, { kind: 'forbidden', status: 402 }),
    );
  return e;
}
