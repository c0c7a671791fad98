/**
 * Boilerplate that Readability keeps and the best extractors drop: comment threads, related-article
 * lists, share bars, author boxes, notices, image credits, bylines and datelines, tag lists. Each
 * rule is a small named test on one element, about markup, link density or a line's text in four
 * languages, never about a site; findBoilerplate walks a tree once for the outermost elements.
 */

import {
  AD_LINE,
  CALENDAR_DATE,
  CONTROL_LINE,
  COPYRIGHT_HINT,
  COPYRIGHT_LINE,
  CREDIT_LINE,
  CREDIT_MARK,
  DATE_LINE,
  NEWSLETTER_HINT,
  NEWSLETTER_LINE,
  READ_ALSO_HEADING,
  READ_ALSO_LINE,
  SHARE_LINE,
  SLASH_CREDIT,
} from './boilerplate-phrases';
import { FIGURE_SHARE, isFigure } from './figures';

/** One rule: its name (for tests and the evaluation's ablation), why it exists, and its test. */
export interface BoilerplateRule {
  /** kebab-case id, as tests and `scripts/eval-extraction.ts --without` name the rule. */
  name: string;
  /** Why this is boilerplate, in one line. */
  why: string;
  /** Which elements the rule looks at: every element (`markup`), or only lines (`line`, see findBoilerplate). */
  on: 'markup' | 'line';
  /** Whether `el` is boilerplate. */
  test: (el: Element, seen: Seen) => boolean;
  /** For a heading-like match: also drop the link lists right after it (the list the heading introduces). */
  withFollowingLinks?: boolean;
  /** Largest share of the tree's text the rule's matches together may hold (default MAX_SHARE). */
  maxShare?: number;
}

/** What the walk computed once for the element under test. */
export interface Seen {
  /** Its class, id and role words (see markupWords). */
  words: string;
  /** For a line, its whitespace-collapsed text; otherwise ''. */
  text: string;
}

/** Elements that hold lines of text (an element of these with no block inside is a "line"). */
const LINE_TAGS = new Set(
  'P LI FIGURE H1 H2 H3 H4 H5 H6 DT DD BLOCKQUOTE FIGCAPTION DIV SECTION TD TH HEADER CAPTION'.split(' '),
);
/** Block elements: an element containing one of these is not a line. */
const BLOCK_TAGS = new Set([
  ...LINE_TAGS,
  ...'UL OL DL TABLE TBODY THEAD TFOOT TR FORM FIELDSET FIGURE ARTICLE ASIDE NAV FOOTER MAIN PRE HR ADDRESS DETAILS'.split(' '),
]);

/**
 * The words of an element's class, id and role, lower-cased and joined by '-' with a '-' at each end
 * ("commentList item_2" → "-comment-list-item-2-"), so a rule matches whole words with `-word-`.
 */
