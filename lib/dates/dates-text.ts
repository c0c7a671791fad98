/**
 * Dates as people write them in a page's text: numeric forms, Chinese, Japanese and Korean forms,
 * month names from the platform's Intl data (en, de, fr, es; Arabic and Cyrillic ones too), and the
 * words before a date (en, de, fr, es) that say whether the page was published or updated then.
 * Written by hand: chrono-node reads far more (relative dates, times, ranges) and would add about
 * 19 KB gzipped to the background for these few patterns, and it has no notion of a byline's label.
 */
import { escapeRegExp } from '../text/regexp';

/** What the words just before a date say it is: when the page was published, updated, when a source it cites was read, or when an event takes place. */
export type DateLabel = 'published' | 'modified' | 'accessed' | 'event';

/**
 * How a numeric date whose day and month are both 12 or less is read: day first (most of the
 * world), month first (American English), or not at all when the page's language does not say.
 */
export type NumericOrder = 'dmy' | 'mdy' | null;

/** A date found in text. */
export interface TextDate {
  /** Where the date starts in the text. */
  index: number;
  /** The day as written, YYYY-MM-DD. */
  day: string;
  /** "Published 3 March 2024" → published; "Updated: 3 March 2024" → modified; "Retrieved 3 March 2024" → accessed; otherwise null. */
  label: DateLabel | null;
}

/** How to read dates in a text. */
export interface TextDateOptions {
  /** Reading of ambiguous slashed and hyphenated dates (03/04/2024); null reads only unambiguous ones. */
  order?: NumericOrder;
  /** Dates after this day (YYYY-MM-DD) are skipped: a page cannot be published after it was read. */
  notAfterDay?: string;
  /** Also read two-digit years (24.01.22): safe in a short date element, not in running text. */
  shortYears?: boolean;
}

/** Regional variants count: "Sept" (en-GB), "Jänner" (de-AT) are written as often as the rest. */
const LOCALES = ['en', 'en-GB', 'de', 'de-AT', 'fr', 'es'];

/**
 * Month names (long and short, as the platform's Intl data writes them inside a date) → month
 * number, lower-cased and without a closing full stop: "march", "mar", "märz", "jänner", "févr",
 * "marzo", "sept"…
 */
export const MONTH_NUMBERS: ReadonlyMap<string, number> = monthNumbers(LOCALES);

/** The month names of some locales (long and short, lower-cased, no closing full stop) → month number. */
export function monthNumbers(locales: readonly string[]): ReadonlyMap<string, number> {
  const names = new Map<string, number>();
  for (const locale of locales)
    for (const month of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month, timeZone: 'UTC' });
      for (let m = 1; m <= 12; m++) {
        const name = format.formatToParts(Date.UTC(2001, m - 1, 15)).find((p) => p.type === 'month')?.value;
        if (name && !/^\d+$/.test(name)) names.set(name.toLowerCase().replace(/\.$/, ''), m);
      }
    }
  return names;
}

const MONTH = `(${[...MONTH_NUMBERS.keys()]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|')})`;
/** A day of the month: "3", "3rd", "3." (German), "1er" (French). */
const DAY = '(\\d{1,2})(?:st|nd|rd|th|er|\\.)?';
const YEAR = '((?:19|20)\\d{2})';
/** Not inside a longer number or word. */
const START = '(?<![\\p{L}\\p{N}])';
const END = '(?![\\p{L}\\p{N}])';

type Parts = [year: number, month: number, day: number] | null;

const num = (s: string | undefined) => Number(s);

/** Day and month of a numeric date written d/m or m/d. */
function dayMonth(a: number, b: number, order: NumericOrder): [month: number, day: number] | null {
  if (a === b) return [a, b];
  if (a > 12) return [b, a];
  if (b > 12) return [a, b];
  if (order === 'dmy') return [b, a];
  if (order === 'mdy') return [a, b];
  return null;
}

interface Pattern {
  re: RegExp;
  parts: (m: RegExpExecArray, options: TextDateOptions) => Parts;
}

/**
 * A date with a month name (`names`, a pattern's group; `month` its number, 0 for none), month first
 * ("March 3, 2024", "Mar. 3rd 2024") or day first ("3 March 2024", "3rd of March, 2024", "3. März
 * 2024", "1er mars 2024", "3 de marzo de 2024").
 */
function monthNamePatterns(names: string, month: (name: string) => number, flags: string): Pattern[] {
  return [
    {
      re: new RegExp(`${START}${names}\\.? ${DAY},? ${YEAR}${END}`, flags),
      parts: (m) => [num(m[3]), month(m[1]!), num(m[2])],
    },
    {
      re: new RegExp(`${START}${DAY}\\s?(?:of |de )?${names}\\.?,?(?: de)? ${YEAR}${END}`, flags),
      parts: (m) => [num(m[3]), month(m[2]!), num(m[1])],
    },
  ];
}

