import type { EvidenceSpan } from '../shared/types';
import type { JudgeItem, JudgeOutcome } from '../claims/judge';
import type { ClaimVerdict } from '../verdict/code-verdict';
import { withJudgeFindings } from '../claims/judge-verdict';

/**
 * The claims the judge reads (those the code found no verdict for, with passages read for them) and
 * their items: each claim with its own spans only, as the code checked them.
 */
export function judgeItems(
  claims: Array<{ text: string } & ClaimVerdict>,
  candidates: EvidenceSpan[][],
  /** A span's text as the code checks it (sanitised): claim i's span s. */
  textOf: (i: number, s: EvidenceSpan) => string,
): { open: number[]; items: JudgeItem[] } {
  const open = claims.flatMap((c, i) => (c.verdict === 'not-found' && candidates[i]!.length > 0 ? [i] : []));
  const items = open.map((i) => ({
    claim: claims[i]!.text,
    spans: candidates[i]!.map((s) => ({ spanId: s.spanId, text: textOf(i, s) })),
  }));
  return { open, items };
}

/**
 * Applies the findings the code accepted (the judge's module already refused any that named no
 * span of the claim, quoted words not in it, or that the code's own sure reading overrules): each
 * passage the judge found supporting or contradicting joins that side of the code's verdict, and the
 * sides combine as the code combines its own (supported, contradicted, mixed); "neither" and
 * everything ignored leave the code's verdict as it was.
 */
export function applyJudge<C extends ClaimVerdict>(claims: C[], open: number[], outcome: JudgeOutcome): C[] {
  const out = [...claims];
  for (const [k, findings] of outcome.verdicts) {
    const i = open[k];
    if (i === undefined) continue;
    const c = out[i]!;
    out[i] = { ...c, ...withJudgeFindings(c, findings) };
  }
  return out;
}
