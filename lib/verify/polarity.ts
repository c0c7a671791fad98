/**
 * Negation in English sentences: the cues ("not", "n't", "no", "never", "no longer", "fails to",
 * "nothing", "without"…) and the words they govern, up to the end of the clause. "Sea-level rise is
 * not accelerating" negates "accelerating"; "there is no trend in flooding" negates "trend".
 */
import { normalizeText } from '../anchor/normalize';
import { contentWords } from '../text/tokens';

// Longest first, so "no longer" is read before "no". "n't" is split from its verb by the tokeniser.
const CUES = [
  'no longer',
  'not any',
  'fails to',
  'failed to',
  'fail to',
  'unable to',
  'rather than',
  'instead of',
  "n't",
  'not',
  'no',
  'never',
  'none',
  'nothing',
  'nobody',
  'nowhere',
  'neither',
  'nor',
  'cannot',
  'without',
  'lack',
  'lacks',
  'lacked',
  'lacking',
];
const CUE_WORDS = CUES.map((c) => c.split(' '));

/** Words that end a negation's scope: clause joiners and contrast. */
const SCOPE_END = new Set([
  'but',
  'and',
  'or',
  'while',
  'whereas',
  'although',
  'though',
  'because',
  'which',
  'who',
  'that',
  'since',
  'yet',
  'however',
]);
/** Scope words that carry no content of their own ("is not a pollutant" governs "pollutant"). */
const SCOPE_SKIP = new Set(
  'a an the be is are was were been being do does did have has had any anything even yet ever so very that this these those it its to of for in on at by much many more most only just really necessarily always'.split(
    ' ',
  ),
);
/** Splits normalised text into word tokens and clause marks, with "n't" split off ("isn't" → "is", "n't"). */
function tokens(text: string): string[] {
  return (
    normalizeText(text)
      .toLowerCase()
      .replace(/\bcan't\b/g, 'can not')
      .replace(/\bwon't\b/g, 'will not')
      .replace(/(\w)n't\b/g, "$1 n't")
      .match(/n't|[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*|[.,;:!?()]/gu) ?? []
  );
}

/** A content word of a text, in order, and whether a negation governs it. */
export interface PolarWord {
  word: string;
  /** The word is the head a negation cue governs ("not accelerating", "no trend"). */
  negated: boolean;
}

/**
 * The content words of a text in order, each marked when it is the head of a negation: the first
 * content word after a cue, within the cue's clause ("is not a pollutant that…" → "pollutant";
 * "may not realize the diverse ways" → "realize", not "diverse").
 */
export function polarWords(text: string): PolarWord[] {
  const toks = tokens(text);
  const out: PolarWord[] = [];
  let pending = false;
  for (let i = 0; i < toks.length; i++) {
    const cue = CUE_WORDS.find((c) => c.every((w, k) => toks[i + k] === w));
    if (cue) {
      pending = true;
      i += cue.length - 1;
      continue;
    }
    const t = toks[i]!;
    if (/^[.,;:!?()]$/.test(t) || SCOPE_END.has(t)) {
      pending = false;
      continue;
    }
    if (SCOPE_SKIP.has(t) || contentWords(t).length === 0 || !/\p{L}/u.test(t)) continue;
    out.push({ word: t, negated: pending });
    pending = false;
  }
  return out;
}
