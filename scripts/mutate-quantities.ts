/**
 * Mutation check of the quantity and name rules (scripts/mutation-check.ts runs it): each family's
 * rule is taken out in turn and the unit tests of quantities and names are run.
 *
 *   npx tsx scripts/mutate-quantities.ts           prints one row per family
 *   npx tsx scripts/mutate-quantities.ts --check   exits 1 when some family's removal fails no test
 *
 * It edits files under lib/ while it runs and puts each back before the next; an interrupted run
 * restores the file it was editing.
 */
import { runMutationCheck, type Mutation } from './mutation-check';

const UNITS = 'lib/reading/unit-words.ts';
const UNIT_ENTRIES_LINE =
  'export const UNIT_ENTRIES: UnitEntry[] = [...LENGTH, ...MASS, ...VOLUME, ...AREA, ...SPEED, ...TEMPERATURE, ...SHARES, ...MONEY];';
const without = (family: string, group: string): Mutation => ({
  family,
  file: UNITS,
  from: UNIT_ENTRIES_LINE,
  to: UNIT_ENTRIES_LINE.replace(`...${group}, `, '').replace(`, ...${group}]`, ']'),
});

const MUTATIONS: Mutation[] = [
  without('lengths (metres, feet, miles, in words and symbols)', 'LENGTH'),
  without('masses (kilograms, tonnes, pounds)', 'MASS'),
  without('volumes (litres, cubic units)', 'VOLUME'),
  without('areas (square units, hectares)', 'AREA'),
  without('speeds (km/h, mph, in words)', 'SPEED'),
  without('temperatures (degrees Celsius, Fahrenheit, kelvin)', 'TEMPERATURE'),
  without('shares (percent, ppm, ppb)', 'SHARES'),
  without('currencies (signs, codes and words)', 'MONEY'),
  {
    family: 'unit words in German, French and Spanish',
    file: 'lib/reading/quantity-units.ts',
    from: "(['en', 'other', 'symbol'] as const)",
    to: "(['en', 'symbol'] as const)",
  },
  {
    family: 'unit words in English',
    file: 'lib/reading/quantity-units.ts',
    from: "(['en', 'other', 'symbol'] as const)",
    to: "(['other', 'symbol'] as const)",
  },
  {
    family: 'a currency never converts',
    file: 'lib/reading/quantity-units.ts',
    from: "return { base: code, kind: 'money'",
    to: "return { base: 'money', kind: 'money'",
  },
  {
    family: 'scale words in English (thousand, million, bn)',
    file: UNITS,
    from: "[/^(?:millions?|mn)(?![\\p{L}\\p{N}])/u, 1e6, 'en'],",
    to: '',
  },
  {
    family: 'scale words in German, French and Spanish (Millionen, millones)',
    file: UNITS,
    from: "[/^(?:millionen|mio\\.?|millones|millón)(?![\\p{L}\\p{N}])/u, 1e6, 'other'],",
    to: '',
  },
  {
    family: 'a scale joined to its noun by d\u2019 or de (French, Spanish)',
    file: 'lib/reading/quantities.ts',
    from: ".replace(/^(?:d['’]|de\\s+)/, '')",
    to: '',
  },
  {
    family: 'scale letters beside a currency ($5m, 5 M€, 1,5 Md€)',
    file: 'lib/reading/quantities.ts',
    from: 'const letter = scaleAt(after, MONEY_SCALES);',
    to: 'const letter = null as ReturnType<typeof scaleAt>;',
  },
  {
    family: 'the currency sign is the figure’s ($5 million is not €5 million)',
    file: 'lib/verdict/deterministic-verifier.ts',
    from: "const bare = (s: string) => s.replace(/^[^\\d]+/, '')",
    to: 'const bare = (s: string) => s',
  },
  {
    family: 'a temperature that changes is a difference (rose by 1.1 °C is 2 °F)',
    file: 'lib/reading/quantities.ts',
    from: 'if (signed) return true;',
    to: 'return signed;',
  },
  {
    family: 'an ordinal measures nothing (17th-century, 17e siècle)',
    file: 'lib/reading/quantities.ts',
    from: 'if (ORDINAL_AFTER.test(t.slice(at + whole.length))) continue;',
    to: '',
  },
  {
    family: 'hedges (about, etwa, environ, unos)',
    file: 'lib/reading/quantities.ts',
    from: 'const hedge = HEDGES.find(([h]) => h.test(before));',
    to: 'const hedge = undefined as (typeof HEDGES)[number] | undefined;',
  },
  {
    family: 'names in their other forms (CO2 / carbon dioxide, US / United States)',
    file: 'lib/reading/name-forms.ts',
    from: 'const groups = new Set(aliasesIn(passage).map((a) => a.group));',
    to: 'const groups = new Set<number>();',
  },
  {
    family: 'a surname for the full name on the same page',
    file: 'lib/reading/name-forms.ts',
    from: 'if (parts.length < 2) continue;',
    to: 'continue;',
  },
];

runMutationCheck('scripts/mutate-quantities.ts', MUTATIONS, ['test/unit/reading']);
