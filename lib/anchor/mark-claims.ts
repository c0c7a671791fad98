import { anchorIn, readPageText } from './highlight';
import type { QuoteSelector } from './find-quote';

/** A verdict's named CSS highlight; the colours are in the stylesheet below and the page legend. */
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
const LABELS: Record<Verdict, string> = {
  supported: 'supported',
  contradicted: 'contradicted',
  'not-found': 'not found',
  mixed: 'mixed',
};

let sheet: CSSStyleSheet | null = null;
let legend: HTMLElement | null = null;
let marked: Range[] = [];

/** The claims of a page marked in their verdicts' colours; returns how many were found. */
export function markClaims(doc: Document, claims: Array<QuoteSelector & { verdict: Verdict }>): { marked: number } {
  clearClaimMarks(doc);
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
  const byVerdict = new Map<Verdict, Range[]>();
  marked = [];
  for (const claim of claims) {
    const found = anchorIn(doc, page, claim);
    if (!found) continue;
    marked.push(found.ranges[0]!);
    byVerdict.set(claim.verdict, [...(byVerdict.get(claim.verdict) ?? []), ...found.ranges]);
  }
  for (const [verdict, ranges] of byVerdict) CSS.highlights.set(VERDICT_HIGHLIGHTS[verdict], new Highlight(...ranges));
  showLegend(doc, [...byVerdict.keys()]);
  return { marked: marked.length };
}

/** Scrolls the page to the n-th marked claim. */
export function scrollToClaim(doc: Document, index: number): boolean {
  const range = marked[index];
  const view = doc.defaultView;
  if (!range || !view) return false;
  const rect = range.getBoundingClientRect();
  view.scrollTo({ top: view.scrollY + rect.top - view.innerHeight / 2 + rect.height / 2, behavior: 'instant' });
  return true;
}

/** Removes the verdict highlights and the legend. */
export function clearClaimMarks(doc: Document): void {
  if (typeof CSS !== 'undefined' && 'highlights' in CSS)
    for (const name of Object.values(VERDICT_HIGHLIGHTS)) CSS.highlights.delete(name);
  legend?.remove();
  legend = null;
  marked = [];
  void doc;
}

/** A small legend in a closed shadow root, so the page's styles and scripts cannot reach into it. */
function showLegend(doc: Document, verdicts: Verdict[]) {
  if (verdicts.length === 0) return;
  const host = doc.createElement('spanlight-legend');
  const root = host.attachShadow({ mode: 'closed' });
  const box = doc.createElement('div');
  box.setAttribute('role', 'note');
  box.setAttribute('aria-label', 'Spanlight fact-check legend');
  box.style.cssText =
    'position:fixed;right:12px;bottom:12px;z-index:2147483647;background:#fff;color:#111;font:12px/1.4 system-ui,sans-serif;border:1px solid #999;border-radius:6px;padding:6px 8px;box-shadow:0 1px 4px rgba(0,0,0,.2)';
  box.append(Object.assign(doc.createElement('strong'), { textContent: 'Spanlight: ' }));
  for (const v of verdicts) {
    const item = doc.createElement('span');
    item.style.cssText = `background:${COLOURS[v]};padding:0 4px;margin-left:4px;border-radius:3px`;
    item.textContent = LABELS[v];
    box.append(item);
  }
  root.append(box);
  doc.documentElement.append(host);
  legend = host;
}
