import { anchorIn, readPageText } from './anchor-quote';
import type { QuoteSelector } from '../quotes/find-quote';

/**
 * A verdict's named CSS highlight; the colours are in the stylesheet below. Their key is in the side
 * panel, next to the verdicts: nothing is laid over the page's text.
 */
export const VERDICT_HIGHLIGHTS = {
  supported: 'spanlight-verdict-supported',
  contradicted: 'spanlight-verdict-contradicted',
  'not-found': 'spanlight-verdict-not-found',
  mixed: 'spanlight-verdict-mixed',
} as const;
export type Verdict = keyof typeof VERDICT_HIGHLIGHTS;

const COLOURS: Record<Verdict, string> = {
  supported: 'rgba(46, 160, 67, 0.35)',
  contradicted: 'rgba(218, 54, 51, 0.40)',
  'not-found': 'rgba(150, 150, 150, 0.40)',
  mixed: 'rgba(210, 153, 34, 0.45)',
};
let sheet: CSSStyleSheet | null = null;
/** Each marked claim's first range, by its place in the list marked (null: not found in the page). */
let marked: Array<Range | null> = [];
let byVerdict = new Map<Verdict, Range[]>();

/**
 * The claims of a page marked in their verdicts' colours; with `append`, added to the marks already
 * there (a check marks each verdict as it settles). Returns how many are marked in all.
 */
export function markClaims(
  doc: Document,
  /** `unchecked`: found (so that scrolling to it works) but never marked as checked. */
  claims: Array<QuoteSelector & { verdict: Verdict | 'unchecked' }>,
  append = false,
): { marked: number } {
  if (!append) clearClaimMarks(doc);
  if (typeof CSS === 'undefined' || !('highlights' in CSS)) return { marked: 0 };
  if (!sheet) {
    // An adopted stylesheet: no node is added to the page for the colours.
    sheet = new CSSStyleSheet();
    sheet.replaceSync(
      (Object.keys(VERDICT_HIGHLIGHTS) as Verdict[])
        .map((v) => `::highlight(${VERDICT_HIGHLIGHTS[v]}) { background-color: ${COLOURS[v]}; }`)
        .join('\n'),
    );
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  }
  const page = readPageText(doc);
  for (const claim of claims) {
    const found = anchorIn(doc, page, claim);
    marked.push(found ? found.ranges[0]! : null);
    if (found && claim.verdict !== 'unchecked')
      byVerdict.set(claim.verdict, [...(byVerdict.get(claim.verdict) ?? []), ...found.ranges]);
  }
  for (const [verdict, ranges] of byVerdict) CSS.highlights.set(VERDICT_HIGHLIGHTS[verdict], new Highlight(...ranges));
  return { marked: marked.filter(Boolean).length };
}

/** Scrolls the page to the n-th claim of the list marked (false when it was not found in the page). */
export function scrollToClaim(doc: Document, index: number): boolean {
  const range = marked[index];
  const view = doc.defaultView;
  if (!range || !view) return false;
  const rect = range.getBoundingClientRect();
  view.scrollTo({ top: view.scrollY + rect.top - view.innerHeight / 2 + rect.height / 2, behavior: 'instant' });
  return true;
}

/** Removes the verdict highlights. */
export function clearClaimMarks(doc: Document): void {
  if (typeof CSS !== 'undefined' && 'highlights' in CSS)
    for (const name of Object.values(VERDICT_HIGHLIGHTS)) CSS.highlights.delete(name);
  marked = [];
  byVerdict = new Map();
  void doc;
}
