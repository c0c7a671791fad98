/**
 * Lexical measures of how much of a claim a passage covers: content-word coverage over the whole
 * passage, over its best window of consecutive sentences, per clause of the claim, and of the claim's
 * word pairs. Words are compared by a light stem so that "verified" meets "verifies".
 */
import { normalizeText } from '../text/normalize';
import { contentWords } from '../text/tokens';
import { synonymGroups } from './lexicon';
import { aliasesIn, fullNamesBySurname } from './name-forms';
import { readOnce } from './read-once';

/** Words that carry little of a claim's content beyond the stopwords of `lib/text/tokens`. */
const WEAK = new Set(
  (
    'may might must shall should also additionally however furthermore moreover therefore thus often usually ' +
    'generally typically including include includes included like well various several many much known called ' +
    'example instance important significant significantly specific particular overall whether while within ' +
    'without through throughout upon among via per since due based used using use uses one ones another way ways ' +
    'etc e g ie eg new make makes made become became becomes get gets got take takes took still even though ' +
    'around across along toward towards he she him her his hers himself herself because during doesn don isn ' +
    // Generic words of explanatory prose: they rarely carry what a passage has to confirm.
    'ensure help helps provide provides involve involves individual individuals different particularly ' +
    'potential potentially necessary essential crucial key approach consider considered ' +
    'aspect aspects factor factors case cases process require requires appropriate effective effectively ' +
    'relevant certain likely possible able need needs'
  ).split(' '),
);

const PLURALS: [RegExp, string][] = [
  [/ies$/, 'y'],
  [/(ss)es$/, '$1'],
  [/([^s])s$/, '$1'],
];
/** Endings removed, longest first; one at most. */
const ENDINGS = 'ational ization ations ation ition ments ment ness ingly ing edly ed ly ity ive al er est ic e y'.split(' ');

const stemCache = new Map<string, string>();

/** A light stem: lower case, common English endings removed, cut to 7 characters. */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    if (stemCache.size > 50_000) stemCache.clear();
    stemCache.set(word, (s = computeStem(word)));
  }
  return s;
}

