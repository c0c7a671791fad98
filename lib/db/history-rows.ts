import type { EntityTable, Transaction } from 'dexie';
import { AnswerRecordSchema, type AnswerRecord } from '../shared/records';
import { historyTerms } from './history-terms';

// The rows of history's tables (the search index, staged imports) and how an answer is written with
// its row: what the database's schema (database.ts) and history's code (history-index.ts,
// history-import.ts) both need, in a file that imports neither.

/**
 * History's search index: one small row per answer, in the same database, written in the same
 * transaction as the answer itself, so the two cannot drift apart. `terms` is a Dexie multi-entry
 * index of `field:word`; a query word is one key range per field (`startsWith`), answered from the
 * index without reading a single answer.
 */
export interface HistoryIndexRow {
  /** `createdAt` (normalised ISO) + space + id: sorts newest last, so ranked ties come out newest first. */
  order: string;
  answerId: string;
  /** Every distinct `field:word` of the answer (lib/db/history-terms.ts). */
  terms: string[];
  /** What a history row shows, so a search never reads the (large) answers. */
  question: string;
  createdAt: string;
  mode: string;
  followUp?: string;
}

/** The Dexie schema of the index table (database version 3). */
export const HISTORY_INDEX_SCHEMA = 'order, &answerId, *terms';

/** The sort key of an answer: its time (normalised, so imported "…00Z" and "…00.000Z" sort alike), then its id. */
export function orderKey(createdAt: string, id: string): string {
  const t = Date.parse(createdAt);
  return `${Number.isNaN(t) ? createdAt : new Date(t).toISOString()} ${id}`;
}

/** The index row of an answer. */
export function indexRow(answer: AnswerRecord): HistoryIndexRow {
  return {
    order: orderKey(answer.createdAt, answer.id),
    answerId: answer.id,
    terms: historyTerms(answer),
    question: answer.question,
    createdAt: answer.createdAt,
    mode: answer.result.mode,
    ...(answer.followUp ? { followUp: answer.followUp.asked } : {}),
  };
}

/** The two tables an answer is written to with its index row (SpanlightDb has both). */
export interface AnswerTables {
  answers: EntityTable<AnswerRecord, 'id'>;
  historyIndex: EntityTable<HistoryIndexRow, 'order'>;
}

/**
 * Writes answers and their index rows. Call it inside a transaction over `answers` and
 * `historyIndex` (every caller does), so an answer is never stored without its row, or the reverse.
 */
export async function putAnswers(db: AnswerTables, answers: AnswerRecord[]): Promise<void> {
  if (answers.length === 0) return;
  const ids = answers.map((a) => a.id);
  // An answer written again (same id) replaces its row, even if its time changed.
  await db.historyIndex.where('answerId').anyOf(ids).delete();
  await db.answers.bulkPut(answers.map((a) => ({ ...a, mode: a.result.mode }) as AnswerRecord));
  await db.historyIndex.bulkPut(answers.map(indexRow));
}

/** The migration to version 3: an index row for every answer already stored (records that no longer validate are left unindexed, as the list skips them). */
export async function buildHistoryIndex(tx: Transaction): Promise<void> {
  const index = tx.table<HistoryIndexRow, string>('historyIndex');
  const batch: HistoryIndexRow[] = [];
  await tx
    .table('answers')
    .toCollection()
    .each((row: unknown) => {
      const p = AnswerRecordSchema.safeParse(row);
      if (p.success) batch.push(indexRow(p.data));
    });
  await index.bulkPut(batch);
}

/** An import being received. */
export interface ImportSessionRow {
  id: string;
  startedAt: string;
  /** Answers received so far (valid or not). */
  received: number;
  /** Why records were left out: "answer 12: …", numbered from 1 in file order. */
  rejected: string[];
}

/** One staged chunk of valid answers. */
export interface ImportChunkRow {
  /** importId + space + zero-padded sequence number: chunks sort in the order they were read. */
  key: string;
  importId: string;
  answers: AnswerRecord[];
}
