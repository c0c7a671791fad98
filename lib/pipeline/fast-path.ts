import type { Page, SearchHit } from '../types';
import { contentWords } from '../text/tokens';
import { stableHash } from '../text/hash';

/** A version, a date or a number of two digits or more: a token a reader can verify. */
const VERIFIABLE =
  /\b\d+\.\d+(?:\.\d+)*\b|\b(19|20)\d\d-\d\d-\d\d\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? (19|20)\d\d\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* (19|20)\d\d\b|\b\d[\d,]*\d\b/i;

/**
 * The seed's fast path: for a single-hop question, a snippet from a primary domain that holds a
 * verifiable token and shares the question's terms is evidence enough; its page is not fetched.
 * Returns the snippet pages and the URLs they stand for.
 */
export function snippetPages(
  question: string,
  queries: string[],
  hits: SearchHit[],
  isPrimary: (url: string) => boolean,
  now: Date,
): Page[] {
  if (queries.length > 2 || /\band\b.*\?|\?.*\?/i.test(question)) return []; // multi-hop: read the pages
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
