import { describe, expect, it } from 'vitest';
import { quantitiesAgree, quantitiesIn, sameFigureOtherUnit } from '@/lib/reading/quantities';
import { UNIT_ENTRIES } from '@/lib/reading/unit-words';
import { unitAt } from '@/lib/reading/quantity-units';

// Issue #37: units in words and symbols alike, from one table, in English, German, French and Spanish.
const q = (text: string) => quantitiesIn(text)[0]!;
const agree = (a: string, b: string) => quantitiesAgree(q(a), q(b));

describe('units in words, one table (issue #37)', () => {
  it('every word and symbol of the table reads as its own unit', () => {
    for (const entry of UNIT_ENTRIES)
      for (const word of [...(entry.en ?? []), ...(entry.other ?? []), ...(entry.symbol ?? [])]) {
        const read = unitAt(`${word} later`);
        expect(read?.text.replace(/\s/g, ''), word).toBe(word.replace(/\s/g, ''));
      }
  });

  it('kelvin, Celsius and Fahrenheit in words as in symbols', () => {
    for (const text of ['300 kelvin', '300 Grad Kelvin', '300 degrés kelvin', '300 grados kelvin'])
      expect(q(text), text).toMatchObject({ unit: 'tempK', kind: 'temperature', figure: 300 });
    expect(agree('rose by 1.1 degrees Celsius', 'rose by 2 degrees Fahrenheit')).toBe(true);
    expect(agree('stieg um 1,1 Grad Celsius', 'rose by 2 °F')).toBe(true);
    expect(agree('hausse de 1,1 degré Celsius', 'rose by 2 °F')).toBe(true);
    expect(agree('aumento de 1,1 grado Celsius', 'rose by 2 °F')).toBe(true);
  });

  it('square and cubic units', () => {
    for (const text of ['3 m²', '3 square metres', '3 Quadratmeter', '3 mètres carrés', '3 metros cuadrados'])
      expect(q(text), text).toMatchObject({ kind: 'area', low: 2.5, high: 3.5 });
    for (const text of ['40 cubic metres', '40 m³', '40 Kubikmeter', '40 mètres cubes', '40 metros cúbicos'])
      expect(q(text), text).toMatchObject({ kind: 'volume', figure: 40 });
    expect(agree('1 sq mi', '2.59 km²')).toBe(true);
    expect(agree('1 square mile', '259 hectares')).toBe(true);
    expect(agree('1,000 cubic feet', '28.3 m³')).toBe(true);
  });

  it('speeds', () => {
    for (const text of [
      '100 km/h',
      '100 kilometres per hour',
      '100 Stundenkilometer',
      '100 kilomètres par heure',
      '100 kilómetros por hora',
    ])
      expect(q(text), text).toMatchObject({ kind: 'speed' });
    expect(agree('62 mph', '100 km/h')).toBe(true);
    expect(agree('10 metres per second', '36 km/h')).toBe(true);
    expect(agree('10 Meter pro Sekunde', '36 km/h')).toBe(true);
    expect(agree('10 metros por segundo', '22 miles per hour')).toBe(true);
  });

  it('masses and volumes', () => {
    expect(agree('16 ounces', '454 grams')).toBe(true);
    expect(agree('500 milligrams', '0.5 grams')).toBe(true);
    expect(agree('1 barrel', '159 litres')).toBe(true);
    expect(agree('10 gallons', '37.9 Liter')).toBe(true);
    expect(q('5 Unzen')).toMatchObject({ kind: 'mass' });
    expect(q('5 onzas')).toMatchObject({ kind: 'mass' });
  });

  it('currencies by sign, code and word, in their own currency only', () => {
    for (const text of [
      '$5 million',
      'US$5 million',
      'USD 5 million',
      '5 million dollars',
      '5 million US dollars',
      '5 Millionen US-Dollar',
      '5 millones de dólares',
    ])
      expect(q(text), text).toMatchObject({ unit: 'usd', kind: 'money', low: 4.5e6, high: 5.5e6 });
    for (const text of [
      '€1.2 million',
      '1.2 million euros',
      '1,2 Millionen Euro',
      "1,2 million d'euros",
      '1,2 millones de euros',
      '1,2 Mio. €',
    ])
      expect(q(text), text).toMatchObject({ unit: 'eur', kind: 'money', low: 1.15e6, high: 1.25e6 });
    expect(q('A$3 billion')).toMatchObject({ unit: 'aud' });
    expect(q('3 billion Australian dollars')).toMatchObject({ unit: 'aud' });
    // No rate converts one currency into another.
    expect(agree('$5 million', '€5 million')).toBe(false);
    expect(agree('$5 million', 'A$5 million')).toBe(false);
    expect(agree('$5m', '€5m')).toBe(false);
    expect(agree('£2 billion', '2 billion pounds sterling')).toBe(true);
  });

  it('scale words in the four languages', () => {
    expect(q('1.2 million people').figure).toBe(1.2e6);
    expect(q('1,2 Millionen Menschen').figure).toBe(1.2e6);
    expect(q("1,2 million d'habitants")).toMatchObject({ figure: 1.2e6, unit: 'habitants' });
    expect(q('1,2 millones de habitantes').figure).toBe(1.2e6);
    expect(q('3 Billionen Euro')).toMatchObject({ figure: 3e12, unit: 'eur' });
    expect(q('5 Tsd. Euro').figure).toBe(5e3);
  });

  it('scale letters beside a currency, in the four languages; alone, "5m" stays five metres', () => {
    for (const text of ['$5m', 'US$5 mln', '5m dollars', '5m euros', '5 M€', '€5m'])
      expect(q(text), text).toMatchObject({ kind: 'money', low: 4.5e6, high: 5.5e6 });
    expect(q('€2bn')).toMatchObject({ unit: 'eur', low: 1.5e9, high: 2.5e9 });
    expect(q('$2b')).toMatchObject({ unit: 'usd', figure: 2e9 });
    expect(q('£300k')).toMatchObject({ unit: 'gbp', figure: 3e5 });
    // French "milliard", German "Mrd.", Spanish "mil millones": with the European decimal comma.
    expect(q('1,5 Md€')).toMatchObject({ unit: 'eur', low: 1.45e9, high: 1.55e9 });
    expect(q('1,5 Mrd. €')).toMatchObject({ unit: 'eur', low: 1.45e9, high: 1.55e9 });
    expect(q('1,5 mil millones de euros')).toMatchObject({ unit: 'eur', low: 1.45e9, high: 1.55e9 });
    expect(agree('$5m', '$5 million')).toBe(true);
    expect(agree('$5m', '$5')).toBe(false);
    // With no currency beside it, the letter is a unit: five metres, and pounds of weight.
    expect(q('The wall is 5m high')).toMatchObject({ unit: 'm', kind: 'length', figure: 5 });
    expect(q('5m pounds')).toMatchObject({ unit: 'm', figure: 5 });
  });

  it('an ordinal ranks and measures nothing, in English, French and Spanish', () => {
    for (const text of [
      'a 17th-century fresco',
      'the 21st century',
      'une fresque du 17e siècle',
      'au XVIIe, le 3ème rang',
      'el siglo 17º',
    ])
      expect(quantitiesIn(text), text).toEqual([]);
    expect(quantitiesIn('17 centuries').map((x) => x.figure)).toEqual([17]);
  });

  it('a digit written against letters is a formula, not a figure', () => {
    expect(quantitiesIn('CO2 reached 415 ppm').map((x) => x.figure)).toEqual([415]);
    expect(quantitiesIn('H2O and CH4').length).toBe(0);
  });

  it('the same figure in another unit is another value; in another currency too', () => {
    expect(sameFigureOtherUnit(q('412 metres'), [q('412 feet')])).not.toBeNull();
    expect(sameFigureOtherUnit(q('40 cubic metres'), [q('40 cubic feet')])).not.toBeNull();
    expect(sameFigureOtherUnit(q('$5 million'), [q('5 millions d’euros')])).not.toBeNull();
    expect(sameFigureOtherUnit(q('$5 million'), [q('5 million dollars')])).toBeNull();
  });
});
