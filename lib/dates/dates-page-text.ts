import { BLOCKS as LINE_BLOCKS, SKIPPED as VISIBLE_TEXT_SKIPPED } from '../text/text-map';
import { datesInText, type NumericOrder, type TextDate } from './dates-text';

/** The parts of a DOM node the page-text walk reads (the standard Node interface). */
export interface WalkNode {
  nodeType: number;
  nodeName: string;
  childNodes: ArrayLike<WalkNode>;
  lastChild?: WalkNode | null;
  previousSibling?: WalkNode | null;
  data?: string;
  getAttribute?(name: string): string | null;
  getAttributeNames?(): string[];
  hasAttributes?(): boolean;
}

/** Elements whose text is never visible (the anchoring text map's list), or is not the page's prose. */
const SKIPPED = new Set([...VISIBLE_TEXT_SKIPPED, 'TEXTAREA']);
/** Elements that start and end a line of their own (a label and a date on two lines are unrelated): the text map's. */
const BLOCKS = LINE_BLOCKS;

/** Class and id words of a comment thread: its dates are the readers', not the page's. */
const COMMENT_WORDS =
  /^(?:comments?|comment[-_]?(?:list|body|content|meta|metadata|area|wrapper|section|thread|text|item|entry|author|date|time|container)s?|commentlist|commentmetadata|disqus[-_]?thread|respond|replies)$/i;
/**
 * Class and id words of an element that holds a date or a byline (htmldate's list, in
 * substance): "date", "datum", "time", "published", "posted", "submitted", "byline", "dateline",
 * "meta", "fecha", "parution"…
 */
const DATE_WORDS =
  /date|datum|time|zeit|publi|posted|submitted|byline|dateline|subline|meta|fecha|parution|created|stamp|info|autho|autor/i;
/** Longest text of a date element read for a date: a byline, not a whole teaser list. */
const MAX_ELEMENT_TEXT = 160;

/** A date element's text range in the walked text, and its `datetime` attribute if it has one. */
interface DateSpot {
  start: number;
  end: number;
  datetime: string | null;
}

/** The page's visible text, block by block, without comment threads, and where its date elements are. */
export interface PageText {
  text: string;
  spots: DateSpot[];
  /** Where the `<h1>` elements are in `text`. */
  headings: Array<{ start: number; end: number }>;
  /** Where the `<h2>` elements are in `text`: the title's when no `<h1>` is (see `titleHeading`). */
  subheadings: Array<{ start: number; end: number }>;
  /** Where the tables are in `text` (an infobox's dates are its subject's, not the page's). */
  tables: Array<{ start: number; end: number }>;
}

/**
 * An element's class and id joined by a space, or null when markup hides it (`hidden`,
 * `aria-hidden="true"`, an inline display:none, as text-map reads them). Reads only the attributes
 * the element has: attribute reads are most of the walk's cost in linkedom.
 */
function classAndId(el: WalkNode): string | null {
  // Most elements have no attribute: nothing to list.
  if (el.hasAttributes?.() === false) return '';
  const names = el.getAttributeNames?.() ?? ['class', 'id', 'hidden', 'aria-hidden', 'style'];
  let words = '';
  for (const name of names) {
    if (name === 'class' || name === 'id') words += ` ${el.getAttribute?.(name) ?? ''}`;
    else if (name === 'hidden' && el.getAttribute?.(name) !== null) return null;
    else if (name === 'aria-hidden' && el.getAttribute?.(name) === 'true') return null;
    else if (name === 'style' && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(el.getAttribute?.(name) ?? '')) return null;
  }
  return words;
}

/** Marks the end of an element in the walk: what is known of it when its text is complete. */
interface Exit {
  start: number;
  tag: string;
  date: boolean;
  block: boolean;
  datetime: string | null;
}

/**
 * Walks `root` once: its visible text (blocks on lines of their own) and its date elements. With
 * an explicit stack: linkedom nests without limit, and a recursive walk would overflow on deep markup.
 */
