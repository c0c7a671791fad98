import { describe, expect, it } from 'vitest';
import { quantitiesAgree, quantitiesIn, readFigure, sameFigureOtherUnit } from '@/lib/reading/quantities';
import { readSupport, verifyClaim } from '@/lib/verdict/deterministic-verifier';

/** The first quantity of a text. */
const q = (text: string) => quantitiesIn(text)[0]!;
const agree = (a: string, b: string) => quantitiesAgree(q(a), q(b));

describe('quantities: unit words in four languages', () => {
  it('names, abbreviations and plurals of one unit are one unit', () => {
    for (const text of ['20 cm', '20 centimetres', '20 centimeters', '20 Zentimeter', '20 centimètres', '20 centímetros'])
      expect(q(text), text).toMatchObject({ unit: 'm', kind: 'length', low: 0.15, high: 0.25 });
    for (const text of ['3 km', '3 kilometres', '3 Kilometern', '3 kilomètres', '3 kilómetros'])
      expect(q(text).unit, text).toBe('m');
    for (const text of ['5 kg', '5 kilograms', '5 Kilogramm', '5 kilogramos'])
      expect(q(text), text).toMatchObject({ unit: 'kg', kind: 'mass' });
    for (const text of ['2 litres', '2 liters', '2 Liter', '2 litros']) expect(q(text), text).toMatchObject({ kind: 'volume' });
  });

  it('percent in its spellings', () => {
    for (const text of ['12%', '12 percent', '12 per cent', '12 Prozent', '12 pour cent', '12 por ciento'])
      expect(q(text), text).toMatchObject({ unit: '%', low: 11.5, high: 12.5 });
  });

  it('parts per million and ppm are one unit, ppb a thousandth of it, and neither is a percentage', () => {
    expect(agree('415 parts per million', '415 ppm')).toBe(true);
    expect(agree('2,000 ppb', '2 ppm')).toBe(true);
    expect(q('415 ppm').unit).not.toBe(q('415%').unit);
  });
});

describe('quantities: conversion (js-quantities)', () => {
  it('miles and kilometres, feet and metres, inches and centimetres, pounds and kilograms', () => {
    expect(agree('50 miles', '80 kilometres')).toBe(true);
    expect(agree('50 miles', '50 kilometres')).toBe(false);
    expect(agree('1,000 feet', '305 metres')).toBe(true);
    expect(agree('10 inches', '25.4 cm')).toBe(true);
    expect(agree('220 pounds', '100 kg')).toBe(true);
    expect(agree('1.2 kilometres', '1,200 metres')).toBe(true);
  });

  it('a temperature on its scale: 15 °C is 59 °F, not 15 °F', () => {
    expect(q('The average is 15 °C.')).toMatchObject({ unit: 'tempK', kind: 'temperature' });
    expect(agree('is 15 °C', 'is 59 °F')).toBe(true);
    expect(agree('is 15 °C', 'is 15 °F')).toBe(false);
    expect(agree('is 15 degrees Celsius', 'is 59 degrees Fahrenheit')).toBe(true);
    expect(agree('liegt bei 15 Grad Celsius', 'is 288 kelvin')).toBe(true);
  });

  it('a change of temperature has no offset: a rise of 1.1 °C is a rise of 2 °F', () => {
    expect(q('temperatures rose by 1.1 °C')).toMatchObject({ unit: 'degK' });
    expect(agree('temperatures rose by 1.1 °C', 'temperatures rose by 2 °F')).toBe(true);
    // Read on the scale, 2 °F is -16.7 °C: no agreement with a change.
    expect(agree('temperatures rose by 1.1 °C', 'it was 2 °F')).toBe(false);
  });
});

describe('quantities: a change of temperature, told from its context', () => {
  it('"by" before it', () => expect(q('the June mean beat the old record by 0.4 °C').unit).toBe('degK'));
  it('a word of change before it, straight or through "of"', () => {
    expect(q('a warming of 1.5 °C').unit).toBe('degK');
    expect(q('a rise of 0.8 °C').unit).toBe('degK');
  });
  it('a word after it ("warmer", "above")', () => {
    expect(q('1.5 °C above pre-industrial levels').unit).toBe('degK');
    expect(q('it is 2 °C warmer').unit).toBe('degK');
  });
  it('a sign', () => expect(q('an anomaly, +1.2 °C').unit).toBe('degK'));
  it('a bare "C" before a word of warming', () => {
    expect(q('limit it to 1.5C of warming')).toMatchObject({ unit: 'degK', low: 1.45, high: 1.55 });
    expect(quantitiesIn('room 15c').some((x) => x.kind === 'temperature')).toBe(false);
  });
  it('a superlative is no change, and "rose to" names a point on the scale', () => {
    expect(q('the warmest day of 40 °C').unit).toBe('tempK');
    expect(q('it rose to 40 °C').unit).toBe('tempK');
  });
});

