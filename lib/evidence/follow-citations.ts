import type { Citation, EvidenceSpan, Page } from '../shared/types';
import type { FetchOutcome } from '../pages/fetch-page';
import { sentenceSpans } from '../pages/passages';
import { publisherOf } from '../pages/publisher';
import { contentWords } from '../text/tokens';
import { choosePassage } from './corroborate';

/**
 * Passages of a cited page stating less than this share of the citing sentence's weighted features
 * (lib/evidence/corroborate.ts) do not support it. Fitted on WiCE dev by the rule in
 * lib/eval/corroboration.ts; `npx tsx scripts/eval-corroboration.ts` prints the fit and its figures.
 */
export const MIN_SUPPORT = 0.5;

/** One footnote followed, and what came of it (for the trace). */
export interface FollowedCitation {
  /** The citing span. */
  from: string;
  note: string;
  url: string;
  /** The sentence the footnote is attached to. */
  statement: string;
  outcome: string;
}

export interface Corroboration {
  /** Passages of cited pages that state what the citing sentence says, each with `citedBy` (no span id yet). */
  found: Array<Omit<EvidenceSpan, 'spanId'>>;
  followed: FollowedCitation[];
}

/** A full stop that ends an initial or an abbreviation ("A.", "Dr.", "c.", "St."), not a sentence. */
const ABBREVIATION_END = /(?:^|[\s(])(?:\p{Lu}|\p{Lu}\p{Ll}{1,2}|c|ca|vs|no|approx)\.$/u;

/**
 * The sentence of `span` that a footnote marker at page offset `at` follows, up to the marker, and
 * where in it (markers removed) the part after the sentence's previous marker starts: a note vouches
 * most directly for what stands between the marker before it and itself.
 */
function citedSentence(span: EvidenceSpan, at: number): { text: string; nearFrom: number } {
  const rel = at - span.start;
  let from = -1;
  let prevEnd = -1;
  for (const [s, e] of sentenceSpans(span.text)) {
    if (s >= rel) break;
    // The segmenter ends a sentence at "Benjamin A." or "Dr.": such a stop does not start a new one.
    if (from < 0 || !ABBREVIATION_END.test(span.text.slice(from, prevEnd))) from = s;
    prevEnd = e;
  }
  if (from < 0) return { text: '', nearFrom: 0 };
  const raw = span.text.slice(from, Math.min(prevEnd, rel));
  const strip = (t: string) => t.replace(/\[\d+\]/g, '').trim();
  const text = strip(raw);
  const lastMarker = [...raw.matchAll(/\[\d+\]/g)].pop();
  const near = lastMarker ? strip(raw.slice(lastMarker.index + lastMarker[0].length)) : text;
  return { text, nearFrom: Math.max(0, text.length - near.length) };
}

/** The statement a footnote at page offset `at` of `span` vouches for, or null when too short to look for. */
export function footnotedStatement(span: EvidenceSpan, at: number): { text: string; nearFrom: number } | null {
  const statement = citedSentence(span, at);
  return contentWords(statement.text).length < 3 ? null : statement;
}

/**
 * Keyless corroboration: the footnotes inside the selected passages (anchored by offset, see
 * footnotes.ts) name the sources those sentences rest on. Each cited page, on a publisher the
 * evidence does not have yet, is fetched with the same fetcher (no cookies, caps, no private
 * network) and searched for the passage that states the cited sentence; that passage is evidence of
 * its own publisher, marked as found through the citing page.
 */
export async function followCitations(
  spans: EvidenceSpan[],
  pages: Map<string, Page>,
  fetchPage: (url: string) => Promise<FetchOutcome>,
  options: { maxFetches: number },
): Promise<Corroboration> {
  const have = new Set(spans.map((s) => publisherOf(s.url)));
  const chosen = new Map<string, { span: EvidenceSpan; citation: Citation; url: string; statement: string; nearFrom: number }>();
  for (const span of spans) {
    const citations = pages.get(span.url)?.citations ?? [];
    for (const c of citations) {
      if (c.at < span.start || c.at > span.end) continue;
      const cited = footnotedStatement(span, c.at);
      if (cited === null) continue;
      const url = c.urls.find((u) => !have.has(publisherOf(u)) && !chosen.has(publisherOf(u)));
      if (!url || chosen.size >= options.maxFetches) continue;
      chosen.set(publisherOf(url), { span, citation: c, url, statement: cited.text, nearFrom: cited.nearFrom });
    }
  }
  type Found = Corroboration['found'][number];
  const results = await Promise.all(
    [...chosen.values()].map(
      async ({ span, citation, url, statement, nearFrom }): Promise<FollowedCitation & { found?: Found }> => {
        const record = { from: span.spanId, note: citation.note, url, statement };
        const outcome = await fetchPage(url);
        if (!outcome.ok) return { ...record, outcome: `not read: ${outcome.reason}` };
        const page = outcome.extraction.page;
        if (publisherOf(page.url) === publisherOf(span.url))
          return { ...record, outcome: `redirected to the citing publisher (${page.url})` };
        const { passages, best, score: bestScore } = choosePassage(statement, page, nearFrom);
        if (best < 0 || bestScore < MIN_SUPPORT)
          return {
            ...record,
            outcome: `read; no passage states the cited sentence (best ${bestScore.toFixed(2)} < ${MIN_SUPPORT})`,
          };
        const found: Found = {
          ...passages[best]!,
          score: Math.round(bestScore * 1000) / 1000,
          citedBy: { url: span.url, title: span.title },
        };
        return { ...record, outcome: `supports it (${bestScore.toFixed(2)})`, found };
      },
    ),
  );
  return {
    found: results.flatMap((r) => (r.found ? [r.found] : [])),
    followed: results.map((r) => ({ from: r.from, note: r.note, url: r.url, statement: r.statement, outcome: r.outcome })),
  };
}

/** The spans with the cited sources added, and the trace record when footnotes were followed. */
export interface CorroboratedSpans {
  spans: EvidenceSpan[];
  stage: { ok: boolean; summary: string; detail: FollowedCitation[] } | null;
}

/**
 * Follows the selected passages' footnotes when the evidence has fewer independent publishers than
 * the gate asks for (a keyless answer from Wikipedia alone); otherwise the spans are returned as
 * they are. Found passages are numbered after the selected ones.
 */
export async function addCitedSources(
  spans: EvidenceSpan[],
  pages: Page[],
  fetchPage: (url: string) => Promise<FetchOutcome>,
  minDomains: number,
  onFollow: () => void = () => undefined,
): Promise<CorroboratedSpans> {
  const publishers = new Set(spans.map((s) => publisherOf(s.url))).size;
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  if (publishers >= minDomains || !spans.some((s) => byUrl.get(s.url)?.citations?.length)) return { spans, stage: null };
  onFollow();
  // One fetch beyond the publishers missing, in case a cited page cannot be read.
  const { found, followed } = await followCitations(spans, byUrl, fetchPage, { maxFetches: minDomains - publishers + 1 });
  const added = found.map((f, i): EvidenceSpan => ({ ...f, spanId: `S${spans.length + i + 1}` }));
  return {
    spans: [...spans, ...added],
    stage: {
      ok: true,
      summary:
        followed.length === 0
          ? 'the selected passages cite no source on another publisher'
          : `${followed.length} cited source${followed.length === 1 ? '' : 's'} followed, ${added.length} supporting passage${added.length === 1 ? '' : 's'} found${added.length > 0 ? ` (${added.map((a) => `${a.spanId} ${publisherOf(a.url)}`).join(', ')})` : ''}`,
      detail: followed,
    },
  };
}
