import type { PipelineCache } from '../run/cache';
import { PageCacheRecordSchema, SearchCacheRecordSchema } from '../shared/records';
import type { SpanlightDb } from './database';

/** The pipeline's caches in Dexie: search results by key with an expiry, pages by URL with ETag. */
export function dexieCache(db: SpanlightDb): PipelineCache {
  return {
    async getSearch(key, now) {
      const row = SearchCacheRecordSchema.safeParse(await db.searchCache.get(key));
      if (!row.success || Date.parse(row.data.expiresAt) <= now.getTime()) return undefined;
      return row.data.hits;
    },
    async putSearch(key, hits, expiresAt) {
      await db.searchCache.put({ key, hits, expiresAt: expiresAt.toISOString() });
    },
    async getPage(url) {
      const row = PageCacheRecordSchema.safeParse(await db.pageCache.get(url));
      if (!row.success) return undefined;
      return { page: row.data.page, ...(row.data.etag ? { etag: row.data.etag } : {}), fetchedAt: row.data.fetchedAt };
    },
    async putPage(url, page, etag, fetchedAt) {
      await db.pageCache.put({ url, page, ...(etag ? { etag } : {}), fetchedAt: fetchedAt.toISOString() });
    },
  };
}
