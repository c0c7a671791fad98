import type { DateLabel } from './dates-text';
import { markupElements, type DateDocument, type DateElement } from './markup-elements';

export type { DateDocument, DateElement } from './markup-elements';

/** A date the markup states, as written (ISO text after `parse`), and what the markup says it is. */
export interface MarkupDate {
  value: string;
  kind: Exclude<DateLabel, 'accessed' | 'event'>;
}

/**
 * Meta names and properties that state a publication date, strongest first: Open Graph and the
 * article namespace, schema.org, Dublin Core, Highwire (citation_*), and the generic names content
 * systems write. Lower-cased.
 */
const PUBLISHED_META = [
  'article:published_time',
  'og:article:published_time',
  'og:published_time',
  'article:published',
  'datepublished',
  'schema:datepublished',
  'pubdate',
  'publishdate',
  'publish-date',
  'publish_date',
  'published-date',
  'publication_date',
  'citation_publication_date',
  'citation_date',
  'dc.date.issued',
  'dcterms.issued',
  'dcterms:issued',
  'dc.date.created',
  'dc.date',
  'dc:date',
  'dcterms.date',
  'dcterms.created',
  'dcterms:created',
  'dc.created',
  'dc:created',
  'datecreated',
  'schema:datecreated',
  'date',
  'sailthru.date',
  'parsely-pub-date',
  'article.published',
  'displaydate',
  'release_date',
];

/** Meta names and properties that state when the page was last changed. Lower-cased. */
const MODIFIED_META = [
  'article:modified_time',
  'og:updated_time',
  'og:modified_time',
  'article:modified',
  'datemodified',
  'schema:datemodified',
  'dc.date.modified',
  'dcterms.modified',
  'dcterms:modified',
  'dc.modified',
  'last-modified',
  'lastmodified',
  'revised',
];

/** An element's meta keys: property, name, itemprop and http-equiv, lower-cased, split on spaces. */
function metaKeys(m: DateElement): string[] {
  return [m.getAttribute('property'), m.getAttribute('name'), m.getAttribute('itemprop'), m.getAttribute('http-equiv')]
    .flatMap((k) => (k ?? '').toLowerCase().split(/\s+/))
    .filter(Boolean);
}

/** `<meta>` dates, published ones first in PUBLISHED_META's order, then modified ones. */
export function metaDates(doc: DateDocument): MarkupDate[] {
  return metaDatesOf(markupElements(doc).metas);
}

/** `metaDates` of the document's `meta[content]` elements. */
export function metaDatesOf(metas: DateElement[]): MarkupDate[] {
  const found = new Map<string, string>();
  for (let i = 0; i < metas.length; i++) {
    const m = metas[i]!;
    const content = m.getAttribute('content')?.trim();
    if (!content) continue;
    for (const key of metaKeys(m)) if (!found.has(key)) found.set(key, content);
  }
  const dates: MarkupDate[] = [];
  for (const [names, kind] of [
    [PUBLISHED_META, 'published'],
    [MODIFIED_META, 'modified'],
  ] as const)
    for (const name of names) {
      const value = found.get(name);
      if (value) dates.push({ value, kind });
    }
  return dates;
}

/**
 * Where comments and replies sit: their dates are the readers', not the page's. Class and id
 * tokens such as "comments", "comment-body", "commentlist", "disqus_thread", "respond".
 */
const COMMENT_SCOPE =
  '[id^="comment" i], [class^="comment" i], [class*=" comment" i], [id^="disqus" i], [id="respond" i], [class~="replies" i]';

/** Class-name words that label an element's date (hAtom, h-entry, BEM modifiers: "date--published"). */
const PUBLISHED_CLASS = /(?:^|[-_\s])(?:published|pubdate|publishdate|publish-date|publishing-?date|dt-published)(?:$|[-_\s])/i;
const MODIFIED_CLASS = /(?:^|[-_\s])(?:updated|modified|dt-updated|lastchanged|last-changed)(?:$|[-_\s])/i;
/** hCalendar and hCard classes of an event's or a person's date: not when the page was written. */
const EVENT_CLASS = /(?:^|\s)(?:dtstart|dtend|bday|dt-start|dt-end|dt-bday)(?:\s|$)/i;

