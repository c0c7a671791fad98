/**
 * Names in a claim: runs of capitalised words ("Serzh Sargsyan", "State Library of New South Wales")
 * and acronyms ("NASA", "CTR"). A name is looked up word by word in the passage, allowing a
 * possessive or a demonym ending ("Armenian" is found next to "Armenia").
 */
import { normalizeText } from '../text/normalize';
import { words } from '../text/tokens';

/** A name of the claim and the words it is looked up by. */
export interface NameMention {
  /** As written in the claim. */
  surface: string;
  /** Lower-cased words that carry the name (stopwords and titles left out). */
  keys: string[];
}

/** Capitalised words that start sentences or clauses without being names. */
const NOT_NAMES = new Set(
  (
    'a an and are as at be but by for from he her his i if in into is it its it’s of on or our she so that the their ' +
    'there these they this those to was we were what when where which while who why with you your however although ' +
    'additionally also furthermore moreover therefore thus overall meanwhile finally first second third then yet ' +
    'after before during since until according another other some many most several each every all both either ' +
    'neither no not one two three example instance note today later earlier here mr mrs ms dr st mt sir lord ' +
    'president king queen prince princess general captain professor saint chapter section part volume figure table ' +
    'january february march april may june july august september october november december monday tuesday wednesday ' +
    'thursday friday saturday sunday'
  ).split(' '),
);

/** Lower-case words that may sit inside a name ("Bank of England", "Charles de Gaulle"). */
const CONNECTORS = new Set(['of', 'de', 'the', 'for', 'van', 'von', 'der', 'la', 'le', 'du', 'da', 'di', 'del']);

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}'’.&-]*/gu;

function isCapitalised(w: string): boolean {
  return /^\p{Lu}/u.test(w);
}

function isAcronym(w: string): boolean {
  const bare = w.replace(/[.&'’-]/g, '');
  return bare.length >= 2 && /^[\p{Lu}\p{N}]+$/u.test(bare) && /\p{Lu}.*\p{Lu}/u.test(bare) && !/^\p{N}+$/u.test(bare);
}

/** Names the claim mentions. `claim` is the raw claim (case matters here). */
export function namesIn(claim: string): NameMention[] {
  const text = claim.normalize('NFKC');
  const out: NameMention[] = [];
  let run: string[] = [];
  let runStartsSentence = false;
  const flush = () => {
    // Connector words at the end of a run ("Instead of") belong to no name.
    while (run.length > 0 && CONNECTORS.has(run[run.length - 1]!.toLowerCase())) run.pop();
    if (run.length > 0) {
      // "U.S." is looked up as "us"; "TF-CBT" as "tf" and "cbt", like any hyphenated name.
      const keys = run.flatMap((w) => words(normalizeText(isAcronym(w) ? w.replace(/\./g, '') : w)));
      const meaningful = keys.filter((k) => k.length >= 2 && !NOT_NAMES.has(k) && !/^\d+$/.test(k));
      // A single capitalised word at the start of a sentence is usually not a name, unless it is an acronym.
      const single = run.length === 1 && runStartsSentence && !isAcronym(run[0]!);
      if (meaningful.length > 0 && !single) out.push({ surface: run.join(' '), keys: [...new Set(meaningful)] });
    }
    run = [];
  };
  let prevEnd = 0;
  for (const m of text.matchAll(WORD_RE)) {
    const w = m[0].replace(/['’]s$/u, '').replace(/[.'’-]+$/u, '');
    const start = m.index ?? 0;
    const gap = text.slice(prevEnd, start);
    prevEnd = start + m[0].length;
    const sentenceStart = start === 0 || /[.!?:;"“(\n]\s*$/u.test(text.slice(0, start)) || /^\s*[-•*]\s*$/u.test(gap);
    const breaks = /[,;:.!?()"“”\n]/u.test(gap);
    const lower = w.toLowerCase();
    const capital = isCapitalised(w) || isAcronym(w);
    if (capital && !(NOT_NAMES.has(lower) && !isAcronym(w))) {
      if (breaks) flush();
      if (run.length === 0) runStartsSentence = sentenceStart;
      run.push(w);
    } else if (run.length > 0 && !breaks && CONNECTORS.has(lower) && !capital) {
      // "State Library of New South Wales": keep "of" inside a run, the check ignores it.
      run.push(w);
    } else {
      flush();
    }
  }
  flush();
  return out;
}

/** Lower-cased word forms of a passage, with a prefix table for lenient lookups. */
export interface WordIndex {
  words: Set<string>;
  byPrefix: Map<string, string[]>;
}

/** Longest run of capitalised words whose initials are read as an acronym. */
const MAX_INITIALS = 6;

/**
 * The initials of every run of two or more capitalised words ("United States Senate" → "us", "uss",
 * "ss"), lower-cased; connectors inside a name ("Bank of England") are passed over.
 */
function initialisms(text: string): string[] {
  const out: string[] = [];
  const flush = (run: string[]) => {
    for (let a = 0; a < run.length; a++)
      for (let b = a + 2; b <= Math.min(run.length, a + MAX_INITIALS); b++) out.push(run.slice(a, b).join(''));
  };
  let run: string[] = [];
  let sentenceStart = true;
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*|[^\s\p{L}\p{N}]+/gu)) {
    const w = m[0];
    // A sentence's first word is capitalised for that alone: "Under Senate rules" stands for no "US".
    if (isCapitalised(w) && !(sentenceStart && run.length === 0)) run.push(w[0]!.toLowerCase());
    else if (!(run.length > 0 && CONNECTORS.has(w))) {
      flush(run);
      run = [];
    }
    sentenceStart = /[.!?:;]$/.test(w);
  }
  flush(run);
  return out;
}

/** Indexes the words of a (normalised) passage; `raw`, the passage as written, gives its initialisms. */
export function wordIndex(normalizedPassage: string, raw?: string): WordIndex {
  const set = new Set(words(normalizedPassage));
  // Acronyms written with dots ("U.S.") are also indexed without them.
  for (const m of normalizedPassage.matchAll(/(?<![\p{L}])((?:\p{L}\.){2,})/gu)) set.add(m[1]!.replace(/\./g, ''));
  // A name written out stands for its initials: "Web Content Accessibility Guidelines" for "WCAG".
  if (raw !== undefined) for (const i of initialisms(raw.normalize('NFKC'))) set.add(i);
  const byPrefix = new Map<string, string[]>();
  for (const w of set) {
    if (w.length < 4) continue;
    const key = w.slice(0, 4);
    const list = byPrefix.get(key);
    if (list) list.push(w);
    else byPrefix.set(key, [w]);
  }
  return { words: set, byPrefix };
}

/** Whether a name word is in the passage: as is, or sharing all but a short ending ("armenian" ~ "armenia"). */
export function nameWordFound(key: string, index: WordIndex): boolean {
  if (index.words.has(key)) return true;
  // A plural of an acronym or name: "LEDs" is found next to "LED".
  if (key.length >= 3 && key.endsWith('s') && index.words.has(key.slice(0, -1))) return true;
  if (key.length < 5) return false;
  const candidates = index.byPrefix.get(key.slice(0, 4)) ?? [];
  return candidates.some((w) => {
    let i = 0;
    while (i < w.length && i < key.length && w[i] === key[i]) i++;
    return i >= 5 && i >= Math.max(w.length, key.length) - 3;
  });
}

/** Which of a name's words the passage lacks. */
export function missingNameWords(name: NameMention, index: WordIndex): string[] {
  return name.keys.filter((k) => !nameWordFound(k, index));
}
