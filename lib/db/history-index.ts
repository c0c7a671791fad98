import type { AnswerRecord } from '../shared/records';
import { FIELD_WEIGHT, HISTORY_FIELDS, MIN_PREFIX, queryWords, type HistoryField } from './history-terms';
import type { SpanlightDb } from './database';
import { putAnswers, type HistoryIndexRow } from './history-rows';

/** Deletes answers and their index rows; the same transaction rule as `putAnswers`. Returns how many answers were there. */
export async function removeAnswers(db: SpanlightDb, ids: string[]): Promise<number> {
  const had = (await db.answers.bulkGet(ids)).filter((a) => a !== undefined).length;
  await db.answers.bulkDelete(ids);
  await db.historyIndex.where('answerId').anyOf(ids).delete();
  return had;
}

/** A search cancelled because a newer one replaced it. */
export class SearchSuperseded extends Error {
  constructor() {
    super('superseded by a newer search');
    this.name = 'SearchSuperseded';
  }
}

/** One match of a search, with the score it was ranked by. */
export interface HistoryMatch {
  row: HistoryIndexRow;
  score: number;
}

/**
 * The answers that have every word of the query (each word matching the start of a word of the
 * question, a claim, or a source's title or domain; a word of one or two letters, a whole word), best first: a word counts 3 in the question,
 * 2 in a claim, 1 in a source, summed over the fields it is in; equal scores newest first.
 * `signal` cancels between index reads (a newer search replaced this one): it then throws `SearchSuperseded`.
 */
export async function searchHistory(
  db: SpanlightDb,
  query: string,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<HistoryMatch[]> {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const fields = Object.values(HISTORY_FIELDS) as HistoryField[];
  const check = () => {
    if (options.signal?.aborted) throw new SearchSuperseded();
  };
  return db.transaction('r', db.historyIndex, async () => {
    let scores: Map<string, number> | null = null;
    for (const word of words) {
      const wordScores = new Map<string, number>();
      for (const field of fields) {
        check();
        const term = `${field}:${word}`;
        const range =
          word.length < MIN_PREFIX
            ? db.historyIndex.where('terms').equals(term)
            : db.historyIndex.where('terms').startsWith(term);
        const keys = await range.primaryKeys();
        // A row that has several words starting with `word` in one field counts once for it.
        for (const key of new Set(keys)) wordScores.set(key, (wordScores.get(key) ?? 0) + FIELD_WEIGHT[field]);
      }
      const previous: Map<string, number> | null = scores;
      scores = new Map<string, number>();
      for (const [key, s] of wordScores) {
        if (previous === null) scores.set(key, s);
        else if (previous.has(key)) scores.set(key, previous.get(key)! + s);
      }
      if (scores.size === 0) return [];
    }
    const ranked = [...scores!].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
    const top = ranked.slice(0, options.limit ?? 50);
    check();
    const rows = await db.historyIndex.bulkGet(top.map(([key]) => key));
    return top.flatMap(([, score], i) => (rows[i] ? [{ row: rows[i], score }] : []));
  });
}

/** Stores answers with their index rows in a transaction of its own. */
export function storeAnswers(db: SpanlightDb, answers: AnswerRecord[]): Promise<void> {
  return db.transaction('rw', db.answers, db.historyIndex, () => putAnswers(db, answers));
}
