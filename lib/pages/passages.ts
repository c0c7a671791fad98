import type { Page, Passage } from '../shared/types';
import { stableHash } from '../text/hash';
import { isReferenceLine } from './reference-lists';
import { mendSentences } from '../text/sentences';

export interface SplitOptions {
  /** A passage grows sentence by sentence up to about this many characters. */
  targetChars?: number;
  /** Paragraphs shorter than this (headings, captions) join the next one. */
  minChars?: number;
  /** Characters of context kept on each side for anchoring. */
  contextChars?: number;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * Characters handed to the segmenter at once. Node 20's Intl.Segmenter takes quadratic time on long
 * strings (V8 fixed it later); a sentence always ends at a line break, so each line is segmented on
 * its own, and a line longer than this in windows that restart at the last sentence begun (wider
 * for a sentence longer than one).
 */
const SEGMENT_WINDOW = 10_000;

/**
 * A footnote marker the segmenter cut after its "[" ("…Corporation.[" | "1] The community…"):
 * Unicode's sentence rules count "[" as closing the sentence before it and break before the digit.
 * What opens the next segment: the rest of the marker and any markers right after it ("23][24]").
 */
const MARKER_REST = /^[^\s[\]]{1,20}\](?:\[[^\s[\]]{1,20}\])*/;

/** Moves each footnote marker the segmenter cut back onto the sentence it follows. */
function mendMarkers(text: string, spans: Array<[number, number]>, offset: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [s, e] of spans) {
    const prev = out[out.length - 1];
    const rest = prev && text[prev[1] - offset - 1] === '[' ? MARKER_REST.exec(text.slice(s - offset, e - offset)) : null;
    if (!prev || !rest) {
      out.push([s, e]);
      continue;
    }
    prev[1] = s + rest[0].length;
    const after = text.slice(prev[1] - offset, e - offset);
    const start = prev[1] + (after.length - after.trimStart().length);
    if (start < e) out.push([start, e]);
  }
  return out;
}

/** Sentence boundaries [start, end) of `text`, trailing whitespace excluded. Linear in the text's length. */
export function sentenceSpans(text: string, offset = 0): Array<[number, number]> {
  return mendSentences(text, mendMarkers(text, rawSentenceSpans(text, offset), offset), offset);
}

/** The segmenter's sentence boundaries, line by line and window by window. */
function rawSentenceSpans(text: string, offset: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const add = (at: number, segment: string) => {
    const trimmed = segment.trimEnd();
    const lead = trimmed.length - trimmed.trimStart().length;
    if (trimmed.trim().length > 0) spans.push([offset + at + lead, offset + at + trimmed.length]);
  };
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? text.length : nl + 1;
    let from = lineStart;
    let size = SEGMENT_WINDOW;
    while (from < lineEnd) {
      const end = Math.min(lineEnd, from + size);
      const segments = [...segmenter.segment(text.slice(from, end))];
      // A sentence longer than the window: a wider one, so that no sentence is cut.
      if (end < lineEnd && segments.length === 1) {
        size *= 2;
        continue;
      }
      // Short of the line's end, the window's last sentence may go on past it: it starts the next window.
      const cut = end < lineEnd;
      for (const s of cut ? segments.slice(0, -1) : segments) add(from + s.index, s.segment);
      from = cut ? from + segments[segments.length - 1]!.index : end;
      size = SEGMENT_WINDOW;
    }
    if (nl < 0) break;
    lineStart = lineEnd;
  }
  return spans;
}

/** How long a passage grows at most (characters), unless one paragraph is longer. */
export const PASSAGE_CHARS = 600;

/**
 * Splits a page's text into passages of a few sentences up to a paragraph, never cutting a sentence.
 * Each passage's text is exactly `page.text.slice(start, end)`, with prefix and suffix for anchoring.
 */
export function splitPassages(page: Page, options: SplitOptions = {}): Passage[] {
  const target = options.targetChars ?? PASSAGE_CHARS;
  const min = options.minChars ?? 80;
  const ctx = options.contextChars ?? 48;
  const text = page.text;
  const ranges: Array<[number, number]> = [];

  // Paragraphs: runs between "\n". A reference entry whose markup is gone (extraction removes the
  // lists it can see) is no passage: it says where a statement comes from, not the statement.
  const paragraphs: Array<[number, number]> = [];
  let at = 0;
  for (const line of text.split('\n')) {
    if (line.trim().length > 0 && !isReferenceLine(line)) paragraphs.push([at, at + line.length]);
    at += line.length + 1;
  }

  let open: [number, number] | null = null;
  const flush = () => {
    if (open) ranges.push(open);
    open = null;
  };
  for (const [ps, pe] of paragraphs) {
    if (pe - ps <= target) {
      if (open && pe - open[0] <= target) open = [open[0], pe];
      else {
        flush();
        open = [ps, pe];
      }
      if (open[1] - open[0] >= min) flush();
      continue;
    }
    for (const [ss, se] of sentenceSpans(text.slice(ps, pe), ps)) {
      if (open && se - open[0] <= target) open = [open[0], se];
      else {
        flush();
        open = [ss, se];
      }
    }
    flush();
  }
  flush();

  return ranges.map(([start, end]): Passage => {
    const body = text.slice(start, end);
    return {
      id: `p-${stableHash(`${page.url}\u0000${start}\u0000${body}`)}`,
      url: page.url,
      title: page.title,
      published: page.published,
      retrievedAt: page.retrievedAt,
      text: body,
      start,
      end,
      prefix: text.slice(Math.max(0, start - ctx), start),
      suffix: text.slice(end, end + ctx),
      position: text.length > 0 ? start / text.length : 0,
      origin: page.origin,
      ...(page.tabId === undefined ? {} : { tabId: page.tabId }),
      ...(page.textFrom === undefined ? {} : { textFrom: page.textFrom }),
    };
  });
}
