import { MAX_ERROR_RATE, MIN_FUZZY, align, locate, type Candidate, type SearchContext } from './candidates';
import { findWhole } from './find-whole';
import { scorer, type Scored } from './quote-scorer';

/** A passage's paragraphs may lie this far apart in the page (characters), or the passage's length if more. */
const MAX_GAP = 2_000;
/** The longest paragraph of a passage found in pieces must be at least this long. */
const MIN_ANCHOR_PART = 20;

/**
 * A passage whose paragraphs the page keeps apart: its longest paragraph found on its own, then the
 * others outward from it, each the nearest occurrence (exact, else fuzzy) within a gap of the one
 * before. Every paragraph must be found; the whole is scored like one match.
 */
export function findParts(ctx: SearchContext, quote: string, parts: string[], prefix: string, suffix: string): Scored | null {
  const { hay } = ctx;
  let anchor = 0;
  for (let i = 1; i < parts.length; i++) if (parts[i]!.length > parts[anchor]!.length) anchor = i;
  if (parts[anchor]!.length < MIN_ANCHOR_PART) return null;
  const first = findWhole(
    ctx,
    scorer(ctx, parts[anchor]!, anchor === 0 ? prefix : '', anchor === parts.length - 1 ? suffix : ''),
  );
  if (!first) return null;
  const gap = Math.max(MAX_GAP, quote.length);
  const found: Candidate[] = [];
  let errors = 0;
  if (!first.exact) {
    const c = align(hay, parts[anchor]!, first.start, first.end, Math.floor(parts[anchor]!.length * MAX_ERROR_RATE));
    if (!c) return null;
    errors = c.errors;
  }
  found[anchor] = { start: first.start, end: first.end, errors };
  const near = (part: string, from: number, to: number, last: boolean): Candidate | null => {
    const k = part.length >= MIN_FUZZY ? Math.floor(part.length * MAX_ERROR_RATE) : 0;
    const cands = locate(hay, part, k, from, to, ctx.maxCandidates);
    if (cands.length === 0) return null;
    // The nearest: first after the paragraph before, last before the paragraph after.
    return cands.reduce((a, b) => (last ? (b.start > a.start ? b : a) : b.start < a.start ? b : a));
  };
  for (let i = anchor + 1; i < parts.length; i++) {
    const from = found[i - 1]!.end;
    const c = near(parts[i]!, from, from + gap + parts[i]!.length * 2, false);
    if (!c) return null;
    found[i] = c;
    errors += c.errors;
  }
  for (let i = anchor - 1; i >= 0; i--) {
    const to = found[i + 1]!.start;
    const c = near(parts[i]!, to - gap - parts[i]!.length * 2, to, true);
    if (!c) return null;
    found[i] = c;
    errors += c.errors;
  }
  const whole = scorer(ctx, quote, prefix, suffix);
  const span = { start: found[0]!.start, end: found[parts.length - 1]!.end, errors };
  if (1 - errors / quote.length < 1 - MAX_ERROR_RATE) return null;
  const scored = whole.score(span);
  if (scored.score < ctx.minScore && !(errors === 0 && first.exact)) return null;
  return { ...scored, parts: found.map((c) => [c.start, c.end]) };
}
