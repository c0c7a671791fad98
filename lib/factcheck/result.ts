import type { AnswerResult, CheckedClaimRecord, EvidenceSpan, FoundClaim, ProviderFailure, Warning } from '../shared/types';
import type { TraceStage } from '../shared/trace-schema';
import type { CheckedClaim, FactCheckOutcome, SettledClaim } from './deps';
import type { RankedClaim } from './rank-claims';
import type { LeftOut } from './left-out';
import { ownSourcesOver } from './own-source-reading';

export type FactCheckResult = Extract<AnswerResult, { mode: 'fact-check' }>;

/** What a fact-check result is made of: an outcome, or what a stopped worker had stored of one. */
export interface FactCheckParts {
  claims: CheckedClaim[];
  evidence: EvidenceSpan[];
  notChecked: RankedClaim[];
  checkable: number;
  /** The sentences not taken as claims, with why (absent for a stopped worker's parts, or a pass that continued). */
  left?: LeftOut[];
  warnings: Warning[];
  failures: ProviderFailure[];
  stages: TraceStage[];
  stopped?: 'stopped' | 'interrupted' | undefined;
  /** The searches checking the claims not checked would send. */
  moreSearches?: number;
}

/** A found claim as stored: its words, its sentence and offsets, its rank. */
export function foundRecord(c: RankedClaim): FoundClaim {
  return {
    text: c.text,
    sentence: c.sentence,
    start: c.start,
    end: c.end,
    rank: c.rank,
    worth: c.worth,
    ...(c.rating === undefined ? {} : { rating: c.rating }),
    ...(c.needsContext ? { needsContext: true } : {}),
    ...(c.speaker ? { speaker: c.speaker } : {}),
  };
}

/** Sentences left out that a result keeps (a long page's list is cut, its first ones kept). */
export const LEFT_KEPT = 1_000;

/** A checked claim as stored. */
export function checkedRecord(c: CheckedClaim): CheckedClaimRecord {
  return {
    ...foundRecord(c),
    verdict: c.verdict,
    for: c.for,
    against: c.against,
    reasons: c.reasons,
    ...(c.closest ? { closest: c.closest } : {}),
    ...(c.failure ? { failure: c.failure } : {}),
    ...(c.priorChecks?.length ? { priorChecks: c.priorChecks } : {}),
    ...(c.ownSources?.length ? { ownSources: c.ownSources } : {}),
    ...(c.ownSourcesReading ? { ownSourcesReading: c.ownSourcesReading } : {}),
  };
}

/** A stored found claim as the check takes it again (results stored before ranking get ranks in their order). */
export function rankedOf(claims: FoundClaim[], after = 0): RankedClaim[] {
  return claims.map((c, i) => ({ ...c, rank: c.rank ?? after + i + 1, worth: c.worth ?? 0 }));
}

/** The parts of a finished check's outcome. */
export function partsOf(outcome: FactCheckOutcome): FactCheckParts {
  return { ...outcome, stopped: outcome.stopped ? 'stopped' : undefined };
}

/** The parts of a check cut off by a stopped worker: the claims it had settled, the rest not checked. */
export function partsOfSettled(found: RankedClaim[], settled: SettledClaim[], note: string): FactCheckParts {
  const done = [...settled].sort((a, b) => a.claim.rank - b.claim.rank);
  const ranks = new Set(done.map((s) => s.claim.rank));
  return {
    claims: done.map((s) => ownSourcesOver(s.claim)),
    evidence: done.flatMap((s) => s.evidence),
    notChecked: found.filter((c) => !ranks.has(c.rank)),
    checkable: found.length,
    warnings: [],
    failures: [],
    stages: [{ stage: 'verdicts', startedAt: new Date().toISOString(), ms: 0, ok: false, summary: note }],
    stopped: 'interrupted',
  };
}

/**
 * The stored result of a fact-check (the "fact-check" answer mode). A pass that checked the rest of
 * an earlier one is stored with the earlier claims first, so one result holds the whole page.
 */
export function toFactCheckResult(
  parts: FactCheckParts,
  input: {
    question: string;
    pageUrl: string;
    pageTitle: string;
    earlier?: FactCheckResult | undefined;
    /** This pass checked again the earlier one's unchecked claims: its verdicts replace theirs. */
    retried?: boolean | undefined;
  },
): FactCheckResult {
  const earlier = input.earlier;
  if (earlier && input.retried) return retriedResult(parts, earlier);
  const claims = [...(earlier?.claims ?? []), ...parts.claims.map(checkedRecord)];
  const notChecked = parts.notChecked.map(foundRecord);
  return {
    mode: 'fact-check' as const,
    question: input.question,
    trace: { stages: parts.stages },
    evidence: [...(earlier?.evidence ?? []), ...parts.evidence],
    searched: parts.claims.map((c) => c.text),
    warnings: parts.warnings,
    conflicts: [],
    pageUrl: input.pageUrl,
    pageTitle: input.pageTitle,
    claims,
    more: notChecked.length,
    ...(parts.moreSearches === undefined ? {} : { moreSearches: parts.moreSearches }),
    notChecked,
    checkable: earlier ? earlier.claims.length + (earlier.skipped ?? 0) + parts.checkable : parts.checkable,
    ...(parts.stopped ? { stopped: parts.stopped } : {}),
    skipped: earlier?.skipped ?? 0,
    failures: parts.failures,
    ...leftOf(earlier?.left ?? parts.left),
  };
}

/**
 * An earlier result whose unchecked claims a retry checked again: each new verdict (unchecked again
 * when its search failed again) in place of the claim's unchecked entry, by rank; the claims past
 * the budget, the left-out list and the count as they were.
 */
function retriedResult(parts: FactCheckParts, earlier: FactCheckResult): FactCheckResult {
  const again = new Map(parts.claims.map((c) => [c.rank, checkedRecord(c)]));
  const claims = earlier.claims.map((c) => (c.verdict === 'unchecked' && c.rank !== undefined ? (again.get(c.rank) ?? c) : c));
  const kept: FactCheckResult = { ...earlier };
  delete kept.stopped;
  return {
    ...kept,
    trace: { stages: parts.stages },
    evidence: [...earlier.evidence, ...parts.evidence],
    searched: parts.claims.map((c) => c.text),
    warnings: parts.warnings,
    claims,
    failures: parts.failures,
    ...(parts.stopped ? { stopped: parts.stopped } : {}),
  };
}

/** The left-out list as stored: at most LEFT_KEPT, absent when there is none. */
function leftOf(left: LeftOut[] | undefined) {
  return left && left.length > 0 ? { left: left.slice(0, LEFT_KEPT) } : {};
}

/** The highest span number of a result's evidence (a continuing pass numbers its spans after it). */
export function lastSpanNumber(evidence: EvidenceSpan[]): number {
  return evidence.reduce((n, e) => Math.max(n, Number(/^S(\d+)$/.exec(e.spanId)?.[1] ?? 0)), 0);
}
