/**
 * The verdict's words, for the code, the judge and both flows: a claim's verdict, the side one
 * passage takes, the judge's words for those sides, and the answer check's narrower verdict.
 */

/** A claim's verdict against its evidence. */
export type Verdict = 'supported' | 'contradicted' | 'mixed' | 'not-found';

/** The side one passage takes on a claim: it states it, or it says otherwise. */
export type Side = 'for' | 'against';

/** The judge's word for each side, as its prompt asks for it and its reply writes it. */
export const JUDGE_WORD = { for: 'supports', against: 'contradicts' } as const;

/** A side in the judge's words. */
export type JudgeWord = (typeof JUDGE_WORD)[Side];

/**
 * The code's check of a claim against the passages it cites (an answer's claims): "supported", or
 * "unsupported" (rejected on strong evidence), or "uncertain" (left to the judge).
 */
export type CheckVerdict = Extract<Verdict, 'supported'> | 'unsupported' | 'uncertain';

/** A claim's verdict with the spans for and against it and why. */
export interface ClaimVerdict {
  verdict: Verdict;
  /** Span ids that support the claim. */
  for: string[];
  /** Span ids that say the opposite, or give another value of the same quantity or date of the same event. */
  against: string[];
  reasons: string[];
}

/** A finding the code accepted: the passage it names is the claim's, the quote is in it, and the code's reading does not overrule it. */
export interface JudgeFinding {
  verdict: JudgeWord;
  spanId: string;
  quote: string;
}

/** The code found nothing either way: the judge's findings alone. */
export const NOTHING_FOUND: ClaimVerdict = { verdict: 'not-found', for: [], against: [], reasons: [] };

/** Combines the sides of a claim's passages into its verdict: both → mixed, one → its verdict, none → not found. */
export function verdictOf(sides: Array<Side | null>): Verdict {
  const f = sides.includes('for');
  const a = sides.includes('against');
  return f && a ? 'mixed' : f ? 'supported' : a ? 'contradicted' : 'not-found';
}
