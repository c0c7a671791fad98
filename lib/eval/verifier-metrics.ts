/**
 * How well a verifier does on labelled data. Rejecting means the verdict `unsupported`; the positive
 * class of a rejection is a claim not labelled `supported`. Shared by the verification tests and
 * `scripts/verification-report.ts`.
 */
import type { LabelledAnswer, LabelledPair } from './dataset';
import { verifyCitedClaim, verifyClaim, type VerifyInput, type VerifyOutcome } from '../verdict/deterministic-verifier';

/** Counts and rates of one dataset of pairs. */
export interface PairMetrics {
  source: string;
  /** Pairs in the dataset. */
  n: number;
  /** Pairs labelled supported / not supported (partial or unsupported). */
  labelledSupported: number;
  labelledNotSupported: number;
  /** Verdicts given. */
  verdicts: { supported: number; unsupported: number; uncertain: number };
  /** Rejections of claims not labelled supported (true) and of claims labelled supported (false). */
  rejectTrue: number;
  rejectFalse: number;
  /** Of the rejections, the share rightly rejected (1 when nothing is rejected). */
  rejectPrecision: number;
  /** Of the claims not labelled supported, the share rejected. */
  rejectRecall: number;
  /** Of the claims labelled supported, the share not rejected. */
  supportedKept: number;
  /** Mean of reject recall and supported kept: balanced accuracy of "reject" against "keep". */
  balancedAccuracy: number;
  /** Of the `supported` verdicts, the share labelled supported (1 when there are none). */
  acceptPrecision: number;
  /** Share of `uncertain` verdicts. */
  uncertainShare: number;
  /** Balanced accuracy of the score alone, cut at 0.5 (supported ⇔ score ≥ 0.5). */
  scoreBalancedAccuracy: number;
}

function ratio(a: number, b: number, empty = 0): number {
  return b === 0 ? empty : a / b;
}

/** Verifies every pair and computes the metrics per `source`, in order of first appearance. */
export function evaluatePairs(pairs: LabelledPair[], verify: (input: VerifyInput) => VerifyOutcome = verifyClaim): PairMetrics[] {
  const bySource = new Map<string, { label: LabelledPair['label']; outcome: VerifyOutcome }[]>();
  for (const p of pairs) {
    const list = bySource.get(p.source) ?? [];
    list.push({ label: p.label, outcome: verify({ claim: p.claim, passage: p.passage }) });
    bySource.set(p.source, list);
  }
  return [...bySource].map(([source, rows]) => {
    const verdicts = { supported: 0, unsupported: 0, uncertain: 0 };
    let rejectTrue = 0;
    let rejectFalse = 0;
    let acceptTrue = 0;
    let scoreTrueNeg = 0;
    let scoreTruePos = 0;
    const labelledSupported = rows.filter((r) => r.label === 'supported').length;
    const labelledNotSupported = rows.length - labelledSupported;
    for (const { label, outcome } of rows) {
      verdicts[outcome.verdict]++;
      const isSupported = label === 'supported';
      if (outcome.verdict === 'unsupported') {
        if (isSupported) rejectFalse++;
        else rejectTrue++;
      }
      if (outcome.verdict === 'supported' && isSupported) acceptTrue++;
      if (outcome.score >= 0.5 && isSupported) scoreTruePos++;
      if (outcome.score < 0.5 && !isSupported) scoreTrueNeg++;
    }
    const rejectRecall = ratio(rejectTrue, labelledNotSupported);
    const supportedKept = ratio(labelledSupported - rejectFalse, labelledSupported);
    return {
      source,
      n: rows.length,
      labelledSupported,
      labelledNotSupported,
      verdicts,
      rejectTrue,
      rejectFalse,
      rejectPrecision: ratio(rejectTrue, rejectTrue + rejectFalse, 1),
      rejectRecall,
      supportedKept,
      balancedAccuracy: (rejectRecall + supportedKept) / 2,
      acceptPrecision: ratio(acceptTrue, verdicts.supported, 1),
      uncertainShare: ratio(verdicts.uncertain, rows.length),
      scoreBalancedAccuracy: (ratio(scoreTruePos, labelledSupported) + ratio(scoreTrueNeg, labelledNotSupported)) / 2,
    };
  });
}

/** Counts and rates over the claims of cited answers. */
export interface AnswerMetrics {
  answers: number;
  claims: number;
  /** Claims labelled supported, and how many of them were not rejected. */
  labelledSupported: number;
  supportedKept: number;
  supportedKeptShare: number;
  /** Claims labelled partial or unsupported that cite something, and how many were rejected. */
  labelledNotSupported: number;
  notSupportedCaught: number;
  notSupportedCaughtShare: number;
  /** Claims that cite nothing, and how many of them were accepted (must be 0). */
  uncited: number;
  uncitedAccepted: number;
  /** Verdicts over all claims. */
  verdicts: { supported: number; unsupported: number; uncertain: number };
}

/** Verifies every claim of every answer against its cited spans and computes the answer metrics. */
export function evaluateAnswers(
  answers: LabelledAnswer[],
  verify: (claim: { text: string; cites: string[] }, spans: ReadonlyMap<string, string>) => VerifyOutcome = verifyCitedClaim,
): AnswerMetrics {
  const m: AnswerMetrics = {
    answers: answers.length,
    claims: 0,
    labelledSupported: 0,
    supportedKept: 0,
    supportedKeptShare: 0,
    labelledNotSupported: 0,
    notSupportedCaught: 0,
    notSupportedCaughtShare: 0,
    uncited: 0,
    uncitedAccepted: 0,
    verdicts: { supported: 0, unsupported: 0, uncertain: 0 },
  };
  for (const answer of answers) {
    const spans = new Map(answer.evidence.map((e) => [e.id, e.text]));
    for (const claim of answer.claims) {
      const outcome = verify({ text: claim.text, cites: claim.cites }, spans);
      m.claims++;
      m.verdicts[outcome.verdict]++;
      if (claim.cites.length === 0) {
        m.uncited++;
        if (outcome.verdict === 'supported') m.uncitedAccepted++;
      } else if (claim.label === 'supported') {
        m.labelledSupported++;
        if (outcome.verdict !== 'unsupported') m.supportedKept++;
      } else if (claim.label === 'partial' || claim.label === 'unsupported') {
        m.labelledNotSupported++;
        if (outcome.verdict === 'unsupported') m.notSupportedCaught++;
      }
    }
  }
  m.supportedKeptShare = ratio(m.supportedKept, m.labelledSupported);
  m.notSupportedCaughtShare = ratio(m.notSupportedCaught, m.labelledNotSupported);
  return m;
}
