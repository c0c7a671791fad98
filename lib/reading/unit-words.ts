/**
 * The one table of unit words and signs, in English, German, French and Spanish: each unit's
 * js-quantities name (or its currency code) and how each language writes it, as the normalised text
 * has it (NFKC, case folded: "°c", "mètres", "kilómetros", "us$"). Words and symbols of a unit sit
 * together, so a unit read as "km²" is read as "square kilometres" and "Quadratkilometer" too.
 * Written by hand: js-quantities converts, but knows none of these words.
 */

/** Language of a unit word: English, another of the four, or a symbol (or a word) any of them writes. */
export type UnitLanguage = 'en' | 'other' | 'symbol';

/** A unit as the table knows it: a js-quantities unit, one compared as is ("%", "ppm"), or a currency. */
export interface UnitEntry {
  /** js-quantities unit name ("cm", "tempC", "km^2"); none for a currency. */
  qty?: string;
  /** ISO code of a currency, lower case ("usd"): amounts compare in their own currency only, never converted. */
  currency?: string;
  /** Compare in this unit rather than in js-quantities' base (dimensionless shares keep "%" and "ppm" apart). */
  as?: '%' | 'ppm';
  en?: string[];
  other?: string[];
  /** Symbols, and words all four languages share ("euros", "kelvin"). */
  symbol?: string[];
  /** Signs written before the figure ("$5", "US$ 5", "EUR 5"): currencies only. */
  before?: string[];
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
  { qty: 'mg', en: ['milligrams', 'milligram', 'milligrammes'], other: ['milligramm', 'miligramos'], symbol: ['mg'] },
  { qty: 'tonne', en: ['tonnes', 'tonne', 'metric tons', 'metric ton'], other: ['tonnen', 'toneladas', 'tonelada'] },
  // "Pounds" are weight; money in pounds is written "£" or "pounds sterling".
  { qty: 'lbs', en: ['pounds'], symbol: ['lbs', 'lb'] },
  { qty: 'oz', en: ['ounces', 'ounce'], other: ['unzen', 'onces', 'onzas'], symbol: ['oz'] },
];

const VOLUME: UnitEntry[] = [
  { qty: 'ml', en: ['millilitres', 'millilitre', 'milliliters', 'milliliter'], other: ['mililitros'], symbol: ['ml'] },
  { qty: 'l', en: ['litres', 'litre', 'liters', 'liter'], other: ['litern', 'litros', 'litro'] },
  { qty: 'hl', en: ['hectolitres', 'hectoliters'], other: ['hektoliter', 'hectolitres', 'hectolitros'], symbol: ['hl'] },
  {
    qty: 'm^3',
    en: ['cubic metres', 'cubic metre', 'cubic meters', 'cubic meter'],
    other: ['kubikmetern', 'kubikmeter', 'mètres cubes', 'mètre cube', 'metros cúbicos', 'metro cúbico'],
    symbol: ['m³', 'm3'],
  },
  {
    qty: 'km^3',
    en: ['cubic kilometres', 'cubic kilometre', 'cubic kilometers', 'cubic kilometer'],
    other: ['kubikkilometern', 'kubikkilometer', 'kilomètres cubes', 'kilómetros cúbicos'],
    symbol: ['km³', 'km3'],
  },
  { qty: 'ft^3', en: ['cubic feet', 'cubic foot'], other: ['kubikfuß', 'pieds cubes', 'pies cúbicos'], symbol: ['ft³', 'cu ft'] },
  { qty: 'gal', en: ['gallons', 'gallon'], other: ['gallonen', 'galones', 'galón'], symbol: ['gal'] },
  { qty: 'bbl', en: ['barrels', 'barrel'], other: ['barils', 'barriles'], symbol: ['bbl'] },
];

