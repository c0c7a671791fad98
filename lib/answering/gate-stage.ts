import type { EvidenceSpan } from '../shared/types';
import { gateEvidence, type GatedEvidence, type GateSettings } from '../evidence/gate';
import type { TraceRecorder } from '../run/trace';
import { staged, type Staged } from './staged';
import { removedWarnings } from '../evidence/sanitize-evidence';

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

/** Why the gate failed, in words: each failed condition's message. */
export function gateReason(gated: GatedEvidence): string {
  return gated.gate.failed.map((f) => f.message).join(' ');
}
