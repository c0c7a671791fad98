/**
 * Reading a claim against a passage beyond shared words: whether the passage says the opposite (a
 * negation that one of them has and the other lacks, or an antonym of the claim's word), and whether
 * its figures and periods agree with the claim's when they are about the same thing.
 */
import { normalizeText } from '../text/normalize';
import { contentWords } from '../text/tokens';
import { antonymsOf, lemmaOf, synonymGroups } from './lexicon';
import { sentences, stem } from './lexical';
import { polarWords, type PolarWord } from './polarity';
import { readOnce } from './read-once';
import { periodsIn, periodsOverlap, type Period } from './periods';
import { quantitiesAgree, quantitiesIn, type Quantity } from './quantities';

/** A word as the comparisons see it: its stem, lemma and synonym groups. */
interface WordKeys {
  word: string;
  keys: string[];
}

function keysOf(word: string): WordKeys {
  const lemma = lemmaOf(word);
  return { word, keys: [`s:${stem(word)}`, `l:${lemma}`, ...synonymGroups(word).map((g) => `g:${g}`)] };
}

/** The content words of a sentence in order, each with its keys and whether a negation governs it. */
interface SentenceWords {
  text: string;
  keys: Set<string>;
  words: Array<WordKeys & PolarWord>;
  /** For each key, the places of the words that have it, in order. */
  places: Map<string, number[]>;
}

function readSentence(text: string): SentenceWords {
  return readOnce('sentence', text, readSentenceOnce);
}

function readSentenceOnce(text: string): SentenceWords {
  const words = polarWords(text).map((p) => ({ ...p, ...keysOf(p.word) }));
  const places = new Map<string, number[]>();
  for (let i = 0; i < words.length; i++)
    for (const k of words[i]!.keys) {
      const at = places.get(k);
      if (!at) places.set(k, [i]);
      else if (at[at.length - 1] !== i) at.push(i);
    }
  return { text, keys: new Set(words.flatMap((w) => w.keys)), words, places };
}

/** The places of the sentence's words that share a key with any of `keys`, in order. */
function placesOf(s: SentenceWords, keys: readonly string[]): number[] {
  const lists = keys.flatMap((k) => s.places.get(k) ?? []);
  return [...new Set(lists)].sort((a, b) => a - b);
}

const meets = (w: WordKeys, keys: Set<string>) => w.keys.some((k) => keys.has(k));
const sameWord = (a: WordKeys, b: WordKeys) => a.keys.some((k) => b.keys.includes(k));

/** Content words on either side of a word that count as its context, for "about the same thing". */
const CONTEXT = 12;

/** Where a passage says the opposite of a claim. */
export interface Opposition {
  /** "the claim negates", "the passage negates", or an antonym. */
  kind: 'claim-negates' | 'passage-negates' | 'antonym';
  /** It denies the claim; when false it may be no denial (see `oppositionIn`), and only bars support. */
  sure: boolean;
  /** The claim's word the opposition is about. */
  word: string;
  /** The passage's sentence that says the opposite. */
  sentence: string;
  /** Share of the claim's other content words in that sentence: how surely it is about the same thing. */
  overlap: number;
  /** In words a reader can check. */
  reason: string;
}

/** Share of the claim's words, other than `except`, found within CONTEXT words of position `at` of the sentence. */
function overlapNear(claim: WordKeys[], sentence: SentenceWords, at: number, except: WordKeys): number {
  return overlapOf(
    claim,
    new Set(sentence.words.slice(Math.max(0, at - CONTEXT), at + CONTEXT + 1).flatMap((w) => w.keys)),
    except,
  );
}

/** Share of the claim's words, other than `except`, among the keys (a sentence's, or a stretch of it). */
function overlapOf(claim: WordKeys[], keys: Set<string>, except: WordKeys): number {
  const others = claim.filter((w) => !sameWord(w, except));
  if (others.length === 0) return 0;
  return others.filter((w) => meets(w, keys)).length / others.length;
}

const PAST = /\b(?:was|were|did|had|wasn|weren|didn|hadn)\b/;
const PRESENT = /\b(?:is|are|am|does|do|has|have|isn|aren|doesn|don|hasn|haven)\b/;