const AREA: UnitEntry[] = [
  {
    qty: 'km^2',
    en: ['square kilometres', 'square kilometre', 'square kilometers', 'square kilometer'],
    other: ['quadratkilometern', 'quadratkilometer', 'kilomètres carrés', 'kilomètre carré', 'kilómetros cuadrados'],
    symbol: ['km²', 'km2', 'sq km', 'qkm'],
  },
  {
    qty: 'm^2',
    en: ['square metres', 'square metre', 'square meters', 'square meter'],
    other: ['quadratmetern', 'quadratmeter', 'mètres carrés', 'mètre carré', 'metros cuadrados', 'metro cuadrado'],
    symbol: ['m²', 'm2', 'sq m', 'qm'],
  },
  {
    qty: 'mi^2',
    en: ['square miles', 'square mile'],
    other: ['quadratmeilen', 'milles carrés', 'millas cuadradas'],
    symbol: ['sq mi', 'mi²', 'sq. mi.'],
  },
  { qty: 'ft^2', en: ['square feet', 'square foot'], other: ['pieds carrés', 'pies cuadrados'], symbol: ['sq ft', 'ft²'] },
  { qty: 'hectare', en: ['hectares', 'hectare'], other: ['hektar', 'hectáreas', 'hectárea'], symbol: ['ha'] },
  { qty: 'acre', en: ['acres', 'acre'] },
];

const SPEED: UnitEntry[] = [
  {
    qty: 'km/h',
    en: ['kilometres per hour', 'kilometers per hour', 'kilometres an hour', 'kilometers an hour'],
    other: [
      'kilometer pro stunde',
      'stundenkilometern',
      'stundenkilometer',
      'kilomètres par heure',
      'kilomètres-heure',
      'kilómetros por hora',
    ],
    symbol: ['km/h', 'kmh', 'km/std'],
  },
  {
    qty: 'mph',
    en: ['miles per hour', 'miles an hour'],
    other: ['meilen pro stunde', 'miles par heure', 'millas por hora'],
    symbol: ['mph'],
  },
  {
    qty: 'm/s',
    en: ['metres per second', 'meters per second'],
    other: ['meter pro sekunde', 'mètres par seconde', 'metros por segundo'],
    symbol: ['m/s'],
  },
  { qty: 'kn', en: ['knots', 'knot'], other: ['knoten', 'nœuds', 'nudos'], symbol: ['kn'] },
];

/** Temperatures on a scale (tempC) and differences of temperature (degC): see `differenceOf`. */
const TEMPERATURE: UnitEntry[] = [
  {
    qty: 'tempC',
    en: ['degrees celsius', 'degree celsius', 'degrees centigrade', 'celsius'],
    other: ['grad celsius', 'degrés celsius', 'degré celsius', 'grados celsius', 'grado celsius'],
    symbol: ['°c', 'º c', 'ºc', '° c'],
  },
  {
    qty: 'tempF',
    en: ['degrees fahrenheit', 'degree fahrenheit', 'fahrenheit'],
    other: ['grad fahrenheit', 'degrés fahrenheit', 'degré fahrenheit', 'grados fahrenheit', 'grado fahrenheit'],
    symbol: ['°f', '° f', 'ºf'],
  },
  {
    qty: 'tempK',
    en: ['degrees kelvin'],
    other: ['grad kelvin', 'degrés kelvin', 'grados kelvin'],
    symbol: ['kelvins', 'kelvin'],
  },
  // Climate writing says "degrees" for degrees Celsius.
  { qty: 'tempC', en: ['degrees', 'degree'], other: ['grad', 'degrés', 'degré', 'grados', 'grado'] },
];

const SHARES: UnitEntry[] = [
  {
    qty: 'percent',
    as: '%',
    en: ['percentage points', 'percentage point', 'per cent', 'percent'],
    other: ['prozentpunkte', 'prozent', 'points de pourcentage', 'pour cent', 'puntos porcentuales', 'por ciento'],
    symbol: ['%'],
  },
  {
    qty: 'ppm',
    as: 'ppm',
    en: ['parts per million', 'part per million'],
    other: ['teile pro million', 'parties par million', 'partes por millón'],
    symbol: ['ppm'],
  },
  {
    qty: 'ppb',
    as: 'ppm',
    en: ['parts per billion', 'part per billion'],
    other: ['teile pro milliarde', 'parties par milliard', 'partes por mil millones'],
    symbol: ['ppb'],
  },
];

