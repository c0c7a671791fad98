import type { Citation, EvidenceSpan, Page } from '../shared/types';
import type { FetchOutcome } from '../pages/fetch-page';
import { sentenceSpans } from '../text/sentences';
import { publisherOf } from '../pages/publisher';
import { contentWords } from '../text/tokens';
import { choosePassage, joinPassages, type PassageChoice, type PassageWindow } from './corroborate';

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
  /** What the model reader was asked and said, when there was one. */
  reading?: Omit<CitationReading, 'supporting'>;
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
 * How many windows of a cited page a model reader is shown: one, the best. What a wrong reader lets
 * through grows with what it is shown (the README has the figures for two and three).
 */
export const READ_CANDIDATES = 1;
/**
 * The least share of the citing sentence a window must state (scored as a passage is for
 * MIN_SUPPORT, over the window) to be shown to a model reader: what a wrong reader can let through
 * is bounded by it. Fitted on WiCE dev
 * by the rule in lib/eval/corroboration.ts (fitReadFloor), with the label-answering reader wrong on
 * 20% of what it reads; `npx tsx scripts/eval-corroboration.ts` prints the fit and its figures.
 */
export const READ_FLOOR = 0.37;

/** One cited sentence put to a model reader: its candidate passages, by id ("C1", best-scoring first). */
export interface CitationAsk {
  statement: string;
  passages: Array<{ id: string; text: string }>;
}

/**
 * What a model reader said, by the ask's index: the ids of the candidates it found stating the
 * sentence, each with a quote the code found in it and not overruled by the code's own reading. An
 * ask left out was not read (the model failed, or its reply for it could not be used): the code's
 * own rule decides it.
 */
export interface CitationReading {
  supporting: Map<number, string[]>;
  /** For the trace: what was asked and what came back. */
  summary: string;
  tokensIn: number;
  tokensOut: number;
}

/** A model that reads the candidates (lib/claims/read-citations.ts: the judge, with its disposal). */
export type CitationReader = (asks: CitationAsk[]) => Promise<CitationReading>;

type Found = Corroboration['found'][number];
interface Chosen {
  span: EvidenceSpan;
  citation: Citation;
  url: string;
  statement: string;
  nearFrom: number;
}
type CitationRecord = Omit<FollowedCitation, 'outcome'>;
/** A cited page read, with its passages scored. */
interface PageRead {
  record: CitationRecord;
  page: Page;
  choice: PassageChoice;
  chosen: Chosen;
}
/** A cited page read, or what stopped it. */
type ReadCitation = PageRead | { record: CitationRecord; outcome: string };

/** The footnotes of the spans to follow: one cited URL per publisher the evidence lacks, at most `maxFetches`. */
function chooseCitations(spans: EvidenceSpan[], pages: Map<string, Page>, maxFetches: number): Chosen[] {
  const have = new Set(spans.map((s) => publisherOf(s.url)));
  const chosen = new Map<string, Chosen>();
  for (const span of spans) {
    const citations = pages.get(span.url)?.citations ?? [];
    for (const c of citations) {
      if (c.at < span.start || c.at > span.end) continue;
      const cited = footnotedStatement(span, c.at);
      if (cited === null) continue;
      const url = c.urls.find((u) => !have.has(publisherOf(u)) && !chosen.has(publisherOf(u)));
      if (!url || chosen.size >= maxFetches) continue;
      chosen.set(publisherOf(url), { span, citation: c, url, statement: cited.text, nearFrom: cited.nearFrom });
    }
  }
  return [...chosen.values()];
}

/**
 * The windows a reader may be shown: the best-scoring passages (`most`, READ_CANDIDATES by default),
 * each grown by the neighbours that state the rest of the sentence, a window overlapping a better one
 * left out; best first.
 */
