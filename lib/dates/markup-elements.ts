/**
 * The elements the date finder reads in a document's markup, found in one pass over it (see
 * `markupElements`).
 */

/** The parts of an element the date finder reads. */
export interface DateElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  /** The nearest ancestor-or-self matching `selector`, as the DOM's Element.closest. */
  closest(selector: string): unknown;
}

/** The parts of a document the date finder reads. */
export interface DateDocument {
  querySelectorAll(selector: string): ArrayLike<DateElement>;
}

/** The parts of an element `markupElements` reads, as the DOM's. */
interface MarkupNode extends DateElement {
  localName: string;
  tagName: string;
  nodeType: number;
  parentNode: MarkupNode | null;
  hasAttributes(): boolean;
  getAttributeNode(name: string): { value: string } | null;
}

/** The selectors the date finder reads the markup with (see `markupElements`). */
const SELECTORS = {
  metas: 'meta[content]',
  labelled:
    'body [itemprop], body [property], time[pubdate], body [class*="publi" i], body [class*="pubdate" i], body [class*="updated" i], body [class*="modified" i], body [class*="changed" i]',
  ldScripts: 'script[type="application/ld+json" i]',
  bodyValues: 'time[datetime], [itemprop][content], [itemprop][datetime]',
  htmlLang: 'html[lang]',
  htmlXmlLang: 'html[xml\\:lang]',
  ogLocale: 'meta[property="og:locale" i]',
  bodies: 'body',
  titles: 'title',
} as const;

/** What each of `SELECTORS` finds in a document, in document order. */
export type MarkupElements = Record<keyof typeof SELECTORS, DateElement[]>;

/** The class words of the `labelled` selector, as its `[class*="…" i]` parts test them. */
const LABELLED_CLASS = /publi|pubdate|updated|modified|changed/i;

/**
 * CSS's case-insensitive `[name="value" i]`, as css-select tests it: the same length, and equal
 * lower-cased.
 */
const equalsIgnoringCase = (attribute: string | null | undefined, value: string) =>
  attribute != null && attribute.length === value.length && attribute.toLowerCase() === value;

/** Whether `el` has an ancestor element named body (CSS's `body el`). */
function inBody(el: MarkupNode): boolean {
  for (let p = el.parentNode; p && p.nodeType === 1; p = p.parentNode) if (p.localName.toLowerCase() === 'body') return true;
  return false;
}

/**
 * The elements each of the date finder's selectors finds (`SELECTORS`), in document order: one
 * `querySelectorAll('*')` of a linkedom HTML document, each element then tested as css-select tests
 * it (names lower-cased, attribute names as parsed), instead of a pass over the whole document per
 * selector. A document of another kind (XML, or not linkedom's) is read with each selector itself.
 */
export function markupElements(doc: DateDocument): MarkupElements {
  const html = (doc as unknown as { documentElement?: MarkupNode | null }).documentElement;
  // linkedom writes an HTML document's tag names in capitals (an XML document's as written).
  const walkable = html && html.tagName === 'HTML' && html.localName === 'html' && typeof html.getAttributeNode === 'function';
  if (!walkable) {
    const all = (selector: string) => Array.from(doc.querySelectorAll(selector));
    return {
      metas: all(SELECTORS.metas),
      labelled: all(SELECTORS.labelled),
      ldScripts: all(SELECTORS.ldScripts),
      bodyValues: all(SELECTORS.bodyValues),
      htmlLang: all(SELECTORS.htmlLang),
      htmlXmlLang: all(SELECTORS.htmlXmlLang),
      ogLocale: all(SELECTORS.ogLocale),
      bodies: all(SELECTORS.bodies),
      titles: all(SELECTORS.titles),
    };
  }
  const found: MarkupElements = {
    metas: [],
    labelled: [],
    ldScripts: [],
    bodyValues: [],
    htmlLang: [],
    htmlXmlLang: [],
    ogLocale: [],
    bodies: [],
    titles: [],
  };
  const elements = doc.querySelectorAll('*') as unknown as ArrayLike<MarkupNode>;
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i]!;
    const name = el.localName.toLowerCase();
    if (name === 'body') found.bodies.push(el);
    else if (name === 'title') found.titles.push(el);
    if (!el.hasAttributes()) continue;
    if (name === 'meta') {
      if (el.getAttributeNode('content')) found.metas.push(el);
      if (equalsIgnoringCase(el.getAttributeNode('property')?.value, 'og:locale')) found.ogLocale.push(el);
    } else if (name === 'script') {
      if (equalsIgnoringCase(el.getAttributeNode('type')?.value, 'application/ld+json')) found.ldScripts.push(el);
    } else if (name === 'html') {
      if (el.getAttributeNode('lang')) found.htmlLang.push(el);
      if (el.getAttributeNode('xml:lang')) found.htmlXmlLang.push(el);
    }
    const itemprop = el.getAttributeNode('itemprop') !== null;
    const time = name === 'time';
    if (
      (time && el.getAttributeNode('pubdate')) ||
      ((itemprop || el.getAttributeNode('property') || LABELLED_CLASS.test(el.getAttributeNode('class')?.value ?? '')) &&
        inBody(el))
    )
      found.labelled.push(el);
    if (
      (time && el.getAttributeNode('datetime')) ||
      (itemprop && (el.getAttributeNode('content') || el.getAttributeNode('datetime')))
    )
      found.bodyValues.push(el);
  }
  return found;
}
