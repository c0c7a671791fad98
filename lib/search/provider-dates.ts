import type { Dated } from '../shared/types';
import { MONTH_NUMBERS } from '../dates/dates-text';

/**
 * Dates as search providers send them, read without `Date.parse`'s guessing (V8 reads "Aug 31" as
 * 2001 and a zoneless date-time as local time):
 * - ISO 8601 with or without a zone ("2026-11-02T08:15:00Z", "2026-11-02T08:15:00", "2026-11-02");
 *   a date-time without a zone is read as UTC, since no provider says otherwise, and a non-zero
 *   offset is kept so the publisher's day survives;
 * - RFC 1123 / RFC 2822 ("Mon, 02 Nov 2026 08:15:00 GMT");
 * - loose text with a month name ("Aug 31, 2022", "31 August 2022");
 * - relative text ("3 days ago", "2 hrs ago", "yesterday"), resolved against `now` when given.
 * Anything else is unknown (null). Date-only and day-precision relative dates stay date-only
 * ("2022-08-31") rather than claiming a time of day nobody gave.
 */
export function parseProviderDate(raw: string | null | undefined, now?: Date): string | null {
  const text = raw?.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  return fromIso(text) ?? fromRfc2822(text) ?? fromMonthFirst(text) ?? (now ? fromRelative(text, now) : null);
}

/** The provider's date as a Dated with source 'search-provider', or null when unknown. */
export function providerDate(raw: string | null | undefined, now?: Date): Dated | null {
  const iso = parseProviderDate(raw, now);
  return iso === null ? null : { iso, source: 'search-provider' };
}

/** 1–12 for a month name or its abbreviation of at least three letters ("Sept", "Aug.", "févr"), in the four languages. */
function monthOf(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return undefined;
  const exact = MONTH_NUMBERS.get(w);
  if (exact !== undefined) return exact;
  const months = new Set([...MONTH_NUMBERS].flatMap(([name, m]) => (name.startsWith(w) ? [m] : [])));
  return months.size === 1 ? [...months][0] : undefined;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "YYYY-MM-DD" if the day exists in that month. */
function dateOnly(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/**
 * ISO date-time from wall-clock parts and a zone offset in minutes east of UTC. The publisher's
 * offset is kept ("2026-11-26T23:30:00.000-05:00", whose day is still the 26th, as lib/dates/dates.ts
 * does for pages); UTC and zoneless times end in "Z".
 */
function dateTime(
  y: number,
  m: number,
  d: number,
  h: number,
  min: number,
  s: number,
  ms: number,
  offsetMin: number,
): string | null {
  if (dateOnly(y, m, d) === null || h > 23 || min > 59 || s > 59) return null;
  if (offsetMin === 0) return new Date(Date.UTC(y, m - 1, d, h, min, s, ms)).toISOString();
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(min)}:${pad(s)}.${pad(ms, 3)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "+05:30", "-0800", "+01", "Z" → minutes east of UTC. */
function numericOffset(zone: string): number | null {
  if (/^z$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? '0');
  if (hours > 14 || minutes > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function fromIso(text: string): string | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (m[4] === undefined) return dateOnly(y, mo, d);
  const offset = m[8] ? numericOffset(m[8]) : 0;
  if (offset === null) return null;
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  return dateTime(y, mo, d, Number(m[4]), Number(m[5]), Number(m[6] ?? '0'), ms, offset);
}

/** RFC 2822's named zones (RFC 1123 uses GMT). */
const NAMED_ZONES: Record<string, number> = {
  gmt: 0,
  ut: 0,
  utc: 0,
  z: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
};

const RFC2822 =
  /^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,? )?(\d{1,2}) ([a-z]+\.?),? (\d{4})(?:,? (\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([a-z]+|[+-]\d{4}))?)?$/i;

/** "Mon, 02 Nov 2026 08:15:00 GMT", "2 Nov 2026 08:15 +0100", "31 August 2022". */
function fromRfc2822(text: string): string | null {
  const m = RFC2822.exec(text);
  if (!m) return null;
  const month = monthOf(m[2]!);
  if (month === undefined) return null;
  const [d, y] = [Number(m[1]), Number(m[3])];
  if (m[4] === undefined) return dateOnly(y, month, d);
  const zone = m[7];
  const offset = zone === undefined ? 0 : /^[+-]/.test(zone) ? numericOffset(zone) : NAMED_ZONES[zone.toLowerCase()];
  if (offset === undefined || offset === null) return null;
  return dateTime(y, month, d, Number(m[4]), Number(m[5]), Number(m[6] ?? '0'), 0, offset);
}

const MONTH_FIRST = /^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,? )?([a-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i;

/** "Aug 31, 2022", "August 31 2022", "Sept. 3, 2024". */
function fromMonthFirst(text: string): string | null {
  const m = MONTH_FIRST.exec(text);
  if (!m) return null;
  const month = monthOf(m[1]!);
  return month === undefined ? null : dateOnly(Number(m[3]), month, Number(m[2]));
}

const UNITS: Array<[RegExp, 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year']> = [
  [/^(seconds?|secs?)$/, 'second'],
  [/^(minutes?|mins?)$/, 'minute'],
  [/^(hours?|hrs?)$/, 'hour'],
  [/^days?$/, 'day'],
  [/^(weeks?|wks?)$/, 'week'],
  [/^(months?|mos?)$/, 'month'],
  [/^(years?|yrs?)$/, 'year'],
];

const RELATIVE = /^(?:about |over |almost )?(\d+|an?|one) ([a-z]+)\.? ago$/i;

/** "3 days ago", "an hour ago", "2 hrs ago", "yesterday", "today", "just now" against `now`. */
function fromRelative(text: string, now: Date): string | null {
  if (Number.isNaN(now.getTime())) return null;
  const lower = text.toLowerCase();
  const day = (d: Date) => dateOnly(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  if (lower === 'just now') return now.toISOString();
  if (lower === 'today') return day(now);
  if (lower === 'yesterday') return day(new Date(now.getTime() - 86_400_000));
  const m = RELATIVE.exec(lower);
  if (!m) return null;
  const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : 1;
  const unit = UNITS.find(([re]) => re.test(m[2]!))?.[1];
  if (unit === undefined) return null;
  const t = now.getTime();
  if (unit === 'second') return new Date(t - n * 1000).toISOString();
  if (unit === 'minute') return new Date(t - n * 60_000).toISOString();
  if (unit === 'hour') return new Date(t - n * 3_600_000).toISOString();
  if (unit === 'day') return day(new Date(t - n * 86_400_000));
  if (unit === 'week') return day(new Date(t - n * 7 * 86_400_000));
  // Calendar months and years, clamped to the month's last day (31 March − 1 month → 28/29 February).
  const months = unit === 'month' ? n : n * 12;
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return dateOnly(target.getUTCFullYear(), target.getUTCMonth() + 1, Math.min(now.getUTCDate(), lastDay));
}
