import type { SearchHit } from '../shared/types';
import { toPlainText } from '../text/plain-text';
import { ProviderError } from '../shared/provider-error';
import { failureOf } from '../shared/failure-text';
import { parseProviderDate, providerDate } from '../dates/provider-dates';
import type { DroppedResult, SearchResults } from './provider';

/**
 * `{baseUrl}/{path}`, keeping any path the base URL has ("https://host/searx" → "https://host/searx/search").
 * A base URL that is not a URL is a settings mistake: a 'config' failure saying where to fix it.
 */
export function endpointUrl(provider: string, baseUrl: string, path: string): URL {
  try {
    const url = new URL(path, baseUrl.trim().replace(/\/*$/, '/'));
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // Falls through to the config failure.
  }
  throw new ProviderError(failureOf('search', 'bad-base-url', { provider, baseUrl }, { kind: 'config' }));
}

/** A keyed provider without a key is a settings gap, not a request to send. */
export function requireKey(provider: string, apiKey: string): string {
  const key = apiKey.trim();
  if (!key) throw new ProviderError(failureOf('search', 'needs-key', { provider }, { kind: 'config' }));
  return key;
}

/** Whether a result URL is one we can fetch and cite (drops magnet:, javascript:, relative links). */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(url);
}

/** Clamps a requested count into the provider's accepted range. */
export function clampCount(count: number, max: number): number {
  return Number.isFinite(count) ? Math.min(max, Math.max(1, Math.floor(count))) : max;
}

/** One result as a provider gives it, before mapping: markup in title and snippet, a raw date. */
export interface RawHit {
  /** 1-based position in the provider's own list. */
  position: number;
  url: string;
  title?: string | null;
  snippet?: string | null;
  /** The publication date as the provider sends it. */
  date?: string | null;
  /** The page's last edit as the provider sends it (Wikipedia's `timestamp`): never a publication date. */
  lastEdited?: string | null;
}

/**
 * Provider results as SearchHits: web URLs only (the others are dropped with the reason), at most
 * `max` (the same count the request asked for, in every adapter), title and snippet as plain text
 * (the URL when there is no title), dates read with the shared provider-date parser, ranked 1…n.
 */
export function toSearchHits(
  provider: string,
  query: string,
  rows: RawHit[],
  dropped: DroppedResult[],
  now: Date,
  max: number,
): SearchResults {
  const notWeb = rows.filter((r) => !isWebUrl(r.url));
  const hits = rows
    .filter((r) => isWebUrl(r.url))
    .slice(0, Math.max(1, max))
    .map((r, i): SearchHit => {
      const lastEdited = parseProviderDate(r.lastEdited, now);
      return {
        url: r.url,
        title: toPlainText(r.title ?? '') || r.url,
        snippet: toPlainText(r.snippet ?? ''),
        published: providerDate(r.date, now),
        ...(lastEdited === null ? {} : { lastEdited }),
        provider,
        query,
        rank: i + 1,
      };
    });
  return {
    hits,
    dropped: [...dropped, ...notWeb.map((r) => ({ position: r.position, reason: '`url` is not an http(s) URL' }))].sort(
      (a, b) => a.position - b.position,
    ),
  };
}
