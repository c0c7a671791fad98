/**
 * Corroboration measured on WiCE (../shared/data/corroboration/wice-dev.jsonl, see its NOTICE.md):
 * the cited article becomes a page (one line per sentence), the Wikipedia sentence a span with its
 * footnote marker at its end, the code's own matching picks the passage, and the labels say whether
 * it holds a supporting sentence. MIN_SUPPORT is fitted on all items and left out by article.
 */
import type { EvidenceSpan, Page } from '../shared/types';
import { choosePassage, joinPassages } from '../evidence/corroborate';
import { candidateWindows, footnotedStatement, type CitationReader } from '../evidence/follow-citations';
import { LabelBook } from './label-judge';

/** One line of wice-dev.jsonl. */
export interface WiceRow {
  id: string;
  claim: string;
  wikipedia_title: string;
  label: 'supported' | 'partially_supported' | 'not_supported';
  sentences: string[];
  supporting: number[][];
}

/** A row read: the best passage's score and whether it holds a supporting sentence. */
export interface ReadRow {
  id: string;
  group: string;
  label: WiceRow['label'];
  score: number;
  /** The best passage holds a sentence of one of the supporting sets. */
  holds: boolean;
  /** The cited sentence as the code reads it ('' when too short to look for). */
  statement: string;
  /** The windows a model reader may be shown (candidateWindows, floor aside), best first, with their scores. */
  candidates: Array<{ text: string; score: number; holds: boolean }>;
}

/** The cited article as a page: one line per sentence. Returns the page and each sentence's offset. */
export function articlePage(row: WiceRow): { page: Page; offsets: number[] } {
  const offsets: number[] = [];
  let at = 0;
  for (const s of row.sentences) {
    offsets.push(at);
    at += s.length + 1;
  }
  const page: Page = {
    url: `https://cited.example/${row.id}`,
    title: row.sentences[0] ?? '',
    text: row.sentences.join('\n'),
    published: null,
    retrievedAt: '2026-12-01T00:00:00.000Z',
    contentHash: '',
    origin: 'web',
  };
  return { page, offsets };
}

/** The citing span: the Wikipedia sentence with its footnote marker after it. */
export function citingSpan(row: WiceRow): { span: EvidenceSpan; at: number } {
  const text = `${row.claim}[1]`;
  const span: EvidenceSpan = {
    spanId: 'S1',
    id: `p-${row.id}`,
    url: `https://en.wikipedia.org/wiki/${encodeURIComponent(row.wikipedia_title)}`,
    title: row.wikipedia_title,
    published: null,
    retrievedAt: '2026-12-01T00:00:00.000Z',
    text,
    start: 0,
    end: text.length,
    prefix: '',
    suffix: '',
    position: 0,
    origin: 'web',
    score: 1,
  };
  return { span, at: row.claim.length };
}

/** Reads one row through the code's matching. */
export function readRow(row: WiceRow): ReadRow {
  const { page, offsets } = articlePage(row);
  const { span, at } = citingSpan(row);
  const statement = footnotedStatement(span, at);
  const base = { id: row.id, group: row.wikipedia_title, label: row.label };
  if (statement === null) return { ...base, score: 0, holds: false, statement: '', candidates: [] };
  const choice = choosePassage(statement.text, page, statement.nearFrom);
  const supporting = new Set(row.supporting.flat());
  const holdsIn = (w: { first: number; last: number }) => {
    const from = choice.passages[w.first]!.start;
    const to = choice.passages[w.last]!.end;
    return [...supporting].some((i) => {
      const s = offsets[i]!;
      const e = s + row.sentences[i]!.length;
      return s < to && e > from;
    });
  };
  const candidates = candidateWindows(choice).map((w) => ({
    text: joinPassages(page, choice.passages, w).text,
    score: w.score,
    holds: holdsIn(w),
  }));
  return {
    ...base,
    score: choice.score,
    // What the code shows when it accepts: the best passage with the neighbours that state the rest.
    holds: choice.best >= 0 && holdsIn(choice.window(choice.best)),
    statement: statement.text,
    candidates,
  };
}

/**
 * The labels as a reader of citations would give them, for the label-answering judge: a candidate
 * of a supported sentence that holds a supporting sentence "supports" it; every other candidate
 * (those of partly supported sentences too: the judge's prompt asks for what states the claim,
 * not part of it) "neither".
 */
