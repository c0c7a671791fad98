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

/** A stage name as stored: one of STAGE_NAMES, or "unknown" for a name this version does not know. */
export const StoredStageNameSchema = z.enum([...STAGE_NAMES, 'unknown']);
export type StoredStageName = z.infer<typeof StoredStageNameSchema>;
const KNOWN: ReadonlySet<unknown> = new Set(STAGE_NAMES);

/**
 * A stored stage whose name is not one of STAGE_NAMES (written by another version, or damaged) is
 * read as "unknown", its name as written kept in `unknownStage`: the trace loads, nothing is lost.
 */
function keepUnknownStage(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null) return stored;
  const { stage, unknownStage } = stored as { stage?: unknown; unknownStage?: unknown };
  if (KNOWN.has(stage)) return stored;
  const written = stage === 'unknown' && typeof unknownStage === 'string' ? unknownStage : stage;
  const name = typeof written === 'string' ? written : written === undefined ? '' : String(JSON.stringify(written));
  return { ...stored, stage: 'unknown', unknownStage: name };
}

/** One stage's record in the trace. */
export const TraceStageSchema = z.preprocess(
  keepUnknownStage,
  z.object({
    /** One of STAGE_NAMES, as the recorder's type enforces; "unknown" only in a trace read from storage. */
    stage: StoredStageNameSchema,
    /** The name as written, for a stored stage read as "unknown". */
    unknownStage: z.string().optional(),
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
  }),
);
export type TraceStage = z.output<typeof TraceStageSchema>;

export const TraceSchema = z.object({ stages: z.array(TraceStageSchema) });
export type Trace = z.infer<typeof TraceSchema>;
