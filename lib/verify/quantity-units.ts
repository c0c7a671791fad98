/**
 * The words of units, scales and hedges in English, German, French and Spanish, and what each unit
 * is in js-quantities' terms. Words are written as the normalised text has them (NFKC, case folded):
 * "°c", "mètres", "kilómetros". The conversion itself is js-quantities' (see `unitOf`).
 */
import Qty from 'js-quantities';

/** Language of a unit word: English, another of the four, or a symbol any of them writes. */
export type UnitLanguage = 'en' | 'other' | 'symbol';

/** A unit as the lexicon knows it: the js-quantities unit, or one compared as is ("%", "ppm"). */
interface UnitEntry {
  /** js-quantities unit name ("cm", "tempC", "degC", "ppb"). */
  qty: string;
  /** Compare in this unit rather than in js-quantities' base (dimensionless shares keep "%" and "ppm" apart). */
  as?: '%' | 'ppm';
  en?: string[];
  other?: string[];
  symbol?: string[];
}

const LENGTH: UnitEntry[] = [
  {
    qty: 'mm',
    en: ['millimetres', 'millimetre', 'millimeters', 'millimeter'],
    other: ['millimètres', 'millimètre', 'milímetros', 'milímetro'],
    symbol: ['mm'],
  },
  {
    qty: 'cm',
    en: ['centimetres', 'centimetre', 'centimeters', 'centimeter'],
    other: ['zentimetern', 'zentimeter', 'centimètres', 'centimètre', 'centímetros', 'centímetro'],
    symbol: ['cm'],
  },
  {
    qty: 'km',
    en: ['kilometres', 'kilometre', 'kilometers', 'kilometer'],
    other: ['kilometern', 'kilomètres', 'kilomètre', 'kilómetros', 'kilómetro'],
    symbol: ['km'],
  },
  {
    qty: 'm',
    en: ['metres', 'metre', 'meters', 'meter'],
    other: ['metern', 'mètres', 'mètre', 'metros', 'metro'],
    symbol: ['m'],
  },
  { qty: 'in', en: ['inches', 'inch'], other: ['zoll', 'pouces', 'pulgadas', 'pulgada'] },
  { qty: 'ft', en: ['feet', 'foot'], other: ['fuß', 'pieds', 'pies'], symbol: ['ft'] },
  { qty: 'yd', en: ['yards', 'yard'], other: ['yardas'], symbol: ['yd'] },
  { qty: 'mi', en: ['miles', 'mile'], other: ['meilen', 'meile', 'millas', 'milla'], symbol: ['mi'] },
];

const MASS: UnitEntry[] = [
  {
    qty: 'Gt',
    en: ['gigatonnes', 'gigatonne', 'gigatons', 'gigaton'],
    other: ['gigatonnen', 'gigatonelada', 'gigatoneladas'],
    symbol: ['gt'],
  },
  { qty: 'Mt', en: ['megatonnes', 'megatonne', 'megatons', 'megaton'], other: ['megatonnen', 'megatoneladas'], symbol: ['mt'] },
  {
    qty: 'kg',
    en: ['kilograms', 'kilogram', 'kilogrammes', 'kilogramme', 'kilos', 'kilo'],
    other: ['kilogramm', 'kilogramos', 'kilogramo'],
    symbol: ['kg'],
  },
  // "5g" and "4t" name other things more often than grams and tonnes: those symbols are left out.
  { qty: 'g', en: ['grams', 'gram', 'grammes', 'gramme'], other: ['gramm', 'gramos', 'gramo'] },
  { qty: 'tonne', en: ['tonnes', 'tonne', 'metric tons', 'metric ton'], other: ['tonnen', 'toneladas', 'tonelada'] },
  { qty: 'lbs', en: ['pounds'], symbol: ['lbs', 'lb'] },
];

const VOLUME_AREA_SPEED: UnitEntry[] = [
  { qty: 'ml', en: ['millilitres', 'millilitre', 'milliliters', 'milliliter'], other: ['mililitros'], symbol: ['ml'] },
  { qty: 'l', en: ['litres', 'litre', 'liters', 'liter'], other: ['litern', 'litros', 'litro'] },
  {
    qty: 'km^2',
    en: ['square kilometres', 'square kilometre', 'square kilometers', 'square kilometer'],
    other: ['quadratkilometern', 'quadratkilometer', 'kilomètres carrés', 'kilómetros cuadrados'],
    symbol: ['km²', 'km2', 'sq km'],
  },
  { qty: 'mi^2', en: ['square miles', 'square mile'], symbol: ['sq mi'] },
  { qty: 'hectare', en: ['hectares', 'hectare'], other: ['hektar', 'hectáreas', 'hectárea'], symbol: ['ha'] },
  {
    qty: 'km/h',
    en: ['kilometres per hour', 'kilometers per hour'],
    other: ['kilometer pro stunde', 'kilomètres par heure', 'kilómetros por hora'],
    symbol: ['km/h', 'kmh'],
  },
  { qty: 'mph', en: ['miles per hour'], symbol: ['mph'] },
];

