import type { Dated, DateSource } from '../shared/types';
import {
  bodyDateValues,
  jsonLdDates,
  labelledElementDates,
  metaDates,
  urlDay,
  type DateDocument,
  type MarkupDate,
} from './dates-markup';
import { pageTextDates, walkPageText, type PageTextDates, type WalkNode } from './dates-page-text';
import { datesInText, isCalendarDate, type NumericOrder } from './dates-text';
import { toIso } from './machine-dates';

const pad = (n: number) => String(n).padStart(2, '0');

export type { DateDocument } from './dates-markup';

/** Milliseconds since the epoch of an ISO string; a bare day counts as its UTC midnight. */
const instant = (iso: string) => Date.parse(iso);
const HOUR_MS = 3_600_000;

/** A value that writes a time in UTC ("…Z", "+00:00", "GMT"): a moment, not the publisher's own day. */
const WRITTEN_IN_UTC = /\d:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:Z|[+-]00:?00|GMT|UTC|UT)(?:\s*[+-]00:?00)?\s*(?:\([^)]*\))?$/i;

/**
 * A UTC moment `iso` put on the page's own `day`: the moment itself when it falls on that day in
 * UTC; else the bare day, when `day` is the moment's local day somewhere people publish (−10:00,
 * Hawaii, to +14:00), since the page gives no offset and none is made up; otherwise null.
 */
function onDay(iso: string, day: string): string | null {
  const t = instant(iso);
  const utcDay = new Date(t).toISOString().slice(0, 10);
  if (day === utcDay) return iso;
  const earliest = Date.parse(day) - 14 * HOUR_MS;
  const latest = Date.parse(day) + 24 * HOUR_MS + 10 * HOUR_MS;
  return t >= earliest && t < latest ? day : null;
}

/** How the page reads its numeric dates, from its language: en-US month first, other tags day first. */
function numericOrder(doc: DateDocument): NumericOrder {
  const lang = (
    doc.querySelectorAll('html[lang]')[0]?.getAttribute('lang') ??
    doc.querySelectorAll('meta[property="og:locale" i]')[0]?.getAttribute('content') ??
    ''
  )
    .trim()
    .toLowerCase()
    .replace('_', '-');
  if (!lang) return null;
  if (lang === 'en-us') return 'mdy';
  return lang === 'en' ? null : 'dmy';
}

/** The page the document was read from: its address and when it was read. */
export interface DatePage {
  /** The page's final URL: a date in its path ("/2020/02/17/") is the publisher's own day. */
  url?: string;
  /** When the page was read (ISO 8601): a page is never published after it was read. */
  readAt?: string;
}

/** A date with where it came from. */
interface Candidate {
  iso: string;
  source: DateSource;
  /** The value wrote a time in UTC. */
  utc?: boolean;
}

/**
 * The page's publication date with its source, in the seed's order of strength (seed 000,
 * "Freshness"), each stage extended the way htmldate reads pages (issue #24):
 * 1. structured data: JSON-LD datePublished (else dateCreated) of the article, then of the page;
 * 2. meta tags (Open Graph, schema.org, Dublin Core, Highwire…), then markup in the body that
 *    labels a date as published (microdata and RDFa datePublished, `pubdate`, hAtom `published`);
 * 3. the URL's date ("/2020/02/17/"), reported as `meta`, the page's metadata;
 * 4. the HTTP Last-Modified header;
 * 5. the page's text (`opening-text`): a byline date labelled "Published", "Veröffentlicht am",
 *    "Publié le", "Publicado el"…; else the date of the byline next to the title (a date element,
 *    a `<time>`, a short line after the `<h1>`), else the first date element; comments left out.
 * A date labelled as an update (dateModified, article:modified_time, "Updated", "Aktualisiert",
 * "Mis à jour", "Actualizado"…) is never taken for the publication date while one of those dates
 * the page; it is kept beside it as `modified` when on a later day, and used only when nothing else
 * dates the page. Dates after `page.readAt` are left out. A time written in UTC is a moment, not
 * the page's day: it is replaced by the page's own writing of the same moment at its offset (a
 * `<time>`, a meta tag), or put on the day the URL or the byline writes when that day is the
 * moment's day somewhere (see `onDay`).
 */
