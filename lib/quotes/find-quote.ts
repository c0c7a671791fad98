import { decodeEntities } from '../text/plain-text';
import type { SearchContext } from './candidates';
import { findParts } from './find-parts';
import { findWhole } from './find-whole';
import { normalizeText, normalizeWithMap, type Normalized } from '../text/normalize';
import { scorer, type Scored } from './quote-scorer';

export { LONG_QUOTE } from './find-whole';

/** What we know of a passage when we look for it again. */
export interface QuoteSelector {
  /** The passage text. */
  exact: string;
  /** Text just before it, when known. */
  prefix?: string;
  /** Text just after it, when known. */
  suffix?: string;
  /** Where it was, as a fraction 0–1 of the text, when known. */
  hint?: number;
}

/** Where a passage was found, and how well it matched. */
export interface QuoteMatch {
  /** Offsets in the text that was searched (not the normalised one). */
  start: number;
  end: number;
  /** 0–1; 1 is an exact match with matching context. */
  score: number;
  exact: boolean;
  /**
   * A passage of several paragraphs that the page holds apart (an ad, an embed or a figure between
   * them): each paragraph's offsets, in order. `start`/`end` then span them all.
   */
  parts?: Array<{ start: number; end: number }>;
}

/** Limits of one search. */
export interface FindQuoteOptions {
  /** Below this score nothing is returned: a wrong highlight is worse than none. */
  minScore?: number;
  /** Most candidates scored at each step (exact occurrences, fuzzy matches, end pairs). */
  maxCandidates?: number;
  /** Fuzzy search stops looking further once this much time has passed (ms). */
  timeLimitMs?: number;
  /** Clock for the time limit (ms); `performance.now` by default. */
  now?: () => number;
}

/** Characters of prefix and suffix compared. */
const CONTEXT = 32;

/**
 * Finds `selector.exact` in `text` (both normalised: see lib/text/normalize.ts): every exact occurrence
 * first, scored by prefix, suffix and position; fuzzy matching (approx-string-match) only when there
 * is none, near the position hint first, then everywhere; quotes over 256 characters by their two
 * ends; a passage of several paragraphs that the page holds apart, paragraph by paragraph. Nothing
 * is returned below the minimum score (a wrong highlight is worse than none). Candidates scored and
 * time spent are capped.
 */
export function findQuote(text: string, selector: QuoteSelector, options: FindQuoteOptions = {}): QuoteMatch | null {
  return findQuoteIn(normalizeWithMap(text), selector, options);
}

/** Like `findQuote`, on a text normalised once (`normalizeWithMap`) for several quotes. */
export function findQuoteIn(hay: Normalized, selector: QuoteSelector, options: FindQuoteOptions = {}): QuoteMatch | null {
  const found = findNormalized(hay.text, selector, options);
  if (!found) return null;
  const back = (start: number, end: number) => ({ start: hay.startOf(start), end: hay.endOf(end - 1) });
  return {
    ...back(found.start, found.end),
    score: found.score,
    exact: found.exact,
    ...(found.parts ? { parts: found.parts.map(([s, e]) => back(s, e)) } : {}),
  };
}

/** The search itself, on normalised text; offsets are in `hay`. */
function findNormalized(hay: string, selector: QuoteSelector, options: FindQuoteOptions = {}): Scored | null {
  const now = options.now ?? (() => performance.now());
  let source = selector.exact;
  let quote = normalizeText(source);
  if (quote.length === 0 || hay.length === 0) return null;
  // A quote copied from HTML source ("&amp;", "&nbsp;") is read as the page shows it, unless the
  // page shows the entities themselves.
  const decoded = decodeEntities(source);
  if (decoded !== source && !hay.includes(quote)) {
    source = decoded;
    quote = normalizeText(decoded);
    if (quote.length === 0) return null;
  }
  const hintAt =
    selector.hint === undefined || !Number.isFinite(selector.hint)
      ? undefined
      : Math.round(Math.min(1, Math.max(0, selector.hint)) * hay.length);
  const ctx: SearchContext = {
    hay,
    hintAt,
    deadline: now() + (options.timeLimitMs ?? 200),
    now,
    maxCandidates: Math.max(1, options.maxCandidates ?? 200),
    minScore: options.minScore ?? 0.7,
  };
  const prefix = selector.prefix ? normalizeText(selector.prefix).slice(-CONTEXT) : '';
  const suffix = selector.suffix ? normalizeText(selector.suffix).slice(0, CONTEXT) : '';
  const whole = findWhole(ctx, scorer(ctx, quote, prefix, suffix));
  if (whole) return whole;
  // A passage of several paragraphs that the page holds apart: found paragraph by paragraph.
  const parts = source
    .split(/\n+/)
    .map(normalizeText)
    .filter((p) => p.length > 0);
  if (parts.length < 2 || ctx.now() > ctx.deadline) return null;
  return findParts(ctx, quote, parts, prefix, suffix);
}
