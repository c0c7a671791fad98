/**
 * Quantities as ranges: a figure with its unit (or the word it counts) and the values it can stand
 * for, from its hedge ("about 400"), its range ("0.3 to 0.6 °C", "3.1 ± 0.3 mm") and its rounding
 * ("400" stands for 350–450), with units in four languages (`./quantity-units`) converted by
 * js-quantities. Two quantities of the same unit agree when their ranges meet.
 */
import { monthNumbers } from '../dates/dates-text';
import { normalizeText } from '../text/normalize';
import { lemmaOf } from './lexicon';
import {
  CURRENCY_BEFORE,
  currencyBefore,
  differenceOf,
  MONEY_SCALES,
  SCALES,
  unitAt,
  type UnitLanguage,
  type UnitReading,
} from './quantity-units';

/** A quantity stated by a text. */
export interface Quantity {
  /** Lowest and highest value it stands for (in the unit's base: metres for lengths, kelvin for temperatures). */
  low: number;
  high: number;
  /**
   * The unit compared: js-quantities' base ("m", "kg", "tempK" for a temperature, "degK" for a change
   * of one), "%", "ppm", a currency ("usd"), or the lemma of the word it counts ("drought").
   */
  unit: string;
  /** What a measured unit measures ("length", "temperature", "share", "money" for a currency); none for counts. */
  kind?: string;
  /** The figure as written, read as a number with its scale, before its unit ("412" of "412 feet"). */
  figure: number;
  /** The figure's digits as written ("1.000,5", "0.3 to 0.6"). */
  digits: string;
  /** As written, with its unit or counted word ("412,000 residents", "0.3 to 0.6 °c"). */
  surface: string;
  /** Offset in the normalised text. */
  at: number;
}

/** How far "about 400" reaches either side, as a share of the figure. */
const APPROXIMATE = 0.1;

const ABOUT =
  /(?:about|around|approximately|roughly|some|circa|ca\.|an estimated|estimated|~|etwa|rund|ungefähr|zirka|environ|quelque|approximativement|aproximadamente|alrededor de|unos|unas|cerca de)\s*$/;
