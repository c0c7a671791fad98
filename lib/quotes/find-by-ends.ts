import {
  MAX_ERRORS,
  MAX_ERROR_RATE,
  align,
  dedupe,
  locate,
  locateAll,
  nearest,
  type Candidate,
  type SearchContext,
} from './candidates';
import type { Scored } from './quote-scorer';

/** Length of each end of a long quote. */
const END = 64;
/** Errors allowed in each end of a long quote (as a share of its length). */
const END_ERROR_RATE = 0.25;

/**
 * A long quote: find its head and its tail (exactly, else fuzzily; near the hint first), pair each
 * head with a tail about a quote's length after it, and count the errors of the whole quote against
 * the text between them. Approximate search over a whole long quote costs in proportion to its
 * errors; the two 64-character ends cost little wherever they are.
 */
export function findByEnds(ctx: SearchContext, quote: string, best: (cands: Candidate[]) => Scored | null): Scored | null {
  const { hay, maxCandidates } = ctx;
  const m = quote.length;
  const k = Math.min(MAX_ERRORS, Math.floor(m * MAX_ERROR_RATE));
  const kEnd = Math.floor(END * END_ERROR_RATE);
  const head = quote.slice(0, END);
  const tail = quote.slice(m - END);

  const pairs: Candidate[] = [];
  const verify = (from: number, to: number) => {
    const c = align(hay, quote, from, to, k);
    if (c) pairs.push(c);
  };

  // Heads near the hint, then everywhere; each head's tail is looked for where it should end.
  const heads = locateAll(ctx, head, kEnd);
  for (const h of nearest(heads, ctx.hintAt, Math.min(maxCandidates, 50))) {
    const tails = locate(hay, tail, kEnd, h.start + m - END - k, h.start + m + k, maxCandidates);
    for (const t of tails) if (t.end > h.start) verify(h.start, t.end);
  }
  let found = best(dedupe(pairs));
  if (found) return found;
  if (ctx.now() > ctx.deadline) return null;

  // The head may be what changed: find tails, and each one's head where it should start.
  const tails = locateAll(ctx, tail, kEnd);
  for (const t of nearest(tails, ctx.hintAt, Math.min(maxCandidates, 50))) {
    const hs = locate(hay, head, kEnd, t.end - m - k, t.end - m + k + END, maxCandidates);
    for (const h of hs) if (t.end > h.start) verify(h.start, t.end);
    // The tail stands but no head near it: the whole quote aligned just before the tail.
    if (hs.length === 0) verify(t.end - m - k, t.end);
  }
  // A head whose tail changed: the whole quote aligned just after it.
  for (const h of nearest(heads, ctx.hintAt, Math.min(maxCandidates, 50))) verify(h.start, h.start + m + k);
  found = best(dedupe(pairs));
  if (found || ctx.now() > ctx.deadline) return found;

  // Neither end is recognisable (each over a quarter changed): a probe from the middle, and the
  // quote aligned around it. (Not the whole quote everywhere: that costs several times more, and
  // a quote whose both ends changed that much is rarely within its error budget.)
  const at = Math.floor((m - END) / 2);
  for (const c of nearest(locateAll(ctx, quote.slice(at, at + END), kEnd), ctx.hintAt, 20)) {
    verify(c.start - at - k, c.start - at + m + k);
  }
  return best(dedupe(pairs));
}