describe('quantities: number formats', () => {
  it('groups of three after a comma, a point or a space; both signs in one figure: the last is the decimal sign', () => {
    expect(readFigure('1,000.5', false).value).toBe(1000.5);
    expect(readFigure('1.000,5', true).value).toBe(1000.5);
    expect(readFigure('1.000,5', false).value).toBe(1000.5);
    expect(readFigure('1 000', false).value).toBe(1000);
    expect(readFigure('1,000,000', false).value).toBe(1e6);
  });
  it('one comma before three digits is a thousands separator; before one or two, a decimal sign', () => {
    expect(readFigure('1,000', false).value).toBe(1000);
    expect(readFigure('20,5', false)).toEqual({ value: 20.5, step: 0.05 });
  });
  it('one point before three digits is a decimal sign in English and a thousands separator in the other languages', () => {
    expect(q('1.000 metros').figure).toBe(1000);
    expect(q('1.000 Kilometern').figure).toBe(1000);
    expect(q('1.000 metres').figure).toBe(1);
  });
  it('a space-grouped figure is one figure', () => expect(q('1 000 km')).toMatchObject({ figure: 1000, unit: 'm' }));
  it('scale words in the four languages', () => {
    expect(q('1.5 million people').figure).toBe(1.5e6);
    expect(q('2,3 Millionen Einwohner').figure).toBe(2.3e6);
    expect(q('1,2 millones de personas').figure).toBe(1.2e6);
    expect(q('3 Milliarden Euro').figure).toBe(3e9);
  });
});

describe('quantities: tolerance follows the stated precision', () => {
  it('"about 20 cm" is 7.9 inches; "20.3 cm" is not', () => {
    expect(agree('about 20 cm', '7.9 inches')).toBe(true);
    expect(agree('20.3 cm', '7.9 inches')).toBe(false);
  });
  it('hedges in the other languages', () => {
    expect(agree('etwa 23 Zentimeter', '25 cm')).toBe(true);
    expect(agree('environ 23 centimètres', '25 cm')).toBe(true);
    expect(agree('casi 52 kilómetros', '49 km')).toBe(true);
    expect(agree('casi 52 kilómetros', '53 km')).toBe(false);
  });
});

describe('quantities: a different unit for the same number is another value', () => {
  it('finds "412 feet" for "412 metres", and nothing when the passage also gives the claim\'s value', () => {
    const claim = q('412 metres');
    expect(sameFigureOtherUnit(claim, quantitiesIn('It is 412 feet tall.'))?.surface).toBe('412 feet');
    expect(sameFigureOtherUnit(claim, quantitiesIn('It is 1,352 feet (412 m) tall.'))).toBeNull();
    expect(sameFigureOtherUnit(claim, quantitiesIn('It is 412 visitors.'))).toBeNull();
  });

  it('the verifier: the same number in another unit is no support; the same value in other words is', () => {
    const claim = 'The Arlen mast is 412 metres tall.';
    const other = readSupport({ claim, passage: 'The Arlen mast is 412 feet tall.' });
    expect(other.clean).toBe(false);
    expect(other.reasons.join(' ')).toContain('412 feet where the claim says 412 metres');
    expect(verifyClaim({ claim, passage: 'The Arlen mast is 412 feet tall.' }).verdict).not.toBe('supported');
    const same = readSupport({ claim, passage: 'The Arlen mast is 1,352 feet tall.' });
    expect(same.clean).toBe(true);
  });

  it('the unit words of an agreeing figure are met: "cm" for "centimetres" leaves no content word missing', () => {
    const r = readSupport({
      claim: 'The Norland coast has risen about 20 centimetres since 1900.',
      passage: 'Since 1900 the Norland coast has risen by about 20 cm.',
    });
    expect(r.reasons.join(' ')).not.toMatch(/centimetres/);
    expect(r.windowCoverage).toBe(1);
  });

  it('a figure read in other words stands in its word pairs: "1.2 kilometres" for "1,200 metres" is supported', () => {
    const v = verifyClaim({
      claim: 'The Glenmoor tunnel is 1.2 kilometres long.',
      passage: 'The Glenmoor tunnel is 1,200 metres long.',
    });
    expect(v.verdict).toBe('supported');
  });
});