export function candidateWindows(choice: PassageChoice, most = READ_CANDIDATES): PassageWindow[] {
  const out: PassageWindow[] = [];
  const order = choice.scores
    .map((s, i) => [s, i] as const)
    .filter(([s]) => s > 0)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (out.length >= most) break;
    const w = choice.window(i);
    if (!out.some((o) => w.first <= o.last && w.last >= o.first)) out.push(w);
  }
  return out;
}

/** The candidates a reader is shown: the windows scoring at or above READ_FLOOR. */
export function readCandidates(choice: PassageChoice): PassageWindow[] {
  return candidateWindows(choice).filter((w) => w.score >= READ_FLOOR);
}

/** A window of passages accepted as stating the cited sentence, with the score it was accepted at. */
function foundAt(read: PageRead, w: PassageWindow, score: number): Found {
  const { choice, chosen, page } = read;
  return {
    ...joinPassages(page, choice.passages, w),
    score: Math.round(score * 1000) / 1000,
    citedBy: { url: chosen.span.url, title: chosen.span.title },
  };
}

/**
 * What a reader is asked to find stated: the part of the sentence the footnote follows (after the
 * sentence's previous footnote), when it says enough on its own; else the whole sentence. The
 * judge counts partial support as none, and an earlier part rests on an earlier footnote's source.
 */
function vouchedFor(chosen: Chosen): string {
  const near = chosen.statement.slice(chosen.nearFrom).trim();
  return chosen.nearFrom > 0 && contentWords(near).length >= 3 ? near : chosen.statement;
}

/** The code's own rule: the best passage, at or above MIN_SUPPORT, shown with the neighbours that state the rest. */
function byCode(read: PageRead): { outcome: string; found?: Found } {
  const { best, score } = read.choice;
  if (best < 0 || score < MIN_SUPPORT)
    return { outcome: `read; no passage states the cited sentence (best ${score.toFixed(2)} < ${MIN_SUPPORT})` };
  return { outcome: `supports it (${score.toFixed(2)})`, found: foundAt(read, read.choice.window(best), score) };
}

/** The reader's finding, as the code applies it: the best-scoring candidate it found stating the sentence. */
function byReader(read: PageRead, candidates: PassageWindow[], ids: string[]): { outcome: string; found?: Found } {
  const k = candidates.findIndex((_, j) => ids.includes(`C${j + 1}`));
  if (k < 0)
    return {
      outcome: `read; the model found no passage stating the cited sentence among ${candidates.length} candidate${candidates.length === 1 ? '' : 's'}`,
    };
  const w = candidates[k]!;
  return { outcome: `supports it (the model read it so; score ${w.score.toFixed(2)})`, found: foundAt(read, w, w.score) };
}

/**
 * Keyless corroboration: the footnotes inside the selected passages (anchored by offset, see
 * footnotes.ts) name the sources those sentences rest on. Each cited page, on a publisher the
 * evidence does not have yet, is fetched with the same fetcher (no cookies, caps, no private
 * network) and searched for the passage that states the cited sentence; that passage is evidence of
 * its own publisher, marked as found through the citing page. With a `reader` (a model), each cited
 * page's best window (readCandidates: the best passage grown by the neighbours that state the rest)
 * at or above READ_FLOOR is put to it, all cited pages in one call, and taken when it finds it
 * stating the sentence (its quote and the code's reading checked by the judge's disposal); without
 * one, or for what it did not read, the best passage at or above MIN_SUPPORT, shown with its
 * neighbours the same way.
 */
