import type { Page, SearchHit } from '../shared/types';
import { contentWords } from '../text/tokens';
import { stableHash } from '../text/hash';
import type { RouteDecision } from './route';

/** A version, a date or a number of two digits or more: a token a reader can verify. */
const VERIFIABLE =
  /\b\d+\.\d+(?:\.\d+)*\b|\b(19|20)\d\d-\d\d-\d\d\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? (19|20)\d\d\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* (19|20)\d\d\b|\b\d[\d,]*\d\b/i;

/**
 * The seed's fast path: for a single-hop question, a snippet from a primary domain that holds a
 * verifiable token and shares the question's terms is evidence enough; its page is not fetched.
 * Single-hop is the router's decision (route.ts), the one that also skips the planner: however many
 * queries were planned, a question the router sends to the planner has its pages read.
 */
export function snippetPages(
  question: string,
  route: Pick<RouteDecision, 'singleHop'>,
  hits: SearchHit[],
  isPrimary: (url: string) => boolean,
  now: Date,
): Page[] {
  if (!route.singleHop) return [];
  const terms = new Set(contentWords(question));
  return hits
    .filter((h) => isPrimary(h.url) && VERIFIABLE.test(h.snippet) && contentWords(h.snippet).some((w) => terms.has(w)))
    .map((h) => ({
      url: h.url,
      title: h.title,
      text: h.snippet,
      published: h.published,
      retrievedAt: now.toISOString(),
      contentHash: stableHash(h.snippet),
      origin: 'web' as const,
    }));
}
