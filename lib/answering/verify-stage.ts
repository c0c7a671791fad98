import type { Claim, EvidenceSpan, Warning } from '../shared/types';
import { warningOf } from '../shared/failure-text';
import { failureOfThrown } from '../shared/provider-error';
import type { ChatModel } from '../model/chat-model';
import type { ParsedDraft } from '../claims/draft';
import { judgeSummary } from '../verdict/judge';
import { settleVerdicts, type SettledVerdicts } from '../verdict/settle-verdicts';
import { applyChecks, byClaim, openCitedClaims, verifyDraft, type ClaimCheck, type JudgeVerdicts } from '../verdict/cited-claims';
import { cost, type Prices, type TraceRecorder } from '../run/trace';
import { staged, type Staged } from './staged';

/**
 * The model judge, asked about the cited claims the deterministic checks left uncertain, in one
 * batched call (lib/verdict/settle-verdicts.ts). A judge that throws is a warning: the claims stay as the checks had them.
 */
async function judgeOpenClaims(
  parsed: ParsedDraft,
  open: ClaimCheck[],
  texts: Map<string, string>,
  model: ChatModel,
  prices: Prices,
  trace: TraceRecorder,
): Promise<{ verdicts: JudgeVerdicts | undefined; warnings: Warning[] }> {
  const items = () => openCitedClaims(parsed.claims, open, (id) => texts.get(id) ?? '');
  let settled: SettledVerdicts;
  try {
    settled = await trace.run(
      'judge',
      () => settleVerdicts(model, items()),
      ({ outcome: o }) => ({
        ok: !o.error,
        summary: judgeSummary(o, open.length),
        detail: { verdicts: [...o.verdicts].map(([k, v]) => ({ claim: open[k]!.index, verdict: v })), ignored: o.ignored },
        tokensIn: o.tokensIn,
        tokensOut: o.tokensOut,
        costUsd: cost(prices, o.tokensIn, o.tokensOut),
      }),
    );
  } catch (e) {
    const failure = failureOfThrown(e);
    return { verdicts: undefined, warnings: [warningOf('model', 'judge-unavailable', {}, failure)] };
  }
  const { verdicts, outcome } = settled;
  return { verdicts: byClaim(open, verdicts), warnings: outcome.warning ? [outcome.warning] : [] };
}

/**
 * The verify stage (and the judge, when the settings ask for it and there is a model): each claim
 * checked against the spans it cites (lib/verdict/cited-claims.ts); failures dropped or flagged, never silently kept.
 */
export async function verifyStage(
  parsed: ParsedDraft,
  evidence: EvidenceSpan[],
  texts: Map<string, string>,
  judge: { model: ChatModel | null; enabled: boolean; prices: Prices },
  trace: TraceRecorder,
): Promise<Staged<Claim[]>> {
  const { checks, claims: checked } = verifyDraft(parsed, evidence, texts);
  const open = checks.filter((c) => c.outcome.verdict === 'uncertain' && parsed.claims[c.index]!.cites.length > 0);
  const judged =
    judge.enabled && judge.model && open.length > 0
      ? await judgeOpenClaims(parsed, open, texts, judge.model, judge.prices, trace)
      : { verdicts: undefined, warnings: [] };
  const claims = judged.verdicts ? applyChecks(parsed.claims, checks, judged.verdicts) : checked;
  trace.add('verify', {
    ok: true,
    summary: `${claims.filter((c) => c.status === 'supported').length} supported, ${claims.filter((c) => c.status === 'flagged').length} flagged, ${claims.filter((c) => c.status === 'dropped').length} dropped`,
    detail: { claims, checks },
  });
  return staged(claims, judged.warnings);
}
