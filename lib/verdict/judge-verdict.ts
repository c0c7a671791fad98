/** How the judge's accepted findings join the code's verdict. */
import { JUDGE_WORD, verdictOf, type ClaimVerdict, type JudgeFinding } from './verdict';

/**
 * A claim's verdict once the judge's accepted findings join the code's: the passages the code read
 * for or against it stay as they were; each passage the judge found supporting (or contradicting)
 * joins its side. Both sides → mixed, one → supported or contradicted, none → not found, as the
 * code combines its own readings (verdictOf). A passage the code already placed keeps the code's side.
 */
export function withJudgeFindings(code: ClaimVerdict, findings: JudgeFinding[]): ClaimVerdict {
  const placed = new Set([...code.for, ...code.against]);
  const added = findings.filter((f) => !placed.has(f.spanId));
  if (added.length === 0) return code;
  const forIds = [...code.for, ...added.filter((f) => f.verdict === JUDGE_WORD.for).map((f) => f.spanId)];
  const againstIds = [...code.against, ...added.filter((f) => f.verdict === JUDGE_WORD.against).map((f) => f.spanId)];
  const verdict = verdictOf([...forIds.map(() => 'for' as const), ...againstIds.map(() => 'against' as const)]);
  const judged = added.map(
    (f) => `the model judge read ${f.spanId} as ${f.verdict === JUDGE_WORD.for ? 'stating' : 'contradicting'} it: “${f.quote}”`,
  );
  // The code's "nothing found" no longer holds once the judge found a side.
  const kept = code.verdict === 'not-found' ? [] : code.reasons;
  return { verdict, for: forIds, against: againstIds, reasons: [...kept, ...judged] };
}
