/**
 * Numeric facts of a text: numbers, years, decades, percentages, versions and dates with written
 * month names, each with the values it may stand for ("1,200" → 1200; "3.4%" and "3.4 percent" →
 * 3.4; "1.2 million" → 1.2 and 1200000; "five" → 5; "April 2015" → month 4 of 2015). A claim's fact
 * is found in a passage when one of its values is among the passage's values.
 */
import { monthNumbers } from '../dates/dates-text';

/** One numeric fact of a claim, as written and as the values it may match. */
export interface NumericFact {
  /** The text as written in the claim, for reasons ("1,200", "3.4%", "April 2015"). */
  surface: string;
  kind: 'number' | 'version' | 'decade' | 'month';
  /** Exact values (numbers as canonical strings, versions as written, months as "m4"). */
  values: string[];
  /** For a rounded claim figure: the tolerance (half a unit of its last digit), for passage decimals. */
  tolerance?: number;
  /** For a decade ("1990s"): its first year. */
  decade?: number;
  /** For digits written together with letters ("2d", "mp3", "5km"): the whole word, also accepted as is. */
  word?: string;
}

/** Every value a passage states, for lookups. */
export interface NumericIndex {
  exact: Set<string>;
  /** Words of the passage that mix digits and letters ("2d", "mp3"). */
  words: Set<string>;
  /** Numeric values, for tolerance and decade lookups. */
  numbers: number[];
}

/** English month names and their short forms ("jan", "sept"), from the one table of month names. */
const MONTHS = monthNumbers(['en', 'en-GB']);

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  dozen: 12,
};

/** Written numbers too common as pronouns or articles to count as a claim's figure. */
const WEAK_NUMBER_WORDS = new Set(['zero', 'one', 'hundred', 'dozen']);

const SCALES: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  millions: 1e6,
  m: 1e6,
  mn: 1e6,
  billion: 1e9,
  billions: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
  tn: 1e12,
};

/** A numeric value as a canonical string: "3.40" → "3.4", 1200000 → "1200000". */
function canonical(n: number): string {
  return String(Number(n.toPrecision(12)));
}

const MONTH_ALT = [...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|');
// A number as written: 1,200 | 1200 | 3.4 | 1.2.3 (a version), with an optional leading "v".
const NUMBER_RE = /(?<![\p{L}\p{N}])(v)?(\d+(?:[.,]\d+)*)(?:(st|nd|rd|th|s)(?![\p{L}\p{N}]))?/giu;
const WORD_NUMBER_RE =
  /(?<![\p{L}\p{N}])(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen)(?:[- ](one|two|three|four|five|six|seven|eight|nine))?(?![\p{L}\p{N}])/giu;
// A month name next to a day or a year: "28 April 2015", "April 28, 2015", "April 2015", "Apr. 3".
const MONTH_DATE_RE = new RegExp(
  `(?<![\\p{L}])(?:(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?)?(${MONTH_ALT})\\.?(?![\\p{L}])(?:\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d))?(?:,?\\s+(\\d{4})(?!\\d))?`,
  'giu',
);
// Numeric dates: 2015-04-28, 28/04/2015, 04/28/2015, 2015/04/28.
const ISO_DATE_RE = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g;
const DMY_DATE_RE = /(?<!\d)(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?!\d)/g;

interface RawNumber {
  surface: string;
  word?: string;
  kind: NumericFact['kind'];
  values: number[];
  version?: string;
  tolerance?: number;
  decade?: number;
}

/** Parses the numbers written with digits in `text` (already normalised: lower case, straight dashes). */
function digitNumbers(text: string): RawNumber[] {
  const out: RawNumber[] = [];
  for (const m of text.matchAll(NUMBER_RE)) {
    const [whole, v, body = '', suffix] = m;
    const at = (m.index ?? 0) + whole.length;
    if (/^\d+(\.\d+){2,}$/.test(body) || (v && /^\d+(\.\d+)+$/.test(body))) {
      out.push({ surface: whole, kind: 'version', values: [], version: body });
      continue;
    }
    let parts: string[];
    if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(body)) parts = [body.replace(/,/g, '')];
    else parts = body.split(',');
    for (const part of parts) {
      if (!/^\d+(\.\d+)?$/.test(part)) {
        // "1.2.3" inside a comma list or similar: keep each piece as a number.
        for (const piece of part.split('.')) if (piece) out.push({ surface: piece, kind: 'number', values: [Number(piece)] });
        continue;
      }
      const value = Number(part);
      if (suffix?.toLowerCase() === 's' && /^\d{3,4}$/.test(part) && value % 10 === 0) {
        out.push({ surface: whole, kind: 'decade', values: [value], decade: value });
        continue;
      }
      const values = [value];
      // The second year of a range written short: "2018-19" → 2019.
      const before = /(\d\d)\d\d-$/.exec(text.slice(Math.max(0, (m.index ?? 0) - 5), m.index));
      if (before && /^\d\d$/.test(part)) values.push(Number(before[1] + part));
      const decimals = part.includes('.') ? part.split('.')[1]!.length : 0;
      let tolerance: number | undefined;
      let surface = parts.length > 1 ? part : whole;
      const scale = /^\s*([a-z]+)/i.exec(text.slice(at))?.[1]?.toLowerCase();
      const factor = scale ? SCALES[scale] : undefined;
      // "5 m" and "3 b" are too ambiguous unless written straight after the digits ("5m", "3bn").
      const attached = scale !== undefined && text.slice(at, at + 1) !== ' ';
      if (factor && (scale!.length > 2 || attached)) {
        values.push(value * factor);
        tolerance = 0.5 * 10 ** -decimals * factor;
        surface = `${surface}${attached ? '' : ' '}${scale}`;
      }
      const word = /^[\p{L}\p{N}]*/u.exec(text.slice(m.index ?? 0))![0];
      out.push({ surface, kind: 'number', values, tolerance, word: /\p{L}/u.test(word) ? word : undefined });
    }
  }
  return out;
}

