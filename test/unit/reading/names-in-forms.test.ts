import { describe, expect, it } from 'vitest';
import { aliasesIn, fullNamesBySurname, ALIAS_SOURCE } from '@/lib/reading/name-forms';
import { readSupport, verifyClaim } from '@/lib/verdict/deterministic-verifier';
import { verdictFor } from '@/lib/verdict/code-verdict';
import { span } from '../spans';

// Issue #37: names in their other forms, from the compiled table (scripts/build-aliases.ts), never per case.
const sameGroup = (a: string, b: string) => {
  const [x] = aliasesIn(a);
  const [y] = aliasesIn(b);
  return x !== undefined && y !== undefined && x.group === y.group;
};
const verdict = (claim: string, evidence: string) =>
  verdictFor(claim, [span('S1', evidence, 'https://news.example.org/a')]).verdict;

describe('names in their other forms (issue #37)', () => {
  it('the table names its source', () => expect(ALIAS_SOURCE).toMatch(/WordNet 3\.1.*build-aliases/));

  it('chemical formulas and their names, in four languages', () => {
    for (const name of ['carbon dioxide', 'Kohlendioxid', 'dioxyde de carbone', 'dióxido de carbono'])
      expect(sameGroup('CO2', name), name).toBe(true);
    for (const name of ['methane', 'Methan', 'méthane', 'metano']) expect(sameGroup('CH4', name), name).toBe(true);
    for (const name of ['nitrous oxide', 'Lachgas', "protoxyde d'azote", 'óxido nitroso'])
      expect(sameGroup('N2O', name), name).toBe(true);
    expect(sameGroup('CO2', 'methane')).toBe(false);
  });

  it('abbreviations of countries and bodies, in four languages, as written', () => {
    for (const name of ['United States', 'U.S.', 'Vereinigte Staaten', 'États-Unis', 'Estados Unidos'])
      expect(sameGroup('US', name), name).toBe(true);
    for (const name of ['United Kingdom', 'Vereinigtes Königreich', 'Royaume-Uni', 'Reino Unido'])
      expect(sameGroup('UK', name), name).toBe(true);
    for (const name of ['European Union', 'Europäische Union', 'UE', 'Unión Europea'])
      expect(sameGroup('EU', name), name).toBe(true);
    for (const name of ['United Nations', 'Vereinte Nationen', 'ONU', 'Naciones Unidas'])
      expect(sameGroup('UN', name), name).toBe(true);
    for (const name of ['World Health Organization', 'Weltgesundheitsorganisation', 'OMS', 'Organización Mundial de la Salud'])
      expect(sameGroup('WHO', name), name).toBe(true);
    // In lower case these are other words: "us", "who", the French article "un".
    expect(aliasesIn('who told us about un chat')).toEqual([]);
  });

  it('a surname stands for the full name the passage writes', () => {
    expect(fullNamesBySurname('Angela Merkel spoke. Later Merkel left.').get('merkel')).toEqual(['angela']);
    // Two people of one surname: the surname alone names neither.
    expect(fullNamesBySurname('Angela Merkel and Ulrich Merkel spoke.').has('merkel')).toBe(false);
  });

  it('the verifier meets a name by its other form', () => {
    const claim = 'Atmospheric carbon dioxide reached 415 parts per million in 2019.';
    expect(verifyClaim({ claim, passage: 'In 2019 atmospheric CO2 reached 415 ppm.' }).verdict).toBe('supported');
    expect(
      verifyClaim({
        claim: 'Atmospheric CO2 reached 415 ppm in 2019.',
        passage: 'In 2019 atmospheric carbon dioxide reached 415 parts per million.',
      }).verdict,
    ).toBe('supported');
    expect(
      readSupport({
        claim: 'The United States left the treaty in 2020.',
        passage: 'In 2020 the US left the treaty.',
      }).reasons.join(' '),
    ).not.toMatch(/United States/);
    expect(
      verifyClaim({
        claim: 'Die Vereinigten Staaten verließen 2020 den Vertrag.',
        passage: 'Die USA verließen 2020 den Vertrag.',
      }).verdict,
    ).toBe('supported');
    expect(
      verifyClaim({
        claim: 'La OMS declaró la pandemia en 2020.',
        passage: 'La Organización Mundial de la Salud declaró la pandemia en 2020.',
      }).verdict,
    ).toBe('supported');
    // Another substance is not the claim's.
    expect(verifyClaim({ claim, passage: 'In 2019 atmospheric CH4 reached 415 ppm.' }).verdict).not.toBe('supported');
  });

  it('a full name is met by the surname in a sentence after it', () => {
    const passage =
      'Angela Merkel was chancellor of Germany. She was born in Hamburg. She studied physics in Leipzig. She worked in Berlin. ' +
      'In 2015 Merkel opened the border to refugees from Syria.';
    expect(verifyClaim({ claim: 'In 2015 Angela Merkel opened the border to refugees from Syria.', passage }).verdict).toBe(
      'supported',
    );
  });
});

describe('the fact-check verdict on words and names (issue #37)', () => {
  it('a change in degrees Celsius against the same change in degrees Fahrenheit is supported', () => {
    expect(
      verdict(
        'Average temperatures in the city rose by 1.1 degrees Celsius over the century.',
        'Average temperatures in the city rose by 2 degrees Fahrenheit over the century.',
      ),
    ).toBe('supported');
    expect(
      verdict(
        'Les températures moyennes de la ville ont connu une hausse de 1,1 degré Celsius.',
        'Les températures moyennes de la ville ont connu une hausse de 2 °F.',
      ),
    ).toBe('supported');
  });

  it('carbon dioxide in parts per million against CO2 in ppm is supported', () => {
    expect(
      verdict('Atmospheric carbon dioxide reached 415 parts per million in 2019.', 'In 2019 atmospheric CO2 reached 415 ppm.'),
    ).toBe('supported');
    expect(
      verdict(
        'El dióxido de carbono atmosférico alcanzó 415 ppm en 2019.',
        'En 2019 el CO2 atmosférico alcanzó 415 partes por millón.',
      ),
    ).toBe('supported');
  });

  it('the code keeps its bite: another value in another unit, another currency', () => {
    expect(verdict('The tower is 412 metres tall.', 'The tower is 412 feet tall.')).toBe('contradicted');
    expect(
      verdict('The bridge cost 5 million dollars to build in 2010.', 'The bridge cost €5 million to build in 2010.'),
    ).not.toBe('supported');
    expect(
      verdict('The bridge cost $5 million to build in 2010.', 'The bridge cost 5 million US dollars to build in 2010.'),
    ).toBe('supported');
    expect(verdict('The bridge cost $5 million to build in 2010.', 'The bridge cost 7 million dollars to build in 2010.')).toBe(
      'contradicted',
    );
    // The sign before the figure is the currency's: "$5 million" is not "€5 million".
    expect(verdict('The bridge cost $5 million to build in 2010.', 'The bridge cost €5 million to build in 2010.')).not.toBe(
      'supported',
    );
    expect(verdict('The bridge cost $5m to build in 2010.', 'The bridge cost $5 million to build in 2010.')).toBe('supported');
    expect(verdict('The bridge cost $5m to build in 2010.', 'The bridge cost $5 to build in 2010.')).toBe('contradicted');
    expect(verdict('The wall of the old town is 5m high.', 'The wall of the old town is 5 metres high.')).toBe('supported');
  });
});
