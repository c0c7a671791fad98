/**
 * Figures and dates as keys a cited sentence and a passage can share: a figure is its value, read
 * as lib/reading/quantities.ts reads figures, with its scale and percent sign ("3,782,202" →
 * "3782202", "41.3 percent" → "41.3%", "1.2 million" → "1200000"); a date is a day, a month of a
 * year or a year, met by a passage giving it or a more precise date in it.
 */
import { datesInText, MONTH_NUMBERS } from '../dates/dates-text';
import { readFigure } from '../reading/quantities';
import { SCALES } from '../reading/unit-words';
import { escapeRegExp } from '../text/regexp';

const FIGURE =
  /(?<![\p{L}\p{N}.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:\s?(%|percent\b|per cent\b)|\s(thousand|million|billion|trillion|bn)\b)?/giu;
const MONTH_YEAR = new RegExp(
  `(?<![\\p{L}\\p{N}])(${[...MONTH_NUMBERS.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})\\.?,?\\s(?:of\\s|de\\s)?((?:1[5-9]|20)\\d{2})(?![\\p{L}\\p{N}])`,
  'giu',
);
const MONTHS = [...MONTH_NUMBERS.keys()]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|');
/** A day of a month without its year ("November 2", "18 October"): the year is the text's own. */
const DAY_MONTH = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${MONTHS})\\.?\\s(\\d{1,2})(?:st|nd|rd|th)?|(\\d{1,2})(?:st|nd|rd|th)?\\s(?:of\\s)?(${MONTHS}))(?![\\p{L}\\p{N}])(?!\\.?,?\\s*(?:1[5-9]|20)\\d{2})`,
  'giu',
);
const YEAR = /(?<![\p{L}\p{N}.,])((?:1[5-9]|20)\d{2})(?![\p{N}]|[.,]\d)(?!\s?(?:%|percent|per cent))/gu;

/** A figure's key: its value (read in English: "1,234" is a thousand and more), scaled, with "%" when it is a percentage. */
export function figureKey(digits: string, decimals: string | undefined, unit: string | undefined): string {
  const scale =
    unit === undefined ? undefined : SCALES.find(([re, , language]) => language === 'en' && re.test(unit.toLowerCase()));
  const value = readFigure(`${digits}${decimals ? `.${decimals}` : ''}`, false).value * (scale?.[1] ?? 1);
  const percent = unit !== undefined && scale === undefined;
  return `${Number(value.toPrecision(12))}${percent ? '%' : ''}`;
}

/** The dates and figures a text states. `dates`: the most precise key of each date ("d:2024-12-31", "m:2012-12", "y:2024"). */
export interface FigureReading {
  figures: string[];
  dates: string[];
  /** Every date key the text meets: each date at its own precision and every coarser one. */
  offeredDates: Set<string>;
}

/** Reads a text's figures and dates; years and the numbers inside dates are dates, not figures. */
export function readFigures(text: string): FigureReading {
  const taken: Array<[number, number]> = [];
  const dates: string[] = [];
  const offeredDates = new Set<string>();
  const free = (s: number, e: number) => !taken.some(([a, b]) => s < b && e > a);
  const add = (s: number, e: number, y: string, m?: string, d?: string) => {
    taken.push([s, e]);
    offeredDates.add(`y:${y}`);
    if (m) offeredDates.add(`m:${y}-${m}`);
    if (m && d) offeredDates.add(`d:${y}-${m}-${d}`);
    if (m && d) offeredDates.add(`md:${m}-${d}`);
    dates.push(d ? `d:${y}-${m}-${d}` : m ? `m:${y}-${m}` : `y:${y}`);
  };
  for (const t of datesInText(text)) {
    const [y, m, d] = t.day.split('-') as [string, string, string];
    const len = text.slice(t.index).search(new RegExp(`${Number(y)}(?!\\d)`)) + 4;
    add(t.index, t.index + Math.max(len, 4), y, m, d);
  }
  for (const m of text.matchAll(MONTH_YEAR)) {
    if (!free(m.index, m.index + m[0].length)) continue;
    const month = String(MONTH_NUMBERS.get(m[1]!.toLowerCase()) ?? 0).padStart(2, '0');
    add(m.index, m.index + m[0].length, m[2]!, month);
  }
  for (const m of text.matchAll(DAY_MONTH)) {
    if (!free(m.index, m.index + m[0].length)) continue;
    const month = MONTH_NUMBERS.get((m[1] ?? m[4])!.toLowerCase().replace(/\.$/, ''));
    const day = Number(m[2] ?? m[3]);
    if (!month || day < 1 || day > 31) continue;
    taken.push([m.index, m.index + m[0].length]);
    offeredDates.add(`md:${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  }
  for (const m of text.matchAll(YEAR)) if (free(m.index, m.index + m[0].length)) add(m.index, m.index + m[0].length, m[1]!);
  const figures: string[] = [];
  for (const m of text.matchAll(FIGURE))
    if (free(m.index, m.index + m[0].length)) figures.push(figureKey(m[1]!, m[2], m[3] ?? m[4]));
  return { figures, dates, offeredDates };
}
