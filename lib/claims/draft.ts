import { z } from 'zod';
import type { Claim, EvidenceSpan } from '../shared/types';
import { attachCitations, type Citation } from './cite';

/** The structured draft form: claims with span ids and a supporting quote, and what is not covered. */
export const StructuredDraftSchema = z.object({
  claims: z.array(
    z.object({
      text: z.string(),
      cites: z.array(z.string()).default([]),
      quote: z.string().optional(),
    }),
  ),
  unsupported: z.array(z.string()).default([]),
});
export type StructuredDraft = z.infer<typeof StructuredDraftSchema>;

/** A draft after citations are attached: claims, ids that do not exist, and the questions left open. */
export interface ParsedDraft extends Citation {
  unsupported: string[];
  form: 'prose' | 'structured';
}

/** Reads a structured draft from a model's text, allowing a ```json fence; null when it is not one. */
export function readStructuredDraft(text: string): StructuredDraft | null {
  const trimmed = text.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1');
  if (!trimmed.startsWith('{')) return null;
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return null;
  }
  const parsed = StructuredDraftSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Accepts both draft forms the seeds describe: prose with [S#] after each factual sentence, or
 * `{claims: [{text, cites, quote}], unsupported: [...]}`. Either way citations are attached in code.
 */
export function parseDraft(draft: string | StructuredDraft, spans: EvidenceSpan[]): ParsedDraft {
  const structured = typeof draft === 'string' ? readStructuredDraft(draft) : draft;
  if (!structured) return { ...attachCitations(draft as string, spans), unsupported: [], form: 'prose' };
  const known = new Set(spans.map((s) => s.spanId));
  const unknown = new Set<string>();
  const claims: Claim[] = [];
  const junk: string[] = [];
  for (const c of structured.claims) {
    // The text may carry its own markers or links; the same code strips them. Its cites field
    // counts as citing: only a claim that cites nothing at all can be junk.
    const inner = attachCitations(c.text, spans, { dropJunk: c.cites.length === 0 });
    if (inner.insufficient) continue;
    junk.push(...(inner.junk ?? []));
    const ids = [...c.cites.map((x) => x.trim().replace(/^\[|\]$/g, '')), ...inner.claims.flatMap((x) => x.cites)];
    for (const id of ids) if (!known.has(id)) unknown.add(id);
    for (const id of inner.unknownIds) unknown.add(id);
    const cites = [...new Set(ids.filter((id) => known.has(id)))];
    const text = inner.claims.map((x) => x.text).join(' ');
    if (!text) continue;
    const reasons = inner.claims.flatMap((x) => x.reasons).filter((r) => r !== 'cites no evidence');
    if (cites.length === 0) reasons.push('cites no evidence');
    claims.push({
      text,
      cites,
      ...(c.quote ? { quote: c.quote } : {}),
      status: cites.length === 0 ? 'flagged' : 'supported',
      reasons: [...new Set(reasons)],
    });
  }
  const insufficient = claims.length === 0 && structured.claims.length === 0 && structured.unsupported.length > 0;
  return {
    claims,
    unknownIds: [...unknown],
    insufficient,
    unsupported: structured.unsupported.map((u) => u.trim()).filter(Boolean),
    form: 'structured',
    ...(junk.length > 0 ? { junk } : {}),
  };
}