export function markupWords(el: Element): string {
  if (!el.hasAttributes()) return '';
  const raw = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''} ${el.getAttribute('role') ?? ''}`;
  const words = raw
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return words === '' ? '' : `-${words}-`;
}

/** A markup rule from a pattern of words (see markupWords). */
const byWords =
  (pattern: RegExp) =>
  (_el: Element, { words }: Seen): boolean =>
    words !== '' && pattern.test(words);

/** Share of an element's text that sits in links, 0–1. */
export function linkDensity(el: Element, textLength = collapse(el.textContent ?? '').length): number {
  if (textLength === 0) return 0;
  let inLinks = 0;
  for (const a of Array.from(el.querySelectorAll('a'))) inLinks += collapse(a.textContent ?? '').length;
  return Math.min(1, inLinks / textLength);
}

/** Whitespace collapsed and trimmed. */
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Longest line the text rules look at: boilerplate lines are short, paragraphs of prose are not. */
const SHORT_LINE = 200;

/** Longest caption that a credit marks as one: a few sentences about a picture; a longer box is not one picture's caption. */
const MAX_CREDITED_CAPTION = 600;

/** The rules, in the order they are tried (markup rules, then line rules). */
export const BOILERPLATE_RULES: readonly BoilerplateRule[] = [
  {
    name: 'navigation-elements',
    why: 'nav, aside, footer, form, dialog and menu elements (and their ARIA roles) frame an article, never are it',
    on: 'markup',
    test: (el) =>
      /^(?:NAV|ASIDE|FOOTER|FORM|DIALOG|MENU|BUTTON|LABEL)$/.test(el.tagName) ||
      /^(?:navigation|complementary|contentinfo|dialog|alertdialog|search|menu|menubar)$/.test(el.getAttribute('role') ?? ''),
  },
  {
    name: 'comment-threads',
    why: 'readers’ comments are not the article; Readability keeps them when a word like "content" rescues their box',
    on: 'markup',
    test: byWords(
      /-(?:comments?|comment-(?:list|area|section|form|respond|body|content|text)|commentlist|disqus|respond|replies|reply)-/,
    ),
  },
  {
    name: 'related-lists',
    why: 'related, recommended and most-read boxes point to other articles',
    on: 'markup',
    test: byWords(
      /-(?:related|relations|similar|recommend(?:ed|ations?)?|more-(?:stories|articles|news|posts)|read-(?:more|also|next)|also-read|most-(?:read|popular|viewed)|popular|trending|next-post|prev-post|outbrain|taboola)-/,
    ),
  },
  {
    name: 'teasers',
    why: 'a teaser made of links announces another article (the page’s own teaser, its lead, has no links)',
    on: 'markup',
    test: (el, { words }) => /-teasers?-/.test(words) && (el.closest('a') !== null || el.querySelector('a') !== null),
  },
  {
    name: 'share-bars',
    why: 'share and follow buttons and their labels',
    on: 'markup',
    test: byWords(/-(?:share|shares|sharing|social|sociable|shariff|addthis|addtoany|sharethis|follow-us)-/),
  },
  {
    name: 'newsletter-and-cookie-boxes',
    why: 'newsletter sign-ups, subscription pitches, cookie and consent notices',
    on: 'markup',
    test: byWords(/-(?:newsletter|subscribe|subscription|signup|sign-up|optin|opt-in|cookies?|consent|gdpr|paywall)-/),
  },
  {
    name: 'author-boxes',
    why: 'the author’s biography and the byline say who wrote the article, not what it says',
    on: 'markup',
    test: byWords(
      /-(?:author|authors|author-(?:box|bio|info|about|profile|card)|about-(?:the-)?author|bio|biography|byline|vcard)-/,
    ),
  },
  {
    name: 'tag-lists',
    why: 'tag and category lists are navigation',
    on: 'markup',
    test: byWords(/-(?:tags|tag-(?:list|cloud|links)|tagcloud|taglist|keywords|categories|breadcrumbs?)-/),
  },
  {
    name: 'image-credits',
    why: 'a credit or copyright note names who took a picture',
    on: 'markup',
    test: byWords(/-(?:credits?|copyright|photo-credit|image-credit|img-credit|photographer)-/),
  },
  {
    name: 'caption-credits',
    why: 'a caption that credits the picture ("Bild: …", "©", "Foto: …", "/Reuters") is the picture’s credit line',
    on: 'markup',
    test: (el, { words }) => {
      if (el.tagName !== 'FIGCAPTION' && !/-(?:caption|captions|wp-caption-text|legend)-/.test(words)) return false;
      if (el.querySelector('h1, h2, h3, h4, h5, h6')) return false;
      const text = collapse(el.textContent ?? '');
      return text.length <= MAX_CREDITED_CAPTION && (CREDIT_MARK.test(text) || SLASH_CREDIT.test(text));
    },
  },
  {
    name: 'figures',
    why: 'a picture with its caption illustrates the article and is not its text (trafilatura leaves figures out)',
    on: 'markup',
    test: (el, { words }) => isFigure(el, words),
    maxShare: FIGURE_SHARE,
  },
  {
    name: 'datelines',
    why: 'a dateline or the article’s metadata line says when and by whom, which the page’s date already holds',
    on: 'markup',
    test: (el, { words }) =>
      (el.tagName === 'TIME' && CALENDAR_DATE.test(el.getAttribute('datetime') ?? el.textContent ?? '') && standsAlone(el)) ||
      // A line of metadata stands alone: a metadata class on a name in the prose ("<a class="meta-per">")
      // does not make it one.
      (/-(?:meta|metadata|postmetadata|post-meta|entry-meta|article-meta|timestamp|post-date|entry-date|pubdate)-/.test(words) &&
        standsAlone(el)),
  },
  {
    name: 'widgets',
    why: 'ratings, tables of contents, print buttons and disclaimers are the page’s furniture',
    on: 'markup',
    test: byWords(/-(?:rating|ratings|post-ratings|toc|table-of-contents|print-(?:button|link)|printfriendly|disclaimer)-/),
  },
  {
    name: 'inset-boxes',
    why: 'a fact box, info box or inline teaser set into the article is a side note or an advert for another page, not its text',
    on: 'markup',
    test: (el, { words }) => /-(?:fact-?box|info-?box|inline-?textbox|inline-teaser)-/.test(words) || /-TEASER$/.test(el.tagName),
  },
  {
    name: 'lone-headings',
    why: 'a heading alone in its box, beside an empty list or widget (filled by a script, or emptied as boilerplate), heads nothing of the article',
    on: 'markup',
    test: (el) => {
      if (!/^H[1-6]$/.test(el.tagName)) return false;
      const box = el.parentElement;
      if (!box || box.children.length < 2 || !/\S/.test(el.textContent ?? '')) return false;
      // The box's text is the heading's when nothing else in it has any (read sibling by sibling:
      // the box may be the whole article, read once for each of its headings otherwise).
      for (let n = box.firstChild; n; n = n.nextSibling) if (n !== el && holdsText(n)) return false;
      return true;
    },
  },
  {
    name: 'read-also-lines',
    why: '"Read more: …", "Lesen Sie auch: …", "Lire aussi : …", "Lea también: …" point to another article',
    on: 'line',
    test: (_el, { text }) => text.length <= SHORT_LINE && READ_ALSO_LINE.test(text),
  },
  {
    name: 'read-also-headings',
    why: 'a heading such as "Related stories" or "Mehr zum Thema" introduces a list of other articles',
    on: 'line',
    test: (_el, { text }) => text.length <= 60 && READ_ALSO_HEADING.test(text),
    withFollowingLinks: true,
  },
  {
    name: 'share-lines',
    why: '"Share this article", "Diesen Artikel teilen", "Partager", "Compartir" label share buttons',
    on: 'line',
    test: (_el, { text }) => text.length <= 60 && SHARE_LINE.test(text),
  },
  {
    name: 'newsletter-lines',
    why: 'a short line asking to sign up or subscribe is a pitch, not the article',
    on: 'line',
    test: (_el, { text }) => text.length <= SHORT_LINE && NEWSLETTER_HINT.test(text) && NEWSLETTER_LINE.test(text),
  },
  {
    name: 'copyright-lines',
    why: '"All rights reserved" and reprint notices are about the site',
    on: 'line',
    test: (_el, { text }) => text.length <= 400 && COPYRIGHT_HINT.test(text) && COPYRIGHT_LINE.test(text),
  },
  {
    name: 'ad-lines',
    why: 'a line labelled "Anzeige", "Advertisement", "Publicidad" is an advertisement',
    on: 'line',
    test: (_el, { text }) => text.length <= SHORT_LINE && AD_LINE.test(text),
  },
  {
    name: 'date-lines',
    why: '"Published 3 May 2021" as a line of its own is the page’s date, not a statement',
    on: 'line',
    test: (_el, { text }) => text.length <= 70 && DATE_LINE.test(text),
  },
  {
    name: 'credit-lines',
    why: '"Foto: …", "Photo: …", "© …" lines credit a picture',
    on: 'line',
    test: (_el, { text }) => text.length <= 150 && (CREDIT_LINE.test(text) || (text.length <= 50 && SLASH_CREDIT.test(text))),
  },
  {
    name: 'control-lines',
    why: 'a line that is only a control’s label ("zurück", "Bild anzeigen", "Show more", "Permalink") works the page, says nothing',
    on: 'line',
    test: (_el, { text }) => text.length <= 40 && CONTROL_LINE.test(text),
  },
  {
    name: 'meta-lines',
    why: 'a short line of fields split by "|" or "•" ("Friday | 14 June 2019 | by Jane Doe | 0 comments") is metadata or a menu',
    on: 'line',
    test: (_el, { text }) => {
      if (text.length > 150) return false;
      const fields = text.split(/\s[|•·]\s/);
      return fields.length >= 3 && fields.every((f) => f.length <= 40);
    },
  },
  {
    name: 'pointer-lines',
    why: 'a short line set in italics or bold that ends with a link ("Former US commander: <a>Russia is a threat</a>") points to another article',
    on: 'line',
    test: (el, { text }) => {
      if (text.length > 150) return false;
      const only = el.firstElementChild;
      if (!only || only !== el.lastElementChild || !/^(?:EM|I|STRONG|B)$/.test(only.tagName)) return false;
      if (collapse(only.textContent ?? '') !== text) return false;
      const links = only.querySelectorAll('a');
      if (links.length !== 1) return false;
      const link = collapse(links[0]!.textContent ?? '');
      return link.split(' ').length >= 2 && text.endsWith(link);
    },
  },
  {
    name: 'link-lines',
    why: 'a short line that is nothing but a link points elsewhere ("Here is the programme", a teaser title)',
    on: 'line',
    test: (el, { text }) =>
      text.length <= 100 &&
      text.split(' ').length >= 3 &&
      !/^H[1-6]$/.test(el.tagName) &&
      el.querySelectorAll('a').length === 1 &&
      linkDensity(el, text.length) >= 0.9,
  },
];

/** Whether `el` is not inside a sentence: no text runs on either side of it. */
const standsAlone = (el: Element) => !hasText(el.previousSibling) && !hasText(el.nextSibling);

const hasText = (node: Node | null) => node !== null && node.nodeType === 3 && /\S/.test(node.textContent ?? '');
/** Whether a text node, or an element, holds any text but white space. */
const holdsText = (node: Node) => (node.nodeType === 3 || node.nodeType === 1) && /\S/.test(node.textContent ?? '');

/** Share of the tree's text one element, or all of one rule's matches, may hold: boilerplate is never most of an article. */
const MAX_SHARE = 0.5;

/** Longest raw text of a line the line rules read (none looks at more than 400 collapsed characters). */
const MAX_LINE_RAW = 2000;

/** The elements of `root` that contain a block element (one pass, each ancestor marked once). */
function elementsWithBlocks(root: Element): Set<Element> {
  const withBlocks = new Set<Element>();
  for (const el of Array.from(root.querySelectorAll('*'))) {
    if (!BLOCK_TAGS.has(el.tagName)) continue;
    for (let up = el.parentElement; up && !withBlocks.has(up); up = up === root ? null : up.parentElement) withBlocks.add(up);
  }
  return withBlocks;
}

/**
 * The outermost elements of `root` that the rules call boilerplate. An element holding more than
 * half of the tree's text is never one (the walk looks inside it instead), and a rule whose matches
 * together would hold more than half is not applied to this tree: on a forum the "comments" are the
 * page. One walk; text is read only for lines and for matches, so the work stays linear.
 */
export function findBoilerplate(root: Element, rules: readonly BoilerplateRule[] = BOILERPLATE_RULES): Element[] {
  // Lengths here are raw text lengths (whitespace included): only their ratios matter.
  const total = (root.textContent ?? '').length;
  const limit = MAX_SHARE * total;
  const markupRules = rules.filter((r) => r.on === 'markup');
  const lineRules = rules.filter((r) => r.on === 'line');
  const withBlocks = elementsWithBlocks(root);
  const matched = new Map<BoilerplateRule, { elements: Element[]; length: number }>();
  const taken = new Set<Element>();
  const stack: Array<[Element, boolean]> = [];
  for (let c = root.lastElementChild; c; c = c.previousElementSibling) stack.push([c, false]);
  while (stack.length > 0) {
    const [el, insideLine] = stack.pop()!;
    if (taken.has(el)) continue;
    // A line is a block with no block inside, or an inline element standing alone among blocks
    // (a <span> title before a <ul>).
    const line =
      !insideLine &&
      !withBlocks.has(el) &&
      (LINE_TAGS.has(el.tagName) || (el.parentElement !== null && withBlocks.has(el.parentElement) && standsAlone(el)));
    const raw = line ? (el.textContent ?? '') : null;
    const seen: Seen = { words: markupWords(el), text: raw !== null && raw.length <= MAX_LINE_RAW ? collapse(raw) : '' };
    // An inline element inside a sentence (text on both sides of it) is part of the prose, whatever its
    // markup says ("advances in <a class="…tags…">neuroscience</a>, it has…").
    const inSentence =
      !LINE_TAGS.has(el.tagName) && !BLOCK_TAGS.has(el.tagName) && hasText(el.previousSibling) && hasText(el.nextSibling);
    const rule =
      (inSentence ? undefined : markupRules.find((r) => r.test(el, seen))) ??
      (seen.text !== '' ? lineRules.find((r) => r.test(el, seen)) : undefined);
    const length = rule ? (raw ?? el.textContent ?? '').length : 0;
    if (rule && length <= limit) {
      const m = matched.get(rule) ?? { elements: [], length: 0 };
      m.elements.push(el);
      m.length += length;
      if (rule.withFollowingLinks) {
        // The heading may sit alone in a wrapper; the list it introduces follows the wrapper.
        let from: Element = el;
        while (from.parentElement && from.parentElement !== root && from.parentElement.children.length === 1)
          from = from.parentElement;
        for (let next = from.nextElementSibling; next && linkDensity(next) >= 0.5; next = next.nextElementSibling) {
          taken.add(next);
          m.elements.push(next);
          m.length += (next.textContent ?? '').length;
        }
      }
      matched.set(rule, m);
      continue;
    }
    for (let c = el.lastElementChild; c; c = c.previousElementSibling) stack.push([c, insideLine || line]);
  }
  const out: Element[] = [];
  const refused = [...matched].filter(([rule, m]) => m.length > (rule.maxShare ?? MAX_SHARE) * total).map(([rule]) => rule);
  // A rule refused on this tree hid what lies inside its matches from the other rules: walk again without it.
  if (refused.length > 0)
    return findBoilerplate(
      root,
      rules.filter((r) => !refused.includes(r)),
    );
  for (const m of matched.values()) out.push(...m.elements);
  return out;
}