/**
 * Markup in the body that labels a date: schema.org microdata and RDFa (`itemprop`/`property`
 * datePublished, dateCreated, dateModified, Dublin Core dc:date…), HTML's old `pubdate`, and class
 * names that say published or updated (hAtom `published`/`updated`, h-entry `dt-published`).
 * The value is the element's `datetime`, `content` or `title` when present, else its text; in
 * document order, comments left out.
 */
export function labelledElementDates(doc: DateDocument): MarkupDate[] {
  return labelledDatesOf(markupElements(doc).labelled);
}

/** `labelledElementDates` of the elements the `labelled` selector finds (`markupElements`). */
export function labelledDatesOf(elements: DateElement[]): MarkupDate[] {
  const dates: MarkupDate[] = [];
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i]!;
    const keys = [el.getAttribute('itemprop'), el.getAttribute('property')]
      .flatMap((k) => (k ?? '').toLowerCase().split(/\s+/))
      .map((k) => k.replace(/^(?:schema|dc|dcterms|sioc):/, ''));
    const cls = el.getAttribute('class') ?? '';
    let kind: MarkupDate['kind'] | null = null;
    if (keys.some((k) => k === 'datepublished' || k === 'datecreated' || k === 'created' || k === 'date' || k === 'issued'))
      kind = 'published';
    else if (keys.some((k) => k === 'datemodified' || k === 'modified')) kind = 'modified';
    else if (el.getAttribute('pubdate') !== null || PUBLISHED_CLASS.test(cls)) kind = 'published';
    else if (MODIFIED_CLASS.test(cls)) kind = 'modified';
    if (!kind || EVENT_CLASS.test(cls) || el.closest(COMMENT_SCOPE)) continue;
    const title = el.getAttribute('title');
    const value = (
      el.getAttribute('datetime') ??
      el.getAttribute('content') ??
      (title && /\d/.test(title) ? title : null) ??
      el.textContent ??
      ''
    )
      .replace(/\s+/g, ' ')
      .trim();
    if (value && value.length <= 120) dates.push({ value, kind });
  }
  return dates;
}

/** JSON-LD text without the CDATA and comment wrappers some pages put around it. */
function unwrapJsonLd(raw: string): string {
  return raw
    .trim()
    .replace(/^(?:\/\/\s*)?<!\[CDATA\[/, '')
    .replace(/(?:\/\/\s*)?\]\]>$/, '')
    .trim()
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .trim();
}

/** A date property as JSON writes it, for JSON-LD that does not parse (a trailing comma, a stray quote). */
const LD_DATE = /"(datePublished|dateCreated|dateModified)"\s*:\s*"([^"]{8,40})"/g;

/** A JSON-LD script's data: parsed as JSON, else with control characters blanked, else the dates it writes. */
export function parseJsonLd(raw: string): unknown {
  const text = unwrapJsonLd(raw);
  try {
    return JSON.parse(text);
  } catch {
    // Raw line breaks and tabs inside strings are common and invalid JSON; outside strings they
    // are whitespace, so replacing every control character (below U+0020) with a space is safe.
    try {
      return JSON.parse(text.replace(/[^ -\uffff]+/g, ' '));
    } catch {
      // Still broken: the dates as written, as one item of unknown type (htmldate does the same).
      const item: Record<string, string> = {};
      for (const m of text.matchAll(LD_DATE)) item[m[1]!] ??= m[2]!;
      return Object.keys(item).length > 0 ? item : undefined;
    }
  }
}

/** schema.org types of an article (Readability's list): their dates are the page's own. */
const ARTICLE_TYPES =
  /^(?:\w*Article|Report|SocialMediaPosting|BlogPosting|LiveBlogPosting|DiscussionForumPosting|APIReference)$/;
/** schema.org types of a whole page (WebPage, AboutPage…): next best after an article. */
const PAGE_TYPES = /^\w*Page$/;

function typeRank(type: unknown): number {
  const types = (Array.isArray(type) ? type : [type])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
  if (types.some((t) => ARTICLE_TYPES.test(t))) return 2;
  return types.some((t) => PAGE_TYPES.test(t)) ? 1 : 0;
}