/** Parses written numbers ("five", "twenty-one"). */
function wordNumbers(text: string, strict: boolean): RawNumber[] {
  const out: RawNumber[] = [];
  for (const m of text.matchAll(WORD_NUMBER_RE)) {
    const [whole, tens = '', unit] = m;
    const t = tens.toLowerCase();
    if (strict && !unit && WEAK_NUMBER_WORDS.has(t)) continue;
    const value = (UNITS[t] ?? 0) + (unit ? (UNITS[unit.toLowerCase()] ?? 0) : 0);
    out.push({ surface: whole, kind: 'number', values: [value] });
  }
  return out;
}

/** Month names that stand next to a day or a year, with the month as a value "m4". */
function monthMentions(text: string): { surface: string; month: number }[] {
  const out: { surface: string; month: number }[] = [];
  for (const m of text.matchAll(MONTH_DATE_RE)) {
    const [whole, dayBefore, name = '', dayAfter, year] = m;
    // A month name counts only next to a day or a year: "may" alone is a verb, "march" a noun.
    if (!dayBefore && !dayAfter && !year) continue;
    const month = MONTHS.get(name.toLowerCase());
    if (month === undefined) continue;
    out.push({ surface: whole.trim(), month });
  }
  return out;
}

/** The numeric facts a claim states, in order, without duplicates. */
export function numericFacts(normalizedClaim: string): NumericFact[] {
  const facts: NumericFact[] = [];
  const seen = new Set<string>();
  const push = (f: NumericFact) => {
    const key = `${f.kind}:${f.values.join('|')}`;
    if (seen.has(key)) return;
    seen.add(key);
    facts.push(f);
  };
  for (const n of digitNumbers(normalizedClaim)) {
    if (n.kind === 'version') push({ surface: n.surface, kind: 'version', values: [n.version!] });
    else
      push({
        surface: n.surface,
        kind: n.kind,
        values: n.values.map(canonical),
        tolerance: n.tolerance,
        decade: n.decade,
        word: n.word,
      });
  }
  for (const n of wordNumbers(normalizedClaim, true))
    push({ surface: n.surface, kind: 'number', values: n.values.map(canonical) });
  for (const m of monthMentions(normalizedClaim)) push({ surface: m.surface, kind: 'month', values: [`m${m.month}`] });
  return facts;
}

/** Every numeric value a passage states (digits, written numbers, months named or in numeric dates). */
export function numericIndex(normalizedPassage: string): NumericIndex {
  const exact = new Set<string>();
  const numbers: number[] = [];
  for (const n of digitNumbers(normalizedPassage)) {
    if (n.kind === 'version') {
      exact.add(n.version!);
      // A version-like "1.2.3" may also be read as its pieces.
      for (const piece of n.version!.split('.')) exact.add(canonical(Number(piece)));
      continue;
    }
    for (const v of n.values) {
      exact.add(canonical(v));
      numbers.push(v);
    }
    if (n.kind === 'decade') exact.add(canonical(n.decade!));
  }
  for (const n of wordNumbers(normalizedPassage, false)) for (const v of n.values) exact.add(canonical(v));
  for (const m of monthMentions(normalizedPassage)) exact.add(`m${m.month}`);
  // Bare month names (also "May"), so that "May 2015" in a claim is found next to "May" and "2015".
  for (const m of normalizedPassage.matchAll(new RegExp(`(?<![\\p{L}])(${MONTH_ALT})(?![\\p{L}])`, 'giu'))) {
    exact.add(`m${MONTHS.get(m[1]!.toLowerCase())}`);
  }
  for (const m of normalizedPassage.matchAll(ISO_DATE_RE)) if (Number(m[2]) <= 12) exact.add(`m${Number(m[2])}`);
  for (const m of normalizedPassage.matchAll(DMY_DATE_RE)) {
    // Day-first or month-first: either may be the month.
    if (Number(m[1]) <= 12) exact.add(`m${Number(m[1])}`);
    if (Number(m[2]) <= 12) exact.add(`m${Number(m[2])}`);
  }
  const mixed = new Set((normalizedPassage.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => /\p{N}/u.test(w) && /\p{L}/u.test(w)));
  return { exact, numbers, words: mixed };
}

/** Whether a claim's fact is stated by the passage. */
export function factFound(fact: NumericFact, index: NumericIndex): boolean {
  if (fact.values.some((v) => index.exact.has(v))) return true;
  if (fact.word && index.words.has(fact.word)) return true;
  if (fact.kind === 'decade' && fact.decade !== undefined) {
    const start = fact.decade;
    return index.numbers.some((n) => Number.isInteger(n) && n >= start && n < start + 10);
  }
  if (fact.kind === 'number') {
    const values = fact.values.map(Number);
    // A rounded figure ("88%", "1.2 million") matches a more precise one in the passage (87.6, 1,213,000).
    return index.numbers.some((n) =>
      values.some((v, i) => {
        const tol =
          i > 0 && fact.tolerance !== undefined ? fact.tolerance : Number.isInteger(v) && !Number.isInteger(n) ? 0.5 : 0;
        return tol > 0 && Math.abs(n - v) <= tol;
      }),
    );
  }
  return false;
}
