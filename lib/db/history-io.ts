import { z } from 'zod';
import { AnswerRecordSchema, HistoryExportSchema, type AnswerRecord } from '../shared/records';
import { removeAnswers } from './history-index';
import { orderKey } from './history-rows';
import { foldedWords, queryWords, searchableTexts, wordMatches } from './history-terms';
import type { SpanlightDb } from './database';

/** All answers, newest first, as an export document in memory (tests and small histories; the panel exports in pages). */
export async function exportHistory(db: SpanlightDb, now = new Date()): Promise<z.infer<typeof HistoryExportSchema>> {
  const answers: unknown[] = [];
  let before: string | undefined;
  do {
    const page = await exportPage(db, before);
    for (const text of page.answers) answers.push(JSON.parse(text));
    before = page.next ?? undefined;
  } while (before);
  return { format: 'spanlight-history', version: 1, exportedAt: now.toISOString(), answers };
}

/** A page of an export: answers as JSON texts, newest first. */
export interface ExportPage {
  answers: string[];
  /** Where the next page starts (pass it as `before`); null after the last page. */
  next: string | null;
  /** Answers in history when the page was read. */
  total: number;
}

/**
 * One page of the export, newest first, from `before` (a `next` of the previous page) on: at most
 * `maxCount` answers and about `maxBytes` of JSON, so no runtime message comes near its size limit
 * (64 MiB in Chrome). An answer larger than `maxBytes` is a page of its own.
 */
export async function exportPage(db: SpanlightDb, before?: string, maxBytes = 4_000_000, maxCount = 1_000): Promise<ExportPage> {
  return db.transaction('r', db.answers, db.historyIndex, async () => {
    const from = before === undefined ? db.historyIndex.orderBy('order') : db.historyIndex.where('order').below(before);
    const keys = await from.reverse().limit(maxCount).primaryKeys();
    const total = await db.historyIndex.count();
    const answers: string[] = [];
    let bytes = 0;
    let last: string | null = null;
    // Read in small batches: a page stops at its byte budget without reading the rest.
    for (let i = 0; i < keys.length && bytes < maxBytes; i += 50) {
      const batch = keys.slice(i, i + 50);
      const rows = await db.answers.bulkGet(batch.map((k) => k.slice(k.indexOf(' ') + 1)));
      for (const [j, row] of rows.entries()) {
        if (bytes >= maxBytes) break;
        last = batch[j]!;
        const p = AnswerRecordSchema.safeParse(row);
        if (!p.success) continue;
        const text = JSON.stringify(p.data);
        answers.push(text);
        bytes += text.length;
      }
    }
    // More may follow when the page stopped at its byte budget, or took all the keys it asked for.
    const more = last !== null && (last !== keys.at(-1) || keys.length === maxCount);
    return { answers, next: more ? last : null, total };
  });
}

/** Deletes one answer (its job record stays, so a panel showing it does not break). */
export async function deleteAnswer(db: SpanlightDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.answers, db.historyIndex, async () => (await removeAnswers(db, [id])) > 0);
}

/** How many answers were created before `before` (an ISO date or time). */
export async function countAnswersBefore(db: SpanlightDb, before: string): Promise<number> {
  return db.historyIndex.where('order').below(orderKey(before, '')).count();
}

/** Deletes every answer created before `before`, in one transaction; returns how many. */
export async function deleteAnswersBefore(db: SpanlightDb, before: string): Promise<number> {
  return db.transaction('rw', db.answers, db.historyIndex, async () => {
    const keys = await db.historyIndex.where('order').below(orderKey(before, '')).primaryKeys();
    return removeAnswers(
      db,
      keys.map((k) => k.slice(k.indexOf(' ') + 1)),
    );
  });
}

/** What history holds: answers, the oldest one's time, and the space the extension uses (when the browser says). */
export async function historyStorage(
  db: SpanlightDb,
  estimate: () => Promise<{ usage?: number; quota?: number }> = () =>
    typeof navigator !== 'undefined' && navigator.storage?.estimate ? navigator.storage.estimate() : Promise.resolve({}),
): Promise<{ answers: number; oldest: string | null; usageBytes: number | null; quotaBytes: number | null }> {
  const [answers, oldest, space] = await Promise.all([
    db.answers.count(),
    db.historyIndex.orderBy('order').first(),
    estimate().catch(() => ({}) as { usage?: number; quota?: number }),
  ]);
  return {
    answers,
    oldest: oldest?.createdAt ?? null,
    usageBytes: space.usage ?? null,
    quotaBytes: space.quota ?? null,
  };
}

/**
 * The plain scan that history search answers through its index: whether every word of the query
 * starts a word of the answer's question, claims, or sources' titles and domains (case and accents
 * ignored; a query word of one or two letters must be a whole word). Kept as the reference the index is tested against.
 */
export function matchesHistoryQuery(answer: AnswerRecord, query: string): boolean {
  const words = queryWords(query);
  if (words.length === 0) return true;
  const have = Object.values(searchableTexts(answer)).flatMap((texts) => texts.flatMap(foldedWords));
  return words.every((w) => have.some((h) => wordMatches(w, h)));
}
