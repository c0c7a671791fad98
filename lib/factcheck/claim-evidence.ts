import type { EvidenceSpan, Page, Passage } from '../shared/types';
import type { FetchOutcome } from '../pages/fetch-page';
import { splitPassages } from '../pages/passages';
import { selectEvidence } from '../evidence/select';
import { registrableDomain } from '../pages/publisher';
import type { SearchRound } from '../search/search-round';
import { normalizeText } from '../text/normalize';
import { stableHash } from '../text/hash';

/** Each passage's copy key, computed once however many claims read its page. */
const COPY_KEYS = new WeakMap<Passage, string>();
/** Each page's passages, split once however many claims read it. */
const PASSAGES = new WeakMap<Page, Passage[]>();

function copyKey(p: Passage): string {
  let key = COPY_KEYS.get(p);
  if (key === undefined) COPY_KEYS.set(p, (key = stableHash(normalizeText(p.text))));
  return key;
}

/** A page's passages, as `splitPassages` cuts them (shared between the claims that read the page: never change them). */
function passagesOf(page: Page): Passage[] {
  let passages = PASSAGES.get(page);
  if (!passages) PASSAGES.set(page, (passages = splitPassages(page)));
  return passages;
}

/** Passages whose text is the same on several sites (syndicated copies) count once: the first is kept. */
export function collapseCopies(passages: Passage[]): Passage[] {
  const seen = new Set<string>();
  return passages.filter((p) => {
    const key = copyKey(p);
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

/** What reading for a claim needs: the check's page reader and exclusions. */
export interface ClaimEvidenceContext {
  /** Reads a page under the fact-check's one fetch limit (and reads each URL once). */
  read: (url: string) => Promise<FetchOutcome>;
  /** A page the check already reads for another claim, if it does (no read is started). */
  readAlready?: (url: string) => Promise<FetchOutcome> | undefined;
  /** Never evidence: the checked page's own domain and the deny list. */
  excluded: (url: string) => boolean;
  now: Date;
}

/** Results asked of each provider per claim, pages read per claim, spans kept per claim. */
export const CLAIM_BUDGET = { results: 6, pages: 3, spans: 4, closest: 2 } as const;
/** A passage sharing less than this of the claim's weighted terms is not shown as close. */
const CLOSEST_FLOOR = 0.05;

/**
 * One claim's evidence from its search round: its top independent pages read (at most
 * CLAIM_BUDGET.pages for it), and any other independent page of its results that the check reads
 * for another claim (a page read once serves every claim whose search found it); copies collapsed,
 * the spans over the selection floor, and the closest passages under it (numbered S1… locally;
 * renumbered by the caller).
 */
export async function claimEvidence(claim: string, round: SearchRound, ctx: ClaimEvidenceContext): Promise<ClaimEvidence> {
  const independent = round.hits.filter((h) => !ctx.excluded(h.url));
  const own = independent.slice(0, CLAIM_BUDGET.pages).map((h) => ctx.read(h.url));
  await Promise.allSettled(own);
  // Asked after its own pages are read: by then the higher-ranked claims' pages have been asked for.
  const shared = independent.slice(CLAIM_BUDGET.pages).flatMap((h) => {
    const r = ctx.readAlready?.(h.url);
    return r ? [r] : [];
  });
  const read = (await Promise.allSettled([...own, ...shared])).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const passages = collapseCopies(
    read.flatMap((o) => (o.ok ? passagesOf(o.extraction.page) : [])).filter((p) => !ctx.excluded(p.url)),
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
