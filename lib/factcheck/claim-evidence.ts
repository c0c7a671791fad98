import type { EvidenceSpan, Passage } from '../types';
import type { SearchProvider } from '../search/provider';
import type { FetchOutcome } from '../pipeline/fetch-page';
import { splitPassages } from '../pipeline/passages';
import { registrableDomain, selectEvidence } from '../pipeline/select';
import { searchRound, type SearchRound, type SearchRoundOptions } from '../pipeline/search';
import { normalizeText } from '../anchor/normalize';
import { stableHash } from '../text/hash';

/** Passages whose text is the same on several sites (syndicated copies) count once: the first is kept. */
export function collapseCopies(passages: Passage[]): Passage[] {
  const seen = new Set<string>();
  return passages.filter((p) => {
    const key = stableHash(normalizeText(p.text));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What one claim's search and reading found. */
export interface ClaimEvidence {
  round: SearchRound;
  /** The independent pages read for it, in rank order, with what reading each gave. */
  read: FetchOutcome[];
  /** Passages over the selection floor (the code's verdict reads these). */
  selected: EvidenceSpan[];
  /** The next closest passages read, even below the floor (the judge and the panel show these). */
  closest: EvidenceSpan[];
}

/** What searching and reading for a claim needs: the shared search options, page reader and exclusions. */
export interface ClaimEvidenceContext {
  providers: SearchProvider[];
  search: Omit<SearchRoundOptions, 'count'>;
  /** Reads a page under the fact-check's one fetch limit (and reads each URL once). */
  read: (url: string) => Promise<FetchOutcome>;
  /** Never evidence: the checked page's own domain and the deny list. */
  excluded: (url: string) => boolean;
  now: Date;
  /** Called when this claim's search has answered (for the trace's search time). */
  onSearched?: () => void;
}

/** Results asked of each provider per claim, pages read per claim, spans kept per claim. */
export const CLAIM_BUDGET = { results: 6, pages: 3, spans: 4, closest: 2 } as const;
/** A passage sharing less than this of the claim's weighted terms is not shown as close. */
const CLOSEST_FLOOR = 0.05;

/**
 * One claim's evidence: a search round, the top independent pages read, copies collapsed, the spans
 * over the selection floor, and the closest passages under it (numbered S1… locally; renumbered by the caller).
 */
export async function claimEvidence(claim: string, ctx: ClaimEvidenceContext): Promise<ClaimEvidence> {
  const round = await searchRound(ctx.providers, [claim], { ...ctx.search, count: CLAIM_BUDGET.results });
  ctx.onSearched?.();
  const independent = round.hits.filter((h) => !ctx.excluded(h.url)).slice(0, CLAIM_BUDGET.pages);
  const read = await Promise.all(independent.map((h) => ctx.read(h.url)));
  const passages = collapseCopies(
    read.flatMap((o) => (o.ok ? splitPassages(o.extraction.page) : [])).filter((p) => !ctx.excluded(p.url)),
  );
  const selected = selectEvidence(claim, [], passages, { maxSpans: CLAIM_BUDGET.spans, now: ctx.now }).spans;
  const chosen = new Set(selected.map((s) => s.id));
  const closest = selectEvidence(
    claim,
    [],
    passages.filter((p) => !chosen.has(p.id)),
    { maxSpans: CLAIM_BUDGET.closest, minScore: CLOSEST_FLOOR, now: ctx.now },
  ).spans;
  return { round, read, selected, closest };
}

/** Whether a URL is on the checked page's own registrable domain or on the deny list. */
export function excludedFrom(pageUrl: string, denied: (url: string) => boolean): (url: string) => boolean {
  const own = registrableDomain(pageUrl);
  return (url) => registrableDomain(url) === own || denied(url);
}
