/**
 * An answer's claims checked against the passages they cite: the code's check of each
 * (deterministic-verifier.ts), the open ones as the judge reads them, and the claims as shown.
 */
import { UNCONFIRMED, type Claim, type EvidenceSpan } from '../shared/types';
import { verifyClaim, type VerifyOutcome } from './deterministic-verifier';
import { withReadingsKept } from '../reading/read-once';
import type { OpenClaim } from './settle-verdicts';
import { NOTHING_FOUND, type ClaimVerdict } from './verdict';

/** A claim's deterministic verdict, kept for the judge and the trace. */
export interface ClaimCheck {
  index: number;
  outcome: VerifyOutcome;
  /** Supported only by the cited spans taken together: neither says it alone. */
  stitched: boolean;
}

/**
 * Checks each cited claim against its cited spans taken together, deterministic layers first
 * (lib/verdict). A claim confirmed by the spans together that every one of them alone rejects is
 * stitched from halves (over-synthesis) and is not accepted. `texts` are the spans as the model saw them.
 */
export function checkClaims(claims: Claim[], spans: EvidenceSpan[], texts?: Map<string, string>): ClaimCheck[] {
  // The claims cite the same spans: each sentence of them is read once.
  return withReadingsKept(() => checkEach(claims, spans, texts));
}

function checkEach(claims: Claim[], spans: EvidenceSpan[], texts?: Map<string, string>): ClaimCheck[] {
  const textOf = (id: string) => texts?.get(id) ?? spans.find((s) => s.spanId === id)?.text ?? '';
  const sourceOf = (ids: string[]) => {
    const cited = ids.flatMap((id) => spans.filter((s) => s.spanId === id));
    return { source: { titles: cited.map((s) => s.title ?? ''), urls: cited.map((s) => s.url) } };
  };
  return claims.map((claim, index) => {
    if (claim.cites.length === 0)
      return { index, outcome: { verdict: 'unsupported', score: 0, reasons: ['the claim cites no passage'] }, stitched: false };
    const quote = claim.quote ? { quote: claim.quote } : {};
    const joined = verifyClaim({
      claim: claim.text,
      passage: claim.cites.map(textOf).join('\n'),
      ...quote,
      ...sourceOf(claim.cites),
    });
    if (claim.cites.length === 1 || joined.verdict !== 'supported') return { index, outcome: joined, stitched: false };
    // Confirmed by the spans together: is it confirmed by one of them alone?
    const alone = claim.cites.map((id) => verifyClaim({ claim: claim.text, passage: textOf(id), ...quote, ...sourceOf([id]) }));
    // Stitched: no span alone says it; each alone is rejected, or says nothing of a part of it.
    if (alone.some((o) => o.verdict === 'supported' || (o.verdict === 'uncertain' && !o.silentClause)))
      return { index, outcome: joined, stitched: false };
    return {
      index,
      outcome: {
        verdict: 'unsupported',
        score: joined.score,
        reasons: [`it joins ${claim.cites.join(' and ')}, and no one of them says it alone`],
      },
      stitched: true,
    };
  });
}

/**
 * What the judge said of the claims the deterministic layers could not settle (claim index → its
 * verdict from the judge's accepted findings, passage by passage).
 */
export type JudgeVerdicts = Map<number, ClaimVerdict>;

/**
 * The checks the code left uncertain, as the judge reads them: each claim with the passages it
 * cites and no verdict of the code's to join (its check is not one of for and against).
 */
export function openCitedClaims(claims: Claim[], open: ClaimCheck[], textOf: (spanId: string) => string): OpenClaim[] {
  return open.map((c) => {
    const claim = claims[c.index]!;
    return { claim: claim.text, spans: claim.cites.map((id) => ({ spanId: id, text: textOf(id) })), code: NOTHING_FOUND };
  });
}

/** The judge's verdicts on the open checks (by their place in `open`) by claim index, as applyChecks takes them. */
export function byClaim(open: ClaimCheck[], verdicts: Map<number, ClaimVerdict>): JudgeVerdicts {
  return new Map([...verdicts].map(([k, v]) => [open[k]!.index, v]));
}

/**
 * Applies the checks: unsupported → dropped (removed from the answer, listed with the reason);
 * uncertain → the judge's verdict when there is one (supported → kept; a passage for it and one
 * against it → flagged with both; contradicted or not found → dropped), else kept as supported with a note that it was
 * not confirmed word for word (the deterministic layers reject only on strong evidence); supported →
 * kept. Claims that cite nothing stay flagged.
 */
export function applyChecks(claims: Claim[], checks: ClaimCheck[], judge?: JudgeVerdicts): Claim[] {
  return claims.map((claim, i) => {
    const check = checks[i]!;
    if (claim.cites.length === 0) return claim;
    const { verdict, reasons } = check.outcome;
    if (verdict === 'supported') return { ...claim, status: 'supported', reasons: [...claim.reasons] };
    if (verdict === 'unsupported') return { ...claim, status: 'dropped', reasons: [...claim.reasons, ...reasons] };
    const judged = judge?.get(i);
    if (judged?.verdict === 'supported')
      return {
        ...claim,
        status: 'supported',
        reasons: [...claim.reasons, 'the model judge found it supported', ...judged.reasons],
      };
    if (judged?.verdict === 'mixed')
      return {
        ...claim,
        status: 'flagged',
        reasons: [
          ...claim.reasons,
          'the model judge found a cited passage stating it and another contradicting it',
          ...judged.reasons,
        ],
      };
    if (judged)
      return {
        ...claim,
        status: 'dropped',
        reasons: [...claim.reasons, 'the model judge found it not supported', ...judged.reasons, ...reasons],
      };
    return { ...claim, status: 'supported', reasons: [...claim.reasons, UNCONFIRMED, ...reasons] };
  });
}

/** A draft's claims after the checks: the verdicts (for the judge and the trace) and the claims as shown. */
export interface VerifiedDraft {
  checks: ClaimCheck[];
  claims: Claim[];
}

/** Runs the deterministic checks on a cited draft and applies them; `judge` settles what they could not. */
export function verifyDraft(
  parsed: { claims: Claim[] },
  spans: EvidenceSpan[],
  texts: Map<string, string>,
  judge?: JudgeVerdicts,
): VerifiedDraft {
  const checks = checkClaims(parsed.claims, spans, texts);
  return { checks, claims: applyChecks(parsed.claims, checks, judge) };
}

/**
 * The answer's mode from its claims: nothing supported → abstained; everything shown supported and
 * nothing left open → grounded; otherwise partial.
 */
export function decideMode(claims: Claim[], unsupported: string[]): 'grounded' | 'partial' | 'abstained' {
  const supported = claims.filter((c) => c.status === 'supported').length;
  if (supported === 0) return 'abstained';
  return supported === claims.length && unsupported.length === 0 ? 'grounded' : 'partial';
}
