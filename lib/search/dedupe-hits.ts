import type { SearchHit } from '../shared/types';

const TRACKING = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|ref_src|_hsenc|_hsmi)$/i;

/** A URL's identity for dedupe: host lower-cased, fragment and tracking parameters dropped. */
export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw.trim();
  }
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  url.searchParams.sort();
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const port = url.port ? `:${url.port}` : '';
  return `${url.protocol}//${url.hostname.toLowerCase().replace(/^www\./, '')}${port}${path}${url.search}`;
}

/** Dedupes hits by normalised URL, keeping the best rank; ordered by rank, then by query order. */
export function dedupeHits(hits: SearchHit[]): SearchHit[] {
  const best = new Map<string, { hit: SearchHit; order: number }>();
  hits.forEach((hit, order) => {
    const key = normalizeUrl(hit.url);
    const prev = best.get(key);
    if (!prev || hit.rank < prev.hit.rank) best.set(key, { hit, order: prev ? Math.min(prev.order, order) : order });
  });
  return [...best.values()].sort((a, b) => a.hit.rank - b.hit.rank || a.order - b.order).map((v) => v.hit);
}