export function corroborationLabels(rows: ReadRow[]): LabelBook {
  const book = new LabelBook();
  for (const r of rows)
    for (const c of r.candidates) book.add(r.statement, c.text, r.label === 'supported' && c.holds ? 'supports' : 'neither');
  return book;
}

/** What a reader said of each row's candidates, by row id: the candidates (by index) it found stating the sentence, as the code accepted it. */
export type ReaderSaid = Map<string, Set<number>>;

/** Each row's candidates, all of them, put to `reader` (one ask a row), and what the code accepted of its reading. */
export async function readerSaid(rows: ReadRow[], reader: CitationReader): Promise<ReaderSaid> {
  const said: ReaderSaid = new Map();
  for (const r of rows) {
    if (r.candidates.length === 0) continue;
    const reading = await reader([
      { statement: r.statement, passages: r.candidates.map((c, j) => ({ id: `C${j + 1}`, text: c.text })) },
    ]);
    const ids = reading.supporting.get(0);
    if (ids) said.set(r.id, new Set(ids.map((id) => Number(id.slice(1)) - 1)));
  }
  return said;
}

/**
 * The rows as a reader decides them at a floor (lib/evidence/follow-citations.ts): the candidates at
 * or above the floor are shown, the best-scoring one it found stating the sentence is accepted; a
 * row it did not read is left to the code's own rule (MIN_SUPPORT).
 */
export function withReader(rows: ReadRow[], said: ReaderSaid, floorOf: (r: ReadRow) => number, minSupport: number): ReadRow[] {
  return rows.map((r) => {
    const shown = r.candidates.map((c, j) => ({ c, j })).filter(({ c }) => c.score >= floorOf(r));
    const read = said.get(r.id);
    if (shown.length === 0 || !read) return r.score >= minSupport ? r : { ...r, score: 0 };
    const hit = shown.find(({ j }) => read.has(j));
    return hit ? { ...r, score: 1, holds: hit.c.holds } : { ...r, score: 0, holds: false };
  });
}

/** The three acceptance figures. */
export interface CorroborationFigures {
  /** Supported sentences given a passage holding a supporting sentence. */
  supportedFound: number;
  /** Passages accepted (any label) holding no supporting sentence. */
  acceptedWrong: number;
  /** Unsupported sentences given a passage. */
  unsupportedGiven: number;
  counts: { supported: number; accepted: number; unsupported: number };
}

const share = (a: number, b: number) => (b === 0 ? 0 : a / b);

/** The figures when each row is decided by its own constant. */
export function figuresOf(rows: ReadRow[], minSupportOf: (r: ReadRow) => number): CorroborationFigures {
  const accepted = rows.filter((r) => r.score > 0 && r.score >= minSupportOf(r));
  const ok = new Set(accepted.map((r) => r.id));
  const supported = rows.filter((r) => r.label === 'supported');
  const unsupported = rows.filter((r) => r.label === 'not_supported');
  return {
    supportedFound: share(supported.filter((r) => ok.has(r.id) && r.holds).length, supported.length),
    acceptedWrong: share(accepted.filter((r) => !r.holds).length, accepted.length),
    unsupportedGiven: share(unsupported.filter((r) => ok.has(r.id)).length, unsupported.length),
    counts: { supported: supported.length, accepted: accepted.length, unsupported: unsupported.length },
  };
}

/** The most the fitting items may show of accepted passages holding no supporting sentence. */
export const WRONG_BOUND = 0.02;
/** The most they may show of unsupported sentences given a passage. */
export const UNSUPPORTED_BOUND = 0.04;
/** The grid MIN_SUPPORT is fitted over. */
export const SUPPORT_GRID = Array.from({ length: 81 }, (_, i) => Math.round((0.2 + i * 0.01) * 100) / 100);

/**
 * The lowest grid value meeting both bounds on `rows` (the grid's top when none does): at most
 * WRONG_BOUND of the passages accepted hold no supporting sentence, and at most UNSUPPORTED_BOUND of
 * the unsupported sentences get a passage. The verifier's constants are fitted the same way.
 */
