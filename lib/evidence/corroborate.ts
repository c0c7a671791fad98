/**
 * Which passage of a cited page states the sentence that cites it: the sentence is read into
 * features (content words, figures, dates, names), each weighed by its rarity among the page's
 * passages, and a passage scores the share of the weight it meets. The caller
 * (lib/evidence/follow-citations.ts) accepts the best passage at or above MIN_SUPPORT.
 */
import type { Page, Passage } from '../shared/types';
import { PASSAGE_CHARS, splitPassages } from '../pages/passages';
import { normalizeText } from '../text/normalize';
import { contentWords } from '../text/tokens';
import { stem } from '../reading/lexical';
import { synonymGroups } from '../reading/lexicon';
import { namesIn } from '../reading/entities';
import { readFigures } from './figures';

/** How much more the clause the footnote follows weighs than the rest of the sentence. */
export const NEAR_FOOTNOTE = 2;

/** The passages of a cited page, and the one that best states the cited sentence (-1: none shares a word). */
export interface PassageChoice {
  passages: Passage[];
  /** Each passage's score, in page order. */
  scores: number[];
  best: number;
  score: number;
  /** The passage at `index` grown by the neighbours that state the rest of the sentence. */
  window: (index: number) => PassageWindow;
}

/** One thing the sentence says that a passage can state: the keys that meet it, and whether it is near the footnote. */
export interface Feature {
  kind: 'word' | 'figure' | 'date' | 'name';
  /** As read ("inhabitants", "3782202", "y:2024"). */
  text: string;
  /** A passage offering any of these keys meets the feature. */
  keys: string[];
  near: boolean;
  /** The name (as written) a word of a name of two words or more belongs to. */
  name?: string;
}

/** Words that place a date within its period ("the end of 2024", "early 1991"): part of the date, not words to find. */
const DATE_QUALIFIER =
  /\b(?:the\s+)?(?:end|start|beginning|middle|close|turn|late|early|mid)(?:\s+of)?[\s-]+(?=(?:\p{L}+\s+)?(?:1[5-9]|20)\d{2}\b)/giu;

/** Words of a text, lower case, without stopwords and without numbers (figures and dates are read apart). */
function plainWords(text: string): string[] {
  return contentWords(normalizeText(text)).filter((w) => !/\d/.test(w) && w.length > 1);
}

/** The keys a word offers and is met by: its stem and the synonym groups of its lemma's frequent senses ("fell": those of "fall"). */
function wordKeys(w: string): string[] {
  return [`s:${stem(w)}`, ...synonymGroups(w).map((g) => `g:${g}`)];
}

/** Words joined by hyphens ("co-operation", "long-term"): one word, also written closed ("cooperation"). */
const COMPOUND = /(?<![\p{L}\p{N}])\p{L}+(?:[-\u2010\u2011]\p{L}+)+(?![\p{L}\p{N}])/gu;

/** The closed forms of a text's hyphenated compounds, and the words they are made of. */
function compoundsIn(text: string): Array<{ closed: string; parts: string[] }> {
  return [...normalizeText(text).toLowerCase().matchAll(COMPOUND)].map((m) => {
    const parts = m[0].split(/[-\u2010\u2011]/);
    return { closed: parts.join(''), parts };
  });
}

/** Everything a passage offers: its words' keys, its compounds closed, its figures, its dates at every precision. */
export function offeredKeys(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of plainWords(text)) for (const k of wordKeys(w)) out.add(k);
  for (const c of compoundsIn(text)) for (const k of wordKeys(c.closed)) out.add(k);
  const f = readFigures(text);
  for (const n of f.figures) out.add(`n:${n}`);
  for (const d of f.offeredDates) out.add(d);
  return out;
}

/**
 * The features of a cited sentence, each met or not by a passage: its content words (met by the
 * same word, a light stem, or a word sharing a frequent sense of its WordNet lemma: "film" by
 * "movie"; a hyphenated compound met closed or hyphenated), its figures with their scale or percent
 * sign, its dates (met by the same date or a more precise one inside it: "2024" by "31 December
 * 2024") and its names, word by word. `near` marks those of the clause its footnote follows (from the
 * previous footnote, or the start, to this one): what the note vouches for most directly.
 */