export function walkPageText(root: WalkNode): PageText {
  const parts: string[] = [];
  let length = 0;
  const spots: DateSpot[] = [];
  const headings: PageText['headings'] = [];
  const subheadings: PageText['subheadings'] = [];
  const tables: PageText['tables'] = [];
  const push = (s: string) => {
    parts.push(s);
    length += s.length;
  };
  const stack: Array<WalkNode | Exit> = [root];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (!('nodeType' in item)) {
      if (item.date && length - item.start <= MAX_ELEMENT_TEXT)
        spots.push({ start: item.start, end: length, datetime: item.datetime });
      if (item.tag === 'H1') headings.push({ start: item.start, end: length });
      if (item.tag === 'H2') subheadings.push({ start: item.start, end: length });
      if (item.tag === 'TABLE') tables.push({ start: item.start, end: length });
      if (item.block) push('\n');
      continue;
    }
    const node = item;
    if (node.nodeType === 3) {
      const t = node.data ?? '';
      if (!t) continue;
      // Two elements side by side with no space between ("<span>Tanja Karrasch</span><span>3.11.2023</span>")
      // are two words on the page: a letter run against a figure is spaced.
      if (/^\d/.test(t) && /\p{L}$/u.test(parts[parts.length - 1] ?? '')) push(' ');
      push(t.replace(/\s+/g, ' '));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const tag = node.nodeName.toUpperCase();
    if (SKIPPED.has(tag)) continue;
    const w = classAndId(node);
    if (w === null || (w && w.split(/\s+/).some((x) => COMMENT_WORDS.test(x)))) continue;
    const block = BLOCKS.has(tag);
    if (block) push('\n');
    const date = tag === 'TIME' || DATE_WORDS.test(w);
    stack.push({ start: length, tag, date, block, datetime: tag === 'TIME' ? (node.getAttribute?.('datetime') ?? null) : null });
    if (node.lastChild !== undefined) for (let c = node.lastChild; c; c = c.previousSibling ?? null) stack.push(c);
    else for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
  spots.sort((a, b) => a.start - b.start);
  return { text: parts.join(''), spots, headings, subheadings, tables };
}

/** What the page's text says: its labelled dates and its date elements' dates. */
export interface PageTextDates {
  /** The first date labelled as a publication ("Published 3 March 2024", "Veröffentlicht am 3.3.2024"). */
  published: TextDate | null;
  /** The first date labelled as an update ("Updated 5 March 2024", "Stand: 05.03.2024"). */
  modified: TextDate | null;
  /**
   * Date elements (a `<time>`, a "date" or "byline" element) with a date not labelled as an
   * update: its first date as written, its `datetime` attribute, and how far it stands from the
   * title in characters (Infinity beyond AFTER_TITLE after the `<h1>` or BEFORE_TITLE before it,
   * or without an `<h1>`), and whether it is labelled as a publication; the title's nearest first.
   */
  elements: Array<{ day: string | null; datetime: string | null; distance: number; labelled: boolean }>;
}

/** Longest line a labelled date is read from: a byline, not a sentence that mentions a publication. */
const MAX_LABELLED_LINE = 200;
/**
 * A sentence about the page itself, before its date ("This entry was posted on…", "Dieser Beitrag
 * wurde am … veröffentlicht", blog themes' closing line): its labelled date counts on a long line too.
 */
const SELF_REFERENCE =
  /(?:this (?:entry|post|article) was|dieser (?:beitrag|artikel|eintrag) wurde|cet article a été|esta entrada fue)[^.\n\d]{0,60}$/iu;
/** How far before a date element its label may be ("Last edited: <span class=date>…"). */
const LABEL_CONTEXT = 60;
/** How far from the title a byline is looked for: after it (most pages), and before it. */
const AFTER_TITLE = 1500;
const BEFORE_TITLE = 300;

/** How far from the title a short line is read as its byline, and how short such a line is. */
const AFTER_LINE_WINDOW = 300;
const BEFORE_LINE_WINDOW = 150;
const MAX_BYLINE = 120;

function lineLength(text: string, index: number): number {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  return (end < 0 ? text.length : end) - start;
}

/** Fewest title words an `<h2>` shares to title the page instead of the `<h1>`. */
const MIN_SHARED = 3;

const titleWords = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The heading that titles the page: the `<h1>` whose words the document's `<title>` shares most
 * (a site's logo is often an `<h1>` too), else the first with text; but an `<h2>` that shares more
 * of the title's words (at least MIN_SHARED) when the `<h1>` is only the site's name.
 */
function titleHeading(page: PageText, docTitle: string): { start: number; end: number } | null {
  const inTitle = new Set(titleWords(docTitle));
  const shared = (h: { start: number; end: number }) => {
    const words = titleWords(page.text.slice(h.start, h.end));
    const count = words.filter((w) => inTitle.has(w)).length;
    return { words: words.length, count, share: words.length > 0 ? count / words.length : 0 };
  };
  let best: { start: number; end: number } | null = null;
  let bestShare = -1;
  let bestCount = 0;
  for (const h of page.headings) {
    const { words, count, share } = shared(h);
    if (words === 0) continue;
    if (share > bestShare) [best, bestShare, bestCount] = [h, share, count];
  }
  for (const h of page.subheadings) {
    const { count } = shared(h);
    if (count >= MIN_SHARED && count > bestCount) [best, bestCount] = [h, count];
  }
  return best;
}

/**
 * The dates in the page's text, as `PageTextDates` describes. A page's byline sits next to its
 * title: when the page has an `<h1>`, date elements within AFTER_TITLE characters after it or
 * BEFORE_TITLE before it come first, nearest first; the others follow in document order.
 */
export function pageTextDates(page: PageText, order: NumericOrder, notAfterDay?: string, docTitle = ''): PageTextDates {
  const limit = notAfterDay ? { notAfterDay } : {};
  const { text } = page;
  const labelled = datesInText(text, { order, ...limit }).filter(
    (d) => lineLength(text, d.index) <= MAX_LABELLED_LINE || SELF_REFERENCE.test(text.slice(Math.max(0, d.index - 80), d.index)),
  );
  const found: Array<{ day: string | null; datetime: string | null; start: number; distance: number; labelled: boolean }> = [];
  for (const spot of page.spots) {
    const from = Math.max(0, spot.start - LABEL_CONTEXT);
    const first = datesInText(text.slice(from, spot.end), { order, shortYears: true, ...limit }).find(
      (d) => d.index >= spot.start - from,
    );
    if (first?.label === 'modified' || first?.label === 'accessed' || first?.label === 'event') continue;
    if (spot.datetime || first)
      found.push({
        day: first?.day ?? null,
        datetime: spot.datetime,
        start: spot.start,
        distance: Infinity,
        labelled: first?.label === 'published',
      });
  }
  const t = titleHeading(page, docTitle);
  if (t) {
    // A byline without a date element: a short line with a date right after or before the title,
    // not in a table.
    const from = Math.max(0, t.start - BEFORE_LINE_WINDOW);
    const window = text.slice(from, t.end + AFTER_LINE_WINDOW);
    for (const d of datesInText(window, { order, ...limit })) {
      const at = from + d.index;
      if ((at >= t.start && at < t.end) || (d.label !== null && d.label !== 'published') || lineLength(text, at) > MAX_BYLINE)
        continue;
      if (page.tables.some((r) => at >= r.start && at < r.end)) continue;
      found.push({ day: d.day, datetime: null, start: at, distance: Infinity, labelled: d.label === 'published' });
    }
    const distance = (s: number) =>
      s >= t.end ? (s - t.end <= AFTER_TITLE ? s - t.end : Infinity) : t.start - s <= BEFORE_TITLE ? t.start - s : Infinity;
    for (const f of found) f.distance = distance(f.start);
    found.sort((a, b) => {
      const da = distance(a.start);
      const db = distance(b.start);
      return da === db ? a.start - b.start : da - db;
    });
  }
  return {
    published: labelled.find((d) => d.label === 'published') ?? null,
    modified: labelled.find((d) => d.label === 'modified') ?? null,
    elements: found.map(({ day, datetime, distance, labelled }) => ({ day, datetime, distance, labelled })),
  };
}
