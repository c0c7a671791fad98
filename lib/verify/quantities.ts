/**
 * Quantities as ranges: a figure with its unit (or the word it counts) and the values it can stand
 * for, from its hedge ("about", "nearly", "just over", "more than"), its range ("0.3 to 0.6 °C",
 * "3.1 ± 0.3 mm") and its rounding ("400" stands for 350–450, "410" for 409.5–410.5). Fractions in
 * words ("a quarter", "one in four", "half") are percentages. Two quantities of the same unit agree
 * when their ranges meet.
 */
import { normalizeText } from '../anchor/normalize';
import { lemmaOf } from './lexicon';

/** A quantity stated by a text. */
export interface Quantity {
  /** Lowest and highest value it stands for (in the unit's base: metres for lengths). */
  low: number;
  high: number;
  /** The unit, normalised ("%", "°c", "m", "ppm", "usd"), or the lemma of the word it counts ("drought"). */
  unit: string;
  /** As written, with its unit or counted word ("412,000 residents", "0.3 to 0.6 °c"). */
  surface: string;
  /** Offset in the normalised text. */
  at: number;
}

/** How far "about 400" reaches either side, as a share of the figure. */
const APPROXIMATE = 0.1;

const HEDGES: [RegExp, (x: number) => [number, number]][] = [
  [
    /(?:about|around|approximately|roughly|some|circa|an estimated|estimated|~)\s*$/,
    (x) => [x * (1 - APPROXIMATE), x * (1 + APPROXIMATE)],
  ],
  [/(?:nearly|almost|close to)\s*$/, (x) => [x * (1 - APPROXIMATE), x]],
  [/(?:just|slightly)\s+(?:over|above|more than)\s*$/, (x) => [x, x * (1 + APPROXIMATE)]],
  [/(?:just|slightly)\s+(?:under|below|less than)\s*$/, (x) => [x * (1 - APPROXIMATE), x]],
  [/(?:more than|over|above|at least|exceeding|upwards of|in excess of)\s*$/, (x) => [x, Infinity]],
  [/(?:less than|fewer than|under|below|at most|up to|no more than)\s*$/, (x) => [-Infinity, x]],
];

/** Units, with their base unit and factor. */
const UNITS: [RegExp, string, number][] = [
  [/^(?:%|percent\b|per cent\b|percentage points?\b)/, '%', 1],
  [/^(?:°\s?c\b|degrees? c(?:elsius)?\b|c\b(?=\s*(?:warming|rise|increase|of)))/, '°c', 1],
  [/^(?:°\s?f\b|degrees? f(?:ahrenheit)?\b)/, '°f', 1],
  [/^degrees?\b/, '°c', 1],
  [/^(?:ppm|parts per million)\b/, 'ppm', 1],
  [/^(?:mm|millimet(?:re|er)s?)\b/, 'm', 0.001],
  [/^(?:cm|centimet(?:re|er)s?)\b/, 'm', 0.01],
  [/^(?:km|kilomet(?:re|er)s?)\b/, 'm', 1000],
  [/^(?:m|met(?:re|er)s?)\b/, 'm', 1],
  [/^(?:in|inch|inches)\b/, 'm', 0.0254],
  [/^(?:ft|feet|foot)\b/, 'm', 0.3048],
  [/^(?:mi|miles?)\b/, 'm', 1609.344],
  [/^(?:gt|gigatonnes?|gigatons?)\b/, 'gt', 1],
];
const MONTH =
  /^(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)$/;
const CURRENCY: Record<string, string> = { $: 'usd', '€': 'eur', '£': 'gbp' };
const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
const FRACTIONS: [RegExp, number][] = [
  [/\b(?:a|one)[- ]half\b|\bhalf\b/, 50],
  [/\b(?:a|one)[- ]third\b/, 100 / 3],
  [/\btwo[- ]thirds\b/, 200 / 3],
  [/\b(?:a|one)[- ]quarter\b/, 25],
  [/\bthree[- ]quarters\b/, 75],
  [/\bone in (two|three|four|five|ten)\b/, 0],
];
const ONE_IN: Record<string, number> = { two: 50, three: 100 / 3, four: 25, five: 20, ten: 10 };

