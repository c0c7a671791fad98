/**
 * The one reader of a date a machine wrote (a page's markup, an HTTP header, a search provider's
 * field): ISO 8601, RFC 2822 and HTTP dates, JavaScript's and Unix's Date#toString, else the first
 * date the text writes ("Aug 31, 2022", "3. März 2024"). The publisher's day is kept; nothing here
 * calls Date.parse, whose reading of free text differs between browsers.
 */
import { datesInText, isCalendarDate, MONTH_NUMBERS } from './dates-text';

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 as sites write it: date, optional time, optional zone ("Z", "+01:00", "+0100"). */
const ISO_LIKE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * RFC 2822 and HTTP dates ("Fri, 01 May 2020 23:00:00 -0400", "Tue, 15 Nov 1994 08:12:31 GMT") and
 * JavaScript's Date#toString ("Mon Aug 24 2020 21:14:08 GMT+0000 (Coordinated Universal Time)").
 */
const RFC_LIKE =
  /^(?:[a-z]{3},?\s+)?(?:(\d{1,2})\s+([a-z]{3})|([a-z]{3})\s+(\d{1,2}))\s+(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:(Z|GMT|UTC|UT|[ECMP][SD]T)?\s*([+-]\d{2}:?\d{2})?)\s*(?:\([^)]*\))?$/i;

/** Unix `date` and Java's Date#toString: "Mon Oct 11 14:57:21 CEST 2021". */
const UNIX_LIKE = /^[a-z]{3}\s+([a-z]{3})\s+(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})\s+([a-z]{2,5})\s+(\d{4})$/i;

/** The zone names RFC 2822 defines, in minutes east of UTC. */
const ZONE_NAMES: Record<string, number> = {
  Z: 0,
  GMT: 0,
  UT: 0,
  UTC: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
};

/** The moment `y-m-d h:mi:s` at `offset` minutes east of UTC, written at that offset. */
function atOffset(y: number, mo: number, d: number, h: number, mi: number, s: number, offset: number): string | null {
  if (!isCalendarDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
  const time = `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}`;
  if (offset === 0) return `${time}.000Z`;
  const a = Math.abs(offset);
  return `${time}${offset < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

/**
 * A machine-written date as ISO 8601, or null. A time with an offset keeps it
 * ("2015-07-10T22:30:00-04:00"; "Fri, 01 May 2020 23:00:00 -0400" is "2020-05-01T23:00:00-04:00"),
 * so `iso.slice(0, 10)` is the publisher's day, never the UTC one; a time without a zone is read as
 * written and marked UTC, so the result never depends on the machine's zone; a zone RFC 2822 does
 * not define ("CEST") gives the day as written. Any other text gives the first day it writes, or
 * null: relative text ("3 days ago") is not a date here. Years outside 1990–2100 are not dates.
 */
export function toIso(value: string): string | null {
  const v = value.trim();
  if (!v || !/\d{4}/.test(v)) return null;
  const iso = ISO_LIKE.exec(v);
  if (iso) {
    const [, y, mo, d, h, mi, s, frac, zone] = iso;
    if (!isCalendarDate(Number(y), Number(mo), Number(d))) return null;
    if (h === undefined) return `${y}-${mo}-${d}`;
    if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
    const ms = frac ? `.${frac.slice(0, 3).padEnd(3, '0')}` : '';
    const time = `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${ms}`;
    if (!zone || zone.toUpperCase() === 'Z') return `${time}${ms ? '' : '.000'}Z`;
    const digits = zone.replace(':', '');
    const offset = `${digits.slice(0, 3)}:${digits.slice(3, 5) || '00'}`;
    return offset === '+00:00' || offset === '-00:00' ? `${time}${ms ? '' : '.000'}Z` : `${time}${offset}`;
  }
  const rfc = RFC_LIKE.exec(v);
  if (rfc) {
    const [, d1, mon1, mon2, d2, y, h, mi, s, name, numeric] = rfc;
    const month = MONTH_NUMBERS.get((mon1 ?? mon2)!.toLowerCase()) ?? 0;
    let offset = 0;
    if (numeric) {
      const n = numeric.replace(':', '');
      offset = (n.startsWith('-') ? -1 : 1) * (Number(n.slice(1, 3)) * 60 + Number(n.slice(3, 5)));
    } else if (name) offset = ZONE_NAMES[name.toUpperCase()] ?? 0;
    return atOffset(Number(y), month, Number(d1 ?? d2), Number(h), Number(mi), Number(s ?? 0), offset);
  }
  const unix = UNIX_LIKE.exec(v);
  if (unix) {
    const [, mon, d, h, mi, s, zone, y] = unix;
    const offset = ZONE_NAMES[zone!.toUpperCase()];
    const month = MONTH_NUMBERS.get(mon!.toLowerCase()) ?? 0;
    if (offset !== undefined) return atOffset(Number(y), month, Number(d), Number(h), Number(mi), Number(s), offset);
    return isCalendarDate(Number(y), month, Number(d)) ? `${y}-${pad(month)}-${pad(Number(d))}` : null;
  }
  return datesInText(v, { order: null })[0]?.day ?? null;
}
