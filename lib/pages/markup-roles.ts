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

/** Elements of each role: tags and ARIA/microdata attributes, and the class words such blocks carry. */
const SELECTORS: Record<MarkupRole, string> = {
  caption: 'figcaption, caption, [class*="caption"], [class*="credit"], [itemprop="caption"]',
  heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
  code: 'pre, code, kbd, samp',
  byline: 'address, [rel="author"], [itemprop="author"], [class*="byline"], [class*="author-name"]',
  dateline: 'time, [class*="dateline"], [class*="timestamp"], [itemprop="datePublished"], [itemprop="dateModified"]',
  bio: '[class*="author-bio"], [class*="author-info"], [class*="bio-"], [class~="bio"], [class*="contributor-bio"]',
};

/** Texts kept per role, and the longest text kept (a wrongly classed container is not a caption). */
const MAX_TEXTS = 400;
export const MAX_ROLE_CHARS = 1_500;

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The roles of `doc`'s texts. Never throws on odd markup: a selector that fails gives nothing. */
export function readMarkupRoles(doc: Document): MarkupRoles {
  const texts: MarkupRoles['texts'] = {};
  for (const role of Object.keys(SELECTORS) as MarkupRole[]) {
    const found: string[] = [];
    let els: ArrayLike<Element> = [];
    try {
      els = doc.querySelectorAll(SELECTORS[role]);
    } catch {
      continue;
    }
    for (let i = 0; i < els.length && found.length < MAX_TEXTS; i++) {
      const el = els[i]!;
      // Inline code inside prose is part of a sentence, not a code line: only code standing as its own block counts.
      if (role === 'code' && el.tagName !== 'PRE' && !standsAlone(el)) continue;
      const text = collapse(el.textContent ?? '');
      if (text.length >= 3 && text.length <= MAX_ROLE_CHARS) found.push(text);
    }
    if (found.length > 0) texts[role] = found;
  }
  const genre = readGenre(doc);
  return { texts, ...(genre ? { genre } : {}) };
}

/** Whether an inline element is the whole text of its parent block (a code line of its own). */
function standsAlone(el: Element): boolean {
  const parent = el.parentElement;
  if (!parent) return false;
  return collapse(parent.textContent ?? '') === collapse(el.textContent ?? '');
}

/** The page's section or genre from its metadata, lowercased, when it names one. */
function readGenre(doc: Document): string | undefined {
  const meta = (sel: string) => doc.querySelector(sel)?.getAttribute('content')?.trim();
  const named = meta('meta[property="article:section"]') ?? meta('meta[name="genre"]') ?? meta('meta[itemprop="genre"]');
  if (named) return named.toLowerCase().slice(0, 80);
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).slice(0, 10)) {
    const m = /"(?:genre|articleSection)"\s*:\s*"([^"]{1,80})"/.exec(script.textContent ?? '');
    if (m) return m[1]!.toLowerCase();
  }
  return undefined;
}
