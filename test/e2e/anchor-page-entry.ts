/**
 * The anchoring code as it runs in a page, bundled into an IIFE (global `SpanlightAnchor`) by
 * `anchor-corpus.ts` for the corpus test and the benchmark. Everything measured here is the
 * extension's own code (lib/anchor); the helpers below only drive it and report.
 */
import { anchorIn, readPageText, type Anchored, type PageText } from '../../lib/anchor/anchor-quote';
import { clearHighlights, highlightQuote } from '../../lib/anchor/highlight';
import type { QuoteSelector } from '../../lib/quotes/find-quote';
import { normalizeText } from '../../lib/text/normalize';

export { anchorIn, clearHighlights, highlightQuote, normalizeText, readPageText };
export { buildTextMap as buildTextMapPlain } from '../../lib/text/text-map';

export type QueryKind = 'exact' | 'whitespace' | 'letters' | 'quotes' | 'inserted' | 'combined' | 'negative';

export interface PageQuery {
  /** Index of the passage on its page (negatives: of the negative). */
  passage: number;
  kind: QueryKind;
  selector: QuoteSelector;
  /** Paragraphs inserted just above the passage before searching (inserted, combined). */
  insert?: string[];
}

export interface PageResult {
  passage: number;
  kind: QueryKind;
  found: boolean;
  /** Normalised text found. */
  text: string;
  start: number;
  end: number;
  /** Where the unperturbed passage was found in the same text (-1 when it was not). */
  truthStart: number;
  truthEnd: number;
  /**
   * Exact: whether the passage's normalised text is in the page's as one piece (false when the page
   * has content inside it that Readability left out). Negatives: whether the quote is in the page
   * after all (then it is no control).
   */
  present?: boolean;
  /** Exact: how many times the passage's normalised text occurs in the page. */
  copies?: number;
}

/** The nearest ancestor that lays out as a block, to insert content above. */
function blockOf(node: Node): Element | null {
  for (let el = node.parentElement; el; el = el.parentElement) {
    if (el === document.body) return null;
    if (!getComputedStyle(el).display.startsWith('inline')) return el;
  }
  return null;
}

/** Offset in the page text of a DOM point (a text node and an offset in it), or -1. */
function offsetOf(page: PageText, node: Node, offset: number): number {
  return page.map.offsetOf(page.map.nodes.indexOf(node as never), offset);
}

/**
 * Shows the page as a reader sees it without its scripts: a page that hides itself until a script of
 * its own runs (`html { display: none }` against framing) is shown. Returns whether it had to be.
 */
export function revealPage(): boolean {
  const root = document.documentElement;
  if (getComputedStyle(root).display !== 'none') return false;
  root.style.setProperty('display', 'block', 'important');
  return true;
}

const wordsOf = (s: string) => s.match(/[\p{L}\p{N}]+/gu) ?? [];
const pageWords = new WeakMap<PageText, string[]>();

/**
 * Whether a quote from another page is in this one after all, judged without the matcher: its text
 * is there, or three quarters of its words are, within a stretch of the page half as long again
 * (the corpus has several pages of the same "lorem ipsum", lightly edited). Such a quote is no
 * negative control.
 */
function nearDuplicate(page: PageText, quote: string): boolean {
  const q = normalizeText(quote);
  if (page.hay.text.includes(q)) return true;
  let words = pageWords.get(page);
  if (!words) {
    words = wordsOf(page.hay.text);
    pageWords.set(page, words);
  }
  const want = new Map<string, number>();
  const qw = wordsOf(q);
  for (const w of qw) want.set(w, (want.get(w) ?? 0) + 1);
  const size = Math.ceil(qw.length * 1.5);
  const have = new Map<string, number>();
  let shared = 0;
  let most = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const n = (have.get(w) ?? 0) + 1;
    have.set(w, n);
    if (n <= (want.get(w) ?? 0)) shared++;
    if (i >= size) {
      const old = words[i - size]!;
      const o = have.get(old)!;
      if (o <= (want.get(old) ?? 0)) shared--;
      have.set(old, o - 1);
    }
    if (shared > most) most = shared;
  }
  return qw.length > 0 && most >= 0.75 * qw.length;
}

