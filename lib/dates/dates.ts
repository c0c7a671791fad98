import type { Dated, DateSource } from '../shared/types';
import {
  bodyDateValuesOf,
  jsonLdDatesOf,
  labelledDatesOf,
  metaDatesOf,
  urlDay,
  type DateDocument,
  type MarkupDate,
} from './dates-markup';
import { markupElements, type MarkupElements } from './markup-elements';
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

/** How the page reads its numeric dates, from its language (`lang`, XHTML's `xml:lang`, og:locale): en-US month first, other tags day first. */
function numericOrder(markup: MarkupElements): NumericOrder {
  const lang = (
    markup.htmlLang[0]?.getAttribute('lang') ??
    markup.htmlXmlLang[0]?.getAttribute('xml:lang') ??
    markup.ogLocale[0]?.getAttribute('content') ??
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

/** Where on the page a date stands, for the vote between competing dates (`PLACE_WEIGHTS`). */
export type DatePlace = 'structured-data' | 'meta' | 'markup' | 'url' | 'http-header' | 'text-label' | 'byline' | 'date-element';

/** The places in order of precedence: a tie in the vote goes to the earlier. */
export const DATE_PLACES: readonly DatePlace[] = [
  'structured-data',
  'meta',
  'markup',
  'url',
  'http-header',
  'text-label',
  'byline',
  'date-element',
];

/** The `Dated.source` each place reports as (the URL and body markup are the page's metadata). */
const SOURCE_OF: Record<DatePlace, DateSource> = {
  'structured-data': 'structured-data',
  meta: 'meta',
  markup: 'meta',
  url: 'meta',
  'http-header': 'http-header',
  'text-label': 'opening-text',
  byline: 'opening-text',
  'date-element': 'opening-text',
};

/** How `why` names each place. */
const PLACE_NAME: Record<DatePlace, string> = {
  'structured-data': 'JSON-LD datePublished',
  meta: 'a meta tag',
  markup: 'markup labelled as published',
  url: 'the URL',
  'http-header': 'the HTTP Last-Modified header',
  'text-label': 'a date labelled as published in the text',
  byline: 'the byline next to the title',
  'date-element': 'a date element in the text',
};

/**
 * Each place's weight in the vote, fitted on the dev half of htmldate's pages by
 * scripts/fit-date-weights.ts (coordinate ascent over whole weights 1–8, five-fold
 * cross-validation inside the dev half; see docs/figures.md).
 */
export const PLACE_WEIGHTS: Record<DatePlace, number> = {
  'structured-data': 5,
  meta: 7,
  markup: 6,
  url: 5,
  'http-header': 4,
  'text-label': 3,
  byline: 8,
  'date-element': 1,
};

/**
 * How far from the title (characters, either side) a date element is its byline; one farther is a
 * `date-element`. Fitted with PLACE_WEIGHTS.
 */
export const BYLINE_DISTANCE = 600;

/** A date with where it came from. */
interface Candidate {
  iso: string;
  source: DateSource;
  /** The value wrote a time in UTC. */
  utc?: boolean;
}

/** A date a place states as the publication, with the day it votes for. */
export interface PlaceDate {
  place: DatePlace;
  /** As the page writes it, a UTC time put on the page's own day (see `findDocumentDate`). */
  iso: string;
  /** The day it votes for: `iso`'s. */
  day: string;
}

/** Every place's publication date (the first each place states), and the days the page was updated. */
export interface DateCandidates {
  dates: PlaceDate[];
  /** Days labelled as an update in the markup or the text. */
  updated: string[];
  /** The first update, as written: the date used when no place states a publication. */
  modified: Candidate | null;
  /** Every update after the publication's day, as written, for `Dated.modified`. */
  modifiedAll: Candidate[];
}

/**
 * The dates that compete for the publication, one per place (see `findDocumentDate`). A date in
 * the text (`byline`, `date-element`) on a day the markup labels as an update, and on no day the
 * markup labels as published, is the update shown on the page: it never competes.
 */
export function dateCandidates(
  doc: DateDocument,
  lastModified: string | null,
  page: DatePage = {},
  bylineDistance = BYLINE_DISTANCE,
  settleWith?: Record<DatePlace, number>,
): DateCandidates {
  const readAt = page.readAt ? instant(page.readAt) : NaN;
  const readDay = Number.isNaN(readAt) ? undefined : new Date(readAt).toISOString().slice(0, 10);
  const valid = (iso: string | null): iso is string =>
    !!iso && (readDay === undefined || (iso.length === 10 ? iso <= readDay : instant(iso) <= readAt));
  const stated: Array<Candidate & { place: DatePlace }> = [];
  const modified: Candidate[] = [];
  const take = (dates: MarkupDate[], place: DatePlace) => {
    for (const d of dates) {
      const iso = toIso(d.value);
      if (!valid(iso)) continue;
      const c = { iso, source: SOURCE_OF[place], utc: WRITTEN_IN_UTC.test(d.value) };
      if (d.kind === 'published') stated.push({ ...c, place });
      else modified.push(c);
    }
  };
  // One walk of the markup finds the elements every step below reads.
  const markup = markupElements(doc);
  const ld = jsonLdDatesOf(markup.ldScripts);
  const meta = metaDatesOf(markup.metas);
  take(ld.dates, 'structured-data');
  take(meta, 'meta');
  take(labelledDatesOf(markup.labelled), 'markup');
  const ud = page.url ? urlDay(page.url) : null;
  const written = ud && isCalendarDate(...ud) ? `${ud[0]}-${pad(ud[1])}-${pad(ud[2])}` : null;
  const url = valid(written) ? written : null;
  if (url) stated.push({ iso: url, source: 'meta', place: 'url' });
  if (lastModified) take([{ value: lastModified, kind: 'published' }], 'http-header');

  // The first body with content: linkedom's `document.body` adds an empty one before a body it does
  // not find where it looks (extractPage reads `document.body` before the dates).
  const bodies = markup.bodies as unknown as WalkNode[];
  const body = bodies.find((b) => b.childNodes.length > 0) ?? bodies[0];
  const title = markup.titles[0]?.textContent ?? '';
  // The text is walked unless the markup already settles the vote (see `settledByMarkup`).
  const text: PageTextDates | null =
    body && !(settleWith && settledByMarkup(stated, settleWith))
      ? pageTextDates(walkPageText(body), numericOrder(markup), readDay, title)
      : null;
  const textDay = (d: { day: string | null; datetime: string | null }) => {
    const iso = (d.datetime ? toIso(d.datetime) : null) ?? d.day;
    return valid(iso) ? iso : null;
  };
  const markupUpdated = new Set(modified.map((m) => m.iso.slice(0, 10)));
  const markupPublished = new Set(stated.map((c) => c.iso.slice(0, 10)));
  // A text date on a day only an update is labelled with is the update shown; one between the
  // markup's publication and its update is a revision's: neither is the publication.
  const markupDays = stated.filter((c) => c.place !== 'url' && c.place !== 'http-header').map((c) => c.iso.slice(0, 10));
  const isUpdate = (iso: string) => {
    const day = iso.slice(0, 10);
    if (markupPublished.has(day)) return false;
    return markupUpdated.has(day) || (markupDays.some((p) => p < day) && [...markupUpdated].some((u) => u > day));
  };
  if (text?.published && valid(text.published.day))
    stated.push({ iso: text.published.day, source: 'opening-text', place: 'text-label' });
  // The byline: of the dates next to the title, the first labelled as published, else the nearest.
  const nearTitle = text?.elements.filter((e) => e.distance <= bylineDistance) ?? [];
  const near = [...nearTitle.filter((e) => e.labelled), ...nearTitle].map(textDay).find((d) => d !== null);
  if (near && !isUpdate(near)) stated.push({ iso: near, source: 'opening-text', place: 'byline' });
  const other = text?.elements
    .filter((e) => e.distance > bylineDistance)
    .map(textDay)
    .find((d) => d !== null);
  if (other && !isUpdate(other)) stated.push({ iso: other, source: 'opening-text', place: 'date-element' });
  if (text?.modified) modified.push({ iso: text.modified.day, source: 'opening-text' });

  // A time written in UTC is a moment, not the page's day: the page's own writing of the same
  // moment at its offset, else the day the URL or the byline shows when the moment falls on it.
  const shown = (url ?? text?.elements.map(textDay).find((d) => d !== null))?.slice(0, 10);
  const local = (c: Candidate): string => {
    if (!c.utc) return c.iso;
    const t = instant(c.iso);
    const sameMoment = [...ld.all, ...meta.map((d) => d.value), ...bodyDateValuesOf(markup.bodyValues)]
      .filter((v) => !WRITTEN_IN_UTC.test(v))
      .map(toIso)
      .find((iso) => iso && iso.length > 10 && !iso.endsWith('Z') && instant(iso) === t);
    return sameMoment ?? (shown ? onDay(c.iso, shown) : null) ?? c.iso;
  };
  const dates: PlaceDate[] = [];
  for (const place of DATE_PLACES) {
    const c = stated.find((s) => s.place === place);
    if (!c) continue;
    const iso = local(c);
    dates.push({ place, iso, day: iso.slice(0, 10) });
  }
  return {
    dates,
    updated: [...new Set([...markupUpdated, ...modified.map((m) => m.iso.slice(0, 10))])],
    modified: modified[0] ? { ...modified[0], iso: local(modified[0]) } : null,
    modifiedAll: modified,
  };
}

/** The places in the page's text, whose dates need the walk of its text. */
const TEXT_PLACES: readonly DatePlace[] = ['text-label', 'byline', 'date-element'];

/**
 * Whether the markup's dates already settle the vote with `weights`: their winning day leads the
 * next by more than the text's places weigh together, and no time written in UTC waits for the
 * text's day. The page's text is then not walked (the walk is most of the date finding's cost).
 */
function settledByMarkup(stated: Array<Candidate & { place: DatePlace }>, weights: Record<DatePlace, number>): boolean {
  if (stated.length === 0 || stated.some((c) => c.utc)) return false;
  const weightOf = new Map<string, number>();
  for (const place of DATE_PLACES) {
    const c = stated.find((s) => s.place === place);
    if (c) weightOf.set(c.iso.slice(0, 10), (weightOf.get(c.iso.slice(0, 10)) ?? 0) + weights[place]);
  }
  const [top = 0, next = 0] = [...weightOf.values()].sort((a, b) => b - a);
  return top - next > TEXT_PLACES.reduce((sum, p) => sum + weights[p], 0);
}

/**
 * The vote: each day gets the weights of the places that state it, and the heaviest day wins (a
 * tie to the place first in DATE_PLACES); the winner is that day's first place. Null when no place
 * states a publication.
 */
export function voteDate(
  dates: readonly PlaceDate[],
  weights: Record<DatePlace, number> = PLACE_WEIGHTS,
): { winner: PlaceDate; weight: number; agree: PlaceDate[]; outvoted: PlaceDate[] } | null {
  const weightOf = new Map<string, number>();
  for (const d of dates) weightOf.set(d.day, (weightOf.get(d.day) ?? 0) + weights[d.place]);
  let winner: PlaceDate | undefined;
  for (const d of dates) if (!winner || weightOf.get(d.day)! > weightOf.get(winner.day)!) winner = d;
  if (!winner) return null;
  return {
    winner,
    weight: weightOf.get(winner.day)!,
    agree: dates.filter((d) => d !== winner && d.day === winner.day),
    outvoted: dates.filter((d) => d.day !== winner.day),
  };
}

/** Why the vote's winner won, in words, for the trace and `spanlight extract`. */
function explain(vote: NonNullable<ReturnType<typeof voteDate>>, weights: Record<DatePlace, number>, updated: string[]): string {
  const { winner, agree, outvoted } = vote;
  let why = `${PLACE_NAME[winner.place]} (${winner.day})`;
  if (agree.length > 0) why += `, with ${agree.map((d) => PLACE_NAME[d.place]).join(', ')}`;
  if (outvoted.length > 0) {
    const others = outvoted.map((d) => `${PLACE_NAME[d.place]} (${d.day}, weight ${weights[d.place]})`).join(', ');
    why += `: weight ${vote.weight} over ${others}`;
  }
  const later = updated.filter((u) => u !== winner.day);
  if (later.length > 0) why += `; ${later.join(', ')} labelled as an update, never the publication`;
  return why;
}

/**
 * The page's publication date with its source and why it won (`why`). Every place that states a
 * publication date gives one candidate:
 * 1. structured data: JSON-LD datePublished (else dateCreated) of the article, then of the page;
 * 2. meta tags (Open Graph, schema.org, Dublin Core, Highwire…);
 * 3. markup in the body that labels a date as published (microdata and RDFa datePublished,
 *    `pubdate`, hAtom `published`);
 * 4. the URL's date ("/2020/02/17/");
 * 5. the HTTP Last-Modified header;
 * 6. a date in the text labelled "Published", "Veröffentlicht am", "Publié le", "Publicado el"…;
 * 7. the byline next to the title (a date element, a `<time>`, a short line after the `<h1>`);
 * 8. a date element elsewhere; comments left out.
 * Where they disagree, they vote (`voteDate`, weights `PLACE_WEIGHTS`). A date labelled as an
 * update (dateModified, article:modified_time, "Updated", "Aktualisiert", "Mis à jour"…) is never
 * a candidate, nor a text date on a day only an update is labelled with (see `dateCandidates`); it
 * is kept beside the winner as `modified` when on a later day, and used only when no place states a
 * publication. Dates after `page.readAt` are left out. A time written in UTC is a moment, not the
 * page's day: it is replaced by the page's own writing of the same moment at its offset (a
 * `<time>`, a meta tag), or put on the day the URL or the byline writes when that day is the
 * moment's day somewhere (see `onDay`).
 */
export function findDocumentDate(
  doc: DateDocument,
  lastModified: string | null,
  page: DatePage = {},
  weights: Record<DatePlace, number> = PLACE_WEIGHTS,
): Dated | null {
  const c = dateCandidates(doc, lastModified, page, BYLINE_DISTANCE, weights);
  return pickDate(c, weights);
}

/** `findDocumentDate`'s choice among `dateCandidates`. */
export function pickDate(c: DateCandidates, weights: Record<DatePlace, number> = PLACE_WEIGHTS): Dated | null {
  const vote = voteDate(c.dates, weights);
  if (!vote) {
    if (!c.modified) return null;
    return {
      iso: c.modified.iso,
      source: c.modified.source,
      why: 'only an update is dated on the page: no place states a publication',
    };
  }
  const { winner } = vote;
  const later = c.modifiedAll.find((m) => m.iso.slice(0, 10) > winner.day);
  const why = explain(vote, weights, c.updated);
  return later
    ? { iso: winner.iso, source: SOURCE_OF[winner.place], modified: later.iso, why }
    : { iso: winner.iso, source: SOURCE_OF[winner.place], why };
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
