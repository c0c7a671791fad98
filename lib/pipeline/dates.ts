import type { Dated } from '../types';

/** The parts of a document the date finder reads. */
export interface DateDocument {
  querySelectorAll(selector: string): ArrayLike<{ textContent: string | null; getAttribute(name: string): string | null }>;
}

/** Meta names and properties that state a publication date, strongest first; modification dates last. */
const META_NAMES = [
  'article:published_time',
  'og:article:published_time',
  'article:published',
  'datepublished',
  'pubdate',
  'publishdate',
  'publish-date',
  'publish_date',
  'publication_date',
  'citation_publication_date',
  'citation_date',
  'dc.date.issued',
  'dcterms.issued',
  'dc.date',
  'dcterms.date',
  'dcterms.created',
  'date',
  'sailthru.date',
  'parsely-pub-date',
  'article.published',
  'og:updated_time',
  'article:modified_time',
  'datemodified',
];

/** schema.org types of an article (Readability's list): their dates are the page's own. */
const ARTICLE_TYPES =
  /^(?:\w*Article|Report|SocialMediaPosting|BlogPosting|LiveBlogPosting|DiscussionForumPosting|APIReference)$/;
/** schema.org types of a whole page (WebPage, AboutPage…): next best after an article. */
const PAGE_TYPES = /^\w*Page$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A valid calendar date (no 31 April, no 29 February outside leap years). */
function isCalendarDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const inRange = (year: number) => year >= 1990 && year <= 2100;

/** ISO 8601 as sites write it: date, optional time, optional zone ("Z", "+01:00", "+0100"). */
const ISO_LIKE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Parses an ISO-ish or RFC date string to ISO 8601, or null. Relative text ("3 days ago") is not a
 * date. The day the publisher wrote is kept: a time with an offset keeps its offset
 * ("2015-07-10T22:30:00-04:00", which `iso.slice(0, 10)` shows as 10 July, not 11 July in UTC),
 * and a time without a zone is read as UTC, so the result never depends on the machine's time zone.
 */
export function toIso(value: string): string | null {
  const v = value.trim();
  if (!v || !/\d{4}/.test(v)) return null;
  const iso = ISO_LIKE.exec(v);
  if (iso) {
    const [, y, mo, d, h, mi, s, frac, zone] = iso;
    if (!inRange(Number(y)) || !isCalendarDate(Number(y), Number(mo), Number(d))) return null;
    if (h === undefined) return `${y}-${mo}-${d}`;
    if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
    const ms = frac ? `.${frac.slice(0, 3).padEnd(3, '0')}` : '';
    const time = `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${ms}`;
    if (!zone || zone.toUpperCase() === 'Z') return `${time}${ms ? '' : '.000'}Z`;
    const digits = zone.replace(':', '');
    const offset = `${digits.slice(0, 3)}:${digits.slice(3, 5) || '00'}`;
    return offset === '+00:00' || offset === '-00:00' ? `${time}${ms ? '' : '.000'}Z` : `${time}${offset}`;
  }
  let t = Date.parse(v);
  if (Number.isNaN(t)) return null;
  // No zone written ("March 3, 2024 10:00"): Date.parse used the machine's zone; read it as UTC.
  if (!/(?:\bZ\b|\bGMT\b|\bUTC\b|\b[ECMP][SD]T\b|[+-]\d{2}:?\d{2}\s*$)/i.test(v)) {
    const l = new Date(t);
    t = Date.UTC(l.getFullYear(), l.getMonth(), l.getDate(), l.getHours(), l.getMinutes(), l.getSeconds(), l.getMilliseconds());
  }
  const date = new Date(t);
  if (!inRange(date.getUTCFullYear())) return null;
  return date.toISOString();
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

function parseJsonLd(raw: string): unknown {
  const text = unwrapJsonLd(raw);
  try {
    return JSON.parse(text);
  } catch {
    // Raw line breaks and tabs inside strings are common and invalid JSON; outside strings they
    // are whitespace, so replacing every control character (below U+0020) with a space is safe.
    try {
      return JSON.parse(text.replace(/[^ -\uffff]+/g, ' '));
    } catch {
      return undefined;
    }
  }
}

interface LdDates {
  published: string | null;
  modified: string | null;
  /** 2 for an article @type, 1 for a page, 0 for anything else (a comment, a video, an image…). */
  rank: number;
  depth: number;
}

function typeRank(type: unknown): number {
  const types = (Array.isArray(type) ? type : [type])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
  if (types.some((t) => ARTICLE_TYPES.test(t))) return 2;
  return types.some((t) => PAGE_TYPES.test(t)) ? 1 : 0;
}

/**
 * JSON-LD dates: datePublished of an article (shallowest first), of a page, of anything else;
 * then dateModified in the same order.
 */
function fromJsonLd(doc: DateDocument): string | null {
  const scripts = doc.querySelectorAll('script[type="application/ld+json" i]');
  const found: LdDates[] = [];
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
        const published = typeof rec.datePublished === 'string' ? toIso(rec.datePublished) : null;
        const modified = typeof rec.dateModified === 'string' ? toIso(rec.dateModified) : null;
        if (published || modified) found.push({ published, modified, rank: typeRank(rec['@type']), depth });
        for (const v of Object.values(rec)) if (v && typeof v === 'object') queue.push([v, depth + 1]);
      }
    }
  }
  // Stable sort: articles, then pages, then the rest; the shallowest first; then document order.
  found.sort((a, b) => b.rank - a.rank || a.depth - b.depth);
  return found.find((f) => f.published)?.published ?? found.find((f) => f.modified)?.modified ?? null;
}

