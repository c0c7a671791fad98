import { Readability } from '@mozilla/readability';
import type { Citation, Page, PageLink } from '../shared/types';
import { buildTextMap, isHiddenByMarkup, type DomNodeLike } from '../text/text-map';
import { sha256Hex } from '../text/hash';
import { findDocumentDate, openingTextDate } from '../dates/dates';
import {
  FOOTNOTE_MARKER_HTML,
  footnoteMarkers,
  inlineLinks,
  readFootnoteTargets,
  relocateLinks,
  type FootnoteTarget,
} from './footnotes';
import { removeReferenceLists } from './reference-lists';
import { BOILERPLATE_RULES, findBoilerplate, type BoilerplateRule } from './boilerplate';
import { findLeadCandidates, restoreLead, type LeadCandidates } from './lead';
import { readClaimReviews } from './claim-review';
import type { ClaimReview } from '../shared/claim-review-schema';
import { MIN_PROSE, missesProse, readByDensity, recoverProse } from './density';
import { readMarkupRoles, type MarkupRoles } from './markup-roles';

/** Parses HTML into a Document: DOMParser in a page, linkedom in the worker and in Node. */
export type ParseHtml = (html: string, url: string) => Document;

export interface ExtractInput {
  html: string;
  /** Final URL of the document. */
  url: string;
  /** HTTP Last-Modified header, when there was one. */
  lastModified: string | null;
  retrievedAt: string;
  origin: Page['origin'];
  tabId?: number;
}

/** How to extract; the defaults are what the extension does. */
export interface ExtractOptions {
  /** The boilerplate rules applied after Readability (default BOILERPLATE_RULES; the evaluation leaves some out to measure each). */
  boilerplateRules?: readonly BoilerplateRule[];
  /** Whether the prose Readability left out of the density reading's main content comes back (default true). */
  recoverProse?: boolean;
}

/** A page plus what extraction measured. */
export interface Extraction {
  page: Page;
  /** Readability found an article (false: we fell back to the page's visible text). */
  readable: boolean;
  /** What the markup says texts are (captions, headings, code, bylines, dates, bios) and the page's genre. */
  roles?: MarkupRoles;
}

/** Visible text of a DOM subtree, with block boundaries as "\n". */
export function visibleText(root: DomNodeLike): string {
  return buildTextMap(root, { isHidden: isHiddenByMarkup }).text;
}

/**
 * Element nesting beyond which Readability is not run. Readability over linkedom slows down
 * steeply with depth (about 0.3 s at 200 levels, 2 s at 500, 50 s at 2,000, then a stack overflow),
 * and linkedom, unlike a browser's parser, never caps depth; the corpus pages reach 38 levels.
 */
const MAX_READABLE_DEPTH = 200;

/** Whether any element of `root` is nested deeper than `limit` (stops as soon as one is). */
function nestedDeeperThan(root: Element, limit: number): boolean {
  // Sibling pointers, not `children`: linkedom builds a new list for each `children` read.
  let el: Element | null = root;
  let depth = 1;
  while (el) {
    if (depth > limit) return true;
    const first: Element | null = el.firstElementChild;
    if (first) {
      el = first;
      depth++;
      continue;
    }
    while (el && el !== root && !el.nextElementSibling) {
      el = el.parentElement;
      depth--;
    }
    el = el && el !== root ? el.nextElementSibling : null;
  }
  return false;
}

/** Hidden by markup, or one of the boilerplate elements (left out of the text, kept in the DOM). */
function hiddenOr(boilerplate: Set<Element>): (el: DomNodeLike) => boolean {
  if (boilerplate.size === 0) return isHiddenByMarkup;
  return (el) => boilerplate.has(el as unknown as Element) || isHiddenByMarkup(el);
}

/** The value of `f`, or `fallback` when it throws: one odd page must not stop a whole answer. */
function attempt<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}

/**
 * Main content of an HTML document with Readability, its publication date with the date's source,
 * and a SHA-256 of the text. Readability's article gets back the lead it left out (lead.ts) and
 * loses the boilerplate it kept (boilerplate.ts, issue #24), which stays in the DOM but out of the
 * text. Falls back to the page's visible text, less its boilerplate, when Readability finds nothing.
 * Never throws on bad markup: each step that can fail on a hostile page (parsing, Readability,
 * date finding) falls back on its own, at worst to an empty text that selection then drops.
 */
