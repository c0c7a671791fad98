import type { AnswerResult, ProviderFailure } from '../shared/types';

/** A result for a failure of ours (not a provider's): shown like any unavailable answer, with a retry. */
export function internalFailure(question: string, searched: string[], failure: ProviderFailure, reason: string): AnswerResult {
  return {
    mode: 'unavailable',
    question,
    trace: { stages: [] },
    evidence: [],
    searched,
    warnings: [],
    conflicts: [],
    failures: [failure],
    reason,
  };
}