/** Half a unit of the figure's last significant digit: "400" → 50, "410" → 0.5, "1.8" → 0.05. */
function rounding(digits: string): number {
  if (digits.includes('.')) return 0.5 * 10 ** -digits.split('.')[1]!.length;
  const zeros = /0*$/.exec(digits)![0].length;
  return digits.length > zeros ? 0.5 * 10 ** zeros : 0.5;
}

/** The quantities of a text; years standing alone are periods (lib/verify/periods), not quantities. */
export function quantitiesIn(text: string): Quantity[] {
  const t = normalizeText(text).toLowerCase();
  const out: Quantity[] = [];
  const re =
    /([$€£])?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s*(?:-|–|to|and)\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?))?(?:\s*±\s*(\d+(?:\.\d+)?))?(?:\s*(thousand|million|billion|trillion)\b)?/g;
  for (const m of t.matchAll(re)) {
    const [whole, currency, first, second, plusMinus, scale] = m;
    const at = m.index ?? 0;
    if (/[\d.]$/.test(t.slice(0, at)) || /^[.\d]/.test(t.slice(at + whole.length))) continue;
    const before = t.slice(Math.max(0, at - 30), at);
    const digits = first!.replace(/,/g, '');
    const after = t.slice(at + whole.length).trimStart();
    const unitHit = UNITS.find(([u]) => u.test(after));
    // A bare four-digit year is a date, not a quantity.
    if (!currency && !unitHit && !scale && /^(1[5-9]|20)\d\d$/.test(digits) && !second) continue;
    if (second && /^(?:and)$/.test(/\s*(\S+)\s*\d/.exec(whole.slice(first!.length))?.[1] ?? '') && !/between\s*$/.test(before))
      continue;
    const factor = (scale ? SCALE[scale]! : 1) * (unitHit ? unitHit[2] : 1);
    const x = Number(digits);
    let low: number;
    let high: number;
    if (second) [low, high] = [x, Number(second.replace(/,/g, ''))];
    else if (plusMinus) [low, high] = [x - Number(plusMinus), x + Number(plusMinus)];
    else {
      const hedge = HEDGES.find(([h]) => h.test(before));
      const r = rounding(digits);
      [low, high] = hedge ? hedge[1](x) : [x - r, x + r];
      // "About 400" is at least as loose as the rounding of 400; "just over 400" keeps its side.
      if (hedge === HEDGES[0]) [low, high] = [Math.min(low, x - r), Math.max(high, x + r)];
    }
    if (low > high) continue;
    const unit = currency ? CURRENCY[currency]! : unitHit ? unitHit[1] : lemmaOf(/^([a-z][a-z-]+)/.exec(after)?.[1] ?? '');
    // "1 January" is a date; "3 of them" counts nothing.
    if (!unit || MONTH.test(unit) || /^(?:of|and|or|to|in|the|a|an)$/.test(unit)) continue;
    const unitText = unitHit ? unitHit[0].exec(after)![0] : (/^([a-z][a-z-]+)/.exec(after)?.[1] ?? '');
    const surface = `${whole.trim()} ${unitText}`.replace(/\s+(%)/, '$1').trim();
    out.push({ low: low * factor, high: high * factor, unit, surface, at });
  }
  for (const [re, value] of FRACTIONS) {
    for (const m of t.matchAll(new RegExp(re, 'g'))) {
      const v = value || ONE_IN[m[1]!]!;
      out.push({ low: v - 0.5, high: v + 0.5, unit: '%', surface: m[0], at: m.index ?? 0 });
    }
  }
  return out;
}

/** Whether two quantities of one unit can be the same value (their ranges meet, a relative hair's breadth allowed). */
export function quantitiesAgree(a: Quantity, b: Quantity): boolean {
  const slack = 1e-9 * Math.max(Math.abs(a.low), Math.abs(b.high), 1);
  return a.low <= b.high + slack && b.low <= a.high + slack;
}
