import type { EvidenceSpan, ProviderFailure, Warning } from '../shared/types';
import type { Refusal } from '../shared/refusal-codes';

/** What a stage hands the orchestrator: its value, and the warnings it has for the person, in the order they arose. */
export interface Staged<T> {
  value: T;
  warnings: Warning[];
}

/** How a stage ends the answer early: the mode, and what a result of that mode needs from the stage. */
export type AnswerEnd =
  | { mode: 'unavailable'; failures: ProviderFailure[]; reason: string; evidence: EvidenceSpan[] }
  | { mode: 'abstained'; refusal: Refusal; evidence: EvidenceSpan[] };

/**
 * A stage that may end the answer (a provider error, a draft the code refuses): its value, or the
 * end, with its warnings either way. Stages never build an answer themselves (see answer-results.ts).
 */
export type MayEnd<T> = ({ ok: true } & Staged<T>) | { ok: false; end: AnswerEnd; warnings: Warning[] };

/** A stage's value, with its warnings. */
export function staged<T>(value: T, warnings: Warning[] = []): { ok: true } & Staged<T> {
  return { ok: true, value, warnings };
}

/** A stage that ends the answer, with the warnings it had raised by then. */
export function ended<T>(end: AnswerEnd, warnings: Warning[] = []): MayEnd<T> {
  return { ok: false, end, warnings };
}
