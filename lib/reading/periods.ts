/**
 * Periods of time a text names, as ranges of years: "2005" → 2005–2005, "the 1950s" → 1950–1959,
 * "the mid-20th century" and "the middle 1900s" → 1930–1970, "since 2005" → 2005 to now, "between
 * 1993 and 2017" → 1993–2017, "fiscal year 2023" → 2022–2023 (a fiscal year straddles two calendar years).
 */
import { normalizeText } from '../text/normalize';

/** A period: the first and last year it covers, and the words it was read from. */
export interface Period {
  from: number;
  to: number;
  surface: string;
  /** Offset in the normalised, lower-cased text. */
  at: number;
}

const ORDINAL: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  'twenty-first': 21,
};

const YEAR = '(1[5-9]\\d\\d|20\\d\\d)';
const PART = '(early|mid|middle|late)?[- ]?';

/** Narrows a span of years to its early, middle or late part (thirds, the middle one a little wider). */
function part(from: number, to: number, which: string | undefined): [number, number] {
  const len = to - from + 1;
  if (which === 'early') return [from, from + Math.round(len / 3)];
  if (which === 'late') return [to - Math.round(len / 3), to];
  if (which === 'mid' || which === 'middle') return [from + Math.round(len * 0.3), from + Math.round(len * 0.7)];
  return [from, to];
}

/** The periods a text names, in the order found. `now` closes open periods ("since 2005"). */
export function periodsIn(text: string, now: number = new Date().getUTCFullYear()): Period[] {
  const t = normalizeText(text).toLowerCase();
  const out: Period[] = [];
  const taken: [number, number][] = [];
  const add = (at: number, length: number, from: number, to: number, surface: string) => {
    if (taken.some(([s, e]) => at < e && at + length > s)) return;
    taken.push([at, at + length]);
    out.push({ from: Math.min(from, to), to: Math.max(from, to), surface: surface.trim(), at });
  };
  const scan = (re: RegExp, read: (m: RegExpMatchArray) => [number, number] | null) => {
    for (const m of t.matchAll(re)) {
      const range = read(m);
      if (range) add(m.index ?? 0, m[0].length, range[0], range[1], m[0]);
    }
  };
  // Ranges first: "between 1993 and 2017", "from 1993 to 2017", "1993-2017", "1993–94".
  scan(new RegExp(`(?:between|from)\\s+${YEAR}\\s+(?:and|to|until|through)\\s+${YEAR}`, 'g'), (m) => [+m[1]!, +m[2]!]);
  scan(new RegExp(`(?<!\\d)${YEAR}\\s*[-–]\\s*(\\d{2}|\\d{4})(?!\\d)`, 'g'), (m) => {
    const a = +m[1]!;
    const b = m[2]!.length === 2 ? Math.floor(a / 100) * 100 + +m[2]! : +m[2]!;
    return b >= a ? [a, b] : null;
  });
  scan(new RegExp(`(?:fiscal(?: year)?|fy)\\s?'?${YEAR}`, 'g'), (m) => [+m[1]! - 1, +m[1]!]);
  // Centuries: "the mid-20th century", "the late nineteenth century".
  scan(new RegExp(`${PART}(\\d{1,2})(?:st|nd|rd|th)[- ]century`, 'g'), (m) => {
    const c = +m[2]!;
    return part((c - 1) * 100, (c - 1) * 100 + 99, m[1]);
  });
  scan(new RegExp(`${PART}(${Object.keys(ORDINAL).join('|')})[- ]century`, 'g'), (m) => {
    const c = ORDINAL[m[2]!]!;
    return part((c - 1) * 100, (c - 1) * 100 + 99, m[1]);
  });
  // "The middle 1900s" is a century; "the early 1990s" is a decade.
  scan(new RegExp(`${PART}(1[5-9]|20)00s`, 'g'), (m) => part(+m[2]! * 100, +m[2]! * 100 + 99, m[1]));
  scan(new RegExp(`${PART}(1[5-9]\\d|20\\d)0s`, 'g'), (m) => part(+m[2]! * 10, +m[2]! * 10 + 9, m[1]));
  // "Since 2005"; and "since the 1950s", "since the mid-20th century": the period read above, open to now.
  for (const m of t.matchAll(new RegExp(`since\\s+(?:the\\s+)?${YEAR}(?!s)`, 'g'))) {
    add(m.index ?? 0, m[0].length, +m[1]!, now, m[0]);
  }
  for (const p of out) if (/since(?:\s+the)?\s*$/.test(t.slice(Math.max(0, p.at - 12), p.at))) p.to = now;
  // Single years last, where nothing above took them.
  scan(new RegExp(`(?<![\\d.,])${YEAR}(?![\\d%]|s\\b|\\s*(?:ppm|people|km|m\\b|kg|tonnes|tons))`, 'g'), (m) => [+m[1]!, +m[1]!]);
  return out.sort((a, b) => a.at - b.at);
}

/** Whether two periods share at least one year. */
export function periodsOverlap(a: Period, b: Period): boolean {
  return a.from <= b.to && b.from <= a.to;
}