const HEDGES: [RegExp, (x: number) => [number, number]][] = [
  [ABOUT, (x) => [x * (1 - APPROXIMATE), x * (1 + APPROXIMATE)]],
  [/(?:nearly|almost|close to|fast|beinahe|knapp|presque|près de|casi)\s*$/, (x) => [x * (1 - APPROXIMATE), x]],
  [/(?:just|slightly)\s+(?:over|above|more than)\s*$/, (x) => [x, x * (1 + APPROXIMATE)]],
  [/(?:just|slightly)\s+(?:under|below|less than)\s*$/, (x) => [x * (1 - APPROXIMATE), x]],
  [
    /(?:more than|over|above|at least|exceeding|upwards of|in excess of|mehr als|über|mindestens|plus de|au moins|más de|al menos)\s*$/,
    (x) => [x, Infinity],
  ],
  [
    /(?:less than|fewer than|under|below|at most|up to|no more than|weniger als|unter|bis zu|moins de|jusqu'à|menos de|hasta)\s*$/,
    (x) => [-Infinity, x],
  ],
];

/** English month names, long and short: a figure before one is a day, not a count ("3 may"). */
const ENGLISH_MONTHS = monthNumbers(['en', 'en-GB']);
const FRACTIONS: [RegExp, number][] = [
  [/\b(?:a|one)[- ]half\b|\bhalf\b/, 50],
  [/\b(?:a|one)[- ]third\b/, 100 / 3],
  [/\btwo[- ]thirds\b/, 200 / 3],
  [/\b(?:a|one)[- ]quarter\b/, 25],
  [/\bthree[- ]quarters\b/, 75],
  [/\bone in (two|three|four|five|ten)\b/, 0],
];
const ONE_IN: Record<string, number> = { two: 50, three: 100 / 3, four: 25, five: 20, ten: 10 };

/** An ordinal's ending written against its digits: English, French, Spanish. */
const ORDINAL_AFTER = /^(?:st|nd|rd|th|e|er|re|ème|eme|º|ª)(?![\p{L}\p{N}])/u;

/** A figure as written: groups of three after a comma, a point or a space ("1,000.5", "1.000,5", "1 000"), or plain. */
const FIGURE = String.raw`\d{1,3}(?:[,. \u202f]\d{3}(?!\d))+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const QUANTITY_RE = new RegExp(
  String.raw`(${CURRENCY_BEFORE})?(${FIGURE})(?:\s*(-|to|and|bis|und|à|et|y)\s*(${FIGURE}))?(?:\s*±\s*(\d+(?:[.,]\d+)?))?`,
  'gu',
);

/**
 * A figure's value and the half-unit of its last significant digit ("400" → 50, "410" → 0.5,
 * "1.8" → 0.05). Groups of three are thousands; one comma or point before three digits is a
 * thousands separator in English ("1,000") and in the other languages' "1.000", a decimal sign
 * otherwise ("20,5", "1.5"); both in one figure: the last is the decimal sign.
 */
export function readFigure(written: string, european: boolean): { value: number; step: number } {
  const s = written.replace(/[ \u202f]/g, '');
  const commas = (s.match(/,/g) ?? []).length;
  const points = (s.match(/\./g) ?? []).length;
  let decimal: ',' | '.' | null = null;
  if (commas && points) decimal = s.lastIndexOf(',') > s.lastIndexOf('.') ? ',' : '.';
  else if (commas === 1) decimal = /,\d{3}$/.test(s) && !european ? null : ',';
  else if (points === 1) decimal = /\.\d{3}$/.test(s) && european ? null : '.';
  const thousands = decimal === ',' ? /\./g : decimal === '.' ? /,/g : /[.,]/g;
  const digits = s.replace(thousands, '').replace(',', '.');
  let step: number;
  if (digits.includes('.')) step = 0.5 * 10 ** -digits.split('.')[1]!.length;
  else {
    const zeros = /0*$/.exec(digits)![0].length;
    step = digits.length > zeros ? 0.5 * 10 ** zeros : 0.5;
  }
  return { value: Number(digits), step };
}

/**
 * Words of change before a temperature: right before it ("rose 1.1 °C") or through "by", "of"
 * ("warming of", "Anstieg um", "hausse de", "aumento de"); a superlative ("the warmest day of") is no change.
 */
const CHANGE_BEFORE =
  /(?:ris|rose|increas|warm|cool|fell|fall|drop|declin|chang|anomal|steig|stieg|erwärm|anstieg|hausse|augment|réchauff|baiss|aument|subi|calent|descen)\p{L}*(?<!est)(?:\s+(?:\p{L}+\s+)?(?:by|of|um|de|en|von))?\s+$/u;
/** Words after a temperature that make it a change ("1.5 °C warmer", "2 °C above pre-industrial", "1.1 °C of warming"). */
const CHANGE_AFTER =
  /^(?:warmer|cooler|hotter|colder|higher|lower|above|below|more|less|of warming|warming|rise|increase|wärmer|kälter|über|mehr|de plus|de moins|au-dessus|más|por encima)(?![\p{L}])/u;

/** Whether a temperature is a change of temperature, not a point on its scale: its sign, "by", or a word of change. */
function isDifference(before: string, after: string, signed: boolean): boolean {
  if (signed) return true;
  const near = before.replace(ABOUT, '').trimEnd() + ' ';
  return /(?:^|\s)(?:by|um)\s+$/.test(near) || CHANGE_BEFORE.test(near) || CHANGE_AFTER.test(after);
}

/** The scale word after a figure ("million", "Milliarden"), with its factor and language. */
function scaleAt(after: string, scales = SCALES): { factor: number; text: string; language: UnitLanguage } | null {
  for (const [re, factor, language] of scales) {
    const m = re.exec(after);
    if (m) return { factor, text: m[0], language };
  }
  return null;
}

/**
 * The scale of an amount of money: a scale word, or a scale letter beside its currency ("$5m",
 * "5m euros", "5 M€"); a letter with no currency beside it is a unit ("5m" is five metres).
 */
function moneyScaleAt(after: string, currency: UnitReading | undefined) {
  const scale = scaleAt(after);
  if (scale) return scale;
  const letter = scaleAt(after, MONEY_SCALES);
  if (!letter) return null;
  if (currency) return letter;
  const next = unitAt(after.slice(letter.text.length).trimStart());
  return next?.kind === 'money' ? letter : null;
}

interface Read {
  /** The currency written before the figure ("$5"). */
  currency?: UnitReading;
  unit: UnitReading | null;
  scale: { factor: number; text: string } | null;
  /** Text after the figure, its scale and its unit. */
  rest: string;
  european: boolean;
}

/** What follows a figure: its scale ("1.5 million") and its unit ("cm", "Prozent"). */
function readAfter(after: string, currency: UnitReading | undefined, before: string, signed: boolean): Read {
  const scale = moneyScaleAt(after, currency);
  // "1,2 million d'euros", "1,2 millones de euros": French and Spanish join a scale to its noun.
  const afterScale = scale
    ? after
        .slice(scale.text.length)
        .trimStart()
        .replace(/^(?:d['’]|de\s+)/, '')
    : after;
  let unit = currency ? null : unitAt(afterScale);
  const rest = unit ? afterScale.slice(unit.text.length).trimStart() : afterScale;
  if (unit?.kind === 'temperature' && isDifference(before, rest, signed)) unit = differenceOf(unit);
  const european = unit?.language === 'other' || scale?.language === 'other';
  return { currency, unit, scale, rest, european };
}

/** The values a figure stands for: its range, its ± or its hedge, else its rounding. */
function rangeOf(first: string, second: string | undefined, plusMinus: string | undefined, before: string, european: boolean) {
  const { value: x, step } = readFigure(first, european);
  if (second) return { x, low: x, high: readFigure(second, european).value };
  if (plusMinus) {
    const pm = readFigure(plusMinus, european).value;
    return { x, low: x - pm, high: x + pm };
  }
  const hedge = HEDGES.find(([h]) => h.test(before));
  let [low, high] = hedge ? hedge[1](x) : [x - step, x + step];
  // "About 400" is at least as loose as the rounding of 400; "just over 400" keeps its side.
  if (hedge === HEDGES[0]) [low, high] = [Math.min(low, x - step), Math.max(high, x + step)];
  return { x, low, high };
}

/**
 * The quantities of a text; years standing alone are periods (lib/reading/periods), not quantities.
 * "20 cm" and "7.9 inches" are one length; a temperature is on a scale ("15 °C" is 59 °F) unless the
 * text makes it a change ("rose by 1.1 °C" is 2 °F: no offset); fractions in words ("a quarter",
 * "one in four", "half") are percentages; "410" stands for 409.5–410.5 and "20,5" for 20.45–20.55.
 */
export function quantitiesIn(text: string): Quantity[] {
  const t = normalizeText(text).toLowerCase();
  const out: Quantity[] = [];
  for (const m of t.matchAll(QUANTITY_RE)) {
    const [, currencySign, first, joiner, second, plusMinus] = m;
    let whole = m[0];
    const at = m.index ?? 0;
    if (/[\d.,]$/.test(t.slice(0, at)) || /^[.,]?\d/.test(t.slice(at + whole.length))) continue;
    // A digit written against a letter is part of a name or formula ("CO2", "H2O", "A4"), not a figure.
    if (!currencySign && /\p{L}$/u.test(t.slice(0, at))) continue;
    // An ordinal ("17th-century", "XVIIe", "17e siècle", "17º") ranks; it measures nothing.
    if (ORDINAL_AFTER.test(t.slice(at + whole.length))) continue;
    const before = t.slice(Math.max(0, at - 40), at);
    // "between 5 and 10" is a range; "5 and 10" alone are two figures.
    const joined = second && (!/^(?:and|und|et|y)$/.test(joiner!) || /(?:between|zwischen|entre)\s*$/.test(before));
    if (second && !joined) whole = whole.slice(0, whole.indexOf(first!) + first!.length);
    const after = t.slice(at + whole.length).trimStart();
    const signed = /[+±]\s*$/.test(before);
    const sign = currencySign ? currencyBefore(currencySign) : null;
    const r = readAfter(after, sign ? { ...sign, text: currencySign!, language: 'symbol' } : undefined, before, signed);
    const digits = first!.replace(/[,. \u202f]/g, '');
    // A bare four-digit year is a date, not a quantity.
    if (!r.currency && !r.unit && !r.scale && /^(1[5-9]|20)\d\d$/.test(digits) && !joined) continue;
    const range = rangeOf(first!, joined ? second : undefined, plusMinus, before, r.european);
    if (range.low > range.high) continue;
    const counted = /^([a-z\p{L}][\p{L}-]+)/u.exec(r.rest)?.[1] ?? '';
    const measure = r.currency ?? r.unit;
    const unit = measure?.base ?? lemmaOf(counted);
    // "1 January" is a date; "3 of them" counts nothing.
    if (!unit || ENGLISH_MONTHS.has(unit) || /^(?:of|and|or|to|in|the|a|an)$/.test(unit)) continue;
    const scale = r.scale?.factor ?? 1;
    const [factor, offset] = measure ? [measure.factor, measure.offset] : [1, 0];
    const written = [whole.trim(), r.scale?.text, r.unit ? r.unit.text : r.currency ? '' : counted].filter(Boolean).join(' ');
    out.push({
      low: range.low * scale * factor + offset,
      high: range.high * scale * factor + offset,
      unit,
      ...(measure ? { kind: measure.kind } : {}),
      figure: range.x * scale,
      digits: joined ? `${first} ${joiner} ${second}` : first!,
      surface: written.replace(/\s+(%)/, '$1'),
      at,
    });
  }
  for (const [re, value] of FRACTIONS) {
    for (const m of t.matchAll(new RegExp(re, 'g'))) {
      const v = value || ONE_IN[m[1]!]!;
      out.push({
        low: v - 0.5,
        high: v + 0.5,
        unit: '%',
        kind: 'share',
        figure: v,
        digits: m[0],
        surface: m[0],
        at: m.index ?? 0,
      });
    }
  }
  return out;
}

/** Whether two quantities of one unit can be the same value (their ranges meet, a relative hair's breadth allowed). */
export function quantitiesAgree(a: Quantity, b: Quantity): boolean {
  if (a.unit !== b.unit) return false;
  const slack = 1e-9 * Math.max(Math.abs(a.low), Math.abs(b.high), 1);
  return a.low <= b.high + slack && b.low <= a.high + slack;
}

/**
 * The passage's quantity that writes the claim's figure with another unit of the same kind ("412
 * feet" for "412 metres"), when none of the passage's quantities agrees with the claim's: another
 * value of the same quantity, not the claim's.
 */
export function sameFigureOtherUnit(claim: Quantity, passage: Quantity[]): Quantity | null {
  if (!claim.kind || passage.some((p) => quantitiesAgree(claim, p))) return null;
  return passage.find((p) => p.kind === claim.kind && p.figure === claim.figure) ?? null;
}
