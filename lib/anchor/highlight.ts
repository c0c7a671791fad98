import { buildTextMap, isHiddenByMarkup, type DomNodeLike, type TextMap } from './text-map';
import { findQuoteIn, type FindQuoteOptions, type QuoteSelector } from './find-quote';
import { normalizeText, normalizeWithMap, type Normalized } from './normalize';

/** The citation the user clicked. */
export const ACTIVE_HIGHLIGHT = 'spanlight-active';
/** Other passages of the same answer in this page. */
export const CITED_HIGHLIGHT = 'spanlight-cited';
/** The wrapper element used where the CSS Custom Highlight API is missing. */
export const MARK_ELEMENT = 'spanlight-mark';

const STYLES: Record<Kind, string> = {
  active: 'background-color: #ffd54f; color: #1a1a1a;',
  cited: 'background-color: rgba(255, 213, 79, 0.35);',
};

export interface HighlightOutcome {
  found: boolean;
  /** The text now highlighted (empty when not found). */
  text: string;
  score: number;
  /** Whether the passage was found exactly (after normalisation), not approximately. */
  exact?: boolean;
}

export interface HighlightOptions {
  /** Other passages to show in the quieter "cited" style. */
  others?: QuoteSelector[];
  /** Scroll the passage to the centre (default true). */
  scroll?: boolean;
  /** Use wrapper elements even where the CSS Custom Highlight API exists (tests). */
  wrappers?: boolean;
  /** Options for the search itself. */
  find?: FindQuoteOptions;
}

type Kind = 'active' | 'cited';

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

const rangeText = (ranges: Range[]) => normalizeText(ranges.map((r) => r.toString()).join(' '));

interface Shown {
  kind: Kind;
  selector: QuoteSelector;
  anchored: Anchored;
  /** What the ranges held when drawn: a live range shrinks when the page replaces its nodes. */
  signature: string;
}

interface Split {
  left: Text;
  right: Text;
}

/**
 * Spanlight's highlights in one document: the active citation and the others, drawn with the CSS
 * Custom Highlight API (the DOM is not touched) or, where that is missing, with wrapper elements
 * that are removed without a trace. While something is shown, DOM changes re-anchor it; leaving the
 * page clears it.
 */
class Highlighter {
  private shown: Shown[] = [];
  private wrappers = false;
  private marks: HTMLElement[] = [];
  private splits: Split[] = [];
  private observer: MutationObserver | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private firstPending = 0;
  private sheets = new Set<Document | ShadowRoot>();
  private sheet: CSSStyleSheet | null = null;
  private listening = false;
  private readonly onPageHide = () => this.clear();

  constructor(private readonly doc: Document) {}

  show(selector: QuoteSelector, options: HighlightOptions = {}): HighlightOutcome {
    this.clear();
    this.wrappers = !!options.wrappers || !cssHighlights();
    const page = readPageText(this.doc);
    const active = anchorIn(this.doc, page, selector, options.find);
    if (!active) return { found: false, text: '', score: 0 };
    const shown: Shown[] = [{ kind: 'active', selector, anchored: active, signature: rangeText(active.ranges) }];
    for (const other of options.others ?? []) {
      const a = anchorIn(this.doc, page, other, options.find);
      if (!a || shown.some((s) => a.start < s.anchored.end && s.anchored.start < a.end)) continue;
      shown.push({ kind: 'cited', selector: other, anchored: a, signature: rangeText(a.ranges) });
    }
    this.shown = shown;
    this.draw();
    if (options.scroll !== false) this.scrollTo(active);
    this.watch();
    return { found: true, text: active.text, score: active.score, exact: active.exact };
  }

  /** Removes every highlight and stops watching; true when something was shown. */
  clear(): boolean {
    const had = this.shown.length > 0;
    this.erase();
    this.shown = [];
    this.unwatch();
    return had;
  }

