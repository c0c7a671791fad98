import { readSpan } from '../factcheck/verdict';
import { decideSupport } from '../verify/deterministic-verifier';
import { DECISION_CONSTANTS, type DecisionConstants } from '../verify/constants';

/**
 * The code's sure reading of a passage disposes the judge's: why the code does not accept the
 * judge's "supports" or "contradicts" on this passage, or null when it has nothing sure against it.
 *
 * - "supports" on a passage the code reads as a sure denial of the claim (a negation one side has
 *   and the other lacks), or as another value of the same quantity for the same subject and time,
 *   or another date of the same event, in a sentence sharing at least `opposeOverlap` of the claim's
 *   other words: the bar at which the verifier's own sure opposition rejects support.
 * - "contradicts" on a passage the code reads as stating the claim (the verifier's "supported").
 */
export function codeOverrules(
  claim: string,
  text: string,
  verdict: 'supports' | 'contradicts',
  k: DecisionConstants = DECISION_CONSTANTS,
): string | null {
  const reading = readSpan(claim, text);
  if (verdict === 'contradicts')
    return decideSupport(reading.support, k).verdict === 'supported' ? 'the code reads it as stating the claim' : null;
  const s = reading.support;
  if (s.opposedReason && s.opposedSurely && s.opposedOverlap >= k.opposeOverlap)
    return `the code reads it as saying the opposite (${s.opposedReason})`;
  const against = reading.against.filter((a) => a.overlap >= k.opposeOverlap).sort((a, b) => b.overlap - a.overlap)[0];
  return against ? `the code reads it as one that ${against.reason}` : null;
}