const PATTERNS: Pattern[] = [
  // Year first, always year-month-day: "2024-03-03", "2024/03/03", "2024.3.3", and the date of
  // a date-time ("2024-03-03T10:00").
  {
    re: new RegExp(`${START}${YEAR}([-/.])(\\d{1,2})\\2(\\d{1,2})(?!\\p{N})(?!(?!T)\\p{L})`, 'gu'),
    parts: (m) => [num(m[1]), num(m[3]), num(m[4])],
  },
  // Dotted, day first wherever it is written (de, fr, fi, ru…): "3.3.2024", "03. 03. 2024".
  {
    re: new RegExp(`${START}(\\d{1,2})\\.\\s?(\\d{1,2})\\.\\s?${YEAR}${END}`, 'gu'),
    parts: (m) => [num(m[3]), num(m[2]), num(m[1])],
  },
  // Slashed or hyphenated, day or month first: "26/10/2018", "10/26/2018", "29-10-2021".
  {
    re: new RegExp(`${START}(\\d{1,2})([/-])(\\d{1,2})\\2${YEAR}${END}`, 'gu'),
    parts: (m, o) => {
      const dm = dayMonth(num(m[1]), num(m[3]), o.order ?? null);
      return dm ? [num(m[4]), dm[0], dm[1]] : null;
    },
  },
  // Chinese, Japanese and Korean, year first with its unit signs: "2024年3月3日", "2024년 3월 3일". The
  // text around needs no space, so only a number may not stand right before.
  {
    re: new RegExp(`(?<!\\p{N})${YEAR}\\s?[年년]\\s?(\\d{1,2})\\s?[月월]\\s?(\\d{1,2})\\s?[日일]`, 'gu'),
    parts: (m) => [num(m[1]), num(m[2]), num(m[3])],
  },
  ...monthNamePatterns(MONTH, (name) => MONTH_NUMBERS.get(name.toLowerCase()) ?? 0, 'giu'),
];

/**
 * Month names in scripts other than Latin (Arabic, Cyrillic), from the platform's Intl data, read day
 * first or month first (`monthNamePatterns`): their patterns run only on a text with a letter of their script,
 * for a pattern holding them all is tried name by name at each place of any text, several times slower.
 */
