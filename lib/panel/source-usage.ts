import { z } from 'zod';
import type { AnswerResult, EvidenceSpan, Source } from '../shared/types';
import type { StageName } from '../shared/trace-schema';

/** Why a source that was retrieved is not among the answer's sources. */
export type UnusedReason =
  /** Selected and shown to the model, but no kept sentence cites it. */
  | { kind: 'not-cited'; spanIds: string[] }
  /** Selected, but no answer was composed from it (the gate refused, or the model failed). */
  | { kind: 'not-composed'; spanIds: string[] }
  /** Selected, then set aside before composing: it lost a resolved conflict. */
  | { kind: 'conflict'; spanIds: string[] }
  /** Selected, then set aside when the draft was retried with fewer passages. */
  | { kind: 'set-aside'; spanIds: string[] }
  /** The select stage left its passages out; `text` is the stage's own reason. */
  | { kind: 'dropped'; text: string }
  /** The page could not be read; `text` is the fetch stage's reason. */
  | { kind: 'unreadable'; text: string }
  /** Read, but no passage matched the question closely enough. */
  | { kind: 'not-relevant' }
  /** Found by the search, not read (the page budget, or the deny list). */
  | { kind: 'not-read' };

/** A retrieved page or tab that the answer does not cite, with every reason the trace gives. */
export interface UnusedSource {
  url: string;
  /** Title when the trace has one (a search hit's, a tab's or a span's). */
  title?: string;
  reasons: UnusedReason[];
}

/** The select stage's reason for boilerplate passages (lib/evidence/select.ts). */
const TOO_SHORT = 'too short to be evidence';

const SearchDetailSchema = z.object({ hits: z.array(z.object({ url: z.string(), title: z.string().optional() })) });
const FetchDetailSchema = z.array(z.object({ url: z.string(), ok: z.boolean(), reason: z.string().optional() }));
const TabsDetailSchema = z.array(z.object({ url: z.string(), title: z.string().optional() }));
const SelectDetailSchema = z.object({
  spans: z.array(z.object({ spanId: z.string(), url: z.string() })).default([]),
  dropped: z.array(z.object({ url: z.string(), reason: z.string() })).default([]),
});

function detailOf<T extends z.ZodType>(result: AnswerResult, stage: StageName, schema: T): z.output<T> | undefined {
  const parsed = schema.safeParse(result.trace.stages.find((s) => s.stage === stage)?.detail);
  return parsed.success ? parsed.data : undefined;
}

/** The sources an answer cites (grounded and partial answers; none otherwise). */
export function usedSources(result: AnswerResult): Source[] {
  return result.mode === 'grounded' || result.mode === 'partial' ? result.sources : [];
}

/**
 * What was retrieved but not used, from the answer's trace: passages selected but not cited or set
 * aside, passages the select stage dropped (with its reason), pages that could not be read, pages
 * read without a relevant passage, and search results that were not read. One entry per URL.
 */
export function unusedSources(result: AnswerResult): UnusedSource[] {
  const used = new Set(usedSources(result).map((s) => s.url));
  const hits = detailOf(result, 'search', SearchDetailSchema)?.hits ?? [];
  const titleOf = new Map(hits.map((h) => [h.url, h.title]));
  const byUrl = new Map<string, UnusedSource>();
  const add = (url: string, reason: UnusedReason, title = titleOf.get(url)) => {
    if (used.has(url)) return;
    let entry = byUrl.get(url);
    if (!entry) {
      entry = { url, reasons: [] };
      byUrl.set(url, entry);
    }
    if (!entry.title && title) entry.title = title;
    const same = entry.reasons.find(
      (r) => r.kind === reason.kind && ('text' in r && 'text' in reason ? r.text === reason.text : true),
    );
    if (!same) entry.reasons.push(reason);
    else if ('spanIds' in same && 'spanIds' in reason)
      same.spanIds.push(...reason.spanIds.filter((id) => !same.spanIds.includes(id)));
  };

  const composed = result.mode === 'grounded' || result.mode === 'partial';
  for (const e of result.evidence) add(e.url, { kind: composed ? 'not-cited' : 'not-composed', spanIds: [e.spanId] }, e.title);

  const inEvidence = new Set(result.evidence.map((e) => e.spanId));
  // A selected span missing from the evidence that a resolved conflict names lost that conflict (the
  // winner's spans stay in the evidence); any other was cut when the draft was retried with fewer.
  const inConflict = new Set(
    result.conflicts.flatMap((c) => (c.resolution === 'material' ? [] : c.values.flatMap((v) => v.cites))),
  );
  const select = detailOf(result, 'select', SelectDetailSchema);
  const selectedUrls = new Set<string>();
  for (const s of select?.spans ?? []) {
    selectedUrls.add(s.url);
    if (inEvidence.has(s.spanId) || result.mode === 'nothing-found' || result.mode === 'abstained') continue;
    add(s.url, { kind: inConflict.has(s.spanId) ? 'conflict' : 'set-aside', spanIds: [s.spanId] });
  }
  const droppedUrls = new Set<string>();
  for (const d of select?.dropped ?? []) {
    // Boilerplate (a nav line, a caption) is not a source left out: such a page, with nothing else
    // selected or dropped, is one whose passages did not match the question (see select.ts).
    if (d.reason === TOO_SHORT) continue;
    droppedUrls.add(d.url);
    add(d.url, { kind: 'dropped', text: d.reason });
  }

  const read = new Set<string>();
  for (const f of detailOf(result, 'fetch', FetchDetailSchema) ?? []) {
    read.add(f.url);
    if (!f.ok) add(f.url, { kind: 'unreadable', text: f.reason ?? 'unknown' });
    else if (!selectedUrls.has(f.url) && !droppedUrls.has(f.url)) add(f.url, { kind: 'not-relevant' });
  }
  for (const t of detailOf(result, 'tabs', TabsDetailSchema) ?? []) {
    read.add(t.url);
    if (!selectedUrls.has(t.url) && !droppedUrls.has(t.url)) add(t.url, { kind: 'not-relevant' }, t.title);
  }
  for (const h of hits) if (!read.has(h.url)) add(h.url, { kind: 'not-read' });

  // Titles the trace did not carry come from the evidence, when a span of that page is there.
  const spanTitle = new Map(result.evidence.map((e: EvidenceSpan) => [e.url, e.title]));
  for (const entry of byUrl.values()) if (!entry.title && spanTitle.has(entry.url)) entry.title = spanTitle.get(entry.url)!;
  return [...byUrl.values()];
}
