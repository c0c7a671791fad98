import { z } from 'zod';
import type { BestPassage, Claim, EvidenceSpan, GateResult } from '../shared/types';
import { bestPassages } from '../evidence/best-passages';
import { DEFAULT_PRIMARY_DOMAINS } from '../settings';
import { toIso } from '../dates/machine-dates';
import { parseDraft, StructuredDraftSchema } from '../claims/draft';
import { sourcesFor } from '../claims/cite';
import { gateEvidence } from '../evidence/gate';
import { decideMode, verifyDraft } from '../verdict/cited-claims';
import type { Refusal } from '../shared/refusal-codes';
import { refusalText } from '../shared/failure-text';

/** One frozen case: evidence as the composer saw it, and the model's draft. */
export const CheckCaseSchema = z.object({
  question: z.string().min(1, 'the case needs a question'),
  /** The date the case is judged at (ISO); defaults to now. */
  now: z.string().optional(),
  /** No freshness check when absent. */
  freshnessDays: z.number().int().positive().optional(),
  evidence: z
    .array(
      z.object({
        id: z.string().regex(/^S\d+$/, 'evidence ids look like "S1"'),
        url: z.string().min(1),
        /** Null or absent: the URL stands for it. */
        title: z.string().nullish(),
        published: z.string().nullable().optional(),
        text: z.string(),
        /** Where the passage was read: a fetched web page (the default) or an open tab. */
        origin: z.enum(['web', 'tab']).optional(),
      }),
    )
    // Empty: the search found nothing, a result of its own ("nothing-found"), not a malformed case.
    .default([]),
  draft: z.union([z.string(), StructuredDraftSchema]),
  settings: z
    .object({
      minDomains: z.number().int().min(1).optional(),
      requirePrimary: z.boolean().optional(),
      primaryDomains: z.array(z.string()).optional(),
    })
    .optional(),
});
export type CheckCase = z.infer<typeof CheckCaseSchema>;

/** A frozen evidence item (id "S1", url, text, optional title, date and origin) as a pipeline span. */
export function frozenSpan(
  e: { id: string; url: string; title?: string | null; published?: string | null; text: string; origin?: 'web' | 'tab' },
  retrievedAt: Date,
): EvidenceSpan {
  const iso = e.published ? toIso(e.published) : null;
  return {
    id: e.id,
    spanId: e.id,
    url: e.url,
    title: e.title ?? e.url,
    published: iso ? { iso, source: 'meta' } : null,
    retrievedAt: retrievedAt.toISOString(),
    text: e.text,
    start: 0,
    end: e.text.length,
    prefix: '',
    suffix: '',
    origin: e.origin ?? 'web',
    score: 1,
  };
}

/** What the code disposed of one case, in the command line's output shape. */
export interface CheckResult {
  /** "nothing-found": the case has no evidence, so there is no draft to dispose of. */
  mode: 'grounded' | 'partial' | 'abstained' | 'nothing-found';
  claims: Array<Pick<Claim, 'text' | 'cites' | 'status' | 'reasons'>>;
  unsupported: string[];
  sources: Array<{ id: string; url: string; title: string; published: string | null; origin: 'web' | 'tab' }>;
  conflicts: Array<{ about: string; values: Array<{ value: string; cites: string[] }>; resolution: string; note: string }>;
  gate: { passed: boolean; failed: GateResult['failed'] };
  /** Why the answer was refused, when it was. */
  reason?: string;
  /** The same as a message id with parameters, when the gate did not refuse it (lib/shared/refusal-codes.ts). */
  refusal?: Refusal;
  /** A refusal's best passages (`spanId` is the evidence item's id), as `spanlight ask` prints them. */
  best?: BestPassage[];
}

/**
 * Runs the gate, citation attachment, verification and conflict detection on a frozen case, with
 * the extension's own code and default settings unless the case overrides them.
 */
export function checkCase(input: CheckCase): CheckResult {
  const now = input.now ? new Date(input.now) : new Date();
  const spans = input.evidence.map((e) => frozenSpan(e, now));
  const prepared = gateEvidence(input.question, spans, {
    minDomains: input.settings?.minDomains ?? 2,
    requirePrimary: input.settings?.requirePrimary ?? false,
    primaryDomains: input.settings?.primaryDomains ?? DEFAULT_PRIMARY_DOMAINS,
    ...(input.freshnessDays === undefined ? {} : { freshnessDays: input.freshnessDays }),
    now,
  });
  const conflicts = prepared.conflicts.map((c) => ({
    about: c.about,
    values: c.values.map((v) => ({ value: v.value, cites: v.cites })),
    resolution: c.resolution,
    note: c.note,
  }));
  const gate = { passed: prepared.gate.passed, failed: prepared.gate.failed };
  // A refusal shows its best passages, from the spans it was decided on, as the extension's does.
  const refuse = (
    why: string | Refusal,
    from: EvidenceSpan[],
    claims: CheckResult['claims'] = [],
    unsupported: string[] = [],
  ): CheckResult => ({
    mode: 'abstained',
    claims,
    unsupported,
    sources: [],
    conflicts,
    gate,
    ...(typeof why === 'string' ? { reason: why } : { reason: refusalText(why), refusal: why }),
    best: bestPassages(input.question, from, prepared.conflicts),
  });
  if (spans.length === 0)
    return {
      mode: 'nothing-found',
      claims: [],
      unsupported: [],
      sources: [],
      conflicts,
      gate,
      reason: refusalText({ code: 'no-evidence' }),
      refusal: { code: 'no-evidence' },
    };
  if (!prepared.gate.passed) return refuse(prepared.gate.failed.map((f) => f.message).join(' '), spans);

  // As in the extension, the draft is disposed of against the spans the composer is shown: spans a
  // resolved conflict set aside are not evidence, and citing one is citing a span that does not exist.
  const parsed = parseDraft(input.draft, prepared.composeSpans);
  const { claims } = verifyDraft(parsed, prepared.composeSpans, prepared.texts);
  const shown = claims.map((c) => ({ text: c.text, cites: c.cites, status: c.status, reasons: c.reasons }));
  if (parsed.insufficient) return refuse({ code: 'evidence-insufficient' }, prepared.composeSpans, [], parsed.unsupported);
  if (parsed.unknownIds.length > 0)
    return refuse(
      { code: 'unknown-spans', params: { spans: parsed.unknownIds.join(', ') } },
      prepared.composeSpans,
      shown,
      parsed.unsupported,
    );
  const mode = decideMode(claims, parsed.unsupported);
  if (mode === 'abstained') return refuse({ code: 'no-claim-supported' }, prepared.composeSpans, shown, parsed.unsupported);
  return {
    mode,
    claims: shown,
    unsupported: parsed.unsupported,
    sources: sourcesFor(claims, prepared.composeSpans).map((s) => ({
      id: s.spanId,
      url: s.url,
      title: s.title,
      published: s.published?.iso ?? null,
      origin: s.origin,
    })),
    conflicts,
    gate,
  };
}
