/**
 * Corroboration measured on WiCE (../shared/data/corroboration/wice-dev.jsonl, see its NOTICE.md): a
 * Wikipedia sentence, the article its footnote cites, sentence by sentence, and which of those
 * sentences support it. The article becomes a page (one line per sentence, as extraction writes
 * paragraphs), the sentence a span with its footnote marker at its end (where WiCE's footnotes
 * are), and the code's own matching picks the passage; the labels say whether that passage holds a
 * supporting sentence.
 *
 * The acceptance constant (MIN_SUPPORT) is fitted by one rule, the verifier's kind: the lowest value
 * of the grid at which, over the fitting items, at most WRONG_BOUND of the passages accepted hold no
 * supporting sentence and at most UNSUPPORTED_BOUND of the unsupported sentences get a passage.
 * Measured twice: fitted on all items, and left out (each article's items decided by the constant
 * fitted on the other articles).
 */
import type { EvidenceSpan, Page } from '../shared/types';
import { choosePassage } from '../evidence/corroborate';
import { footnotedStatement } from '../evidence/follow-citations';

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
  if (statement === null) return { id: row.id, group: row.wikipedia_title, label: row.label, score: 0, holds: false };
  const choice = choosePassage(statement.text, page, statement.nearFrom);
  const supporting = new Set(row.supporting.flat());
  let holds = false;
  if (choice.best >= 0) {
    const p = choice.passages[choice.best]!;
    holds = [...supporting].some((i) => {
      const s = offsets[i]!;
      const e = s + row.sentences[i]!.length;
      return s < p.end && e > p.start;
    });
  }
  return { id: row.id, group: row.wikipedia_title, label: row.label, score: choice.score, holds };
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

/** The lowest grid value meeting both bounds on `rows` (the grid's top when none does). */
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
