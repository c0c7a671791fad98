/**
 * The labelled verification data (`../shared/data/verification/`): claim/passage pairs and cited
 * answers, parsed from JSONL text and validated. No file access here: callers read the files.
 */
import { z } from 'zod';

/** A human label of a claim against its evidence; only `supported` counts as supported. */
export const SupportLabelSchema = z.enum(['supported', 'partial', 'unsupported']);

/** One claim and the passage it cites (`pairs-*.jsonl`). */
export const LabelledPairSchema = z.object({
  id: z.string(),
  source: z.string(),
  claim: z.string(),
  passage: z.string(),
  /** The cited page, when the dataset has it (some WiCE passages come without). */
  url: z.string().nullable(),
  label: SupportLabelSchema,
});
export type LabelledPair = z.infer<typeof LabelledPairSchema>;

/** One cited answer with its evidence and labelled claims (`answers-*.jsonl`). */
export const LabelledAnswerSchema = z.object({
  id: z.string(),
  source: z.string(),
  question: z.string(),
  evidence: z.array(z.object({ id: z.string(), url: z.string().nullable(), text: z.string() })),
  draft: z.string(),
  claims: z.array(
    z.object({
      text: z.string(),
      cites: z.array(z.string()),
      label: z.enum(['supported', 'partial', 'unsupported', 'uncited', 'other']),
    }),
  ),
});
export type LabelledAnswer = z.infer<typeof LabelledAnswerSchema>;

function parseJsonl<T>(text: string, schema: z.ZodType<T>, what: string): T[] {
  return text
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line.length > 0)
    .map(([line, n]) => {
      const parsed = schema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${what}, line ${n}: ${parsed.error.message}`);
      return parsed.data;
    });
}

/** Parses `pairs-*.jsonl` text. Throws on a malformed line, naming it. */
export function parsePairs(text: string): LabelledPair[] {
  return parseJsonl(text, LabelledPairSchema, 'pairs');
}

/** Parses `answers-*.jsonl` text. Throws on a malformed line, naming it. */
export function parseAnswers(text: string): LabelledAnswer[] {
  return parseJsonl(text, LabelledAnswerSchema, 'answers');
}
