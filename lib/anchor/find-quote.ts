import search from 'approx-string-match';
import { decodeEntities } from '../text/plain-text';
import { normalizeText, normalizeWithMap, type Normalized } from './normalize';

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
/** Fuzzy search looks in this many characters around the hint first. */
const WINDOW = 40_000;
/** The rest of the text is searched in chunks this long, so the time limit is checked between them. */
const CHUNK = 65_536;
/** Quotes longer than this (normalised) are found by their two ends, then checked in the middle. */
export const LONG_QUOTE = 256;
/** Length of each end of a long quote. */
const END = 64;
/** A fuzzy match may differ from the quote in at most this share of its characters. */
const MAX_ERROR_RATE = 0.2;
/** Errors allowed in each end of a long quote (as a share of its length). */
const END_ERROR_RATE = 0.25;
/** Shorter quotes are matched exactly or not at all. */
const MIN_FUZZY = 8;
/** Approximate search never allows more errors than this. */
const MAX_ERRORS = 256;
/** Below this length, a quote's context weighs fully in its score; longer quotes speak for themselves. */
const SHORT_QUOTE = 24;
/** An exact quote at least this long that occurs once in the page is taken whatever its context. */
const UNIQUE_QUOTE = 16;
/** A passage's paragraphs may lie this far apart in the page (characters), or the passage's length if more. */
const MAX_GAP = 2_000;
/** The longest paragraph of a passage found in pieces must be at least this long. */
const MIN_ANCHOR_PART = 20;

