import search from 'approx-string-match';
import { normalizeText, normalizeWithMap } from './normalize';

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
}

export interface FindQuoteOptions {
  /** Below this score nothing is returned: a wrong highlight is worse than none. */
  minScore?: number;
  /** Most exact occurrences scored. */
  maxCandidates?: number;
}

const CONTEXT = 32;
/** Fuzzy search looks in this many characters around the hint first. */
const WINDOW = 40_000;

/**
 * Finds `selector.exact` in `text`: every exact occurrence (after normalisation) first, scored by
 * prefix, suffix and position; fuzzy matching only when there is none, near the hint first.
 */
export function findQuote(text: string, selector: QuoteSelector, options: FindQuoteOptions = {}): QuoteMatch | null {
  const minScore = options.minScore ?? 0.7;
  const maxCandidates = options.maxCandidates ?? 1000;
  const hay = normalizeWithMap(text);
  const quote = normalizeText(selector.exact);
  if (quote.length === 0 || hay.text.length === 0) return null;
  const prefix = selector.prefix ? normalizeText(selector.prefix).slice(-CONTEXT) : '';
  const suffix = selector.suffix ? normalizeText(selector.suffix).slice(0, CONTEXT) : '';
  const hintAt = selector.hint === undefined ? undefined : Math.round(selector.hint * hay.text.length);

  const score = (start: number, end: number, errors: number) => {
    const q = 1 - errors / quote.length;
    let total = 50 * q;
    let weight = 50;
    if (prefix) {
      total += 20 * similarity(prefix, hay.text.slice(Math.max(0, start - prefix.length), start));
      weight += 20;
    }
    if (suffix) {
      total += 20 * similarity(suffix, hay.text.slice(end, end + suffix.length));
      weight += 20;
    }
    if (hintAt !== undefined) {
      total += 2 * (1 - Math.abs(start - hintAt) / hay.text.length);
      weight += 2;
    }
    return { q, score: total / weight };
  };

  let best: { start: number; end: number; score: number; exact: boolean } | null = null;
  let count = 0;
  for (let at = hay.text.indexOf(quote); at >= 0 && count < maxCandidates; at = hay.text.indexOf(quote, at + 1)) {
    count++;
    const s = score(at, at + quote.length, 0).score;
    if (!best || s > best.score) best = { start: at, end: at + quote.length, score: s, exact: true };
  }

  if (!best) {
    const maxErrors = Math.min(64, Math.floor(quote.length * 0.2));
    const regions: Array<[number, number]> = [];
    if (hintAt !== undefined && hay.text.length > WINDOW) {
      const from = Math.max(0, hintAt - WINDOW / 2);
      regions.push([from, Math.min(hay.text.length, from + WINDOW)]);
    }
    regions.push([0, hay.text.length]);
    for (const [from, to] of regions) {
      const matches = search(hay.text.slice(from, to), quote, maxErrors).slice(0, maxCandidates);
      for (const m of matches) {
        const { q, score: s } = score(from + m.start, from + m.end, m.errors);
        // A fuzzy match must itself be close: context cannot rescue a mostly different text.
        if (q < 0.8) continue;
        if (!best || s > best.score) best = { start: from + m.start, end: from + m.end, score: s, exact: false };
      }
      if (best && best.score >= minScore) break;
    }
  }

  if (!best || best.score < minScore) return null;
  const start = hay.map[best.start]!;
  const lastSource = hay.map[best.end - 1]!;
  const lastCode = text.codePointAt(lastSource) ?? 0;
  const end = lastSource + (lastCode > 0xffff ? 2 : 1);
  return { start, end, score: best.score, exact: best.exact };
}

/** 1 − edit distance / length, for short context strings. */
export function similarity(a: string, b: string): number {
  if (a.length === 0 && b.length === 0) return 1;
  const n = Math.max(a.length, b.length);
  return 1 - editDistance(a, b) / n;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}