const OTHER_SCRIPTS: Array<{ letters: RegExp; patterns: Pattern[] }> = [
  // Arabic writes the months by two sets of names: Egypt's and the Maghreb's ("أبريل"), and the
  // Levant's and Iraq's ("نيسان"); news sites often write both ("24 نيسان / أبريل 2020").
  { letters: /[\u0600-\u06ff]/, locales: ['ar', 'ar-SY'] },
  { letters: /[\u0400-\u04ff]/, locales: ['ru', 'uk', 'bg'] },
].map(({ letters, locales }) => {
  // Without the i flag (slow on these scripts): each name lower-cased and capitalised.
  const months = new Map(
    [...monthNumbers(locales)].flatMap(([k, v]) => [
      [k, v],
      [k[0]!.toUpperCase() + k.slice(1), v],
    ]),
  );
  const alternatives = [...months.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  // A month named twice, in each set of names ("نيسان / أبريل"): the first is read.
  const names = `(${alternatives})(?:\\s?/\\s?(?:${alternatives}))?`;
  return { letters, patterns: monthNamePatterns(names, (name) => months.get(name) ?? 0, 'gu') };
});

/** Two-digit years, dotted and zero-padded ("24.01.22"), for short date elements only. */
const SHORT_YEAR: Pattern = {
  re: new RegExp(`${START}(\\d{2})\\.(\\d{2})\\.(\\d{2})${END}`, 'gu'),
  parts: (m, o) => {
    const yy = num(m[3]);
    const century = o.notAfterDay && yy > num(o.notAfterDay.slice(2, 4)) ? 1900 : 2000;
    return [century + yy, num(m[2]), num(m[1])];
  },
};

/** A valid calendar date (no 31 April, no 29 February outside leap years). */
export function isCalendarDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= 1990 && y <= 2100 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Text just before a date that makes it a copyright or footer line, not a publication date. */
const FOOTER_CONTEXT = /(?:©|\(c\)|copyright|all rights reserved)[^\n]*$/iu;

/**
 * Words that label the date after them, in the four languages, with what may stand between label
 * and date: a colon, "on"/"am"/"le"/"el", a weekday, an author ("Posted by Ana on"), no digits.
 */
const LABELS: Array<[DateLabel, RegExp]> = [
  [
    'modified',
    /(?:updated|last modified|modified|revised|edited|aktualisiert|geändert|bearbeitet|mis à jour|mise à jour|modifié|actualisé|actualizado|modificado|editado|actualización)(?![\p{L}])[^\n\d]{0,40}$/iu,
  ],
  [
    'published',
    /(?:published|posted|created|veröffentlicht|erschienen|erstellt|publiziert|publié|mis en ligne|paru|créé|publicado|creado|publicación)(?![\p{L}])[^\n\d]{0,40}$/iu,
  ],
  // German "Stand:" ("as of"), capitalised as nouns are, and right before its date.
  ['modified', /(?<!\p{L})Stand:?[^\S\n]*$/u],
  // A reference's access date ("Retrieved 1 May 2016", "abgerufen am", "consulté le"): the cited page's.
  [
    'accessed',
    /(?:retrieved|accessed|archived|abgerufen|zugegriffen|archiviert|consulté|archivé|consultado|recuperado|archivado)(?![\p{L}])[^\n\d]{0,40}$/iu,
  ],
  // An event's date ("Termin: 21.02.2020", "Event date:", "Date de l'événement", "Fecha del evento"):
  // when something happens, not when the page was written.
  [
    'event',
    /(?<!\p{L})(?:termin|veranstaltungsdatum|event date|date of the event|date de l'événement|fecha del evento)[^\S\n]*:?[^\S\n]*$/iu,
  ],
  // A bare "Date:" ("Datum", "Fecha") right before the date: the page's own date, as a byline gives it.
  ['published', /(?<!\p{L})(?:date|datum|fecha)[^\S\n]*:?[^\S\n]*$/iu],
];

/**
 * German puts the verb last: "Dieser Beitrag wurde am 3. Dezember 2011 um 14:00 Uhr
 * veröffentlicht". The label right after a date (a time between), read when none stands before it.
 */
const LABELS_AFTER: Array<[DateLabel, RegExp]> = [
  ['published', /^[^\n]{0,25}?(?<!\p{L})(?:veröffentlicht|erschienen|publiziert)(?!\p{L})/iu],
  ['modified', /^[^\n]{0,25}?(?<!\p{L})(?:aktualisiert|geändert|bearbeitet)(?!\p{L})/iu],
];

/** The label of a date that ends at `end`, from the words right after it (`LABELS_AFTER`). */
function labelAfter(text: string, end: number): DateLabel | null {
  const after = text.slice(end, end + 60);
  return LABELS_AFTER.find(([, re]) => re.test(after))?.[0] ?? null;
}

/** The label of the date at `index`: the nearest label word before it on its line. */
function labelBefore(text: string, index: number): DateLabel | null {
  let before = text.slice(Math.max(0, index - 60), index);
  // A date at the start of a line, after a short line of its own: "Datum\n12.01.2017" (<dt>, <dd>).
  const lineBreak = /\n\s*$/.exec(before);
  if (lineBreak) {
    const previous = before.slice(0, lineBreak.index);
    const line = previous.slice(previous.lastIndexOf('\n') + 1);
    if (line.trim().length <= 30) before = `${line.trim()} `;
  }
  let best: { label: DateLabel; at: number } | null = null;
  for (const [label, re] of LABELS) {
    const m = re.exec(before);
    if (m && (!best || m.index > best.at)) best = { label, at: m.index };
  }
  return best?.label ?? null;
}

/**
 * Every date written in `text`, in order: ISO and year-first forms ("2024-03-03"), dotted day-first
 * forms ("3.3.2024"), slashed and hyphenated ones when unambiguous or when `order` says how to read
 * them, and month names in English, German, French and Spanish ("March 3, 2024", "3. März 2024",
 * "1er mars 2024", "3 de marzo de 2024"), each with its label. Dates on a copyright line are skipped
 * (a footer date says nothing about when the content was written), and so are dates after
 * `notAfterDay`.
 */
export function datesInText(text: string, options: TextDateOptions = {}): TextDate[] {
  const found: Array<TextDate & { end: number }> = [];
  const patterns = [
    ...PATTERNS,
    ...(options.shortYears ? [SHORT_YEAR] : []),
    ...OTHER_SCRIPTS.flatMap((o) => (o.letters.test(text) ? o.patterns : [])),
  ];
  for (const { re, parts } of patterns) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const p = parts(m, options);
      if (!p || !isCalendarDate(...p)) continue;
      const day = `${p[0]}-${pad(p[1])}-${pad(p[2])}`;
      if (options.notAfterDay && day > options.notAfterDay) continue;
      if (FOOTER_CONTEXT.test(text.slice(Math.max(0, m.index - 80), m.index))) continue;
      const end = m.index + m[0].length;
      found.push({ index: m.index, end, day, label: labelBefore(text, m.index) ?? labelAfter(text, end) });
    }
  }
  found.sort((a, b) => a.index - b.index || b.end - a.end);
  // One date per stretch of text: "3.3.2024" is not also read as "3.2024"-something by another pattern.
  const dates: TextDate[] = [];
  let end = -1;
  for (const f of found) {
    if (f.index < end) continue;
    dates.push({ index: f.index, day: f.day, label: f.label });
    end = f.end;
  }
  return dates;
}
