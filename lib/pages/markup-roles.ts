/**
 * What a page's markup says its texts are, for telling claims from what is not one: captions and
 * credits, headings, code, bylines and author boxes, dates, and the page's genre. Read before
 * Readability rewrites the document; kept as the texts themselves (the main text's offsets change
 * after extraction, the words do not), so the claim finder can ask of each sentence whether the
 * markup gave it a role. Tags, attributes and class words only: never a site's name.
 */

/** The roles markup gives to texts that are not claims. */
export type MarkupRole = 'caption' | 'heading' | 'code' | 'byline' | 'dateline' | 'bio';

export interface MarkupRoles {
  /** Each role's texts, as the elements hold them (whitespace collapsed, at most MAX_TEXTS a role). */
  texts: Partial<Record<MarkupRole, string[]>>;
  /** The page's section or genre as its metadata names it (`article:section`, JSON-LD `genre`, `og:type`), lowercased. */
  genre?: string;
}

/**
 * Elements of each role: tags and ARIA/microdata attributes, and the class words such blocks carry.
 * As selectors (what `hasRole` tests, element by element, in one walk of the document):
 *   caption:  figcaption, caption, [class*="caption"], [class*="credit"], [itemprop="caption"]
 *   heading:  h1, h2, h3, h4, h5, h6, [role="heading"]
 *   code:     pre, code, kbd, samp
 *   byline:   address, [rel="author" i], [itemprop="author"], [class*="byline"], [class*="author-name"]
 *   dateline: time, [class*="dateline"], [class*="timestamp"], [itemprop="datePublished"], [itemprop="dateModified"]
 *   bio:      [class*="author-bio"], [class*="author-info"], [class*="bio-"], [class~="bio"], [class*="contributor-bio"]
 * (`rel` is matched without regard to case, as HTML has selectors match it.)
 */
const ROLES: readonly MarkupRole[] = ['caption', 'heading', 'code', 'byline', 'dateline', 'bio'];
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const CODE_TAGS = new Set(['pre', 'code', 'kbd', 'samp']);
const BIO_WORD = /(?:^|\s)bio(?:$|\s)/;

/** Whether `el` has role `role` (the selectors above). */
function hasRole(el: Element, tag: string, cls: string, role: MarkupRole): boolean {
  switch (role) {
    case 'caption':
      return (
        tag === 'figcaption' ||
        tag === 'caption' ||
        cls.includes('caption') ||
        cls.includes('credit') ||
        el.getAttribute('itemprop') === 'caption'
      );
    case 'heading':
      return HEADING_TAGS.has(tag) || el.getAttribute('role') === 'heading';
    case 'code':
      return CODE_TAGS.has(tag);
    case 'byline':
      return (
        tag === 'address' ||
        el.getAttribute('rel')?.toLowerCase() === 'author' ||
        el.getAttribute('itemprop') === 'author' ||
        cls.includes('byline') ||
        cls.includes('author-name')
      );
    case 'dateline': {
      if (tag === 'time' || cls.includes('dateline') || cls.includes('timestamp')) return true;
      const itemprop = el.getAttribute('itemprop');
      return itemprop === 'datePublished' || itemprop === 'dateModified';
    }
    case 'bio':
      return (
        cls.includes('author-bio') ||
        cls.includes('author-info') ||
        cls.includes('bio-') ||
        BIO_WORD.test(cls) ||
        cls.includes('contributor-bio')
      );
  }
}

/** Texts kept per role, and the longest text kept (a wrongly classed container is not a caption). */
const MAX_TEXTS = 400;
export const MAX_ROLE_CHARS = 1_500;

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Whether an element can have a role at all: most elements have no attribute and a tag of none. */
const ROLE_TAGS = new Set([...HEADING_TAGS, ...CODE_TAGS, 'figcaption', 'caption', 'address', 'time']);

/**
 * The roles of `doc`'s texts, in one walk over its elements (document order, as each role's
 * selector would list them). Never throws on odd markup.
 */
export function readMarkupRoles(doc: Document): MarkupRoles {
  const found: Record<MarkupRole, string[]> = { caption: [], heading: [], code: [], byline: [], dateline: [], bio: [] };
  const genreSources: GenreSources = { jsonLd: [] };
  const all = doc.querySelectorAll('*');
  for (let i = 0; i < all.length; i++) {
    const el = all[i]!;
    const tag = (el.localName ?? '').toLowerCase();
    if (!ROLE_TAGS.has(tag) && !el.hasAttributes()) continue;
    gatherGenre(el, tag, genreSources);
    // The attribute as written, as selectors read it (linkedom's getAttribute('class') rebuilds it from the class list).
    const cls = el.getAttributeNode('class')?.value ?? '';
    let text: string | undefined;
    for (const role of ROLES) {
      const texts = found[role];
      if (texts.length >= MAX_TEXTS || !hasRole(el, tag, cls, role)) continue;
      // Inline code inside prose is part of a sentence, not a code line: only code standing as its own block counts.
      if (role === 'code' && tag !== 'pre' && !standsAlone(el)) continue;
      text ??= collapse(el.textContent ?? '');
      if (text.length >= 3 && text.length <= MAX_ROLE_CHARS) texts.push(text);
    }
  }
  const texts: MarkupRoles['texts'] = {};
  for (const role of ROLES) if (found[role].length > 0) texts[role] = found[role];
  const genre = readGenre(genreSources);
  return { texts, ...(genre ? { genre } : {}) };
}

/** Whether an inline element is the whole text of its parent block (a code line of its own). */
function standsAlone(el: Element): boolean {
  const parent = el.parentElement;
  if (!parent) return false;
  return collapse(parent.textContent ?? '') === collapse(el.textContent ?? '');
}

/**
 * What the walk gathers for the page's genre: the first <meta> of each naming attribute
 * (`meta[property="article:section"]`, `meta[name="genre"]`, `meta[itemprop="genre"]`) and the
 * first ten JSON-LD scripts (`script[type="application/ld+json" i]`).
 */
interface GenreSources {
  section?: Element;
  named?: Element;
  itemprop?: Element;
  jsonLd: Element[];
}

function gatherGenre(el: Element, tag: string, sources: GenreSources): void {
  if (tag === 'meta') {
    if (!sources.section && el.getAttribute('property') === 'article:section') sources.section = el;
    if (!sources.named && el.getAttribute('name') === 'genre') sources.named = el;
    if (!sources.itemprop && el.getAttribute('itemprop') === 'genre') sources.itemprop = el;
  } else if (tag === 'script' && sources.jsonLd.length < 10 && el.getAttribute('type')?.toLowerCase() === 'application/ld+json') {
    sources.jsonLd.push(el);
  }
}

/** The page's section or genre from its metadata, lowercased, when it names one. */
function readGenre(sources: GenreSources): string | undefined {
  const content = (el: Element | undefined) => el?.getAttribute('content')?.trim();
  const named = content(sources.section) ?? content(sources.named) ?? content(sources.itemprop);
  if (named) return named.toLowerCase().slice(0, 80);
  for (const script of sources.jsonLd) {
    const m = /"(?:genre|articleSection)"\s*:\s*"([^"]{1,80})"/.exec(script.textContent ?? '');
    if (m) return m[1]!.toLowerCase();
  }
  return undefined;
}