/** One JSON-LD item's dates. */
interface LdItem {
  published: string | null;
  modified: string | null;
  /** 2 for an article @type, 1 for a page, 0 for anything else (a comment, a video, an image…). */
  rank: number;
  depth: number;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * JSON-LD dates: the datePublished (else dateCreated) of an article, shallowest first, then of a
 * page, then of anything else; then the dateModified in the same order. Also every date string
 * any item states (`all`), which says which offset the publisher writes its times in.
 */
export function jsonLdDates(doc: DateDocument): { dates: MarkupDate[]; all: string[] } {
  return jsonLdDatesOf(markupElements(doc).ldScripts);
}

/** `jsonLdDates` of the document's JSON-LD scripts. */
export function jsonLdDatesOf(scripts: DateElement[]): { dates: MarkupDate[]; all: string[] } {
  const items: LdItem[] = [];
  const all: string[] = [];
  for (let i = 0; i < scripts.length; i++) {
    const data = parseJsonLd(scripts[i]!.textContent ?? '');
    if (data === undefined) continue;
    const queue: Array<[unknown, number]> = [[data, 0]];
    while (queue.length > 0) {
      const [item, depth] = queue.shift()!;
      if (Array.isArray(item)) {
        for (const x of item) queue.push([x, depth]);
      } else if (item && typeof item === 'object') {
        const rec = item as Record<string, unknown>;
        const published = text(rec.datePublished) ?? text(rec.dateCreated);
        const modified = text(rec.dateModified);
        for (const v of [rec.datePublished, rec.dateCreated, rec.dateModified, rec.uploadDate]) {
          const t = text(v);
          if (t) all.push(t);
        }
        if (published || modified) items.push({ published, modified, rank: typeRank(rec['@type']), depth });
        for (const v of Object.values(rec)) if (v && typeof v === 'object') queue.push([v, depth + 1]);
      }
    }
  }
  // Stable sort: articles, then pages, then the rest; the shallowest first; then document order.
  items.sort((a, b) => b.rank - a.rank || a.depth - b.depth);
  const dates: MarkupDate[] = [];
  for (const f of items) if (f.published) dates.push({ value: f.published, kind: 'published' });
  for (const f of items) if (f.modified) dates.push({ value: f.modified, kind: 'modified' });
  return { dates, all };
}

/**
 * The day a URL's path states: "/2020/02/17/", "/2017/7/12/", "/2020-02-17/", "…-2020-02-17.html",
 * "/20200217/", "/17-02-2020" (day or month first when the other is 12 or less). Year, month and
 * day together only: "/2020/02/" says a month, not a day.
 */
export function urlDay(url: string): [number, number, number] | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const m =
    /\/((?:19|20)\d{2})\/(\d{1,2})\/(\d{1,2})(?=[/_.-]|$)/.exec(path) ??
    /[/_-]((?:19|20)\d{2})-(\d{2})-(\d{2})(?=[/_.-]|$)/.exec(path) ??
    /\/((?:19|20)\d{2})(\d{2})(\d{2})(?=[/_.-]|$)/.exec(path);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  // Day or month first, year last ("/29-10-2021"): only when one of the two is past 12, which says which.
  const last = /[/_-](\d{2})-(\d{2})-((?:19|20)\d{2})(?=[/_.-]|$)/.exec(path);
  if (!last) return null;
  const [a, b, y] = [Number(last[1]), Number(last[2]), Number(last[3])];
  if (a > 12 && b <= 12) return [y, b, a];
  return b > 12 && a <= 12 ? [y, a, b] : null;
}

/** `<time datetime>` values and microdata `content` values in the body, for `offsetFor`. */
export function bodyDateValues(doc: DateDocument): string[] {
  return bodyDateValuesOf(markupElements(doc).bodyValues);
}

/** `bodyDateValues` of the elements the `bodyValues` selector finds (`markupElements`). */
export function bodyDateValuesOf(els: DateElement[]): string[] {
  const values: string[] = [];
  for (let i = 0; i < els.length; i++) {
    const v = els[i]!.getAttribute('datetime') ?? els[i]!.getAttribute('content');
    if (v && /^\d{4}-\d{2}-\d{2}[T ]\d/.test(v.trim())) values.push(v.trim());
  }
  return values;
}
