import { buildTextMap, isHiddenByMarkup, rangeToDom, type DomNodeLike } from './text-map';
import { findQuote, type QuoteSelector } from './find-quote';

export const ACTIVE_HIGHLIGHT = 'spanlight-active';

export interface HighlightOutcome {
  found: boolean;
  /** The text now highlighted (empty when not found). */
  text: string;
  score: number;
}

let sheetAdded = false;

function ensureStyles(doc: Document) {
  if (sheetAdded) return;
  // An adopted stylesheet styles the highlight without adding a node to the page's DOM.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`::highlight(${ACTIVE_HIGHLIGHT}) { background-color: #ffd54f; color: #1a1a1a; }`);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  sheetAdded = true;
}

function isHidden(el: DomNodeLike): boolean {
  if (isHiddenByMarkup(el)) return true;
  const e = el as unknown as Element;
  return typeof e.checkVisibility === 'function' && !e.checkVisibility();
}

/**
 * Finds a stored passage in the live page and highlights it with the CSS Custom Highlight API,
 * scrolled to the centre. The page's DOM is not changed. Not found → nothing is highlighted.
 */
export function highlightQuote(doc: Document, selector: QuoteSelector): HighlightOutcome {
  const map = buildTextMap(doc.body as unknown as DomNodeLike, { isHidden });
  const match = findQuote(map.text, selector);
  if (!match) return { found: false, text: '', score: 0 };
  const points = rangeToDom(map, match.start, match.end);
  if (!points) return { found: false, text: '', score: 0 };
  const range = doc.createRange();
  range.setStart(points.start.node as unknown as Node, points.start.offset);
  range.setEnd(points.end.node as unknown as Node, points.end.offset);
  if (typeof CSS !== 'undefined' && 'highlights' in CSS) {
    ensureStyles(doc);
    CSS.highlights.set(ACTIVE_HIGHLIGHT, new Highlight(range));
  } else {
    // No Custom Highlight API: select the passage instead of wrapping it, so the DOM stays as it was.
    const selection = doc.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
  const rect = range.getBoundingClientRect();
  const view = doc.defaultView;
  if (view) view.scrollTo({ top: view.scrollY + rect.top - view.innerHeight / 2 + rect.height / 2, behavior: 'instant' });
  return { found: true, text: range.toString(), score: match.score };
}

/** Removes Spanlight's highlights from the page. */
export function clearHighlights(): boolean {
  if (typeof CSS === 'undefined' || !('highlights' in CSS)) return false;
  return CSS.highlights.delete(ACTIVE_HIGHLIGHT);
}