export async function followCitations(
  spans: EvidenceSpan[],
  pages: Map<string, Page>,
  fetchPage: (url: string) => Promise<FetchOutcome>,
  options: { maxFetches: number; reader?: CitationReader },
): Promise<Corroboration> {
  const reads = await Promise.all(
    chooseCitations(spans, pages, options.maxFetches).map(async (chosen): Promise<ReadCitation> => {
      const { span, citation, url, statement, nearFrom } = chosen;
      const record = { from: span.spanId, note: citation.note, url, statement };
      const outcome = await fetchPage(url);
      if (!outcome.ok) return { record, outcome: `not read: ${outcome.reason}` };
      const page = outcome.extraction.page;
      if (publisherOf(page.url) === publisherOf(span.url))
        return { record, outcome: `redirected to the citing publisher (${page.url})` };
      return { record, page, choice: choosePassage(statement, page, nearFrom), chosen };
    }),
  );
  const asks: Array<{ read: number; candidates: PassageWindow[] }> = [];
  reads.forEach((r, i) => {
    if (!('page' in r)) return;
    const candidates = readCandidates(r.choice);
    if (candidates.length > 0) asks.push({ read: i, candidates });
  });
  let reading: CitationReading | null = null;
  if (options.reader && asks.length > 0) {
    const asked = asks.map(({ read, candidates }) => {
      const r = reads[read] as PageRead;
      return {
        statement: vouchedFor(r.chosen),
        passages: candidates.map((w, j) => ({ id: `C${j + 1}`, text: joinPassages(r.page, r.choice.passages, w).text })),
      };
    });
    // A reader that throws read nothing: the code's own rule decides, and the trace says why.
    reading = await options.reader(asked).catch((e: unknown) => ({
      supporting: new Map<number, string[]>(),
      summary: `the model reader failed (${e instanceof Error ? e.message : String(e)})`,
      tokensIn: 0,
      tokensOut: 0,
    }));
  }
  const results = reads.map((r, i): FollowedCitation & { found?: Found } => {
    if (!('page' in r)) return { ...r.record, outcome: r.outcome };
    const a = asks.findIndex((x) => x.read === i);
    const ids = a >= 0 ? reading?.supporting.get(a) : undefined;
    const decided = ids !== undefined ? byReader(r, asks[a]!.candidates, ids) : byCode(r);
    return { ...r.record, ...decided };
  });
  return {
    found: results.flatMap((r) => (r.found ? [r.found] : [])),
    followed: results.map((r) => ({ from: r.from, note: r.note, url: r.url, statement: r.statement, outcome: r.outcome })),
    ...(reading ? { reading: { summary: reading.summary, tokensIn: reading.tokensIn, tokensOut: reading.tokensOut } } : {}),
  };
}

/** The spans with the cited sources added, and the trace record when footnotes were followed. */
export interface CorroboratedSpans {
  spans: EvidenceSpan[];
  stage: { ok: boolean; summary: string; detail: FollowedCitation[]; tokensIn?: number; tokensOut?: number } | null;
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
  reader?: CitationReader,
): Promise<CorroboratedSpans> {
  const publishers = new Set(spans.map((s) => publisherOf(s.url))).size;
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  if (publishers >= minDomains || !spans.some((s) => byUrl.get(s.url)?.citations?.length)) return { spans, stage: null };
  onFollow();
  // One fetch beyond the publishers missing, in case a cited page cannot be read.
  const { found, followed, reading } = await followCitations(spans, byUrl, fetchPage, {
    maxFetches: minDomains - publishers + 1,
    ...(reader ? { reader } : {}),
  });
  const added = found.map((f, i): EvidenceSpan => ({ ...f, spanId: `S${spans.length + i + 1}` }));
  return {
    spans: [...spans, ...added],
    stage: {
      ok: true,
      summary:
        followed.length === 0
          ? 'the selected passages cite no source on another publisher'
          : `${followed.length} cited source${followed.length === 1 ? '' : 's'} followed, ${added.length} supporting passage${added.length === 1 ? '' : 's'} found${added.length > 0 ? ` (${added.map((a) => `${a.spanId} ${publisherOf(a.url)}`).join(', ')})` : ''}${reading ? `; model reader: ${reading.summary}` : ''}`,
      detail: followed,
      ...(reading ? { tokensIn: reading.tokensIn, tokensOut: reading.tokensOut } : {}),
    },
  };
}
