import type { EvidenceSpan } from '../types';
import { verifyClaim } from '../verify/deterministic-verifier';
import { statedValues } from '../pipeline/conflicts';
import { sentenceSpans } from '../pipeline/passages';
import { contentWords } from '../text/tokens';

export type VerdictKind = 'supported' | 'contradicted' | 'not-found' | 'mixed';

/** A claim's verdict with the spans for and against it and why. */
export interface ClaimVerdict {
  verdict: VerdictKind;
  /** Span ids that support the claim. */
  for: string[];
  /** Span ids that state a different value for what the claim states. */
  against: string[];
  reasons: string[];
}

/** The years a text names. */
function yearsIn(text: string): string[] {
  return [...new Set(text.match(/\b(1[89]\d\d|20\d\d)\b/g) ?? [])];
}

/** The sentence of a span that shares most content words with the claim. */
function closestSentence(claim: string, text: string): string {
  const terms = new Set(contentWords(claim));
  let best = '';
  let bestScore = -1;
  for (const [s, e] of sentenceSpans(text)) {
    const sentence = text.slice(s, e);
    const score = contentWords(sentence).filter((w) => terms.has(w)).length;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Deterministic verdict of one claim against independent spans: a span that supports it counts for;
 * a span whose closest sentence states a different value of the same quantity (and shares the
 * claim's subject words) counts against. Both → mixed; neither → not found (the model judge, when
 * on, may settle what words alone cannot).
 */
export function verdictFor(claim: string, spans: EvidenceSpan[], texts?: Map<string, string>, tolerance = 0.005): ClaimVerdict {
  const forIds: string[] = [];
  const againstIds: string[] = [];
  const reasons: string[] = [];
  const claimValues = statedValues(claim);
  const claimYears = yearsIn(claim);
  const claimTerms = new Set(contentWords(claim));
  for (const span of spans) {
    const text = texts?.get(span.spanId) ?? span.text;
    const check = verifyClaim({ claim, passage: text });
    if (check.verdict === 'supported') {
      forIds.push(span.spanId);
      continue;
    }
    const sentence = closestSentence(claim, text);
    const shared = new Set(contentWords(sentence).filter((w) => claimTerms.has(w) && !/^\d/.test(w))).size;
    if (shared < Math.min(2, claimTerms.size)) continue; // about something else
    const spanYears = yearsIn(sentence);
    if (claimYears.length > 0 && spanYears.length > 0 && shared >= 3 && !claimYears.some((y) => spanYears.includes(y))) {
      againstIds.push(span.spanId);
      reasons.push(`${span.spanId} gives ${spanYears.join(', ')} where the claim says ${claimYears.join(', ')}`);
      continue;
    }
    const values = statedValues(sentence);
    for (const cv of claimValues) {
      const other = values.find((v) => v.about === cv.about);
      if (!other) continue;
      const differs =
        cv.numeric !== null && other.numeric !== null
          ? Math.abs(cv.numeric - other.numeric) > tolerance * Math.max(Math.abs(cv.numeric), Math.abs(other.numeric))
          : cv.value !== other.value;
      if (differs) {
        againstIds.push(span.spanId);
        reasons.push(`${span.spanId} states ${other.value} ${cv.about}, the claim ${cv.value}`);
        break;
      }
    }
  }
  const verdict: VerdictKind =
    forIds.length > 0 && againstIds.length > 0
      ? 'mixed'
      : forIds.length > 0
        ? 'supported'
        : againstIds.length > 0
          ? 'contradicted'
          : 'not-found';
  if (verdict === 'supported') reasons.push(`${forIds.join(', ')} state${forIds.length === 1 ? 's' : ''} it`);
  if (verdict === 'not-found') reasons.push('no independent source found states or contradicts it');
  return { verdict, for: forIds, against: againstIds, reasons };
}
