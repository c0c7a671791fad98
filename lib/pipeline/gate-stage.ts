import type { EvidenceSpan, Warning } from '../types';
import { gateEvidence, type GatedEvidence, type GateSettings } from './gate';
import type { TraceRecorder } from './trace';
import { staged, type Staged } from './staged';
import { warningOf } from '../shared/failure-text';

/**
 * The gate stage: the evidence sanitised, compared and gated (gate.ts), recorded in the trace with
 * the conflicts and the instructions removed; a removal is a warning naming the spans it touched.
 */
export function gateStage(
  question: string,
  spans: EvidenceSpan[],
  settings: GateSettings,
  trace: TraceRecorder,
): Staged<GatedEvidence> {
  const gated = gateEvidence(question, spans, settings);
  trace.add('gate', {
    ok: gated.gate.passed,
    summary: gated.gate.passed ? 'passed' : gateReason(gated),
    detail: { gate: gated.gate, conflicts: gated.conflicts, removedInstructions: gated.removed },
  });
  return staged(gated, removedWarnings(gated.removed));
}

/** The warning that text addressed to an AI was removed, naming the spans it was removed from; none when nothing was. */
export function removedWarnings(removed: Array<{ spanId: string }>): Warning[] {
  if (removed.length === 0) return [];
  return [warningOf('page', 'instructions-removed', { spans: [...new Set(removed.map((r) => r.spanId))].join(', ') })];
}

/** Why the gate failed, in words: each failed condition's message. */
export function gateReason(gated: GatedEvidence): string {
  return gated.gate.failed.map((f) => f.message).join(' ');
}
