/**
 * A second reading of a page's main content, by text density (issue #24), beside Readability's:
 * the way boilerpipe and trafilatura find an article, by where the page's paragraphs are. A
 * paragraph is a block's own text (its inline text, nested blocks apart); a paragraph of prose is
 * long and hardly linked. The main content is the smallest element that holds most of the page's
 * prose, outside the page's frame (navigation, asides, footers, forms). Markup and lengths only.
 */

import { isHiddenByMarkup, SKIPPED, type DomNodeLike } from '../text/text-map';
import { markupWords, type BoilerplateRule } from './boilerplate';
import { collapse, paragraphFinder } from './paragraph-finder';

/** Elements that hold a paragraph of their own (their inline text is one block of text). */
const PARAGRAPH_TAGS = new Set([
  'P',
  'LI',
  'TD',
  'TH',
  'DD',
  'DT',
  'BLOCKQUOTE',
  'PRE',
  'DIV',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'FIGCAPTION',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'CENTER',
  'BODY',
]);

/** Headings hold a block of their own but are never prose: a title, however long, is not a paragraph of the article. */
const HEADING_TAGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/** The page's frame: never where the main content is. */
const FRAME_TAGS = new Set(['NAV', 'ASIDE', 'FOOTER', 'FORM', 'DIALOG', 'MENU', 'BUTTON', 'LABEL', 'HEADER']);
const FRAME_ROLES = /^(?:navigation|complementary|contentinfo|dialog|alertdialog|search|menu|menubar|banner)$/;

/** Shortest paragraph of prose, in collapsed characters: a sentence or two, not a menu item or a label. */
export const MIN_PROSE = 80;
/** Highest share of a paragraph of prose in links: prose links a few words, a teaser links all of them. */
export const MAX_PROSE_LINKS = 0.3;
/** Share of the page's prose the main content holds: most of it, not a section of it. */
export const MAIN_SHARE = 0.75;

/** How much larger than Readability's text and a paragraph the element holding both may be (see nearKept). */
export const NEAR_FACTOR = 2;

/** What the walk measured of one element. */
interface Measure {
  /** Collapsed inline text length not yet given to a paragraph (flows up to the nearest paragraph element). */
  inline: number;
  /** Of that, the part inside links. */
  inlineLinks: number;
  /** Prose characters inside the element. */
  prose: number;
}

const collapsedLength = (s: string) => {
  const t = s.replace(/\s+/g, ' ');
  return t === ' ' ? 0 : t.length;
};

function isFrame(el: Element): boolean {
  if (FRAME_TAGS.has(el.tagName)) return true;
  const role = el.getAttribute('role');
  return role !== null && FRAME_ROLES.test(role);
}

/** Measures `el` and its subtree (children first), storing each element's measure in `out`. */
function measure(root: Element, out: Map<Element, Measure>, prose?: Element[]): Measure {
  // Iterative post-order walk: pages nest deeply and recursion would overflow.
  const stack: Array<[Element, boolean]> = [[root, false]];
  while (stack.length > 0) {
    const [el, done] = stack.pop()!;
    if (!done) {
      stack.push([el, true]);
      for (let c = el.lastElementChild; c; c = c.previousElementSibling) {
        if (SKIPPED.has(c.tagName) || isFrame(c) || isHiddenByMarkup(c as unknown as DomNodeLike)) continue;
        stack.push([c, false]);
      }
      continue;
    }
    const m: Measure = { inline: 0, inlineLinks: 0, prose: 0 };
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) m.inline += collapsedLength(n.textContent ?? '');
      else if (n.nodeType === 1) {
        const c = out.get(n as Element);
        if (!c) continue;
        m.inline += c.inline;
        m.inlineLinks += c.inlineLinks;
        m.prose += c.prose;
      }
    }
    if (el.tagName === 'A') m.inlineLinks = m.inline;
    if (PARAGRAPH_TAGS.has(el.tagName)) {
      if (!HEADING_TAGS.has(el.tagName) && m.inline >= MIN_PROSE && m.inlineLinks <= MAX_PROSE_LINKS * m.inline) {
        m.prose += m.inline;
        prose?.push(el);
      }
      m.inline = 0;
      m.inlineLinks = 0;
    }
    out.set(el, m);
  }
  return out.get(root)!;
}

/** What the density reading found: the main content's element and the page's prose length. */
export interface DensityReading {
  /** The smallest element holding MAIN_SHARE of the page's prose, or null when the page has none. */
  main: Element | null;
  /** Prose characters in `main`. */
  mainProse: number;
  /** Prose characters in the whole body. */
  pageProse: number;
  /** The whitespace-collapsed text of each paragraph of prose in `main`, in document order. */
  mainParagraphs: string[];
}

/** The density reading of a document's body. One walk over its elements. */
export function readByDensity(body: Element): DensityReading {
  const measures = new Map<Element, Measure>();
  const prose: Element[] = [];
  const total = measure(body, measures, prose).prose;
  if (total === 0) return { main: null, mainProse: 0, pageProse: 0, mainParagraphs: [] };
  let main = body;
  for (;;) {
    let next: Element | null = null;
    for (let c = main.firstElementChild; c; c = c.nextElementSibling) {
      const m = measures.get(c);
      if (m && m.prose >= MAIN_SHARE * total) next = c;
    }
    if (!next) break;
    main = next;
  }
  const mainParagraphs = prose.filter((el) => main.contains(el)).map((el) => collapse(el.textContent ?? ''));
  return { main, mainProse: measures.get(main)!.prose, pageProse: total, mainParagraphs };
}

