import type { Page, SearchHit } from '../shared/types';

/** The caches the pipeline uses; the extension backs them with Dexie, tests with memory. */
export interface PipelineCache {
  getSearch(key: string, now: Date): Promise<SearchHit[] | undefined>;
  putSearch(key: string, hits: SearchHit[], expiresAt: Date): Promise<void>;
  getPage(url: string): Promise<{ page: Page; etag?: string; fetchedAt: string } | undefined>;
  putPage(url: string, page: Page, etag: string | undefined, fetchedAt: Date): Promise<void>;
}

/** Search-cache key: provider + normalised query + freshness window. */
export function searchKey(provider: string, query: string, freshnessDays: number | undefined): string {
  return `${provider}\u0000${query.toLowerCase().replace(/\s+/g, ' ').trim()}\u0000${freshnessDays ?? 'any'}`;
}

/** How long search results stay fresh, from the question's freshness class (seed 000, "caching"). */
export function searchTtlMs(freshnessDays: number | undefined): number {
  const minute = 60_000;
  if (freshnessDays === undefined) return 24 * 60 * minute;
  if (freshnessDays <= 1) return 10 * minute;
  if (freshnessDays <= 7) return 60 * minute;
  if (freshnessDays <= 31) return 6 * 60 * minute;
  return 24 * 60 * minute;
}

/** A cached page younger than this is used without asking the server; older ones are revalidated by ETag. */
export const PAGE_FRESH_MS = 60 * 60_000;

/** An in-memory cache (tests, the command line). */
export function memoryCache(): PipelineCache {
  const search = new Map<string, { hits: SearchHit[]; expiresAt: number }>();
  const pages = new Map<string, { page: Page; etag?: string; fetchedAt: string }>();
  return {
    getSearch: async (key, now) => {
      const e = search.get(key);
      return e && e.expiresAt > now.getTime() ? e.hits : undefined;
    },
    putSearch: async (key, hits, expiresAt) => void search.set(key, { hits, expiresAt: expiresAt.getTime() }),
    getPage: async (url) => pages.get(url),
    putPage: async (url, page, etag, fetchedAt) =>
      void pages.set(url, { page, ...(etag ? { etag } : {}), fetchedAt: fetchedAt.toISOString() }),
  };
}
