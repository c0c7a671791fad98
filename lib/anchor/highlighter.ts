import { anchorIn, readPageText, type Anchored, type Piece } from './anchor-quote';
import type { FindQuoteOptions, QuoteSelector } from '../quotes/find-quote';
import { normalizeText } from '../text/normalize';

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

/** What came of highlighting a passage. */
export interface HighlightOutcome {
  found: boolean;
  /** The text now highlighted (empty when not found). */
  text: string;
  score: number;
  /** Whether the passage was found exactly (after normalisation), not approximately. */
  exact?: boolean;
}

/** How a passage is highlighted, and with what else. */
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

/** The active citation, or another passage of the same answer. */
type Kind = 'active' | 'cited';

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
export class Highlighter {
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

/** Whether the browser has the CSS Custom Highlight API. */
function cssHighlights(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';
}