/** Temperatures on a scale (tempC) and differences of temperature (degC): see `temperatureOf`. */
const TEMPERATURE: UnitEntry[] = [
  {
    qty: 'tempC',
    en: ['degrees celsius', 'degree celsius', 'degrees centigrade', 'celsius'],
    other: ['grad celsius', 'degrés celsius', 'grados celsius'],
    symbol: ['°c', 'º c', 'ºc', '° c'],
  },
  {
    qty: 'tempF',
    en: ['degrees fahrenheit', 'degree fahrenheit', 'fahrenheit'],
    other: ['grad fahrenheit', 'degrés fahrenheit', 'grados fahrenheit'],
    symbol: ['°f', '° f', 'ºf'],
  },
  { qty: 'tempK', en: ['kelvins', 'kelvin'], symbol: [] },
  // Climate writing says "degrees" for degrees Celsius.
  { qty: 'tempC', en: ['degrees', 'degree'], other: ['grad', 'degrés', 'grados'] },
];

const SHARES: UnitEntry[] = [
  {
    qty: 'percent',
    as: '%',
    en: ['percentage points', 'percentage point', 'per cent', 'percent'],
    other: ['prozentpunkte', 'prozent', 'points de pourcentage', 'pour cent', 'puntos porcentuales', 'por ciento'],
    symbol: ['%'],
  },
  { qty: 'ppm', as: 'ppm', en: ['parts per million'], other: ['parties par million', 'partes por millón'], symbol: ['ppm'] },
  { qty: 'ppb', as: 'ppm', en: ['parts per billion'], symbol: ['ppb'] },
];

/** A unit word of the text, read. */
export interface UnitReading {
  /** The unit as compared: js-quantities' base unit ("m", "kg", "tempK", "degK") or "%" / "ppm". */
  base: string;
  /** What it measures ("length", "temperature", "share"): two units of one kind are two values of one quantity. */
  kind: string;
  /** value in base = value × factor + offset. */
  factor: number;
  offset: number;
  /** The unit as written ("centimetres", "°c"). */
  text: string;
  language: UnitLanguage;
  /** The js-quantities unit, for temperatures read as differences. */
  qty: string;
}

const ENTRIES = [...LENGTH, ...MASS, ...VOLUME_AREA_SPEED, ...TEMPERATURE, ...SHARES];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const WORDS: { word: string; entry: UnitEntry; language: UnitLanguage }[] = ENTRIES.flatMap((entry) =>
  (['en', 'other', 'symbol'] as const).flatMap((language) => (entry[language] ?? []).map((word) => ({ word, entry, language }))),
).sort((a, b) => b.word.length - a.word.length);
const BY_WORD = new Map(WORDS.map((w) => [w.word.replace(/\s/g, ''), w] as const));
const UNIT_RE = new RegExp(`^(?:${WORDS.map((w) => escape(w.word).replace(/ /g, '\\s?')).join('|')})(?![\\p{L}\\p{N}])`, 'u');

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

/** The unit word at the start of `after` (normalised text following a figure), if any. */
export function unitAt(after: string): UnitReading | null {
  // "1.5C warming": a bare "c" is Celsius only before a word of warming.
  const bare = /^c(?=\s*(?:warming|rise|increase|of)(?![\p{L}]))/u.exec(after);
  if (bare) return { ...unitOf('tempC'), text: 'c', language: 'symbol' };
  const m = UNIT_RE.exec(after);
  if (!m) return null;
  const text = m[0];
  const hit = BY_WORD.get(text.replace(/\s/g, ''))!;
  return { ...unitOf(hit.entry.qty, hit.entry.as), text, language: hit.language };
}

/** The difference unit of a temperature scale ("tempC" → "degC"): no offset for a change of temperature. */
export function differenceOf(unit: UnitReading): UnitReading {
  const qty = unit.qty.replace(/^temp/, 'deg');
  return { ...unit, ...unitOf(qty), text: unit.text, language: unit.language };
}

/** Scale words after a figure ("1.5 million", "2,3 Milliarden"), with the language they are written in. */
export const SCALES: [RegExp, number, UnitLanguage][] = [
  [/^(?:thousand|k)(?![\p{L}\p{N}])/u, 1e3, 'en'],
  [/^(?:millions?|mn)(?![\p{L}\p{N}])/u, 1e6, 'en'],
  [/^(?:billions?|bn)(?![\p{L}\p{N}])/u, 1e9, 'en'],
  [/^(?:trillions?|tn)(?![\p{L}\p{N}])/u, 1e12, 'en'],
  [/^(?:mil millones|milliarden|milliarde|milliards?|mrd\.?)(?![\p{L}\p{N}])/u, 1e9, 'other'],
  [/^(?:millionen|mio\.?|millones|millón)(?![\p{L}\p{N}])/u, 1e6, 'other'],
  [/^(?:tausend|mille|mil)(?![\p{L}\p{N}])/u, 1e3, 'other'],
];
