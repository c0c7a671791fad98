import type { SearchHit } from '../shared/types';
import { relevanceParts, scoreParts } from './relevance';
import { registrableDomain } from '../pages/publisher';

/** A hit with our own score, and where it stands. */
export interface RankedHit {
  hit: SearchHit;
  /** 0–1: relevance of title and snippet to the best part of the question (relative to the best hit), with the provider's rank and primary sources weighed in. */
  score: number;
}

/** Which pages are read, in which order, and why the others are not. */
export interface FetchPlan {
  /** Read, in this order. */
  fetch: RankedHit[];
  /** Not read, each with why. */
  deferred: Array<{ url: string; reason: string }>;
}

/**
 * Ranks the hits by our own measure, not the search engine's order: the relevance of the title and
 * snippet to the question, its parts and the planned queries (as selection scores passages), then
 * the provider's rank, then primary sources.
 */
export function rankHits(
  question: string,
  queries: string[],
  hits: SearchHit[],
  isPrimary: (url: string) => boolean,
): RankedHit[] {
  const scorer = scoreParts(
    relevanceParts(question, queries),
    hits.map((h) => `${h.title}\n${h.snippet}`),
  );
  const relevance = hits.map((_, i) => Math.max(0, ...scorer.scores(i)));
  // Relative to the best hit: a snippet is a few words, so absolute shares say little across questions.
  const best = Math.max(0, ...relevance);
  return hits
    .map((hit, i) => {
      const score = 0.7 * (best === 0 ? 0 : relevance[i]! / best) + 0.2 / Math.sqrt(hit.rank) + (isPrimary(hit.url) ? 0.1 : 0);
      return { hit, score: Math.round(score * 1000) / 1000, i };
    })
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ hit, score }) => ({ hit, score }));
}

/**
 * The pages to read: the best-ranked page of each registrable domain first, so the page budget buys
 * independent sources; then, while the budget lasts, the next-best pages of domains already taken
 * (another page of a site may hold the passage, even though selection keeps one document a site).
 */
export function planFetches(ranked: RankedHit[], maxPages: number): FetchPlan {
  const seen = new Set<string>();
  const firsts: RankedHit[] = [];
  const rest: RankedHit[] = [];
  for (const r of ranked) {
    const domain = registrableDomain(r.hit.url);
    (seen.has(domain) ? rest : firsts).push(r);
    seen.add(domain);
  }
  const order = [...firsts, ...rest];
  const fetch = order.slice(0, maxPages);
  const deferred = order.slice(maxPages).map((r) => ({
    url: r.hit.url,
    reason: firsts.includes(r)
      ? `not read: the page budget (${maxPages}) went to better-ranked pages`
      : `not read: another page of ${registrableDomain(r.hit.url)} ranked higher, and the page budget (${maxPages}) went to other sites`,
  }));
  return { fetch, deferred };
}