export function featuresOf(statement: string, nearFrom = 0): Feature[] {
  const cut = nearFrom;
  const parts: Array<[string, boolean]> =
    cut > 0
      ? [
          [statement.slice(0, cut), false],
          [statement.slice(cut), true],
        ]
      : [[statement, true]];
  const out: Feature[] = [];
  const seen = new Set<string>();
  const push = (f: Feature) => {
    const key = `${f.kind}:${f.text}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(f);
  };
  // A name's words are names, not plain words: they are added first so the word is not counted twice.
  for (const [text, near] of parts)
    for (const n of namesIn(text))
      for (const k of n.keys)
        push({ kind: 'name', text: k, keys: [`s:${stem(k)}`], near, ...(n.keys.length > 1 ? { name: n.surface } : {}) });
  for (const [text, near] of parts) {
    // A compound is one word, met written closed or hyphenated; its parts are not words of their own.
    const inCompound = new Set<string>();
    for (const c of compoundsIn(text)) {
      if (seen.has(`name:${c.parts[0]}`)) continue;
      c.parts.forEach((w) => inCompound.add(w));
      push({ kind: 'word', text: c.closed, keys: wordKeys(c.closed), near });
    }
    for (const w of plainWords(text.replace(DATE_QUALIFIER, ' ')))
      if (!seen.has(`name:${w}`) && !inCompound.has(w)) push({ kind: 'word', text: w, keys: wordKeys(w), near });
    const f = readFigures(text);
    for (const n of f.figures) push({ kind: 'figure', text: n, keys: [`n:${n}`], near });
    for (const d of f.dates) push({ kind: 'date', text: d, keys: d.startsWith('d:') ? [d, `md:${d.slice(7)}`] : [d], near });
  }
  return out;
}

/** The passages of `page` long enough to state a sentence. */
export function citedPassages(page: Page): Passage[] {
  return splitPassages(page).filter((p) => p.text.trim().length >= 40);
}

/** Words that point or join rather than state: a cited sentence's "he" or "during" is not what a passage must say. */
const FUNCTION_WORDS = new Set(
  (
    'he him his she her hers it they them their theirs we us our i me my you your one ones itself himself herself ' +
    'themselves during while because though although however whereas instead since until upon within without ' +
    'also still yet even already again later earlier further thus therefore hence whose whom'
  ).split(' '),
);

/** How much a feature stated only next to a passage (the passage before or after it, or the page's title) counts. */
export const CONTEXT_CREDIT = 0.5;

/**
 * A statement read against texts: its features, their weights (idf over the texts, NEAR_FOOTNOTE
 * for the clause the footnote follows) and which texts meet each. `score(a, b)` is the share of the
 * weight met by the run of texts a..b (one text when a = b); a feature met only next to the run (the
 * text before or after it), or by `title`, or a word of a name the run writes by another of its
 * words and the texts state elsewhere, counts CONTEXT_CREDIT (a cited article often names its
 * subject once and then says "he"). A feature no text states weighs as one stated once: it tells
 * no text apart, and the page's silence on it is no rarer than that.
 */
export function readAgainst(statement: string, texts: string[], title = '', nearFrom = 0) {
  const features = featuresOf(statement, nearFrom).filter((f) => !FUNCTION_WORDS.has(f.text));
  const offered = texts.map(offeredKeys);
  const titled = offeredKeys(title);
  const n = texts.length;
  const meetsIn = (f: Feature, o: Set<string>) => f.keys.some((k) => o.has(k));
  const meets = features.map((f) => offered.map((o) => meetsIn(f, o)));
  const weights = features.map((f, i) => {
    // A feature no passage states tells no passage apart: it weighs as the rarest one stated (once), not more.
    const df = Math.max(1, meets[i]!.filter(Boolean).length);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (f.near ? NEAR_FOOTNOTE : 1);
  });
  const total = weights.reduce((x, y) => x + y, 0);
  const onPage = meets.map((m) => m.some(Boolean));
  const inTitle = features.map((f) => meetsIn(f, titled));
  const metIn = (i: number, a: number, b: number) => meets[i]!.slice(a, b + 1).some(Boolean);
  const credit = (i: number, a: number, b: number) => {
    if (metIn(i, a, b)) return 1;
    const f = features[i]!;
    // A passage writing a name by part of it ("Williams") leaves the rest ("Michelle") to the page, as it leaves "he".
    const partOfName =
      f.name !== undefined && onPage[i]! && features.some((g, j) => j !== i && g.name === f.name && metIn(j, a, b));
    return partOfName || meets[i]![a - 1] || meets[i]![b + 1] || inTitle[i] ? CONTEXT_CREDIT : 0;
  };
  return {
    count: n,
    score: (a: number, b = a) => (total === 0 ? 0 : features.reduce((s, _f, i) => s + credit(i, a, b) * weights[i]!, 0) / total),
    /** The weight the run a..b itself meets (no context credit), as a share. */
    stated: (a: number, b = a) =>
      total === 0 ? 0 : features.reduce((s, _f, i) => s + (metIn(i, a, b) ? weights[i]! : 0), 0) / total,
  };
}

/** Scores texts against a statement's features: the idf-weighted share met (see readAgainst). */
export function scoreTexts(statement: string, texts: string[], title = '', nearFrom = 0): number[] {
  const reading = readAgainst(statement, texts, title, nearFrom);
  return texts.map((_, t) => reading.score(t));
}

/** A run of passages, first..last (indexes), with its score. */
export interface PassageWindow {
  first: number;
  last: number;
  score: number;
}

/**
 * The passage at `index` grown by its neighbours, one at a time, while a neighbour states more of
 * the sentence (the one stating most first) and the run stays within PASSAGE_CHARS: the passages
 * that together state what the cited sentence says, as long as one passage may be.
 */
export function growWindow(reading: ReturnType<typeof readAgainst>, passages: Passage[], index: number): PassageWindow {
  let [a, b] = [index, index];
  for (;;) {
    const now = reading.stated(a, b);
    const options: Array<[number, number]> = [];
    if (a > 0 && passages[b]!.end - passages[a - 1]!.start <= PASSAGE_CHARS) options.push([a - 1, b]);
    if (b < passages.length - 1 && passages[b + 1]!.end - passages[a]!.start <= PASSAGE_CHARS) options.push([a, b + 1]);
    let next: [number, number] | null = null;
    let gain = 0;
    for (const o of options) {
      const g = reading.stated(o[0], o[1]) - now;
      if (g > gain) [next, gain] = [o, g];
    }
    if (!next) return { first: a, last: b, score: reading.score(a, b) };
    [a, b] = next;
  }
}

/** The passages first..last of a page as one passage (its text the page's text between them). */
export function joinPassages(page: Page, passages: Passage[], w: Pick<PassageWindow, 'first' | 'last'>): Passage {
  const first = passages[w.first]!;
  const last = passages[w.last]!;
  if (w.first === w.last) return first;
  return {
    ...first,
    id: `${first.id}-${last.id.replace(/^p-/, '')}`,
    text: page.text.slice(first.start, last.end),
    end: last.end,
    suffix: last.suffix,
  };
}

/**
 * Scores every passage of `page` against `statement` and keeps the best, with `window`: the best
 * passage grown by the neighbours that state the rest of the sentence (growWindow), what is shown
 * when it is accepted, and `windows`, the same for each passage (by index), for a reader.
 */
export function choosePassage(statement: string, page: Page, nearFrom = 0): PassageChoice {
  const passages = citedPassages(page);
  const reading = readAgainst(
    statement,
    passages.map((p) => p.text),
    page.title,
    nearFrom,
  );
  const scores = passages.map((_, t) => reading.score(t));
  let best = -1;
  let score = 0;
  scores.forEach((s, i) => {
    if (s > score) [best, score] = [i, s];
  });
  return { passages, scores, best, score, window: (index) => growWindow(reading, passages, index) };
}