/**
 * A test of whether a paragraph is near the prose Readability kept: the smallest element holding
 * both is at most `factor` times the text they make together (a paragraph of the same article, not
 * of another column of the page). When Readability kept no prose at all, every paragraph is near.
 */
function nearKept(prose: Element[], inText: boolean[], haveLength: number, factor: number): (el: Element) => boolean {
  const keptEls = prose.filter((_, i) => inText[i]);
  if (keptEls.length === 0) return () => true;
  const lengths = new Map<Element, number>();
  const lengthOf = (el: Element) => {
    let n = lengths.get(el);
    if (n === undefined) lengths.set(el, (n = collapse(el.textContent ?? '').length));
    return n;
  };
  let root: Element = keptEls[0]!;
  for (const el of keptEls) while (!root.contains(el) && root.parentElement) root = root.parentElement;
  return (el) => {
    let lca: Element = root;
    while (!lca.contains(el) && lca.parentElement) lca = lca.parentElement;
    return lengthOf(lca) <= factor * (haveLength + lengthOf(el));
  };
}

/**
 * Whether `el` sits where prose is not the article's: in a link or a list item (a teaser's or a
 * gallery's text, a comment of a list), or in an element a markup boilerplate rule names (comments,
 * related, share...), however much of the page that element holds.
 */
function framed(el: Element, main: Element, rules: readonly BoilerplateRule[]): boolean {
  const markup = rules.filter((r) => r.on === 'markup');
  for (let up: Element | null = el; up && up !== main; up = up.parentElement) {
    if (up.tagName === 'A' || up.tagName === 'LI') return true;
    const seen = { words: markupWords(up), text: '' };
    if (markup.some((r) => r.test(up!, seen))) return true;
  }
  return false;
}

/**
 * Whether `el` sits in one of a run of like units (comments, posts of a list, teaser cards): an
 * ancestor under `main` with a sibling of the same tag and class that holds text Readability kept.
 * Readability took one unit; the others are other comments or articles, not the rest of this one.
 */
function inRepeatedUnit(el: Element, main: Element, kept: Set<Element>): boolean {
  for (let up = el.parentElement; up && up !== main; up = up.parentElement) {
    const cls = up.getAttribute('class');
    if (!cls || kept.has(up)) continue;
    for (const sib of Array.from(up.parentElement?.children ?? []))
      if (sib !== up && sib.tagName === up.tagName && sib.getAttribute('class') === cls) return true;
  }
  return false;
}

/** Whether some paragraph of the density reading's main content is missing from `text` (the cheap test before recoverProse). */
export function missesProse(reading: DensityReading, text: string): boolean {
  if (reading.mainParagraphs.length === 0) return false;
  const have = paragraphFinder(text);
  return reading.mainParagraphs.some((p) => !have.includes(p));
}

/**
 * Readability's text with the paragraphs of prose it left out of the density reading's main
 * content put back, each after the line it follows there. Only prose comes back (long, hardly
 * linked paragraphs, not left out as boilerplate): what Readability drops around an article is
 * mostly short lines (menus, teasers, labels), and what it drops inside one is mostly prose.
 * `mainText` is the main content's text with its boilerplate left out, `main` its element; given as
 * a function, it is read only when some paragraph may come back (on most pages none does).
 */
export function recoverProse(
  text: string,
  main: Element,
  mainText: string | (() => string),
  rules: readonly BoilerplateRule[] = [],
): string {
  const prose: Element[] = [];
  measure(main, new Map(), prose);
  if (prose.length === 0) return text;
  const have = paragraphFinder(text);
  // A paragraph comes back only beside one Readability kept: in the same parent element.
  const texts = prose.map((el) => collapse(el.textContent ?? ''));
  const inText = texts.map((t) => have.includes(t));
  const kept = new Set<Element>();
  prose.forEach((el, i) => {
    if (!inText[i]) return;
    for (let up: Element | null = el; up && up !== main && !kept.has(up); up = up.parentElement) kept.add(up);
  });
  const near = nearKept(prose, inText, have.collapsed.length, NEAR_FACTOR);
  const proseTexts = new Set(
    texts.filter(
      (t, i) => !inText[i] && near(prose[i]!) && !inRepeatedUnit(prose[i]!, main, kept) && !framed(prose[i]!, main, rules),
    ),
  );
  if (proseTexts.size === 0) return text;
  const lines = text.split('\n');
  const at = new Map<string, number>();
  lines.forEach((l, i) => at.set(collapse(l), i));
  const after = new Map<number, string[]>();
  let anchor = -1;
  for (const raw of (typeof mainText === 'string' ? mainText : mainText()).split('\n')) {
    const line = collapse(raw);
    if (line === '') continue;
    const i = at.get(line);
    if (i !== undefined) anchor = i;
    else if (proseTexts.has(line) && !have.includes(line)) {
      const list = after.get(anchor);
      if (list) list.push(line);
      else after.set(anchor, [line]);
    }
  }
  if (after.size === 0) return text;
  const out: string[] = [...(after.get(-1) ?? [])];
  lines.forEach((l, i) => out.push(l, ...(after.get(i) ?? [])));
  return out.join('\n');
}
