/**
 * The code's verdict of a fact-check claim against independent spans: each span read for it
 * (support) and against it (a denial, another value, another date), then the sides combined.
 */
import type { EvidenceSpan } from '../shared/types';
import { decideSupport, readSupport, type SupportReading } from './deterministic-verifier';
import { readDates, readQuantities } from '../reading/clashes';
import { DECISION_CONSTANTS, type DecisionConstants } from './constants';
import { verdictOf, type ClaimVerdict, type Side } from './verdict';

/** A reason a span may count against a claim, and how surely it is about the same thing. */
export interface AgainstReading {
  /** Share of the claim's other words in the sentence that says otherwise. */
  overlap: number;
  reason: string;
}

/** What the code reads in one span for a claim, before the decision constants apply. */
export interface SpanReading {
  support: SupportReading;
  against: AgainstReading[];
}

/**
 * Reads a span for a claim: the verifier's support reading, and what in it may say otherwise: a
 * negation one side has and the other lacks; another value of the same quantity for the same
 * subject and time; another date of the same event.
 */
export function readSpan(claim: string, text: string, source?: { titles: string[]; urls: string[] }): SpanReading {
  const against: AgainstReading[] = [];
  const support = readSupport({ claim, passage: text, ...(source ? { source } : {}) });
  const opposition = support.opposition;
  // Antonyms alone mark too many sentences about other things ("east" / "west"): they only bar support.
  if (opposition && opposition.sure && opposition.kind !== 'antonym')
    against.push({ overlap: opposition.overlap, reason: `says otherwise: ${opposition.reason}` });
  const quantities = readQuantities(claim, text);
  const q = quantities.clash;
  if (q && !q.otherTime)
    against.push({ overlap: q.overlap, reason: `states ${q.passage.surface}, the claim ${q.claim.surface}` });
  const dates = readDates(claim, text);
  if (dates.clash && dates.agreed.length === 0)
    against.push({ overlap: dates.clash.overlap, reason: `says otherwise: ${dates.clash.reason}` });
  return { support, against };
}

/** Decides one span: for, against (with the reason) or neither. */
export function decideSpan(r: SpanReading, k: DecisionConstants): { side: Side | null; reason?: string } {
  if (decideSupport(r.support, k).verdict === 'supported') return { side: 'for' };
  const against = r.against.filter((a) => a.overlap >= k.contradictOverlap).sort((a, b) => b.overlap - a.overlap)[0];
  return against ? { side: 'against', reason: against.reason } : { side: null };
}

/**
 * Verdict of one claim against independent spans, in code: a span the verifier finds supporting it
 * counts for; a span that says the opposite (a negation the other lacks), or gives another value of
 * the same quantity, or another date of the same event, in a sentence that shares enough of the
 * claim's other words, counts against. Both → mixed; neither → not found (the model judge, when there
 * is one, may settle what words alone cannot). A different number about something else is not a
 * contradiction.
 */
export function verdictFor(
  claim: string,
  spans: EvidenceSpan[],
  texts?: Map<string, string>,
  k: DecisionConstants = DECISION_CONSTANTS,
): ClaimVerdict {
  const forIds: string[] = [];
  const againstIds: string[] = [];
  const reasons: string[] = [];
  for (const span of spans) {
    const source = { titles: span.title ? [span.title] : [], urls: [span.url] };
    const decided = decideSpan(readSpan(claim, texts?.get(span.spanId) ?? span.text, source), k);
    if (decided.side === 'for') forIds.push(span.spanId);
    if (decided.side === 'against') {
      againstIds.push(span.spanId);
      reasons.push(`${span.spanId} ${decided.reason}`);
    }
  }
  const verdict = verdictOf([...forIds.map(() => 'for' as const), ...againstIds.map(() => 'against' as const)]);
  if (forIds.length > 0) reasons.unshift(`${forIds.join(', ')} state${forIds.length === 1 ? 's' : ''} it`);
  if (verdict === 'not-found') reasons.push('no independent source found states or contradicts it');
  return { verdict, for: forIds, against: againstIds, reasons };
}
