import type { QuoteSelector } from '../quotes/find-quote';
import { Highlighter, type HighlightOptions, type HighlightOutcome } from './highlighter';

export { ACTIVE_HIGHLIGHT, CITED_HIGHLIGHT, MARK_ELEMENT, type HighlightOptions, type HighlightOutcome } from './highlighter';

/** One highlighter per document: what it shows, its styles and its watchers. */
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
