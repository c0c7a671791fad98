import type { EvidenceSpan } from '../types';
import { gateEvidence, type GatedEvidence, type GateSettings } from './gate';
import type { TraceRecorder } from './trace';
import { staged, type Staged } from './staged';

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
  const warnings =
    gated.removed.length > 0
      ? [
          `Text addressed to an AI was removed from ${[...new Set(gated.removed.map((r) => r.spanId))].join(', ')} before the model saw it.`,
        ]
      : [];
  return staged(gated, warnings);
}

/** Why the gate failed, in words: each failed condition's message. */
export function gateReason(gated: GatedEvidence): string {
  return gated.gate.failed.map((f) => f.message).join(' ');
}