/** Runs every query of one page; the exact ones first, as the truth for the others. */
export function runQueries(queries: PageQuery[]): PageResult[] {
  const page = readPageText(document);
  const truth = new Map<number, Anchored>();
  const results: PageResult[] = [];
  const report = (q: PageQuery, a: Anchored | null, truthStart: number, truthEnd: number) =>
    results.push({
      passage: q.passage,
      kind: q.kind,
      found: !!a,
      text: a ? normalizeText(a.text) : '',
      start: a?.start ?? -1,
      end: a?.end ?? -1,
      truthStart,
      truthEnd,
    });
  for (const q of queries.filter((x) => x.kind === 'exact')) {
    const a = anchorIn(document, page, q.selector);
    if (a) truth.set(q.passage, a);
    report(q, a, a?.start ?? -1, a?.end ?? -1);
    const want = normalizeText(q.selector.exact);
    let copies = 0;
    for (let at = page.hay.text.indexOf(want); at >= 0 && want; at = page.hay.text.indexOf(want, at + 1)) copies++;
    Object.assign(results[results.length - 1]!, { present: copies > 0, copies });
  }
  for (const q of queries.filter((x) => x.kind !== 'exact')) {
    const t = truth.get(q.passage);
    if (!q.insert) {
      report(q, anchorIn(document, page, q.selector), t?.start ?? -1, t?.end ?? -1);
      if (q.kind === 'negative') results[results.length - 1]!.present = nearDuplicate(page, q.selector.exact);
      continue;
    }
    if (!t) {
      report(q, null, -1, -1);
      continue;
    }
    // Content inserted just above the passage (an ad, a banner, an update note).
    const first = t.pieces[0]!;
    const last = t.pieces[t.pieces.length - 1]!;
    const block = blockOf(first.node);
    const box = document.createElement('div');
    for (const text of q.insert) box.appendChild(document.createElement('p')).textContent = text;
    if (block) block.parentNode!.insertBefore(box, block);
    else first.node.parentNode!.insertBefore(box, first.node);
    try {
      const changed = readPageText(document);
      const ts = offsetOf(changed, first.node, first.start);
      const te = offsetOf(changed, last.node, last.end - 1);
      report(q, anchorIn(document, changed, q.selector), ts, te < 0 ? -1 : te + 1);
    } finally {
      box.remove();
    }
  }
  return results;
}

/** A structural fingerprint: every node's type, name and (for text) data, so split text nodes show. */
export function domFingerprint(): string {
  const out: string[] = [];
  const walk = (n: Node) => {
    out.push(n.nodeType === 3 ? `#${(n as Text).data.length}:${(n as Text).data}` : `<${n.nodeName}`);
    for (let c = n.firstChild; c; c = c.nextSibling) walk(c);
    out.push('>');
  };
  walk(document.documentElement);
  return out.join('\u0001');
}

/**
 * Highlights a passage with the CSS Custom Highlight API and, separately, with wrapper elements,
 * and reports whether the DOM was the same before, during (CSS) and after each.
 */
export function checkDomUnchanged(selector: QuoteSelector): {
  found: boolean;
  cssSame: boolean;
  cssHighlighted: string;
  wrappedCount: number;
  wrappedText: string;
  restored: boolean;
} {
  const html = document.documentElement.outerHTML;
  const print = domFingerprint();
  const css = highlightQuote(document, selector, { scroll: false });
  const cssSame = document.documentElement.outerHTML === html && domFingerprint() === print;
  const active = CSS.highlights.get('spanlight-active');
  const cssHighlighted = active ? [...active].map((r) => (r as Range).toString()).join('') : '';
  clearHighlights(document);
  highlightQuote(document, selector, { scroll: false, wrappers: true });
  const marks = [...document.querySelectorAll('spanlight-mark')];
  const wrappedText = marks.map((m) => m.textContent).join('');
  clearHighlights(document);
  return {
    found: css.found,
    cssSame,
    cssHighlighted,
    wrappedCount: marks.length,
    wrappedText,
    restored: document.documentElement.outerHTML === html && domFingerprint() === print,
  };
}

/** Time (ms) of a whole anchoring as a click does it: read the page's text, then find the passage. */
export function timeAnchoring(selectors: QuoteSelector[], repeat: number): Array<{ ms: number; found: boolean }> {
  return selectors.map((s) => {
    const times: number[] = [];
    let found = false;
    for (let r = 0; r < repeat; r++) {
      const t0 = performance.now();
      found = anchorIn(document, readPageText(document), s) !== null;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { ms: times[Math.floor(times.length / 2)]!, found };
  });
}
