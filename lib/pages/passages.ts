import type { Page, Passage } from '../shared/types';
import { stableHash } from '../text/hash';
import { isReferenceLine } from './reference-lists';
import { sentenceSpans } from '../text/sentences';

export interface SplitOptions {
  /** A passage grows sentence by sentence up to about this many characters. */
  targetChars?: number;
  /** Paragraphs shorter than this (headings, captions) join the next one. */
  minChars?: number;
  /** Characters of context kept on each side for anchoring. */
  contextChars?: number;
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
