import type { Dated } from '../shared/types';
import { isCalendarDate } from './dates-text';
import { toIso } from './machine-dates';

/**
 * Dates as search providers send them: a machine-written date (./machine-dates: ISO 8601, RFC 2822,
 * or text with a month name, "Aug 31, 2022"), or relative text ("3 days ago", "2 hrs ago",
 * "yesterday") resolved against `now` when given; anything else is unknown (null). Day-precision
 * relative dates stay date-only ("2022-08-31") rather than claiming a time of day nobody gave.
 */
export function parseProviderDate(raw: string | null | undefined, now?: Date): string | null {
  const text = raw?.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  return toIso(text) ?? (now ? fromRelative(text, now) : null);
}

/** The provider's date as a Dated with source 'search-provider', or null when unknown. */
export function providerDate(raw: string | null | undefined, now?: Date): Dated | null {
  const iso = parseProviderDate(raw, now);
  return iso === null ? null : { iso, source: 'search-provider' };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD" if the day exists. */
const dateOnly = (y: number, m: number, d: number) => (isCalendarDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null);

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