export async function extractPage(input: ExtractInput, parseHtml: ParseHtml, options: ExtractOptions = {}): Promise<Extraction> {
  const rules = options.boilerplateRules ?? BOILERPLATE_RULES;
  const doc = attempt<Document | null>(() => parseHtml(input.html, input.url), null);
  const docTitle = attempt(() => doc?.title ?? '', '');
  // Dates are read before Readability, which rewrites the document.
  const documentDate = doc
    ? attempt(
        () =>
          findDocumentDate(doc as unknown as Parameters<typeof findDocumentDate>[0], input.lastModified, {
            url: input.url,
            readAt: input.retrievedAt,
          }),
        null,
      )
    : null;
  // Footnotes are read before Readability too: it strips the classes that mark links as external.
  const footnotes =
    doc && (input.html.includes('cite_note') || FOOTNOTE_MARKER_HTML.test(input.html))
      ? attempt(() => readFootnoteTargets(doc, input.url), new Map<string, FootnoteTarget>())
      : new Map<string, FootnoteTarget>();
  // ClaimReview markup is read before Readability too: it removes the JSON-LD scripts (issue #26).
  const claimReviews =
    doc && /claimreview/i.test(input.html) ? attempt<ClaimReview[]>(() => readClaimReviews(doc, input.url), []) : [];
  // Markup roles too: Readability drops the classes and metadata that say what a text is.
  const roles = doc ? attempt<MarkupRoles>(() => readMarkupRoles(doc), { texts: {} }) : { texts: {} };
  // Then the reference lists go: their entries are where statements come from, not statements.
  // (Each list's class names are in the markup: a page without them has none.)
  if (doc && /references|reflist|refbegin/.test(input.html)) attempt(() => removeReferenceLists(doc), 0);
  if (doc && input.html.includes('mjx-container')) attempt(() => keepMathJax(doc), 0);
  // The lead's candidates are read before Readability too: it moves the article's elements away.
  const leads = doc ? attempt<LeadCandidates | null>(() => findLeadCandidates(doc), null) : null;
  // The density reading too, on a copy of its element: Readability rewrites the document.
  const dense = doc?.body && options.recoverProse !== false ? attempt(() => readByDensity(doc.body), null) : null;
  const denseCopy = dense?.main ? attempt(() => dense.main!.cloneNode(true) as Element, null) : null;
  // The article a script draws, in a <noscript>, when it holds more prose than the rest of the page.
  if (doc?.body && NOSCRIPT_PROSE.test(input.html))
    attempt(() => keepNoscriptProse(doc, dense ? dense.pageProse : readByDensity(doc.body).pageProse), 0);
  // Readability's default threshold (500 characters) matters: with a lower one, a short block such
  // as a "printed from" footer passes as the article on the first, strictest attempt.
  const tooDeep = !doc || attempt(() => nestedDeeperThan(doc.documentElement, MAX_READABLE_DEPTH), true);
  // The serializer hands back the article element itself: walking it directly saves serialising
  // the article to HTML and parsing it again.
  const article =
    doc && !tooDeep
      ? attempt(() => new Readability<Element>(doc, { serializer: (el) => el as Element, keepClasses: true }).parse(), null)
      : null;
  let text = '';
  // The text as Readability gave it, before boilerplate goes: a dateline is boilerplate in the text
  // but still the page's date.
  let openingText: () => string = () => text;
  let citations: Citation[] = [];
  let links: PageLink[] = [];
  if (article?.content) {
    const content = article.content;
    if (leads) attempt(() => restoreLead(content, leads), null);
    const boilerplate = new Set(attempt(() => findBoilerplate(content, rules), []));
    const map = attempt(() => buildTextMap(content as unknown as DomNodeLike, { isHidden: hiddenOr(boilerplate) }), null);
    text = map?.text ?? '';
    if (map) citations = attempt(() => footnoteMarkers(content, map, footnotes), []);
    if (map) links = attempt(() => inlineLinks(content, map, input.url), []);
    if (boilerplate.size > 0) openingText = () => attempt(() => visibleText(content as unknown as DomNodeLike), text);
  }
  // Then the prose Readability left out of the density reading's main content comes back (issue #24).
  // Pages with footnote markers keep Readability's text as it is: the markers' offsets are in it.
  // The main content's text, less its boilerplate, is read only when some paragraph may come back.
  if (denseCopy && text.length > 0 && citations.length === 0 && missesProse(dense!, text)) {
    const mainText = () => {
      const boilerplate = new Set(attempt(() => findBoilerplate(denseCopy, rules), []));
      const map = buildTextMap(denseCopy as unknown as DomNodeLike, { isHidden: hiddenOr(boilerplate) });
      return map.text;
    };
    const before = text;
    text = attempt(() => recoverProse(text, denseCopy, mainText, rules), text);
    links = attempt(() => relocateLinks(links, before, text), []);
  }
  const readable = text.length > 0;
  if (!readable) {
    // Readability may have rewritten the document: read the visible text from a fresh parse.
    text = attempt(() => {
      const fresh = parseHtml(input.html, input.url);
      removeReferenceLists(fresh);
      const root = (fresh.body ?? fresh.documentElement) as unknown as Element;
      const boilerplate = new Set(attempt(() => findBoilerplate(root, rules), []));
      const map = buildTextMap(root as unknown as DomNodeLike, { isHidden: hiddenOr(boilerplate) });
      citations = attempt(() => footnoteMarkers(root, map, footnotes), []);
      links = attempt(() => inlineLinks(root, map, input.url), []);
      if (boilerplate.size > 0) openingText = () => attempt(() => visibleText(root as unknown as DomNodeLike), map.text);
      return map.text;
    }, '');
  }
  const published = documentDate ?? openingTextDate(openingText(), input.retrievedAt);
  const page: Page = {
    url: input.url,
    title: (article?.title || docTitle || input.url).trim(),
    text,
    published,
    retrievedAt: input.retrievedAt,
    contentHash: await sha256Hex(text),
    origin: input.origin,
    ...(input.tabId === undefined ? {} : { tabId: input.tabId }),
    ...(citations.length > 0 ? { citations } : {}),
    ...(links.length > 0 ? { links } : {}),
    ...(claimReviews.length > 0 ? { claimReviews } : {}),
  };
  return { page, readable, roles };
}