/**
 * Finds `selector.exact` in `text` (both normalised: see normalize.ts): every exact occurrence
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

interface Candidate {
  start: number;
  end: number;
  errors: number;
}

interface Scored {
  start: number;
  end: number;
  score: number;
  exact: boolean;
  parts?: Array<[number, number]>;
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

/** How candidates for one quote are scored and chosen. */
interface Scorer {
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
function scorer(ctx: SearchContext, quote: string, prefix: string, suffix: string): Scorer {
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

/** The whole quote: exactly, else fuzzily (near the hint first; a long quote by its ends). */
function findWhole(ctx: SearchContext, s: Scorer): Scored | null {
  const { hay } = ctx;
  const m = s.quote.length;
  const exact = occurrencesNear(hay, s.quote, ctx.hintAt, ctx.maxCandidates * 4);
  if (exact.length > 0) return s.best(exact);
  if (m < MIN_FUZZY) return null;
  if (m <= LONG_QUOTE) return fuzzyEverywhere(ctx, s.quote, Math.min(MAX_ERRORS, Math.floor(m * MAX_ERROR_RATE)), s.best);
  return twoEnds(ctx, s.quote, s.best);
}

/**
 * A passage whose paragraphs the page keeps apart: its longest paragraph found on its own, then the
 * others outward from it, each the nearest occurrence (exact, else fuzzy) within a gap of the one
 * before. Every paragraph must be found; the whole is scored like one match.
 */
function findParts(ctx: SearchContext, quote: string, parts: string[], prefix: string, suffix: string): Scored | null {
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

interface SearchContext {
  hay: string;
  hintAt: number | undefined;
  deadline: number;
  now: () => number;
  maxCandidates: number;
  minScore: number;
}

/**
 * Approximate matches of `pattern` near the hint first (a window of 40,000 characters), then, when
 * `enough` does not accept what was found there, everywhere else in chunks nearest the hint first,
 * until the time limit. Returns every match found.
 */
function scan(ctx: SearchContext, pattern: string, k: number, enough: (found: Candidate[]) => boolean): Candidate[] {
  const { hay, hintAt } = ctx;
  const length = hay.length;
  const overlap = pattern.length + k;
  const out: Candidate[] = [];
  let skipFrom = -1;
  let skipTo = -1;
  if (hintAt !== undefined && length > WINDOW) {
    skipFrom = Math.max(0, Math.min(hintAt - WINDOW / 2, length - WINDOW));
    skipTo = skipFrom + WINDOW;
    out.push(...fuzzy(hay, pattern, k, skipFrom, skipTo));
    if (out.length > 0 && enough(out)) return out;
  }
  const chunks: Array<[number, number]> = [];
  for (let from = 0; from < length; from += CHUNK) {
    const to = Math.min(length, from + CHUNK + overlap);
    if (!(from >= skipFrom && to <= skipTo)) chunks.push([from, to]); // else already searched
    if (to === length) break;
  }
  if (hintAt !== undefined) chunks.sort((a, b) => distance(a, hintAt) - distance(b, hintAt));
  for (let r = 0; r < chunks.length; r++) {
    if ((r > 0 || skipTo > 0) && ctx.now() > ctx.deadline) break;
    out.push(...fuzzy(hay, pattern, k, chunks[r]![0], chunks[r]![1]));
  }
  return dedupe(out);
}

function distance([from, to]: [number, number], at: number): number {
  return at < from ? from - at : at > to ? at - to : 0;
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

/** Approximate matches of `pattern` in `hay[from, to)`, with the fewest errors found there. */
function fuzzy(hay: string, pattern: string, k: number, from: number, to: number): Candidate[] {
  if (k <= 0 || to - from < pattern.length - k) return [];
  return search(hay.slice(from, to), pattern, Math.min(k, pattern.length)).map((c) => ({
    start: from + c.start,
    end: from + c.end,
    errors: c.errors,
  }));
}

/** Exact occurrences of `pattern` starting in `[from, to)`, at most `cap`. */
function occurrences(hay: string, pattern: string, from: number, to: number, cap: number): Candidate[] {
  const out: Candidate[] = [];
  for (let at = hay.indexOf(pattern, from); at >= 0 && at < to && out.length < cap; at = hay.indexOf(pattern, at + 1)) {
    out.push({ start: at, end: at + pattern.length, errors: 0 });
  }
  return out;
}

/**
 * Exact occurrences, at most `cap`: those nearest the hint (half after it, half before), else the
 * first ones. A string repeated thousands of times costs no more than `cap` look-ups.
 */
function occurrencesNear(hay: string, pattern: string, hintAt: number | undefined, cap: number): Candidate[] {
  if (hintAt === undefined) return occurrences(hay, pattern, 0, hay.length, cap);
  const after = occurrences(hay, pattern, hintAt, hay.length, Math.ceil(cap / 2));
  const before: Candidate[] = [];
  for (
    let at = hay.lastIndexOf(pattern, hintAt - 1);
    at >= 0 && hintAt > 0 && before.length < Math.floor(cap / 2);
    at = at > 0 ? hay.lastIndexOf(pattern, at - 1) : -1
  ) {
    before.push({ start: at, end: at + pattern.length, errors: 0 });
  }
  return [...before.reverse(), ...after];
}

/** Exact occurrences in a region, or else the best approximate ones. */
function locate(hay: string, pattern: string, k: number, from: number, to: number, cap: number): Candidate[] {
  from = Math.max(0, from);
  to = Math.min(hay.length, to);
  if (to <= from) return [];
  const exact = occurrences(hay, pattern, from, to, cap);
  if (exact.length > 0) return exact;
  return fuzzy(hay, pattern, k, from, to);
}

/** The same match reported at several ends: keep one per start. */
function dedupe(cands: Candidate[]): Candidate[] {
  const seen = new Map<string, Candidate>();
  for (const c of cands) seen.set(`${c.start}:${c.end}`, c);
  return [...seen.values()];
}

/** At most `cap` candidates, those nearest the hint (or the first ones) when there are more. */
function nearest(cands: Candidate[], hintAt: number | undefined, cap: number): Candidate[] {
  if (cands.length <= cap) return cands;
  if (hintAt === undefined) return cands.slice(0, cap);
  return [...cands].sort((a, b) => Math.abs(a.start - hintAt) - Math.abs(b.start - hintAt)).slice(0, cap);
}

/**
 * A long quote: find its head and its tail (exactly, else fuzzily; near the hint first), pair each
 * head with a tail about a quote's length after it, and count the errors of the whole quote against
 * the text between them. Approximate search over a whole long quote costs in proportion to its
 * errors; the two 64-character ends cost little wherever they are.
 */
function twoEnds(ctx: SearchContext, quote: string, best: (cands: Candidate[]) => Scored | null): Scored | null {
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

/** Exact occurrences anywhere, else approximate ones near the hint first, then everywhere. */
function locateAll(ctx: SearchContext, pattern: string, k: number): Candidate[] {
  const exact = occurrencesNear(ctx.hay, pattern, ctx.hintAt, ctx.maxCandidates * 4);
  if (exact.length > 0) return exact;
  return scan(ctx, pattern, k, () => true);
}

/** The whole quote aligned inside `hay[from, to)`: its best approximate match there, if any. */
function align(hay: string, quote: string, from: number, to: number, k: number): Candidate | null {
  from = Math.max(0, from);
  to = Math.min(hay.length, to);
  if (to - from < quote.length - k) return null;
  const region = hay.slice(from, to);
  if (region === quote) return { start: from, end: to, errors: 0 };
  const matches = search(region, quote, Math.min(k, quote.length));
  let top: Candidate | null = null;
  for (const c of matches) {
    if (!top || c.errors < top.errors) top = { start: from + c.start, end: from + c.end, errors: c.errors };
  }
  return top;
}

/** 1 − edit distance / length, for short context strings. */
export function similarity(a: string, b: string): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a === b) return 1;
  const n = Math.max(a.length, b.length);
  return 1 - editDistance(a, b) / n;
}

let row = new Int32Array(64);

/** Levenshtein distance (two rows, one reused buffer). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  const n = b.length;
  if (row.length < n + 1) row = new Int32Array(2 * (n + 1));
  for (let j = 0; j <= n; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const up = row[j]!;
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diag + cost);
      diag = up;
    }
  }
  return row[n]!;
}
