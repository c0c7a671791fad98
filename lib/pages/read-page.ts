import { PAGE_FRESH_MS, type PipelineCache } from '../run/cache';
import type { FetchOutcome, PageReadHooks } from './fetch-page';

/**
 * Wraps a page fetcher with the page cache: a copy younger than PAGE_FRESH_MS is used without a
 * request; an older one is revalidated with its ETag (304 → the cached copy, no re-extraction).
 */
export function cachedPageReader(
  fetchOne: (url: string, etag?: string, hooks?: PageReadHooks) => Promise<FetchOutcome>,
  cache: PipelineCache,
  now: () => Date,
): (url: string, hooks?: PageReadHooks) => Promise<FetchOutcome> {
  return async (url, hooks) => {
    const cached = await cache.getPage(url);
    const fromCache = (): FetchOutcome => ({
      ok: true,
      extraction: { page: cached!.page, readable: true },
      truncated: false,
      bytes: 0,
      fromCache: true,
      ...(cached!.etag ? { etag: cached!.etag } : {}),
    });
    if (cached && now().getTime() - Date.parse(cached.fetchedAt) < PAGE_FRESH_MS) return fromCache();
    const outcome = await fetchOne(url, cached?.etag, hooks);
    if (!outcome.ok && outcome.notModified && cached) {
      await cache.putPage(url, cached.page, cached.etag, now());
      return fromCache();
    }
    if (outcome.ok && !outcome.truncated) await cache.putPage(url, outcome.extraction.page, outcome.etag, now());
    return outcome;
  };
}
