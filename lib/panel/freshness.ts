import { z } from 'zod';
import type { AnswerResult, Dated } from '../shared/types';
import type { StageName } from '../shared/trace-schema';

const WINDOW_STAGES: readonly StageName[] = ['select', 'plan'];
const WindowDetailSchema = z.object({ freshnessDays: z.number().positive().nullable().optional() });

/**
 * The freshness window (days) the question was answered with, as the trace recorded it: the select
 * stage's, else the plan's. Undefined when the question had none.
 */
export function questionWindowDays(result: Pick<AnswerResult, 'trace'>): number | undefined {
  for (const stage of WINDOW_STAGES) {
    const detail = WindowDetailSchema.safeParse(result.trace.stages.find((s) => s.stage === stage)?.detail);
    if (detail.success && typeof detail.data.freshnessDays === 'number') return detail.data.freshnessDays;
  }
  return undefined;
}

/** How old a source was when the question was asked, against the question's window. */
export type Freshness =
  | { kind: 'unknown' }
  | {
      kind: 'dated';
      /** Whole days between publication and the question (0 when published that day or after). */
      ageDays: number;
      /** The question's window, when it had one. */
      windowDays?: number;
      /** Inside the window; undefined without a window. */
      inside?: boolean;
    };

/** A source's freshness: its age when the question was asked (not now: an old answer keeps its context). */
export function freshnessOf(published: Dated | null, askedAt: string, windowDays?: number): Freshness {
  const at = Date.parse(askedAt);
  const when = published ? Date.parse(published.iso) : NaN;
  if (Number.isNaN(when) || Number.isNaN(at)) return { kind: 'unknown' };
  const ageDays = Math.max(0, Math.floor((at - when) / 86_400_000));
  if (windowDays === undefined) return { kind: 'dated', ageDays };
  return { kind: 'dated', ageDays, windowDays, inside: ageDays <= windowDays };
}

/** An age in the unit a person would use: days up to two months, then months up to two years, then years. */
export function ageUnits(days: number): { unit: 'day' | 'month' | 'year'; n: number } {
  if (days < 60) return { unit: 'day', n: days };
  if (days < 730) return { unit: 'month', n: Math.round(days / 30.44) };
  return { unit: 'year', n: Math.floor(days / 365.25) };
}