/**
 * Currencies, by their codes, signs and words. A bare "$" and "dollars" are US dollars; "A$" and
 * "Australian dollars" are not, and no amount converts between currencies.
 */
const MONEY: UnitEntry[] = [
  {
    currency: 'usd',
    before: ['us$', 'usd', '$'],
    en: ['us dollars', 'us dollar', 'u.s. dollars', 'american dollars'],
    other: ['us-dollar', 'dollars américains', 'dólares estadounidenses', 'dólares', 'dólar'],
    symbol: ['us$', 'usd', '$', 'dollars', 'dollar'],
  },
  {
    currency: 'eur',
    before: ['eur', '€'],
    symbol: ['eur', '€', 'euros', 'euro'],
  },
  {
    currency: 'gbp',
    before: ['gbp', '£'],
    en: ['pounds sterling', 'pound sterling', 'british pounds'],
    other: ['pfund sterling', 'britische pfund', 'livres sterling', 'libras esterlinas'],
    symbol: ['gbp', '£'],
  },
  {
    currency: 'aud',
    before: ['au$', 'a$', 'aud'],
    en: ['australian dollars'],
    other: ['australische dollar', 'dollars australiens', 'dólares australianos'],
    symbol: ['aud'],
  },
  {
    currency: 'cad',
    before: ['ca$', 'c$', 'cad'],
    en: ['canadian dollars'],
    other: ['kanadische dollar', 'dollars canadiens', 'dólares canadienses'],
    symbol: ['cad'],
  },
  { currency: 'jpy', before: ['jpy', '¥'], en: ['japanese yen'], symbol: ['jpy', '¥', 'yen'] },
  {
    currency: 'chf',
    before: ['chf'],
    en: ['swiss francs'],
    other: ['schweizer franken', 'franken', 'francs suisses', 'francos suizos'],
    symbol: ['chf'],
  },
];

/** Every unit of the table, measured ones first, then currencies. */
export const UNIT_ENTRIES: UnitEntry[] = [...LENGTH, ...MASS, ...VOLUME, ...AREA, ...SPEED, ...TEMPERATURE, ...SHARES, ...MONEY];

/** Scale words after a figure ("1.5 million", "2,3 Milliarden", "1,2 millions"), with the language they are written in. */
export const SCALES: [RegExp, number, UnitLanguage][] = [
  [/^(?:thousand|k)(?![\p{L}\p{N}])/u, 1e3, 'en'],
  [/^(?:millions?|mn)(?![\p{L}\p{N}])/u, 1e6, 'en'],
  [/^(?:billions?|bn)(?![\p{L}\p{N}])/u, 1e9, 'en'],
  [/^(?:trillions?|tn)(?![\p{L}\p{N}])/u, 1e12, 'en'],
  [/^(?:mil millones|milliarden|milliarde|milliards?|mrd\.?)(?![\p{L}\p{N}])/u, 1e9, 'other'],
  [/^(?:billionen|billones|billón)(?![\p{L}\p{N}])/u, 1e12, 'other'],
  [/^(?:millionen|mio\.?|millones|millón)(?![\p{L}\p{N}])/u, 1e6, 'other'],
  [/^(?:tausend|tsd\.?|mille|milliers|mil)(?![\p{L}\p{N}])/u, 1e3, 'other'],
];

/**
 * Scale letters read only beside a currency: "$5m", "$2b", "£5 mln", "5m euros", "5 M€", "1,5 Md€"
 * (French milliard). Alone, "5m" is five metres and "2b" no figure at all.
 */
export const MONEY_SCALES: [RegExp, number, UnitLanguage][] = [
  [/^(?:m|mln)(?![\p{L}\p{N}])/u, 1e6, 'en'],
  [/^(?:b|bln)(?![\p{L}\p{N}])/u, 1e9, 'en'],
  [/^(?:mds?|md\.)(?![\p{L}\p{N}])/u, 1e9, 'other'],
];
