/**
 * The frozen evaluation cases (`test/eval/cases/*.json`): a `spanlight check` case (evidence as the
 * composer saw it and a scripted model draft) plus what the code must make of it. No file access
 * here: lib/eval/load.ts reads the files.
 */
import { z } from 'zod';
import { CheckCaseSchema } from '../answering/check-case';

export const CATEGORIES = ['answerable', 'partial', 'must-refuse', 'hostile', 'planted'] as const;
export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

export const ModeSchema = z.enum(['grounded', 'partial', 'abstained', 'nothing-found']);

/** Whether a mode is an answer (grounded or partial), as opposed to a refusal or nothing found. */
export const isAnswerMode = (mode: Mode): boolean => mode === 'grounded' || mode === 'partial';
export type Mode = z.infer<typeof ModeSchema>;

/** A claim of the disposed draft: its index in `claims`, or a piece of its text (case and spaces ignored). */
export const ClaimRefSchema = z.union([z.number().int().nonnegative(), z.string().min(1)]);
export type ClaimRef = z.infer<typeof ClaimRefSchema>;

export const ExpectationSchema = z.object({
  /** The mode the code must reach; a list when more than one is right. */
  mode: z.union([ModeSchema, z.array(ModeSchema).min(1)]),
  /** Claims the evidence supports: they must be shown as supported. */
  keep: z.array(ClaimRefSchema).default([]),
  /** Claims the evidence does not support: they must be dropped, flagged, or never shown. */
  drop: z.array(ClaimRefSchema).default([]),
  /**
   * Claims the evidence does not support that the deterministic checks cannot settle (the model
   * judge's job): they may be kept only with the "not confirmed word for word" note, never as
   * confirmed. They count as unsupported in the metrics either way.
   */
  weak: z.array(ClaimRefSchema).default([]),
});
export type Expectation = z.infer<typeof ExpectationSchema>;

export const GoldSchema = z.object({
  /** The authoritative page for the answer. */
  url: z.string().min(1),
  /** The answer as that page gave it when checked. */
  answer: z.string().min(1),
  /** When the gold answer was last verified (ISO date). */
  checkedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'checkedAt is an ISO date'),
});
export type Gold = z.infer<typeof GoldSchema>;

export const EvalCaseSchema = CheckCaseSchema.extend({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'case ids are lower-case words joined by "-"'),
  category: CategorySchema,
  /** Free labels for slicing (the kind of refusal or attack, the topic). */
  tags: z.array(z.string()).default([]),
  /** The date the case is judged at: frozen cases never depend on the clock. */
  now: z.string().min(1, 'a frozen case needs "now"'),
  evidence: z
    .array(
      z.object({
        id: z.string().regex(/^S\d+$/, 'evidence ids look like "S1"'),
        url: z.url(),
        title: z.string().min(1),
        /** ISO date, or null for an undated page. */
        published: z.string().nullable(),
        text: z.string().min(1),
      }),
    )
    .min(1, 'the case has no evidence'),
  expect: ExpectationSchema,
  gold: GoldSchema.optional(),
});
export type EvalCase = z.infer<typeof EvalCaseSchema>;

/** The modes a case accepts, as a list. */
export function expectedModes(c: Pick<EvalCase, 'expect'>): Mode[] {
  return Array.isArray(c.expect.mode) ? c.expect.mode : [c.expect.mode];
}

/** Whether the case must be refused (every accepted mode is an abstention) or answered (none is). */
export function expectedDecision(c: Pick<EvalCase, 'expect'>): 'refuse' | 'answer' | 'either' {
  const modes = expectedModes(c);
  if (modes.every((m) => !isAnswerMode(m))) return 'refuse';
  if (modes.every(isAnswerMode)) return 'answer';
  return 'either';
}

/**
 * Validates the cases of one file (a JSON array), naming the file, the case and the field of the
 * first problem. Throws on invalid input.
 */
export function parseCaseFile(text: string, file: string): EvalCase[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!Array.isArray(json)) throw new Error(`${file}: expected a JSON array of cases`);
  return json.map((value, i) => {
    const parsed = EvalCaseSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const id = typeof (value as { id?: unknown })?.id === 'string' ? ` "${(value as { id: string }).id}"` : '';
    const path = issue.path.length > 0 ? `"${issue.path.join('.')}": ` : '';
    throw new Error(`${file}, case ${i + 1}${id}: ${path}${issue.message}`);
  });
}

/** Checks what a schema cannot: ids unique across files, each case's evidence ids unique. */
export function checkCaseSet(cases: EvalCase[]): void {
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new Error(`case id "${c.id}" is used twice`);
    seen.add(c.id);
    const ids = c.evidence.map((e) => e.id);
    if (new Set(ids).size !== ids.length) throw new Error(`case "${c.id}": evidence ids repeat (${ids.join(', ')})`);
  }
}
