import type { AnswerResult, Claim, Conflict, EvidenceSpan, GateResult, ProviderFailure, Warning } from '../shared/types';
import type { TraceRecorder } from '../run/trace';
import type { AnswerEnd } from './staged';
import { sourcesFor } from '../claims/cite';
import { bestPassages } from '../evidence/best-passages';
import type { Refusal } from '../shared/refusal-codes';
import { refusalText } from '../shared/failure-text';
import type { PriorCheck } from '../shared/claim-review-schema';

/** What every answer carries whatever its mode, as far as the pipeline got. */
export interface AnswerRecord {
  question: string;
  trace: TraceRecorder;
  /** The queries searched: the question as written until there is a plan. */
  searched: string[];
  warnings: Warning[];
  /** Provider failures met so far; an "unavailable" answer lists them before its own. */
  failures: ProviderFailure[];
  /** Empty until the gate has run. */
  conflicts: Conflict[];
  /** Set once the gate has run. */
  gate?: GateResult;
  /** What a refusal lists: the first results and tabs read (empty until the tabs are read). */
  links: Array<{ url: string; title: string }>;
  /** Fact-checkers' reviews of the question (when it is a claim) found on the pages read. */
  priorChecks?: PriorCheck[];
}

/** The record with a stage's warnings added after those it has, and what the stage decided. */
export function noted(record: AnswerRecord, stage: { warnings: Warning[] }, decided: Partial<AnswerRecord> = {}): AnswerRecord {
  return { ...record, ...decided, warnings: [...record.warnings, ...stage.warnings] };
}

function base(r: AnswerRecord) {
  return {
    question: r.question,
    trace: { stages: r.trace.stages },
    searched: r.searched,
    warnings: r.warnings,
    conflicts: r.conflicts,
    ...(r.gate ? { gate: r.gate } : {}),
    ...(r.priorChecks?.length ? { priorChecks: r.priorChecks } : {}),
  };
}

/** A provider error stopped the answer: retryable, with every failure met and the first one's reason. */
export function unavailableAnswer(
  r: AnswerRecord,
  failures: ProviderFailure[],
  reason: string,
  evidence: EvidenceSpan[] = [],
): AnswerResult {
  return { mode: 'unavailable', ...base(r), evidence, failures: [...r.failures, ...failures], reason };
}

/**
 * A refusal, with the evidence it was decided on, its best passages and the links found: the gate's
 * (its failed conditions, in `r.gate`, said in `why`), or another stage's, by code.
 */
export function abstainedAnswer(r: AnswerRecord, why: string | Refusal, evidence: EvidenceSpan[]): AnswerResult {
  const best = bestPassages(r.question, evidence, r.conflicts);
  const said = typeof why === 'string' ? { reason: why } : { reason: refusalText(why), refusal: why };
  return { mode: 'abstained', ...base(r), evidence, ...said, links: r.links, best };
}

/** Nothing found that bears on the question: why, by code. */
export function nothingFoundAnswer(r: AnswerRecord, refusal: Refusal): AnswerResult {
  return { mode: 'nothing-found', ...base(r), evidence: [], reason: refusalText(refusal), refusal };
}

/** A question that is not searched: said plainly, with the reply written without evidence. */
export function notSearchedAnswer(r: AnswerRecord, reason: string, text: string): AnswerResult {
  return { mode: 'not-searched', ...base(r), evidence: [], reason: `Not searched: ${reason}. This reply cites nothing.`, text };
}

/** An answer: its verified claims, the sources they cite (from the evidence list) and what is left open. */
export function answeredAnswer(
  r: AnswerRecord,
  mode: 'grounded' | 'partial',
  evidence: EvidenceSpan[],
  claims: Claim[],
  unsupported: string[],
): AnswerResult {
  return { mode, ...base(r), evidence, claims, sources: sourcesFor(claims, evidence), unsupported };
}

/** The answer a stage ended early, by its mode. */
export function endedAnswer(r: AnswerRecord, end: AnswerEnd): AnswerResult {
  return end.mode === 'unavailable'
    ? unavailableAnswer(r, end.failures, end.reason, end.evidence)
    : abstainedAnswer(r, end.refusal, end.evidence);
}