function computeStem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (/^\d/.test(w)) return w.replace(/,/g, '');
  for (const [re, to] of PLURALS) {
    if (re.test(w) && w.length > 3) {
      w = w.replace(re, to);
      break;
    }
  }
  for (const e of ENDINGS) {
    if (w.endsWith(e) && w.length - e.length >= 4) {
      w = w.slice(0, -e.length);
      // "winning" → "winn" → "win"; "planned" → "plan".
      if ((e === 'ing' || e === 'ed' || e === 'er' || e === 'est') && /([^aeiouslz])\1$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  return w.slice(0, 7);
}

/** The content words of a text that count as terms, in order (before stemming). */
function termWords(text: string): string[] {
  return contentWords(normalizeText(text)).filter((w) => !WEAK.has(w) && (w.length > 1 || /\d/.test(w)));
}

/** The content terms (stems) of a text, in order. */
export function terms(text: string): string[] {
  return termWords(text).map(stem);
}

/** A term's synonym groups as terms of their own ("g123"), so that a synonym in the passage counts as the word. */
function groupTerms(word: string): string[] {
  return synonymGroups(word).map((g) => `g${g}`);
}

/** A name's alias group as a term of its own ("§12"), apart from every stem and synonym group. */
const aliasTerm = (group: number) => `§${group}`;

/**
 * The terms a passage sentence offers: its stems, its words' synonym groups, the groups of the names
 * it writes in a form the alias table knows ("§12" for "CO2" and "carbon dioxide"), and the given
 * names of a person the passage names in full when the sentence writes the surname alone.
 */
function offeredTerms(sentence: string, words: string[], bySurname: Map<string, string[]>): Set<string> {
  const out = new Set<string>();
  for (const w of words) {
    out.add(stem(w));
    for (const g of groupTerms(w)) out.add(g);
  }
  for (const a of aliasesIn(sentence)) out.add(aliasTerm(a.group));
  for (const m of sentence.matchAll(/(?<![\p{L}])\p{Lu}\p{Ll}+/gu))
    for (const given of bySurname.get(m[0].toLowerCase()) ?? []) out.add(stem(given));
  return out;
}

/** Splits a passage into sentences (lines, then sentence ends). */
export function sentences(passage: string): string[] {
  return passage
    .split(/\n+|\s\|\s/)
    .flatMap((line) => line.split(/(?<=[.!?]["'”’)\]]?)\s+(?=["'“‘([]?[\p{Lu}\p{N}])/u))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A clause of a claim and its content terms. */
export interface Clause {
  text: string;
  terms: string[];
}

/** Splits a claim into clauses at commas, semicolons and clause-joining words. */
export function clauses(claim: string): Clause[] {
  const parts = normalizeText(claim)
    // A comma between digits is a thousands separator ("412,000"), not a clause boundary.
    .split(/(?<!\d),|,(?!\d)|[;:()]|\s(?:and|but|while|whereas|which|who|although|though|because|after|before|when|where|with)\s/)
    .map((p) => ({ text: p.trim(), terms: terms(p) }))
    .filter((c) => c.terms.length > 0);
  // Merge one-term fragments into their neighbour, so a clause has something to cover.
  const merged: Clause[] = [];
  for (const p of parts) {
    const last = merged[merged.length - 1];
    if (last && (p.terms.length < 2 || last.terms.length < 2)) {
      last.text = `${last.text} … ${p.text}`;
      last.terms.push(...p.terms);
    } else merged.push({ text: p.text, terms: [...p.terms] });
  }
  return merged;
}

/** Lexical measures of a claim against a passage (all 0..1). */
export interface LexicalMeasures {
  /** Share of the claim's distinct content terms found anywhere in the passage. */
  coverage: number;
  /** Share found in the best window of up to three consecutive sentences. */
  windowCoverage: number;
  /** Lowest coverage of a claim clause by its own best window. */
  minClauseCoverage: number;
  /** The clause with that lowest coverage (when the claim has more than one). */
  weakestClause?: string;
  /** Share of the claim's consecutive term pairs found as pairs (within two terms) in the passage. */
  bigramCoverage: number;
  /** Claim words (as written, lower case) whose terms the passage lacks. */
  missing: string[];
  /** Number of distinct claim terms. */
  termCount: number;
  /** The best window's text: its fewest consecutive sentences that hold as many of the claim's terms. */
  bestWindow: string;
}

const WINDOW = 3;

/** The fewest consecutive sentences of the best window that still hold as many of the claim's terms. */
function shortestWindow(hits: Set<string>[], wanted: string[], win: { score: number; at: number }, size: number): number[] {
  const covered = (from: number, to: number) => {
    const union = new Set<string>();
    for (let k = from; k < to; k++) for (const t of hits[k]!) union.add(t);
    return wanted.filter((t) => union.has(t)).length;
  };
  const end = Math.min(hits.length, win.at + size);
  const target = covered(win.at, end);
  for (let len = 1; len <= end - win.at; len++)
    for (let from = win.at; from + len <= end; from++)
      if (covered(from, from + len) === target) return Array.from({ length: len }, (_, i) => from + i);
  return Array.from({ length: end - win.at }, (_, i) => win.at + i);
}

/** What the lexical measures read of a passage, whatever the claim: its sentences and the terms each offers. */
interface PassageReading {
  sents: string[];
  /** Each sentence's terms: stems, synonym groups, alias groups and the given names of its surnames. */
  sentOffered: Set<string>[];
  /** The terms of all the sentences. */
  all: Set<string>;
  /** Pairs of stems at most two words apart in a sentence, both ways round ("a b"). */
  pairs: Set<string>;
}

function readPassage(passage: string): PassageReading {
  return readOnce('passage', passage, readPassageOnce);
}

function readPassageOnce(passage: string): PassageReading {
  const sents = readOnce('sentences', passage, sentences);
  const sentWords = sents.map(termWords);
  const bySurname = fullNamesBySurname(passage);
  const sentOffered = sents.map((s, i) => offeredTerms(s, sentWords[i]!, bySurname));
  const all = new Set(sentOffered.flatMap((o) => [...o]));
  const pairs = new Set<string>();
  for (const ws of sentWords) {
    const ts = ws.map(stem);
    for (let i = 0; i < ts.length; i++) {
      for (let k = i + 1; k <= i + 2 && k < ts.length; k++) {
        pairs.add(`${ts[i]} ${ts[k]}`);
        pairs.add(`${ts[k]} ${ts[i]}`);
      }
    }
  }
  return { sents, sentOffered, all, pairs };
}

/**
 * Computes the lexical measures of `claim` against `passage`. `met` are claim terms the passage
 * states otherwise (a figure it gives as "410" for the claim's "just over 400"): they count as present.
 */
export function lexicalMeasures(claim: string, passage: string, met: ReadonlySet<string> = new Set()): LexicalMeasures {
  // The claim's words and each sentence's, tokenised once.
  const claimWords = termWords(claim);
  const claimTerms = claimWords.map(stem);
  const distinct = [...new Set(claimTerms)];
  // Each claim term is met by its stem or by a synonym of its word.
  const alternatives = new Map<string, string[]>();
  for (const w of claimWords) {
    const t = stem(w);
    alternatives.set(t, [...new Set([...(alternatives.get(t) ?? [t]), ...groupTerms(w)])]);
  }
  // A name of the claim in a form the alias table knows is met by any of its forms.
  for (const a of aliasesIn(claim))
    for (const t of terms(a.text)) alternatives.set(t, [...new Set([...(alternatives.get(t) ?? [t]), aliasTerm(a.group)])]);
  const meets = (t: string, offered: Set<string>) => met.has(t) || (alternatives.get(t) ?? [t]).some((a) => offered.has(a));
  const { sents, sentOffered, all, pairs } = readPassage(passage);
  const missingTerms = distinct.filter((t) => !meets(t, all));
  const coverage = distinct.length === 0 ? 1 : (distinct.length - missingTerms.length) / distinct.length;
  // Report words as the claim writes them, not their stems.
  const wordOf = new Map<string, string>();
  for (const w of claimWords) if (!wordOf.has(stem(w))) wordOf.set(stem(w), w);
  const missing = missingTerms.map((t) => wordOf.get(t) ?? t);

  // For each sentence, which claim terms it has: windows are unions of neighbours.
  const sentHits = sentOffered.map((offered) => new Set(distinct.filter((t) => meets(t, offered))));
  const windowOf = (termsWanted: string[]): { score: number; at: number } => {
    if (termsWanted.length === 0) return { score: 1, at: 0 };
    let best = 0;
    let at = 0;
    for (let i = 0; i < sentHits.length; i++) {
      const union = new Set<string>();
      for (let k = i; k < Math.min(sentHits.length, i + WINDOW); k++) for (const t of sentHits[k]!) union.add(t);
      let hit = 0;
      for (const t of termsWanted) if (union.has(t)) hit++;
      const score = hit / termsWanted.length;
      if (score > best) {
        best = score;
        at = i;
      }
    }
    return { score: best, at };
  };
  const win = windowOf(distinct);
  let minClauseCoverage = 1;
  let weakestClause: string | undefined;
  const parts = clauses(claim);
  for (const c of parts) {
    const score = windowOf([...new Set(c.terms)]).score;
    if (score < minClauseCoverage) {
      minClauseCoverage = score;
      weakestClause = parts.length > 1 ? c.text : undefined;
    }
  }

  const claimPairs = new Map<string, [string, string]>();
  for (let i = 0; i + 1 < claimTerms.length; i++)
    claimPairs.set(`${claimTerms[i]} ${claimTerms[i + 1]}`, [claimTerms[i]!, claimTerms[i + 1]!]);
  let pairHits = 0;
  // A term met otherwise (a figure the passage writes in other words, "20 cm" for "20 centimetres") pairs with what is there.
  const stands = (t: string) => met.has(t) || meets(t, all);
  // So does a term met by another form of its name ("carbon dioxide" by "CO2", "Angela" by "Merkel").
  const otherwise = (t: string) => met.has(t) || (alternatives.get(t) ?? []).some((a) => a.startsWith('§') && all.has(a));
  for (const [p, [a, b]] of claimPairs)
    if (pairs.has(p) || ((otherwise(a) || otherwise(b)) && stands(a) && stands(b))) pairHits++;
  const bigramCoverage = claimPairs.size === 0 ? coverage : pairHits / claimPairs.size;

  return {
    coverage,
    windowCoverage: win.score,
    minClauseCoverage,
    weakestClause,
    bigramCoverage,
    missing,
    termCount: distinct.length,
    bestWindow: shortestWindow(sentHits, distinct, win, WINDOW)
      .map((i) => sents[i]!)
      .join(' '),
  };
}