export function findDocumentDate(doc: DateDocument, lastModified: string | null, page: DatePage = {}): Dated | null {
  const readAt = page.readAt ? instant(page.readAt) : NaN;
  const readDay = Number.isNaN(readAt) ? undefined : new Date(readAt).toISOString().slice(0, 10);
  const valid = (iso: string | null): iso is string =>
    !!iso && (readDay === undefined || (iso.length === 10 ? iso <= readDay : instant(iso) <= readAt));
  const stated: Candidate[] = [];
  const modified: Candidate[] = [];
  const take = (dates: MarkupDate[], source: DateSource) => {
    for (const d of dates) {
      const iso = toIso(d.value);
      if (valid(iso)) (d.kind === 'published' ? stated : modified).push({ iso, source, utc: WRITTEN_IN_UTC.test(d.value) });
    }
  };
  const ld = jsonLdDates(doc);
  const meta = metaDates(doc);
  take(ld.dates, 'structured-data');
  take(meta, 'meta');
  take(labelledElementDates(doc), 'meta');
  const ud = page.url ? urlDay(page.url) : null;
  const written = ud && isCalendarDate(...ud) ? `${ud[0]}-${pad(ud[1])}-${pad(ud[2])}` : null;
  const url = valid(written) ? written : null;
  if (url) stated.push({ iso: url, source: 'meta' });
  if (lastModified) take([{ value: lastModified, kind: 'published' }], 'http-header');

  // The page's text is walked only when the markup gives no date, or a UTC time to put on a day.
  let text: PageTextDates | null | undefined;
  const readText = () => {
    if (text !== undefined) return text;
    const body = doc.querySelectorAll('body')[0] as unknown as WalkNode | undefined;
    const title = doc.querySelectorAll('title')[0]?.textContent ?? '';
    text = body ? pageTextDates(walkPageText(body), numericOrder(doc), readDay, title) : null;
    return text;
  };
  const textDay = (d: { day: string | null; datetime: string | null }) => {
    const iso = (d.datetime ? toIso(d.datetime) : null) ?? d.day;
    return valid(iso) ? iso : null;
  };

  let best: Candidate | undefined = stated[0];
  if (!best) {
    const t = readText();
    const day = t?.published?.day ?? t?.elements.map(textDay).find((d) => d !== null);
    if (day) best = { iso: day, source: 'opening-text' };
    if (t?.modified) modified.push({ iso: t.modified.day, source: 'opening-text' });
  }
  best ??= modified[0];
  if (!best) return null;

  if (best.utc) {
    const t = instant(best.iso);
    const sameMoment = [...ld.all, ...meta.map((d) => d.value), ...bodyDateValues(doc)]
      .filter((v) => !WRITTEN_IN_UTC.test(v))
      .map(toIso)
      .find((iso) => iso && iso.length > 10 && !iso.endsWith('Z') && instant(iso) === t);
    const shown =
      url ??
      readText()
        ?.elements.map(textDay)
        .find((d) => d !== null)
        ?.slice(0, 10);
    const local = sameMoment ?? (shown ? onDay(best.iso, shown) : null);
    if (local) best = { iso: local, source: best.source };
  }
  const day = best.iso.slice(0, 10);
  const later = best === modified[0] ? undefined : modified.find((m) => m.iso.slice(0, 10) > day);
  return later ? { iso: best.iso, source: best.source, modified: later.iso } : { iso: best.iso, source: best.source };
}

/**
 * The first date written in `text` (see `datesInText` for the forms read), or null; dates on a
 * copyright line and after `notAfterDay` (YYYY-MM-DD) are skipped.
 */
export function dateInText(text: string, notAfterDay?: string): string | null {
  return datesInText(text, notAfterDay ? { notAfterDay } : {})[0]?.day ?? null;
}

/**
 * A date in the first 400 characters of extracted text: the first labelled as a publication, else
 * the first without a label, else the first labelled as an update. With `notAfter` (the retrieval
 * time), a date after that day is an event or a deadline, not when the page was written, and is
 * ignored.
 */
export function openingTextDate(text: string, notAfter?: string): Dated | null {
  const limit = notAfter ? instant(notAfter) : NaN;
  const dates = datesInText(
    text.slice(0, 400),
    Number.isNaN(limit) ? {} : { notAfterDay: new Date(limit).toISOString().slice(0, 10) },
  );
  const date =
    dates.find((d) => d.label === 'published') ??
    dates.find((d) => d.label === null) ??
    dates.find((d) => d.label === 'modified');
  return date ? { iso: date.day, source: 'opening-text' } : null;
}