  /** Clears and forgets the styles too (the content script is going away). */
  dispose(): void {
    this.clear();
    for (const root of this.sheets) {
      if (this.sheet) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== this.sheet);
    }
    this.sheets.clear();
    if (this.listening) this.doc.defaultView?.removeEventListener('pagehide', this.onPageHide);
    this.listening = false;
  }

  /** The ranges currently highlighted, by kind (for tests and the wrapper-free check). */
  ranges(kind: Kind): Range[] {
    return this.shown.filter((s) => s.kind === kind).flatMap((s) => s.anchored.ranges);
  }

  private draw(): void {
    if (this.wrappers) {
      this.wrap();
      return;
    }
    for (const s of this.shown) for (const r of s.anchored.ranges) this.adoptStyles(r.startContainer.getRootNode());
    const active = new Highlight(...this.ranges('active'));
    active.priority = 1;
    CSS.highlights.set(ACTIVE_HIGHLIGHT, active);
    const cited = this.ranges('cited');
    if (cited.length > 0) CSS.highlights.set(CITED_HIGHLIGHT, new Highlight(...cited));
    else CSS.highlights.delete(CITED_HIGHLIGHT);
  }

  private erase(): void {
    if (cssHighlights()) {
      CSS.highlights.delete(ACTIVE_HIGHLIGHT);
      CSS.highlights.delete(CITED_HIGHLIGHT);
    }
    this.unwrap();
  }

  /**
   * An adopted stylesheet styles the highlights without adding a node to the page. Checked at every
   * draw: a page that assigns its own `adoptedStyleSheets` drops ours, and an unstyled highlight is
   * invisible.
   */
  private adoptStyles(root: Node): void {
    const target = root as Document | ShadowRoot;
    if (!('adoptedStyleSheets' in target)) return;
    if (this.sheet && target.adoptedStyleSheets.includes(this.sheet)) return;
    if (!this.sheet) {
      this.sheet = new CSSStyleSheet();
      this.sheet.replaceSync(
        `::highlight(${ACTIVE_HIGHLIGHT}) { ${STYLES.active} }\n::highlight(${CITED_HIGHLIGHT}) { ${STYLES.cited} }`,
      );
    }
    target.adoptedStyleSheets = [...target.adoptedStyleSheets, this.sheet];
    this.sheets.add(target);
  }

  /**
   * Wraps every piece in a `<spanlight-mark>`, splitting text nodes at the edges. The pieces of all
   * highlights are wrapped from the end of each node backwards, so the offsets still to come stay
   * valid; every split is recorded so `unwrap` can join the nodes again.
   */
  private wrap(): void {
    const byNode = new Map<Text, Array<Piece & { kind: Kind }>>();
    for (const s of this.shown) {
      for (const p of s.anchored.pieces) {
        if (p.node.data.slice(p.start, p.end).trim() === '') continue; // whitespace between blocks
        const list = byNode.get(p.node) ?? [];
        list.push({ ...p, kind: s.kind });
        byNode.set(p.node, list);
      }
    }
    for (const [node, pieces] of byNode) {
      pieces.sort((a, b) => b.start - a.start);
      for (const p of pieces) {
        if (!node.parentNode) continue;
        if (p.end < node.data.length) this.splits.push({ left: node, right: node.splitText(p.end) });
        let target = node;
        if (p.start > 0) {
          target = node.splitText(p.start);
          this.splits.push({ left: node, right: target });
        }
        const mark = this.doc.createElement(MARK_ELEMENT);
        mark.setAttribute('data-kind', p.kind);
        mark.setAttribute('style', STYLES[p.kind]);
        target.parentNode!.insertBefore(mark, target);
        mark.appendChild(target);
        this.marks.push(mark);
      }
    }
    this.observer?.takeRecords(); // our own changes are not the page's
  }

  /** Takes the wrappers out and joins the split text nodes: the DOM is as it was. */
  private unwrap(): void {
    for (const mark of this.marks) {
      const parent = mark.parentNode;
      if (!parent) continue;
      while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
      parent.removeChild(mark);
    }
    for (let i = this.splits.length - 1; i >= 0; i--) {
      const { left, right } = this.splits[i]!;
      // Join only what is still side by side; a page that re-rendered has replaced them anyway.
      if (right.parentNode && right.previousSibling === left) {
        left.appendData(right.data);
        right.parentNode.removeChild(right);
      }
    }
    this.marks = [];
    this.splits = [];
    this.observer?.takeRecords();
  }

  private scrollTo(a: Anchored): void {
    const view = this.doc.defaultView;
    const first = this.wrappers ? this.marks.find((m) => m.isConnected) : undefined;
    const el = first ?? a.pieces[0]?.node.parentElement;
    if (!view || !el) return;
    // Scroll containers first (the passage may sit in a scrolling panel), then centre in the window.
    el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const range = a.ranges[0];
    const rect = first
      ? first.getBoundingClientRect()
      : range && range.startContainer.isConnected
        ? range.getBoundingClientRect()
        : el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return;
    const height = Math.min(rect.height, view.innerHeight * 0.8);
    view.scrollBy({ top: rect.top + height / 2 - view.innerHeight / 2, behavior: 'instant' });
  }

  /** While something is shown: re-anchor after DOM changes (debounced); clear when the page is left. */
  private watch(): void {
    const view = this.doc.defaultView;
    if (!this.listening && view) {
      view.addEventListener('pagehide', this.onPageHide);
      this.listening = true;
    }
    if (this.shown.length === 0 || this.observer || typeof MutationObserver === 'undefined') return;
    this.observer = new MutationObserver(() => this.schedule());
    this.observer.observe(this.doc.documentElement, { childList: true, subtree: true, characterData: true });
  }

  private unwatch(): void {
    this.observer?.disconnect();
    this.observer = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.firstPending = 0;
  }

  /** Debounced: 250 ms after the last change, at most 1 s after the first. */
  private schedule(): void {
    const now = Date.now();
    if (!this.firstPending) this.firstPending = now;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(250, this.firstPending + 1000 - now));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.firstPending = 0;
      this.reanchor();
    }, wait);
  }

  /** Draws again where the page changed under a highlight; drops what can no longer be found. */
  reanchor(): void {
    if (this.shown.length === 0) return;
    const intact = this.wrappers
      ? this.marks.every((m) => m.isConnected)
      : this.shown.every(
          (s) => s.anchored.ranges.every((r) => r.startContainer.isConnected) && rangeText(s.anchored.ranges) === s.signature,
        );
    if (intact) return;
    this.erase();
    const page = readPageText(this.doc);
    const next: Shown[] = [];
    for (const s of this.shown) {
      const a = anchorIn(this.doc, page, s.selector);
      if (!a || next.some((n) => a.start < n.anchored.end && n.anchored.start < a.end)) continue;
      next.push({ ...s, anchored: a, signature: rangeText(a.ranges) });
    }
    // The active passage gone, nothing else is shown as if it were.
    this.shown = next.some((s) => s.kind === 'active') ? next : [];
    if (this.shown.length > 0) this.draw();
    else this.unwatch();
  }
}

