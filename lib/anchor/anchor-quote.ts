import { buildTextMap, isHiddenByMarkup, type DomNodeLike, type TextMap } from '../text/text-map';
import { findQuoteIn, type FindQuoteOptions, type QuoteSelector } from '../quotes/find-quote';
import { normalizeWithMap, type Normalized } from '../text/normalize';

/** A page's visible text, mapped to its text nodes, and normalised once for several searches. */
export interface PageText {
  map: TextMap;
  hay: Normalized;
}

/** A text node and the part of it [start, end) a passage covers. */
export interface Piece {
  node: Text;
  start: number;
  end: number;
}

/** A passage found in the live DOM. */
export interface Anchored {
  /** Offsets in the page's visible text (`PageText.map.text`). */
  start: number;
  end: number;
  /** The visible text found (a passage found in pieces: the pieces, a line each). */
  text: string;
  score: number;
  exact: boolean;
  /** One range per tree (document or shadow root) the passage crosses. */
  ranges: Range[];
  /** The text nodes covered, in order. */
  pieces: Piece[];
}

/** Hidden by markup, or not rendered (display:none, content-visibility) when the DOM can tell. */
export function isHidden(el: DomNodeLike): boolean {
  if (isHiddenByMarkup(el)) return true;
  const e = el as unknown as Element;
  if (typeof e.checkVisibility !== 'function' || e.checkVisibility()) return false;
  // An element without a box of its own (display: contents, a <slot>) shows its children.
  return e.ownerDocument.defaultView?.getComputedStyle(e).display !== 'contents';
}

/** Reads a document's visible text (the same walk extraction uses, plus what layout hides). */
export function readPageText(doc: Document): PageText {
  const root = (doc.body ?? doc.documentElement) as unknown as DomNodeLike;
  const map = buildTextMap(root, { isHidden });
  return { map, hay: normalizeWithMap(map.text) };
}

/** Finds a passage in a page already read; null when not found (or below the minimum score). */
export function anchorIn(doc: Document, page: PageText, selector: QuoteSelector, options?: FindQuoteOptions): Anchored | null {
  const match = findQuoteIn(page.hay, selector, options);
  if (!match) return null;
  // A passage the page holds in pieces is highlighted piece by piece, without what lies between.
  const spans = match.parts ?? [{ start: match.start, end: match.end }];
  const ranges: Range[] = [];
  const pieces: Piece[] = [];
  for (const span of spans) {
    const located = locate(doc, page.map, span.start, span.end);
    if (!located) return null;
    ranges.push(...located.ranges);
    pieces.push(...located.pieces);
  }
  return {
    start: match.start,
    end: match.end,
    text: spans.map((p) => page.map.text.slice(p.start, p.end)).join('\n'),
    score: match.score,
    exact: match.exact,
    ranges,
    pieces,
  };
}

/** Finds a passage in a live document without changing anything. */
export function anchorQuote(doc: Document, selector: QuoteSelector, options?: FindQuoteOptions): Anchored | null {
  return anchorIn(doc, readPageText(doc), selector, options);
}

/** The text nodes and DOM ranges of [start, end) of the map; a range never crosses a shadow boundary. */
function locate(doc: Document, map: TextMap, start: number, end: number): { ranges: Range[]; pieces: Piece[] } | null {
  const pieces: Piece[] = map
    .piecesIn(start, end)
    .map((p) => ({ node: map.nodes[p.node] as unknown as Text, start: p.from, end: p.to }));
  if (pieces.length === 0) return null;
  const ranges: Range[] = [];
  let group: Piece[] = [];
  let root: Node | null = null;
  const flush = () => {
    if (group.length === 0) return;
    const range = doc.createRange();
    range.setStart(group[0]!.node, group[0]!.start);
    range.setEnd(group[group.length - 1]!.node, group[group.length - 1]!.end);
    ranges.push(range);
    group = [];
  };
  for (const p of pieces) {
    const r = p.node.getRootNode();
    if (r !== root) {
      flush();
      root = r;
    }
    group.push(p);
  }
  flush();
  return { ranges, pieces };
}