/**
 * MathJax 3 gives each formula's container its context-menu class ("MathJax CtxtMenu_Attached_0").
 * Readability 0.6.0 reads the "Menu" in it as a menu (one of its unlikely-candidate words) and
 * removes the container before scoring, so every formula vanishes from the text; Readability's own
 * MathJax test page (in ../shared/corpus) expects them kept. Dropping that class first keeps them.
 * Returns how many containers were changed.
 */
export function keepMathJax(doc: Document): number {
  const containers = Array.from(doc.querySelectorAll('mjx-container[class]'));
  for (const el of containers) el.removeAttribute('class');
  return containers.length;
}

/** A <noscript> with a paragraph inside, in the HTML: the cheap test before keepNoscriptProse walks the document's <noscript>s. */
const NOSCRIPT_PROSE = /<noscript\b[^>]*>(?:(?!<\/noscript)[\s\S]){0,3000}?<p[\s>]/i;

/**
 * Some pages draw their article with a script and give its text to readers without scripts in a
 * <noscript>, which Readability removes and the text map skips: the article is then lost. A
 * <noscript> whose paragraphs of prose (MIN_PROSE characters or more) hold more than `pageProse`,
 * the prose of the page outside its <noscript>s, and at least NOSCRIPT_PROSE_CHARS, is replaced by
 * its content; a notice to turn scripts on beside an article is left alone. Returns how many were.
 */
export function keepNoscriptProse(doc: Document, pageProse: number): number {
  let kept = 0;
  for (const el of Array.from(doc.querySelectorAll('noscript'))) {
    let prose = 0;
    for (const p of Array.from(el.querySelectorAll('p'))) {
      const length = (p.textContent ?? '').replace(/\s+/g, ' ').trim().length;
      if (length >= MIN_PROSE) prose += length;
    }
    if (prose < NOSCRIPT_PROSE_CHARS || prose <= pageProse) continue;
    el.replaceWith(...Array.from(el.childNodes));
    kept++;
  }
  return kept;
}

/** Least prose a <noscript> must hold to be the page's text rather than a notice ("Please enable JavaScript…"). */
const NOSCRIPT_PROSE_CHARS = 400;
