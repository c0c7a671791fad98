import { z } from 'zod';

/**
 * Every stage a trace records, answering and fact-checking alike (in the order they usually run);
 * a name outside this list fails the type check.
 */
export const STAGE_NAMES = [
  'follow-up',
  'route',
  'plan',
  'releases',
  'search',
  'fast-path',
  'fetch',
  'tabs',
  'select',
  'citations',
  'gate',
  'compose',
  'cite',
  'judge',
  'verify',
  'claims',
  'verdicts',
] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/** One stage's record in the trace. */
export const TraceStageSchema = z.object({
  /**
   * One of STAGE_NAMES, as the recorder's type enforces. Read as any string: a stored trace naming
   * another stage (written by another version) is kept as written, not lost; and the list stays out
   * of the side panel's bundle.
   */
  stage: z.string() as unknown as z.ZodType<StageName>,
  startedAt: z.string(),
  ms: z.number(),
  ok: z.boolean(),
  /** Short human-readable summary. */
  summary: z.string(),
  /** Stage-specific data: inputs, outputs, raw results. */
  detail: z.unknown().optional(),
  tokensIn: z.number().optional(),
  tokensOut: z.number().optional(),
  /** Estimated cost in US dollars, from the prices in the settings. */
  costUsd: z.number().optional(),
});
export type TraceStage = z.infer<typeof TraceStageSchema>;

export const TraceSchema = z.object({ stages: z.array(TraceStageSchema) });
export type Trace = z.infer<typeof TraceSchema>;