function fromMeta(doc: DateDocument): string | null {
  const metas = doc.querySelectorAll('meta');
  const found = new Map<string, string>();
  for (let i = 0; i < metas.length; i++) {
    const m = metas[i]!;
    const content = m.getAttribute('content');
    if (!content) continue;
    const keys = [m.getAttribute('property'), m.getAttribute('name'), m.getAttribute('itemprop')]
      .flatMap((k) => (k ?? '').toLowerCase().split(/\s+/))
      .filter(Boolean);
    for (const key of keys) if (!found.has(key)) found.set(key, content);
  }
  for (const name of META_NAMES) {
    const c = found.get(name);
    const iso = c ? toIso(c) : null;
    if (iso) return iso;
  }
  // Markup that labels a date as the publication date: schema.org microdata, HTML's old `pubdate`,
  // and the hAtom / h-entry `published` classes blog engines put on the post's <time>.
  const times = doc.querySelectorAll(
    '[datetime][itemprop~="datePublished"], time[pubdate][datetime], time[datetime].published, time[datetime].dt-published',
  );
  for (let i = 0; i < times.length; i++) {
    const iso = toIso(times[i]!.getAttribute('datetime') ?? '');
    if (iso) return iso;
  }
  return null;
}

/** The languages whose month names are read in page text: those of the extension's catalogue. */
const TEXT_DATE_LOCALES = ['en', 'de', 'fr', 'es'];

/**
 * Month names (long and short, as the platform's Intl data writes them) → month number, lower-cased
 * and without a closing full stop: "march", "mar", "märz", "mär", "mars", "févr", "marzo", "sept"…
 * Intl rather than a date-parsing library: chrono-node with these four languages would add 19 KB
 * gzipped to the background for the one pattern read here.
 */
const MONTH_NUMBERS: Map<string, number> = (() => {
  const names = new Map<string, number>();
  for (const locale of TEXT_DATE_LOCALES)
    for (const month of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' });
      for (let m = 1; m <= 12; m++)
        names.set(
          format
            .format(Date.UTC(2001, m - 1, 15))
            .toLowerCase()
            .replace(/\.$/, ''),
          m,
        );
    }
  return names;
})();
const MONTH_NAME = `(${[...MONTH_NUMBERS.keys()]
  .sort((a, b) => b.length - a.length)
  .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|')})`;