function cssHighlights(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';
}

const highlighters = new WeakMap<Document, Highlighter>();

function highlighter(doc: Document): Highlighter {
  let h = highlighters.get(doc);
  if (!h) {
    h = new Highlighter(doc);
    highlighters.set(doc, h);
  }
  return h;
}

/**
 * Finds a stored passage in the live page and highlights it, scrolled to the centre; `others` are
 * shown in a quieter style. Each call anchors afresh (a page may have changed since the last one).
 * With the CSS Custom Highlight API the page's DOM is not changed. Not found → nothing is shown.
 */
export function highlightQuote(doc: Document, selector: QuoteSelector, options: HighlightOptions = {}): HighlightOutcome {
  return highlighter(doc).show(selector, options);
}

/**
 * Like `highlightQuote`, for a page that may still be loading or rendering: when the passage is not
 * there yet, tries again as the page changes, until the page has been quiet for a moment after its
 * load event, or `waitMs` has passed, or `signal` aborts.
 */
export function highlightWhenReady(
  doc: Document,
  selector: QuoteSelector,
  options: HighlightOptions & { waitMs?: number; quietMs?: number; signal?: AbortSignal } = {},
): Promise<HighlightOutcome> {
  const first = highlightQuote(doc, selector, options);
  const view = doc.defaultView;
  const settled = doc.readyState === 'complete' && performance.now() > 5_000;
  const { signal } = options;
  if (first.found || settled || !view || signal?.aborted || typeof MutationObserver === 'undefined')
    return Promise.resolve(first);
  const waitMs = options.waitMs ?? 4_000;
  const quietMs = options.quietMs ?? 400;
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | null = null;
    const finish = (outcome: HighlightOutcome) => {
      observer.disconnect();
      view.removeEventListener('load', onChange);
      signal?.removeEventListener('abort', stop);
      clearTimeout(deadline);
      if (quiet) clearTimeout(quiet);
      resolve(outcome);
    };
    // The script going away stops the waiting: nothing is drawn by a script that is no more.
    const stop = () => finish(first);
    signal?.addEventListener('abort', stop);
    const attempt = () => {
      const outcome = highlightQuote(doc, selector, options);
      if (outcome.found || doc.readyState === 'complete') finish(outcome);
      else onChange();
    };
    function onChange() {
      if (quiet) clearTimeout(quiet);
      quiet = setTimeout(attempt, quietMs);
    }
    const observer = new MutationObserver(onChange);
    observer.observe(doc.documentElement, { childList: true, subtree: true, characterData: true });
    view.addEventListener('load', onChange);
    const deadline = setTimeout(() => finish(highlightQuote(doc, selector, options)), waitMs);
    onChange();
  });
}

/** Removes Spanlight's highlights from the page; true when there were some. */
export function clearHighlights(doc: Document = document): boolean {
  return highlighter(doc).clear();
}

/** Removes everything Spanlight added to the page and stops watching it (the script is going away). */
export function disposeHighlights(doc: Document = document): void {
  highlighters.get(doc)?.dispose();
  highlighters.delete(doc);
}

/** Re-anchors now instead of after the debounce (tests). */
export function reanchorHighlights(doc: Document = document): void {
  highlighters.get(doc)?.reanchor();
}