/** The tense of a sentence's auxiliaries: past only, present only, or neither or both ("none"). */
function tenseOf(text: string): 'past' | 'present' | 'none' {
  // "Did not have", "didn't do": the verb after a past auxiliary is no present tense.
  const t = normalizeText(text)
    .toLowerCase()
    .replace(/['’]/g, ' ')
    .replace(/\b(did|didn|had|hadn)(\s+t)?(\s+not)?\s+(?:have|do)\b/g, '$1');
  const past = PAST.test(t);
  const present = PRESENT.test(t);
  return past === present ? 'none' : past ? 'past' : 'present';
}

/**
 * Whether a difference in negation between the claim's word and the passage's may be no denial: the
 * side that states the word has a negation cue just before it, governing a neighbour ("cannot be Gram
 * stained" / "not visible with the Gram stain"), or the side that sets it aside with "rather than"
 * has it as the other term of a comparison ("prefers A rather than B" / "prefers A over B"), or
 * either side only supposes it ("if the marriage is deemed lawful, …").
 */
function displaced(claimWord: PolarWord, passageWord: PolarWord): boolean {
  const [denied, stated] = claimWord.negated ? [claimWord, passageWord] : [passageWord, claimWord];
  if (stated.nearNegation || stated.supposed || denied.supposed) return true;
  return denied.contrast && stated.compared;
}

/**
 * The strongest opposition between a claim and a passage, if any: a word the claim negates that a
 * sentence of the passage states without negation ("is not accelerating" / "an accelerating rise"),
 * the reverse, or a word of the claim whose antonym the sentence states while lacking the word itself
 * ("sea levels are falling" / "sea levels are rising"). Double negations cancel. How surely it is
 * about the same thing is the share of the claim's other words near the opposed word.
 *
 * An opposition that may be no denial is kept, but not `sure`: a displaced negation, a supposition,
 * a comparison, a question, a present-tense sentence against a claim about the past, an antonym the
 * claim itself says. It bars support (the passage may not say what the claim says) but never rejects
 * the claim or counts against it. A sure opposition is preferred to an unsure one.
 */
export function oppositionIn(claim: string, passage: string): Opposition | null {
  const said = readOnce('sentences', passage, sentences);
  // A passage that writes the claim as one of its sentences states it: a "not" in another of its
  // sentences is about something else ("crap you don't need" beside "you need to gather your data").
  const own = claim.replace(/\s+/g, ' ').trim();
  if (said.some((text) => text.replace(/\s+/g, ' ') === own)) return null;
  const claimWords = readSentence(claim).words;
  const claimTense = tenseOf(claim);
  let best: Opposition | null = null;
  const consider = (o: Opposition) => {
    if (!best || (o.sure && !best.sure) || (o.sure === best.sure && o.overlap > best.overlap)) best = o;
  };
  for (const text of said) {
    // A question states nothing; a claim about the past is not surely denied by how things are now.
    const unsure = isQuestion(text) || (claimTense === 'past' && tenseOf(text) === 'present');
    const s = readSentence(text);
    for (const w of claimWords) {
      const same = placesOf(s, w.keys);
      const at = same.length > 0 ? same[0]! : -1;
      if (at >= 0) {
        // Every occurrence must disagree: a sentence that also states the word as the claim does agrees.
        const occurrences = same.map((i) => s.words[i]!);
        if (occurrences.every((x) => x.negated !== w.negated)) {
          consider({
            kind: w.negated ? 'claim-negates' : 'passage-negates',
            sure: !unsure && !occurrences.some((x) => displaced(w, x)),
            word: w.word,
            sentence: text,
            overlap: overlapNear(claimWords, s, at, w),
            reason: w.negated
              ? `the claim denies "${w.word}", which the passage states: "${clip(text)}"`
              : `the passage denies "${w.word}": "${clip(text)}"`,
          });
        }
        continue;
      }
      const opposite = antonymsOf(w.word);
      const opposed =
        opposite.length > 0
          ? placesOf(
              s,
              opposite.map((a) => `l:${a}`),
            )
          : [];
      const oat = opposed.length > 0 ? opposed[0]! : -1;
      // "Not rising" against "falling" is no opposition; neither is "falling" against "not rising".
      if (oat < 0 || s.words[oat]!.negated !== w.negated) continue;
      consider({
        kind: 'antonym',
        // A claim that says both words ("defend against attacks") is not surely contradicted by one of them.
        sure: !unsure && !claimWords.some((c) => sameWord(c, s.words[oat]!)),
        word: w.word,
        sentence: text,
        overlap: overlapNear(claimWords, s, oat, w),
        reason: `the claim says "${w.word}" where the passage says "${s.words[oat]!.word}": "${clip(text)}"`,
      });
    }
    const swapped = swappedOpposites(claimWords, s);
    if (swapped)
      consider({
        kind: 'antonym',
        sure: false,
        word: swapped[0].word,
        sentence: text,
        overlap: overlapOf(claimWords, s.keys, swapped[0]),
        reason: `the claim has "${swapped[0].word}" before "${swapped[1].word}", the passage the other way round: "${clip(text)}"`,
      });
  }
  return best;
}

/**
 * Two opposites the claim and the sentence both say, in the other order ("rises in winter and falls
 * in summer" / "falls in winter and rises in summer"): the same words, swapped, say something else.
 */
function swappedOpposites(claim: Array<WordKeys & PolarWord>, s: SentenceWords): [WordKeys, WordKeys] | null {
  const firstAt = (words: WordKeys[], w: WordKeys) => words.findIndex((x) => sameWord(x, w));
  for (let i = 0; i < claim.length; i++) {
    const opposite = antonymsOf(claim[i]!.word);
    if (opposite.length === 0) continue;
    for (let j = i + 1; j < claim.length; j++) {
      if (!opposite.some((a) => claim[j]!.keys.includes(`l:${a}`))) continue;
      const a = firstAt(s.words, claim[i]!);
      const b = firstAt(s.words, claim[j]!);
      if (a >= 0 && b >= 0 && b < a) return [claim[i]!, claim[j]!];
    }
  }
  return null;
}

/** A sentence that asks: it states nothing. */
export function isQuestion(text: string): boolean {
  return /\?["'”’)\]]*\.?\s*$/.test(text);
}

function clip(text: string, max = 120): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** A figure of the claim and a figure of the passage of the same unit that cannot be the same value. */
export interface QuantityClash {
  claim: Quantity;
  passage: Quantity;
  sentence: string;
  /** Share of the claim's other content words in the passage's sentence. */
  overlap: number;
  /** The two speak of different times (both name periods, and they do not meet). */
  otherTime: boolean;
  reason: string;
}

/** How a claim's figures meet the passage's: agreements (by unit) and the strongest clash. */
export interface QuantityReading {
  /** Claim figures that a passage figure of the same unit agrees with (surfaces). */
  agreed: string[];
  clash: QuantityClash | null;
}

function periodsMeet(a: Period[], b: Period[]): boolean {
  return a.length === 0 || b.length === 0 || a.some((p) => b.some((q) => periodsOverlap(p, q)));
}

/** The times a text names: its periods, and the years it names outside them ("5.5 °C by 2100"). */
function timesIn(text: string, now?: number): Period[] {
  const periods = periodsIn(text, now);
  const t = normalizeText(text);
  // A year, not a figure: after a word that dates ("by 2100", "in 1901", "since 1990").
  const years = [
    ...t.matchAll(
      /\b(?:in|by|since|until|till|from|to|before|after|during|around|circa|of)\s+(1[89]\d\d|2[01]\d\d)(?![\p{N}s])/gu,
    ),
  ]
    .filter((m) => !periods.some((p) => m.index >= p.at && m.index < p.at + p.surface.length))
    .map((m) => ({ from: Number(m[1]), to: Number(m[1]), surface: m[1]!, at: m.index + m[0].length - m[1]!.length }));
  return [...periods, ...years];
}

/** Time units: a figure of one after "past", "last" or "next" is a window of time, not a value of the claim's subject. */
const TIME_UNITS = new Set(['year', 'month', 'week', 'day', 'decade', 'century', 'hour']);
const WINDOW_BEFORE = /(?:past|last|next|previous|recent|coming|first)\s*$/i;

/** The quantities of a text that are values, not windows of time ("over the past 30 years"). */
function valuesIn(text: string): Quantity[] {
  const t = normalizeText(text);
  return quantitiesIn(text).filter((q) => !(TIME_UNITS.has(q.unit) && WINDOW_BEFORE.test(t.slice(Math.max(0, q.at - 12), q.at))));
}

/** Reads the claim's figures against the passage's, sentence by sentence. */
export function readQuantities(claim: string, passage: string, now?: number): QuantityReading {
  const claimQuantities = valuesIn(claim);
  const agreed: string[] = [];
  let clash: QuantityClash | null = null;
  if (claimQuantities.length === 0) return { agreed, clash };
  const claimWords = readSentence(claim).words;
  const claimPeriods = timesIn(claim, now);
  const unitWords = new Set(claimQuantities.map((q) => q.unit));
  const others = claimWords.filter((w) => !unitWords.has(lemmaOf(w.word)));
  const clashes: QuantityClash[] = [];
  for (const text of sentences(passage)) {
    const quantities = valuesIn(text);
    if (quantities.length === 0) continue;
    const s = readSentence(text);
    const overlap = others.length ? others.filter((w) => meets(w, s.keys)).length / others.length : 0;
    const otherTime = !periodsMeet(claimPeriods, timesIn(text, now));
    for (const cq of claimQuantities) {
      const same = quantities.filter((q) => q.unit === cq.unit);
      if (same.length === 0) continue;
      if (same.some((q) => quantitiesAgree(cq, q))) agreed.push(cq.surface);
      else
        clashes.push({
          claim: cq,
          passage: same[0]!,
          sentence: text,
          overlap,
          otherTime,
          reason: `the passage gives ${same[0]!.surface} where the claim says ${cq.surface}: "${clip(text)}"`,
        });
    }
  }
  // A figure that some sentence agrees with is not contradicted by another sentence's figure.
  for (const c of clashes) if (!agreed.includes(c.claim.surface) && (!clash || c.overlap > clash.overlap)) clash = c;
  return { agreed: [...new Set(agreed)], clash };
}

/** A dated event of the claim ("elected in 2022") that the passage dates otherwise ("elected in 2019"). */
export interface DateClash {
  event: string;
  claim: Period;
  passage: Period[];
  sentence: string;
  /** Share of the claim's other content words in the passage's sentence. */
  overlap: number;
  reason: string;
}

/** The event word a period dates: the nearest content word before it ("was elected in 2022" → "elected"). */
function eventBefore(text: string, at: number): string | null {
  const before = contentWords(text.slice(Math.max(0, at - 40), at)).filter((w) => /^\p{L}+$/u.test(w.split('-').pop() ?? ''));
  const word = before[before.length - 1];
  return word ? (word.split('-').pop() ?? null) : null;
}

/** Reads the claim's dated events against the passage's: agreement, or the strongest clash. */
export function readDates(claim: string, passage: string, now?: number): { agreed: string[]; clash: DateClash | null } {
  const c = normalizeText(claim).toLowerCase();
  // "412,000 residents in 2026" dates a figure, not an event: figures are read by readQuantities.
  const units = new Set(quantitiesIn(claim).map((q) => q.unit));
  const events = periodsIn(claim, now).flatMap((p) => {
    const event = eventBefore(c, p.at);
    return event && !units.has(lemmaOf(event)) ? [{ period: p, event: keysOf(event) }] : [];
  });
  const agreed: string[] = [];
  let clash: DateClash | null = null;
  if (events.length === 0) return { agreed, clash };
  const claimWords = readSentence(claim).words;
  for (const text of sentences(passage)) {
    const t = normalizeText(text).toLowerCase();
    const dated = periodsIn(text, now).flatMap((p) => {
      const event = eventBefore(t, p.at);
      return event ? [{ period: p, event: keysOf(event) }] : [];
    });
    if (dated.length === 0) continue;
    const s = readSentence(text);
    for (const e of events) {
      const same = dated.filter((d) => d.event.keys.some((k) => e.event.keys.includes(k)));
      if (same.length === 0) continue;
      if (same.some((d) => periodsOverlap(d.period, e.period))) {
        agreed.push(e.period.surface);
        continue;
      }
      const overlap = overlapOf(claimWords, s.keys, claimWords.find((w) => w.keys[0] === e.event.keys[0]) ?? e.event);
      if (!clash || overlap > clash.overlap)
        clash = {
          event: e.event.word,
          claim: e.period,
          passage: same.map((d) => d.period),
          sentence: text,
          overlap,
          reason: `the passage dates "${e.event.word}" ${same.map((d) => d.period.surface).join(' and ')}, the claim ${e.period.surface}: "${clip(text)}"`,
        };
    }
  }
  return { agreed: [...new Set(agreed)], clash };
}
