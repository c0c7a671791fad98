import type { Dated } from '../types';

/** The parts of a document the date finder reads. */
export interface DateDocument {
  querySelectorAll(selector: string): ArrayLike<{ textContent: string | null; getAttribute(name: string): string | null }>;
}

const META_NAMES = [
  'article:published_time',
  'og:article:published_time',
  'datepublished',
  'pubdate',
  'publishdate',
  'publish-date',
  'publication_date',
  'date',
  'dc.date',
  'dc.date.issued',
  'dcterms.created',
  'dcterms.date',
  'sailthru.date',
  'parsely-pub-date',
  'article.published',
  'og:updated_time',
  'article:modified_time',
];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Parses an ISO-ish or RFC date string to ISO, or null. Relative text ("3 days ago") is not a date. */
export function toIso(value: string): string | null {
  const v = value.trim();
  if (!v || !/\d{4}/.test(v)) return null;
  const t = Date.parse(v);
  if (Number.isNaN(t)) return null;
  const year = new Date(t).getUTCFullYear();
  if (year < 1990 || year > 2100) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : new Date(t).toISOString();
}

function fromJsonLd(doc: DateDocument): string | null {
  const scripts = doc.querySelectorAll('script[type="application/ld+json"]');
  let modified: string | null = null;
  for (let i = 0; i < scripts.length; i++) {
    let data: unknown;
    try {
      data = JSON.parse(scripts[i]!.textContent ?? '');
    } catch {
      continue;
    }
    const stack: unknown[] = [data];
    while (stack.length > 0) {
      const item = stack.pop();
      if (Array.isArray(item)) stack.push(...item);
      else if (item && typeof item === 'object') {
        const rec = item as Record<string, unknown>;
        if (typeof rec.datePublished === 'string') {
          const iso = toIso(rec.datePublished);
          if (iso) return iso;
        }
        if (!modified && typeof rec.dateModified === 'string') modified = toIso(rec.dateModified);
        stack.push(...Object.values(rec).filter((v) => v && typeof v === 'object'));
      }
    }
  }
  return modified;
}

function fromMeta(doc: DateDocument): string | null {
  const metas = doc.querySelectorAll('meta');
  const found = new Map<string, string>();
  for (let i = 0; i < metas.length; i++) {
    const m = metas[i]!;
    const key = (m.getAttribute('property') ?? m.getAttribute('name') ?? m.getAttribute('itemprop') ?? '').toLowerCase();
    const content = m.getAttribute('content');
    if (key && content && !found.has(key)) found.set(key, content);
  }
  for (const name of META_NAMES) {
    const c = found.get(name);
    const iso = c ? toIso(c) : null;
    if (iso) return iso;
  }
  const times = doc.querySelectorAll('time[datetime][itemprop="datePublished"], time[pubdate][datetime]');
  for (let i = 0; i < times.length; i++) {
    const iso = toIso(times[i]!.getAttribute('datetime') ?? '');
    if (iso) return iso;
  }
  return null;
}

/** Finds a date written in the opening text: ISO, "March 3, 2024", "3 March 2024". */
export function dateInText(text: string): string | null {
  const iso = /\b(19\d{2}|20\d{2})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return toIso(iso[0]);
  const mdy = /\b([A-Z][a-z]{2,8})\.? (\d{1,2}),? (\d{4})\b/.exec(text);
  const dmy = /\b(\d{1,2}) ([A-Z][a-z]{2,8}),? (\d{4})\b/.exec(text);
  const pick = (month: string, day: string, year: string) => {
    const m = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
    if (m < 0) return null;
    const d = Number(day);
    if (d < 1 || d > 31) return null;
    return toIso(`${year}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  };
  if (mdy && (!dmy || mdy.index <= dmy.index)) return pick(mdy[1]!, mdy[2]!, mdy[3]!);
  if (dmy) return pick(dmy[2]!, dmy[1]!, dmy[3]!);
  return null;
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
 * A page's publication date in the seed's order: structured data → meta tags → HTTP Last-Modified →
 * a date in the first 400 characters of the text. Null means unknown age, not fresh.
 */
export function findPublishedDate(doc: DateDocument, lastModified: string | null, text: string): Dated | null {
  return findDocumentDate(doc, lastModified) ?? openingTextDate(text);
}

/** A date in the first 400 characters of extracted text. */
export function openingTextDate(text: string): Dated | null {
  const opening = dateInText(text.slice(0, 400));
  return opening ? { iso: opening, source: 'opening-text' } : null;
}
