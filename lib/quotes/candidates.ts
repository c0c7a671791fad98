/**
 * Where a pattern occurs in a page's text: exact occurrences, and approximate matches
 * (approx-string-match) near the position hint first, then everywhere, bounded in count and time.
 */
import search from 'approx-string-match';

/** A match of a pattern: where it starts and ends in the text searched, and its edit errors. */
export interface Candidate {
  start: number;
  end: number;
  errors: number;
}

/** One search: the text, where the passage was (when known), and its limits. */
export interface SearchContext {
  hay: string;
  hintAt: number | undefined;
  deadline: number;
  now: () => number;
  maxCandidates: number;
  minScore: number;
}

/** Fuzzy search looks in this many characters around the hint first. */
const WINDOW = 40_000;
/** The rest of the text is searched in chunks this long, so the time limit is checked between them. */
const CHUNK = 65_536;
/** A fuzzy match may differ from the quote in at most this share of its characters. */
export const MAX_ERROR_RATE = 0.2;
/** Shorter quotes are matched exactly or not at all. */
export const MIN_FUZZY = 8;
/** Approximate search never allows more errors than this. */
export const MAX_ERRORS = 256;

/**
 * Approximate matches of `pattern` near the hint first (a window of 40,000 characters), then, when
 * `enough` does not accept what was found there, everywhere else in chunks nearest the hint first,
 * until the time limit. Returns every match found.
 */
export function scan(ctx: SearchContext, pattern: string, k: number, enough: (found: Candidate[]) => boolean): Candidate[] {
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
export function occurrencesNear(hay: string, pattern: string, hintAt: number | undefined, cap: number): Candidate[] {
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
export function locate(hay: string, pattern: string, k: number, from: number, to: number, cap: number): Candidate[] {
  from = Math.max(0, from);
  to = Math.min(hay.length, to);
  if (to <= from) return [];
  const exact = occurrences(hay, pattern, from, to, cap);
  if (exact.length > 0) return exact;
  return fuzzy(hay, pattern, k, from, to);
}

/** The same match reported at several ends: keep one per start. */
export function dedupe(cands: Candidate[]): Candidate[] {
  const seen = new Map<string, Candidate>();
  for (const c of cands) seen.set(`${c.start}:${c.end}`, c);
  return [...seen.values()];
}

/** At most `cap` candidates, those nearest the hint (or the first ones) when there are more. */
export function nearest(cands: Candidate[], hintAt: number | undefined, cap: number): Candidate[] {
  if (cands.length <= cap) return cands;
  if (hintAt === undefined) return cands.slice(0, cap);
  return [...cands].sort((a, b) => Math.abs(a.start - hintAt) - Math.abs(b.start - hintAt)).slice(0, cap);
}

/** Exact occurrences anywhere, else approximate ones near the hint first, then everywhere. */
export function locateAll(ctx: SearchContext, pattern: string, k: number): Candidate[] {
  const exact = occurrencesNear(ctx.hay, pattern, ctx.hintAt, ctx.maxCandidates * 4);
  if (exact.length > 0) return exact;
  return scan(ctx, pattern, k, () => true);
}

/** The whole quote aligned inside `hay[from, to)`: its best approximate match there, if any. */
export function align(hay: string, quote: string, from: number, to: number, k: number): Candidate | null {
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
