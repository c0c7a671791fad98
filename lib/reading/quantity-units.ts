/**
 * Reads unit words and signs of the table in `./unit-words` (English, German, French, Spanish) as
 * units in js-quantities' terms, or as currencies, which never convert. The conversion itself is
 * js-quantities' (see `unitOf`).
 */
import Qty from 'js-quantities';
import { UNIT_ENTRIES, type UnitEntry, type UnitLanguage } from './unit-words';
import { escapeRegExp } from '../text/regexp';

export type { UnitLanguage } from './unit-words';
export { MONEY_SCALES, SCALES } from './unit-words';

/** A unit word of the text, read. */
export interface UnitReading {
  /** The unit as compared: js-quantities' base unit ("m", "kg", "tempK", "degK"), "%" / "ppm", or a currency code ("usd"). */
  base: string;
  /** What it measures ("length", "temperature", "share"): two units of one kind are two values of one quantity. */
  kind: string;
  /** value in base = value × factor + offset. */
  factor: number;
  offset: number;
  /** The unit as written ("centimetres", "°c"). */
  text: string;
  language: UnitLanguage;
  /** The js-quantities unit, for temperatures read as differences; empty for a currency. */
  qty: string;
}

const WORDS: { word: string; entry: UnitEntry; language: UnitLanguage }[] = UNIT_ENTRIES.flatMap((entry) =>
  (['en', 'other', 'symbol'] as const).flatMap((language) => (entry[language] ?? []).map((word) => ({ word, entry, language }))),
).sort((a, b) => b.word.length - a.word.length);
const BY_WORD = new Map(WORDS.map((w) => [w.word.replace(/\s/g, ''), w] as const));
const UNIT_RE = new RegExp(
  `^(?:${WORDS.map((w) => escapeRegExp(w.word).replace(/ /g, '\\s?')).join('|')})(?![\\p{L}\\p{N}])`,
  'u',
);

const cache = new Map<string, Omit<UnitReading, 'text' | 'language'>>();

/** The unit in js-quantities' terms: its base, kind, factor and offset (tempC: × 1 + 273.15 kelvin). */
export function unitOf(qty: string, as?: '%' | 'ppm'): Omit<UnitReading, 'text' | 'language'> {
  const key = `${qty}|${as ?? ''}`;
  const known = cache.get(key);
  if (known) return known;
  let read: Omit<UnitReading, 'text' | 'language'>;
  if (as) read = { base: as, kind: 'share', factor: Qty(1, qty).to(as === '%' ? 'percent' : 'ppm').scalar, offset: 0, qty };
  else {
    const zero = Qty(0, qty).toBase().scalar;
    const one = Qty(1, qty).toBase();
    read = { base: one.units(), kind: Qty(1, qty).kind(), factor: one.scalar - zero, offset: zero, qty };
  }
  cache.set(key, read);
  return read;
}

/** A currency as compared: its own code, never converted to another. */
function currencyOf(code: string): Omit<UnitReading, 'text' | 'language'> {
  return { base: code, kind: 'money', factor: 1, offset: 0, qty: '' };
}

function readingOf(entry: UnitEntry): Omit<UnitReading, 'text' | 'language'> {
  return entry.currency ? currencyOf(entry.currency) : unitOf(entry.qty!, entry.as);
}

const SIGNS = UNIT_ENTRIES.flatMap((entry) => (entry.before ?? []).map((sign) => ({ sign, code: entry.currency! }))).sort(
  (a, b) => b.sign.length - a.sign.length,
);
const CODE_OF_SIGN = new Map(SIGNS.map((s) => [s.sign, s.code] as const));

/**
 * The pattern of the currency signs and codes written before a figure ("$", "us$", "eur "), longest
 * first; a code written in letters starts a word and may stand a space from its figure.
 */
export const CURRENCY_BEFORE = SIGNS.map(({ sign }) =>
  /^\p{L}/u.test(sign) ? `(?<![\\p{L}\\p{N}])${escapeRegExp(sign)}\\s?` : escapeRegExp(sign),
).join('|');

/** The currency of a sign or code written before a figure ("us$" → "usd"), and how it compares. */
export function currencyBefore(sign: string): Omit<UnitReading, 'text' | 'language'> | null {
  const code = CODE_OF_SIGN.get(sign.trim());
  return code ? currencyOf(code) : null;
}

/** The unit word at the start of `after` (normalised text following a figure), if any. */
export function unitAt(after: string): UnitReading | null {
  // "1.5C warming": a bare "c" is Celsius only before a word of warming.
  const bare = /^c(?=\s*(?:warming|rise|increase|of)(?![\p{L}]))/u.exec(after);
  if (bare) return { ...unitOf('tempC'), text: 'c', language: 'symbol' };
  const m = UNIT_RE.exec(after);
  if (!m) return null;
  const text = m[0];
  const hit = BY_WORD.get(text.replace(/\s/g, ''))!;
  return { ...readingOf(hit.entry), text, language: hit.language };
}

/** The difference unit of a temperature scale ("tempC" → "degC"): no offset for a change of temperature. */
export function differenceOf(unit: UnitReading): UnitReading {
  const qty = unit.qty.replace(/^temp/, 'deg');
  return { ...unit, ...unitOf(qty), text: unit.text, language: unit.language };
}
