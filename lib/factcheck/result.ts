import type { FactCheckOutcome } from './fact-check';

/** The stored result of a fact-check (the "fact-check" answer mode), from the check's outcome. */
export function toFactCheckResult(
  outcome: FactCheckOutcome,
  input: { question: string; pageUrl: string; pageTitle: string; skipped: number },
) {
  return {
    mode: 'fact-check' as const,
    question: input.question,
    trace: { stages: outcome.stages },
    evidence: outcome.evidence,
    searched: outcome.claims.map((c) => c.text),
    warnings: outcome.warnings,
    conflicts: [],
    pageUrl: input.pageUrl,
    pageTitle: input.pageTitle,
    claims: outcome.claims.map((c) => ({
      text: c.text,
      sentence: c.sentence,
      start: c.start,
      end: c.end,
      verdict: c.verdict,
      for: c.for,
      against: c.against,
      reasons: c.reasons,
      ...(c.closest ? { closest: c.closest } : {}),
    })),
    more: outcome.more,
    skipped: input.skipped,
    failures: outcome.failures,
  };
}
