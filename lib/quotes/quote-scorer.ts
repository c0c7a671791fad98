import { MAX_ERROR_RATE, nearest, type Candidate, type SearchContext } from './candidates';
import { similarity } from './edit-distance';

/** Below this length, a quote's context weighs fully in its score; longer quotes speak for themselves. */
const SHORT_QUOTE = 24;
/** An exact quote at least this long that occurs once in the page is taken whatever its context. */
const UNIQUE_QUOTE = 16;

/** A candidate scored: offsets in the normalised text, its score 0–1, and (found in pieces) each piece. */
export interface Scored {
  start: number;
  end: number;
  score: number;
  exact: boolean;
  parts?: Array<[number, number]>;
}

/** How candidates for one quote are scored and chosen. */
export interface Scorer {
  quote: string;
  score(c: Candidate): Scored;
  /** The best acceptable candidate (at most `maxCandidates` scored, nearest the hint), edges snapped to words. */
  best(cands: Candidate[]): Scored | null;
}

/**
 * Scores on quote (1 − errors / length), prefix and suffix (edit similarity of the text beside the
 * match), and position (distance from the hint), weighted 50 : 20 : 20 : 2 as in Hypothesis, except
 * that context weighs less as the quote grows: an exact 300-character quote is its own evidence, a
 * 20-character one is not without the text around it.
 */
export function scorer(ctx: SearchContext, quote: string, prefix: string, suffix: string): Scorer {
  const { hay, hintAt } = ctx;
  const m = quote.length;
  const contextWeight = 20 * Math.min(1, SHORT_QUOTE / m);
  /**
   * How close an approximate match must be to the quote: 80% of its characters when the text beside
   * it is the stored context, up to 90% as that context fails (two versions of a "lorem ipsum" are
   * 80% alike; a quote changed in a few letters, or with new content above it, is still over 90%).
   */
  const minQuoteSimilarity = (c: Candidate): number => {
    const sims: number[] = [];
    if (prefix) sims.push(similarity(prefix, contextBefore(c.start)));
    if (suffix) sims.push(similarity(suffix, contextAfter(c.end)));
    if (sims.length === 0) return 0.85;
    // One side intact counts for more than both half-alike; unrelated text is about half alike.
    const support = (Math.max(...sims) + sims.reduce((a, b) => a + b) / sims.length) / 2;
    const agreement = Math.min(1, Math.max(0, (support - 0.5) / 0.5));
    return 1 - MAX_ERROR_RATE / 2 - (MAX_ERROR_RATE / 2) * agreement;
  };
  const contextBefore = (start: number) =>
    hay
      .slice(Math.max(0, start - prefix.length - 1), start)
      .trimEnd()
      .slice(-prefix.length);
  const contextAfter = (end: number) =>
    hay
      .slice(end, end + suffix.length + 1)
      .trimStart()
      .slice(0, suffix.length);
  const score = (c: Candidate): Scored => {
    const q = 1 - c.errors / m;
    let total = 50 * q;
    let weight = 50;
    if (prefix) {
      total += contextWeight * similarity(prefix, contextBefore(c.start));
      weight += contextWeight;
    }
    if (suffix) {
      total += contextWeight * similarity(suffix, contextAfter(c.end));
      weight += contextWeight;
    }
    if (hintAt !== undefined) {
      total += 2 * (1 - Math.abs(c.start - hintAt) / hay.length);
      weight += 2;
    }
    return { start: c.start, end: c.end, score: total / weight, exact: c.errors === 0 };
  };
  const best = (cands: Candidate[]): Scored | null => {
    let top: Scored | null = null;
    let topErrors = 0;
    for (const c of nearest(cands, hintAt, ctx.maxCandidates)) {
      if (c.errors > 0 && 1 - c.errors / m < minQuoteSimilarity(c)) continue;
      const s = score(c);
      if (!top || s.score > top.score) {
        top = s;
        topErrors = c.errors;
      }
    }
    if (!top) return null;
    // The quote itself, once in the page and long enough, is its own evidence (Readability may have
    // dropped what stood beside it, so its stored context need not match).
    const unique = topErrors === 0 && cands.length === 1 && m >= UNIQUE_QUOTE;
    if (top.score < ctx.minScore && !unique) return null;
    return topErrors === 0 ? top : { ...top, ...snapToWords(hay, quote, top.start, top.end) };
  };
  return { quote, score, best };
}

/** Whether a UTF-16 unit is part of a word (letters and digits of any script). */
function isWordUnit(hay: string, i: number): boolean {
  if (i < 0 || i >= hay.length) return false;
  return /[\p{L}\p{N}\p{M}]/u.test(hay[i]!);
}

/**
 * An approximate match's edges moved to whole words, when the quote's own edges are words: a
 * highlight that starts or ends inside a word looks broken. Less than half a word in is dropped,
 * more is completed.
 */
function snapToWords(hay: string, quote: string, start: number, end: number): { start: number; end: number } {
  let s = start;
  let e = end;
  if (isWordUnit(quote, 0) && isWordUnit(hay, s - 1) && isWordUnit(hay, s)) {
    let ws = s;
    while (isWordUnit(hay, ws - 1)) ws--;
    let we = s;
    while (isWordUnit(hay, we)) we++;
    if (s - ws < we - s) s = ws;
    else {
      s = we;
      while (s < e && !isWordUnit(hay, s)) s++;
    }
  }
  if (isWordUnit(quote, quote.length - 1) && isWordUnit(hay, e - 1) && isWordUnit(hay, e)) {
    let ws = e;
    while (isWordUnit(hay, ws - 1)) ws--;
    let we = e;
    while (isWordUnit(hay, we)) we++;
    if (we - e < e - ws) e = we;
    else {
      e = ws;
      while (e > s && hay[e - 1] === ' ') e--;
    }
  }
  return e > s ? { start: s, end: e } : { start, end };
}
