/**
 * How worth checking a sentence is, by a logistic regression over its words and a few hand features,
 * trained by scripts/train-checkworthy.ts on labelled debate sentences (CheckThat! 2024 English and
 * 2019 task 1) and shipped as checkworthy-model.json. Training and scoring share `featuresOf`, so they
 * cannot drift apart. No Node APIs: this runs in the service worker.
 */
import model from './checkworthy-model.json';
import { worthFeatures } from './rank-claims';

/** A fitted model: the log-odds of "worth checking" are `bias` plus the weights of the features present. */
export interface CheckworthyWeights {
  bias: number;
  /** Weight of each feature by its name (as `featuresOf` names them); absent features weigh 0. */
  weights: Record<string, number>;
}

/** The shipped model, with the score above which a sentence is worth checking (fitted on training data). */
export interface CheckworthyModel extends CheckworthyWeights {
  threshold: number;
}

const shipped = model as CheckworthyModel;

/** The score at or above which `isWorthChecking` says yes; fitted by cross-validation on the training data. */
export const CHECKWORTHY_THRESHOLD = shipped.threshold;

/**
 * Prefix of the hand features, which training regularises less than the word n-grams: the data is
 * English only, so a German, French or Spanish sentence matches few n-grams and is scored mostly by
 * the language-neutral part (figures, years, `%` and currency signs, its length, and `worthFeatures`,
 * which reads all four languages), which must therefore carry that signal.
 */
export const HAND_PREFIX = '#';

// Words (with inner apostrophes), numbers (with inner separators), and the signs that mark amounts.
const TOKEN = /\p{L}+(?:'\p{L}+)*|\d+(?:[.,]\d+)*|[$€£%?]/gu;
const YEAR = /^(1[5-9]\d\d|20\d\d)$/;
const LENGTH_BUCKETS = [4, 8, 14, 22, 35];

/** The sentence's tokens, lower-cased, with figures reduced to their shape: `<year>` or `<num>`. */
export function tokensOf(sentence: string): string[] {
  const tokens = sentence.toLowerCase().replace(/[’‘]/g, "'").match(TOKEN) ?? [];
  return tokens.map((t) => (/^\d/.test(t) ? (YEAR.test(t) ? '<year>' : '<num>') : t));
}

// A capitalised word after the first: a name, most often ("I" and its contractions are not).
const INNER_CAPITAL = /(?<=\p{L}[^.!?]*\s)(?!I\b|I')\p{Lu}\p{Ll}/u;
// Two capitalised words in a row after the first: a multi-word name ("Affordable Care Act").
const CAPITAL_RUN = /(?<=\S\s+)\p{Lu}[\p{L}.'-]*\s+\p{Lu}[\p{L}.'-]*/u;

/** The hand features' names (without the prefix) of a sentence with the given tokens. */
function handFeaturesOf(sentence: string, tokens: string[]): string[] {
  const out: string[] = [];
  const hand = worthFeatures(sentence);
  for (const k of Object.keys(hand) as Array<keyof typeof hand>) if (hand[k]) out.push(k);
  const words = tokens.filter((t) => /^\p{L}/u.test(t) || t.startsWith('<')).length;
  const bucket = LENGTH_BUCKETS.findIndex((b) => words <= b);
  out.push(`len${bucket === -1 ? LENGTH_BUCKETS.length : bucket}`);
  if (/\?\s*["')\]]*\s*$/.test(sentence)) out.push('question');
  if (INNER_CAPITAL.test(sentence)) out.push('capital');
  if (CAPITAL_RUN.test(sentence)) out.push('capitalRun');
  return out;
}

/**
 * The features of a sentence, each present once (value 1): word unigrams and bigrams (with sentence
 * boundaries), and hand features prefixed `#`: `worthFeatures`, a word-count bucket, a question mark,
 * capitalised words after the first (names), and runs of them.
 */
export function featuresOf(sentence: string): Set<string> {
  const tokens = tokensOf(sentence);
  const out = new Set<string>();
  let prev = '<s>';
  for (const t of tokens) {
    out.add(t);
    out.add(`${prev} ${t}`);
    prev = t;
  }
  out.add(`${prev} </s>`);
  for (const h of handFeaturesOf(sentence, tokens)) out.add(`${HAND_PREFIX}${h}`);
  return out;
}

/** The logistic function, safe for large |z|. */
export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** The probability that a sentence is worth checking under the given weights. */
export function scoreWith(weights: CheckworthyWeights, sentence: string): number {
  let z = weights.bias;
  for (const f of featuresOf(sentence)) z += Object.hasOwn(weights.weights, f) ? (weights.weights[f] ?? 0) : 0;
  return sigmoid(z);
}

/** The probability, in [0, 1], that a sentence is worth checking, by the shipped model. */
export function checkworthiness(sentence: string): number {
  return scoreWith(shipped, sentence);
}

/** Whether the shipped model finds the sentence worth checking (its score reaches the fitted threshold). */
export function isWorthChecking(sentence: string): boolean {
  return checkworthiness(sentence) >= CHECKWORTHY_THRESHOLD;
}
