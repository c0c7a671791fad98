/**
 * Negation in English sentences: the cues ("not", "n't", "no", "never", "fails to", "without"…) and
 * the words they govern, up to the end of the clause ("Sea-level rise is not accelerating" negates
 * "accelerating"), with two weaker marks per word: a cue shortly before it in the same sentence, and
 * a comparison introducing it ("prefers A over B"), so a displaced negation is not read as a denial.
 */
import { normalizeText } from '../text/normalize';
import { contentWords } from '../text/tokens';

// Longest first, so "no longer" is read before "no". "n't" is split from its verb by the tokeniser.
const CUES = [
  'not be able to',
  'not able to',
  "n't be able to",
  "n't able to",
  'never be able to',
  'never able to',
  'no longer',
  'not any',
  'fails to',
  'failed to',
  'fail to',
  'unable to',
  'unlikely to',
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
/** The cues by their first word, each list in CUES's order (longest first). */
const CUES_BY_FIRST = new Map<string, string[][]>();
for (const c of CUE_WORDS) CUES_BY_FIRST.set(c[0]!, [...(CUES_BY_FIRST.get(c[0]!) ?? []), c]);
/** Cues that set one thing against another rather than deny it: "A rather than B", "A instead of B". */
const CONTRAST_CUES = new Set(['rather than', 'instead of']);
/** Words that introduce the other side of a comparison: "over B", "than B", "versus B", "compared to B". */
const COMPARISON = new Set(['over', 'than', 'versus', 'vs', 'compared']);
/** Words that open a clause that supposes rather than states: "if it is deemed lawful, …". */
export const SUPPOSE: ReadonlySet<string> = new Set(['if', 'unless', 'whether']);
/** How far a cue reaches, in content words of its sentence, for the "near a negation" mark. */
const NEAR = 8;
/** How many tokens before a word a comparison word may stand. */
const COMPARISON_REACH = 3;

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
  /** The cue that governs it sets it against another thing ("rather than B"), rather than denying it. */
  contrast: boolean;
  /** A negation cue stands at most NEAR content words before it in its sentence, whatever it governs. */
  nearNegation: boolean;
  /** A comparison word ("over", "than", "versus", "compared") stands just before it. */
  compared: boolean;
  /** It stands in a clause that supposes ("if …", "unless …", "whether …"), up to its comma or "then". */
  supposed: boolean;
}

/**
 * The content words of a text in order, each marked when it is the head of a negation: the first
 * content word after a cue, within the cue's clause ("is not a pollutant that…" → "pollutant";
 * "may not realize the diverse ways" → "realize", not "diverse").
 */
export function polarWords(text: string): PolarWord[] {
  const toks = tokens(text);
  const out: PolarWord[] = [];
  let pending: 'negation' | 'contrast' | null = null;
  // Content words since the last negation cue of the sentence (Infinity: none yet).
  let sinceCue = Infinity;
  let supposing = false;
  for (let i = 0; i < toks.length; i++) {
    const cue = CUES_BY_FIRST.get(toks[i]!)?.find((c) => c.every((w, k) => toks[i + k] === w));
    if (cue) {
      const kind = CONTRAST_CUES.has(cue.join(' ')) ? 'contrast' : 'negation';
      // A cue on a cue cancels: "not unlikely to rain" says it will rain.
      pending = pending === 'negation' && kind === 'negation' ? null : kind;
      if (kind === 'negation') sinceCue = 0;
      i += cue.length - 1;
      continue;
    }
    const t = toks[i]!;
    if (/^[.;:!?()]$/.test(t)) sinceCue = Infinity;
    if (/^[.,;:!?()]$/.test(t) || t === 'then') supposing = false;
    // "Even if" and "as if" concede or compare; they do not suppose.
    if (SUPPOSE.has(t) && !(t === 'if' && (toks[i - 1] === 'even' || toks[i - 1] === 'as'))) supposing = true;
    if (/^[.,;:!?()]$/.test(t) || SCOPE_END.has(t)) {
      pending = null;
      continue;
    }
    if (SCOPE_SKIP.has(t) || contentWords(t).length === 0 || !/\p{L}/u.test(t)) continue;
    sinceCue++;
    const compared = toks.slice(Math.max(0, i - COMPARISON_REACH), i).some((w) => COMPARISON.has(w));
    out.push({
      word: t,
      negated: pending !== null,
      contrast: pending === 'contrast',
      nearNegation: sinceCue <= NEAR,
      compared,
      supposed: supposing,
    });
    pending = null;
  }
  return out;
}