export function fitMinSupport(rows: ReadRow[]): number {
  for (const v of SUPPORT_GRID) {
    const f = figuresOf(rows, () => v);
    if (f.acceptedWrong <= WRONG_BOUND && f.unsupportedGiven <= UNSUPPORTED_BOUND) return v;
  }
  return SUPPORT_GRID[SUPPORT_GRID.length - 1]!;
}

/** Fitted on all, and left out by article: each article's rows decided by the fit on the other articles. */
export function corroborationReport(rows: ReadRow[], inForce: number) {
  const fittedOnAll = fitMinSupport(rows);
  const groups = [...new Set(rows.map((r) => r.group))];
  const leftOutFit = new Map<string, number>();
  for (const g of groups) leftOutFit.set(g, fitMinSupport(rows.filter((r) => r.group !== g)));
  const fits = [...leftOutFit.values()];
  return {
    inForce,
    fittedOnAll,
    upToDate: inForce === fittedOnAll,
    leftOutRange: [Math.min(...fits), Math.max(...fits)] as [number, number],
    all: figuresOf(rows, () => inForce),
    atFit: figuresOf(rows, () => fittedOnAll),
    leftOut: figuresOf(rows, (r) => leftOutFit.get(r.group)!),
  };
}

/** The share of what it reads the wrong reader gets wrong, at which READ_FLOOR is fitted, and the seeds of its draws. */
export const FIT_WRONG_SHARE = 0.2;
export const FIT_SEEDS = [1, 2, 3, 4, 5];

/** The figures of each reading, averaged (a wrong reader's, over its seeds); the counts are the first reading's. */
function meanFigures(
  rows: ReadRow[],
  saids: ReaderSaid[],
  floorOf: (r: ReadRow) => number,
  minSupport: number,
): CorroborationFigures {
  const each = saids.map((s) => figuresOf(withReader(rows, s, floorOf, minSupport), () => minSupport));
  const mean = (k: 'supportedFound' | 'acceptedWrong' | 'unsupportedGiven') => each.reduce((a, f) => a + f[k], 0) / each.length;
  return {
    supportedFound: mean('supportedFound'),
    acceptedWrong: mean('acceptedWrong'),
    unsupportedGiven: mean('unsupportedGiven'),
    counts: each[0]!.counts,
  };
}

/**
 * READ_FLOOR's fit: the lowest grid value at which, with the reader wrong on FIT_WRONG_SHARE of what
 * it reads (`wrongSaid`, one reading a seed, averaged), at most UNSUPPORTED_BOUND of the unsupported
 * sentences get a passage: the floor is what bounds a wrong reader on sentences the page does not
 * state.
 */
export function fitReadFloor(rows: ReadRow[], wrongSaid: ReaderSaid[], minSupport: number): number {
  for (const v of SUPPORT_GRID)
    if (meanFigures(rows, wrongSaid, () => v, minSupport).unsupportedGiven <= UNSUPPORTED_BOUND) return v;
  return SUPPORT_GRID[SUPPORT_GRID.length - 1]!;
}

/** With a reader: the figures of a good and a wrong reader (mean over its seeds) at the floor in force, fitted on all, and left out by article. */
export function readerReport(
  rows: ReadRow[],
  said: { good: ReaderSaid; wrong: ReaderSaid[] },
  floor: number,
  minSupport: number,
) {
  const fittedOnAll = fitReadFloor(rows, said.wrong, minSupport);
  const groups = [...new Set(rows.map((r) => r.group))];
  const leftOutFit = new Map<string, number>();
  for (const g of groups)
    leftOutFit.set(
      g,
      fitReadFloor(
        rows.filter((r) => r.group !== g),
        said.wrong,
        minSupport,
      ),
    );
  const fits = [...leftOutFit.values()];
  const leftOut = (r: ReadRow) => leftOutFit.get(r.group)!;
  return {
    inForce: floor,
    fittedOnAll,
    upToDate: floor === fittedOnAll,
    leftOutRange: [Math.min(...fits), Math.max(...fits)] as [number, number],
    good: {
      all: meanFigures(rows, [said.good], () => floor, minSupport),
      leftOut: meanFigures(rows, [said.good], leftOut, minSupport),
    },
    wrong: {
      all: meanFigures(rows, said.wrong, () => floor, minSupport),
      leftOut: meanFigures(rows, said.wrong, leftOut, minSupport),
    },
  };
}
