/**
 * The one way to a verdict the code could not give alone, for the fact-check and the answer alike:
 * the claims the code left open go to the model judge (judge.ts), the code disposes of its findings
 * (judge-disposal.ts), and those accepted join the code's verdict (judge-verdict.ts).
 */
import type { EvidenceSpan } from '../shared/types';
import type { ChatModel } from '../model/chat-model';
import { judgeClaims, type JudgeItem, type JudgeOutcome } from './judge';
import { withJudgeFindings } from './judge-verdict';
import type { ClaimVerdict } from './verdict';

/** A claim the code left open: the passages the judge may rely on (as the code read them), and the code's verdict. */
export interface OpenClaim extends JudgeItem {
  /** What the judge's accepted findings join: the code's verdict, or NOTHING_FOUND when the code gave none of this shape. */
  code: ClaimVerdict;
}

/** What the judge settled. */
export interface SettledVerdicts {
  /** By the open claim's index: its verdict. A claim whose findings were all refused for their form is absent: the code's stands. */
  verdicts: Map<number, ClaimVerdict>;
  /** The judge's outcome, for the trace and the warnings. */
  outcome: JudgeOutcome;
}

/** Each open claim the judge read (its findings, [] for "neither"), with the accepted findings joined to the code's verdict. */
export function verdictsOf(outcome: JudgeOutcome, open: Array<Pick<OpenClaim, 'code'>>): Map<number, ClaimVerdict> {
  const verdicts = new Map<number, ClaimVerdict>();
  for (const [k, findings] of outcome.verdicts) {
    const claim = open[k];
    if (claim) verdicts.set(k, withJudgeFindings(claim.code, findings));
  }
  return verdicts;
}

/**
 * Settles the open claims with the model judge, in batches (judge.ts); never throws: a model failure
 * is the outcome's `error`, and the claims it left stay as the code had them.
 */
export async function settleVerdicts(model: ChatModel, open: OpenClaim[]): Promise<SettledVerdicts> {
  const outcome = await judgeClaims(
    model,
    open.map(({ claim, spans }) => ({ claim, spans })),
  );
  return { verdicts: verdictsOf(outcome, open), outcome };
}

/**
 * The fact-check's open claims (those the code found no verdict for, with passages read for them):
 * each claim with its own spans only, as the code checked them, and its place in the list.
 */
export function openClaims(
  claims: Array<{ text: string } & ClaimVerdict>,
  candidates: EvidenceSpan[][],
  /** A span's text as the code checks it (sanitised): claim i's span s. */
  textOf: (i: number, s: EvidenceSpan) => string,
): { open: number[]; items: OpenClaim[] } {
  const open = claims.flatMap((c, i) => (c.verdict === 'not-found' && candidates[i]!.length > 0 ? [i] : []));
  const items = open.map((i) => ({
    claim: claims[i]!.text,
    spans: candidates[i]!.map((s) => ({ spanId: s.spanId, text: textOf(i, s) })),
    code: claims[i]!,
  }));
  return { open, items };
}

/**
 * The judge's verdicts in a fact-check's list: each claim the judge settled takes its verdict
 * (supported, contradicted or mixed when a finding was accepted); "neither" and everything ignored
 * leave the code's verdict as it was.
 */
export function applyVerdicts<C extends ClaimVerdict>(claims: C[], open: number[], verdicts: Map<number, ClaimVerdict>): C[] {
  const out = [...claims];
  for (const [k, verdict] of verdicts) {
    const i = open[k];
    if (i === undefined) continue;
    out[i] = { ...out[i]!, ...verdict };
  }
  return out;
}
