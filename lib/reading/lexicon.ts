/**
 * Word forms, synonyms and antonyms from WordNet, through the table compiled by
 * scripts/build-lexicon.ts (frequent senses only). Lemmas follow WordNet's own "morphy": irregular
 * forms first, then its detachment rules, each candidate accepted only when WordNet knows it.
 */
import data from './lexicon-data.json';
import type { LexiconTable } from './lexicon-build';

const table = data as LexiconTable;
const known = (w: string) => w in table.groups || w in table.antonyms;

/** WordNet's detachment rules (morphy), nouns, verbs and adjectives together: ending → replacement. */
const DETACH: [string, string][] = [
  ['ies', 'y'],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['es', 'e'],
  ['es', ''],
  ['s', ''],
  ['ed', 'e'],
  ['ed', ''],
  ['ing', 'e'],
  ['ing', ''],
  ['est', 'e'],
  ['est', ''],
  ['er', 'e'],
  ['er', ''],
];

const lemmaCache = new Map<string, string>();

/** The WordNet lemma of a word ("rising" → "rise", "fell" → "fall", "larger" → "large"); the word itself when WordNet has none. */
export function lemmaOf(word: string): string {
  const w = word.toLowerCase();
  const cached = lemmaCache.get(w);
  if (cached !== undefined) return cached;
  const lemma = findLemma(w);
  if (lemmaCache.size > 50_000) lemmaCache.clear();
  lemmaCache.set(w, lemma);
  return lemma;
}

function findLemma(w: string): string {
  const irregular = table.irregular[w];
  if (irregular) return irregular;
  if (known(w)) return w;
  for (const [ending, replacement] of DETACH) {
    if (!w.endsWith(ending) || w.length - ending.length < 2) continue;
    const base = w.slice(0, w.length - ending.length) + replacement;
    if (known(base)) return base;
    // A doubled consonant before the ending: "planned" → "plan", "bigger" → "big".
    if (replacement === '' && /([b-df-hj-np-tv-z])\1$/.test(base) && known(base.slice(0, -1))) return base.slice(0, -1);
  }
  return w;
}

/** The synonym groups of a word's frequent senses (empty when WordNet lists none). */
export function synonymGroups(word: string): readonly number[] {
  return table.groups[lemmaOf(word)] ?? [];
}

/** Lemmas of opposite meaning to the word's frequent senses ("rise" → ["fall"]). */
export function antonymsOf(word: string): readonly string[] {
  return table.antonyms[lemmaOf(word)] ?? [];
}
