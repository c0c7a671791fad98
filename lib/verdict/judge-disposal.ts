/** When the code's own sure reading of a passage overrules the judge's finding on it. */
import { readSpan } from './code-verdict';
import { decideSupport } from './deterministic-verifier';
import { DECISION_CONSTANTS, type DecisionConstants } from './constants';
import { JUDGE_WORD, type JudgeWord } from './verdict';

/**
 * The code's sure reading of a passage disposes the judge's: why the code does not accept the
 * judge's "supports" or "contradicts" on this passage, or null when it has nothing sure against it.
 *
 * - "supports" on a passage the code reads as saying otherwise (readSpan's `against`): a sure
 *   denial (a negation one side has and the other lacks), another value of the same quantity for
 *   the same subject and time, or another date of the same event, in a sentence that shares at
 *   least `opposeOverlap` of the claim's other words: the bar at which the verifier's own sure
 *   opposition bars support. (The code calls the claim contradicted only from `contradictOverlap`;
 *   below that, it does not say "contradicted", but it does not accept "supported" either.)
 * - "contradicts" on a passage the code reads as stating the claim (the verifier's "supported").
 *
 * Antonyms alone do not dispose (readSpan leaves them out of `against`: they mark too many
 * sentences about other things).
 */
export function codeOverrules(
  claim: string,
  text: string,
  verdict: JudgeWord,
  k: DecisionConstants = DECISION_CONSTANTS,
): string | null {
  const reading = readSpan(claim, text);
  if (verdict === JUDGE_WORD.against)
    return decideSupport(reading.support, k).verdict === 'supported' ? 'the code reads it as stating the claim' : null;
  const against = reading.against.filter((a) => a.overlap >= k.opposeOverlap).sort((a, b) => b.overlap - a.overlap)[0];
  return against ? `the code reads it as one that ${against.reason}` : null;
}
