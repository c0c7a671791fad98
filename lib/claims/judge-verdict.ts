import { verdictOf, type ClaimVerdict } from '../verdict/code-verdict';

/** A finding the code accepted: the passage it names is the claim's, the quote is in it, and the code's reading does not overrule it. */
export interface JudgeFinding {
  verdict: 'supports' | 'contradicts';
  spanId: string;
  quote: string;
}

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
  const forIds = [...code.for, ...added.filter((f) => f.verdict === 'supports').map((f) => f.spanId)];
  const againstIds = [...code.against, ...added.filter((f) => f.verdict === 'contradicts').map((f) => f.spanId)];
  const verdict = verdictOf([...forIds.map(() => 'for' as const), ...againstIds.map(() => 'against' as const)]);
  const judged = added.map(
    (f) => `the model judge read ${f.spanId} as ${f.verdict === 'supports' ? 'stating' : 'contradicting'} it: “${f.quote}”`,
  );
  // The code's "nothing found" no longer holds once the judge found a side.
  const kept = code.verdict === 'not-found' ? [] : code.reasons;
  return { verdict, for: forIds, against: againstIds, reasons: [...kept, ...judged] };
}

/** The code found nothing either way: the judge's findings alone. */
export const NOTHING_FOUND: ClaimVerdict = { verdict: 'not-found', for: [], against: [], reasons: [] };
