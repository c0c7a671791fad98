import { MAX_ERRORS, MAX_ERROR_RATE, MIN_FUZZY, occurrencesNear, scan, type Candidate, type SearchContext } from './candidates';
import { findByEnds } from './find-by-ends';
import type { Scored, Scorer } from './quote-scorer';

/** Quotes longer than this (normalised) are found by their two ends, then checked in the middle. */
export const LONG_QUOTE = 256;

/** The whole quote: exactly, else fuzzily (near the hint first; a long quote by its ends). */
export function findWhole(ctx: SearchContext, s: Scorer): Scored | null {
  const { hay } = ctx;
  const m = s.quote.length;
  const exact = occurrencesNear(hay, s.quote, ctx.hintAt, ctx.maxCandidates * 4);
  if (exact.length > 0) return s.best(exact);
  if (m < MIN_FUZZY) return null;
  if (m <= LONG_QUOTE) return fuzzyEverywhere(ctx, s.quote, Math.min(MAX_ERRORS, Math.floor(m * MAX_ERROR_RATE)), s.best);
  return findByEnds(ctx, s.quote, s.best);
}

/** The whole quote, approximately: near the hint first, then everywhere. */
function fuzzyEverywhere(
  ctx: SearchContext,
  quote: string,
  k: number,
  best: (cands: Candidate[]) => Scored | null,
): Scored | null {
  return best(scan(ctx, quote, k, (found) => best(found) !== null));
}
