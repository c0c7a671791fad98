import type { AnswerRecord } from '../shared/records';

/**
 * The words history search knows, as the index stores them. Words are cut by the platform's word
 * segmenter (`Intl.Segmenter`: languages without spaces get words too), then folded: lower case,
 * accents removed, digit groups joined ("412,000" → "412000"), apostrophes dropped ("don't" →
 * "dont"), and what is left split on punctuation ("en.wikipedia.org" → "en", "wikipedia", "org").
 */

/** Where a word was found; the index stores `field:word`, so one range query finds a word in one field. */
export const HISTORY_FIELDS = { question: 'q', claim: 'c', source: 's' } as const;
export type HistoryField = (typeof HISTORY_FIELDS)[keyof typeof HISTORY_FIELDS];

/** How much a query word counts, by the field it is found in (question over claims over sources). */
export const FIELD_WEIGHT: Record<HistoryField, number> = { q: 3, c: 2, s: 1 };

/** Longer words are cut: a search matches words by their start, so nothing is lost for a person typing. */
const MAX_WORD = 32;
/** The most words a query is searched for; the rest of a pasted paragraph is ignored. */
export const MAX_QUERY_WORDS = 8;
/**
 * Query words shorter than this match whole words only, longer ones the words they start: the
 * first letters typed would otherwise match most of history and be the slowest searches of all.
 */
export const MIN_PREFIX = 3;

/** Whether a query word matches a word of an answer (both folded). */
export function wordMatches(queryWord: string, word: string): boolean {
  return queryWord.length < MIN_PREFIX ? word === queryWord : word.startsWith(queryWord);
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The folded words of a text, in order, with repeats. */
export function foldedWords(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text)) {
    if (!s.isWordLike) continue;
    const folded = s.segment
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/(?<=\p{N})[.,\u00a0\u202f'’](?=\p{N})/gu, '')
      .replace(/['’]/g, '');
    for (const part of folded.split(/[^\p{L}\p{N}]+/u)) if (part) out.push(part.slice(0, MAX_WORD));
  }
  return out;
}

/** The distinct words of a query, as they are looked up (each matches the words it starts). */
export function queryWords(query: string): string[] {
  return [...new Set(foldedWords(query))].slice(0, MAX_QUERY_WORDS);
}

/** The host of a URL, or nothing when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** The texts of an answer that search covers, by field: its question, its claims, its sources' titles and domains. */
export function searchableTexts(answer: AnswerRecord): Record<HistoryField, string[]> {
  const r = answer.result;
  return {
    q: [answer.question, ...(answer.followUp ? [answer.followUp.asked] : [])],
    c: 'claims' in r ? r.claims.map((c) => c.text) : [],
    s: r.evidence.flatMap((e) => [e.title, hostOf(e.url)]),
  };
}

/** The index entries of an answer: every distinct `field:word`. */
export function historyTerms(answer: AnswerRecord): string[] {
  const terms = new Set<string>();
  for (const [field, texts] of Object.entries(searchableTexts(answer)))
    for (const text of texts) for (const w of foldedWords(text)) terms.add(`${field}:${w}`);
  return [...terms];
}