/** A day of the month: "3", "3rd", "3." (German), "1er" (French). */
const DAY = '(\\d{1,2})(?:st|nd|rd|th|er|\\.)?';
/**
 * "2024-03-03", "March 3, 2024", "Mar. 3rd 2024", "3 March 2024", "3rd of March, 2024",
 * "3. März 2024", "1er mars 2024", "3 de marzo de 2024".
 */
const TEXT_DATES: Array<{ re: RegExp; ymd: (m: RegExpExecArray) => [string, string, string] }> = [
  { re: /\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b/g, ymd: (m) => [m[1]!, m[2]!, m[3]!] },
  { re: new RegExp(`\\b${MONTH_NAME}\\.? ${DAY},? ((?:19|20)\\d{2})\\b`, 'giu'), ymd: (m) => [m[3]!, m[1]!, m[2]!] },
  {
    re: new RegExp(`\\b${DAY} (?:of |de )?${MONTH_NAME}\\.?,?(?: de)? ((?:19|20)\\d{2})\\b`, 'giu'),
    ymd: (m) => [m[3]!, m[2]!, m[1]!],
  },
];

/** Text just before a date that makes it a copyright or footer line, not a publication date. */
const FOOTER_CONTEXT = /(?:©|\(c\)|copyright|all rights reserved)[^\n]*$/i;

/**
 * The first date written in `text`: ISO ("2024-03-03"), "March 3, 2024", "3 March 2024", and the
 * same with German, French and Spanish month names ("3. März 2024", "1er mars 2024", "3 de marzo de
 * 2024"); numeric forms like 03/04/2024 are ambiguous and not read. Dates on a copyright line
 * are skipped: a footer date says nothing about when the content was written. Dates after
 * `notAfterDay` (YYYY-MM-DD) are skipped too.
 */
export function dateInText(text: string, notAfterDay?: string): string | null {
  const hits: Array<{ index: number; iso: string }> = [];
  for (const { re, ymd } of TEXT_DATES) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const [y, mo, d] = ymd(m);
      const month = /^\d+$/.test(mo) ? Number(mo) : (MONTH_NUMBERS.get(mo.toLowerCase()) ?? 0);
      if (month < 1 || !isCalendarDate(Number(y), month, Number(d))) continue;
      if (FOOTER_CONTEXT.test(text.slice(Math.max(0, m.index - 80), m.index))) continue;
      const iso = toIso(`${y}-${pad(month)}-${pad(Number(d))}`);
      if (!iso || (notAfterDay && iso > notAfterDay)) continue;
      hits.push({ index: m.index, iso });
      break;
    }
  }
  hits.sort((a, b) => a.index - b.index);
  return hits[0]?.iso ?? null;
}

/** Dates the document itself states: structured data → meta tags → HTTP Last-Modified. */
export function findDocumentDate(doc: DateDocument, lastModified: string | null): Dated | null {
  const ld = fromJsonLd(doc);
  if (ld) return { iso: ld, source: 'structured-data' };
  const meta = fromMeta(doc);
  if (meta) return { iso: meta, source: 'meta' };
  const header = lastModified ? toIso(lastModified) : null;
  if (header) return { iso: header, source: 'http-header' };
  return null;
}

/**
 * A date in the first 400 characters of extracted text. With `notAfter` (the retrieval time), a
 * date after that day is an event or a deadline, not when the page was written, and is ignored.
 */
export function openingTextDate(text: string, notAfter?: string): Dated | null {
  const limit = notAfter ? Date.parse(notAfter) : NaN;
  const opening = dateInText(text.slice(0, 400), Number.isNaN(limit) ? undefined : new Date(limit).toISOString().slice(0, 10));
  return opening ? { iso: opening, source: 'opening-text' } : null;
}
