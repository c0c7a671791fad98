import { z } from 'zod';
import { AnswerRecordSchema, HistoryExportSchema, type AnswerRecord } from '../shared/records';
import type { SpanlightDb } from './database';

/** All answers, newest first, as an export document. */
export async function exportHistory(db: SpanlightDb, now = new Date()): Promise<z.infer<typeof HistoryExportSchema>> {
  const rows = await db.answers.orderBy('createdAt').reverse().toArray();
  const answers = rows.flatMap((r) => {
    const p = AnswerRecordSchema.safeParse(r);
    return p.success ? [p.data] : [];
  });
  return { format: 'spanlight-history', version: 1, exportedAt: now.toISOString(), answers };
}

export interface ImportOutcome {
  imported: number;
  /** Already in history (same id): kept as they are. */
  skipped: number;
  /** Records that did not validate, with why. */
  rejected: string[];
}

/**
 * Imports an export document: each answer is validated; answers already present are kept as they
 * are; nothing else in the database is touched. A document that is not an export is refused whole.
 */
export async function importHistory(db: SpanlightDb, input: unknown): Promise<ImportOutcome> {
  const doc = HistoryExportSchema.safeParse(input);
  if (!doc.success) throw new Error('This file is not a Spanlight history export.');
  const valid: AnswerRecord[] = [];
  const rejected: string[] = [];
  doc.data.answers.forEach((a, i) => {
    const p = AnswerRecordSchema.safeParse(a);
    if (p.success) valid.push(p.data);
    else rejected.push(`answer ${i + 1}: ${p.error.issues[0]?.message ?? 'invalid'}`);
  });
  let imported = 0;
  let skipped = 0;
  await db.transaction('rw', db.answers, async () => {
    for (const a of valid) {
      if (await db.answers.get(a.id)) {
        skipped++;
        continue;
      }
      await db.answers.put({ ...a, mode: a.result.mode } as AnswerRecord);
      imported++;
    }
  });
  return { imported, skipped, rejected };
}

/** Deletes one answer (its job record stays, so a panel showing it does not break). */
export async function deleteAnswer(db: SpanlightDb, id: string): Promise<boolean> {
  const had = (await db.answers.get(id)) !== undefined;
  await db.answers.delete(id);
  return had;
}

/** Answers whose question, claims or sources mention every word of the query (case-insensitive). */
export function matchesHistoryQuery(answer: AnswerRecord, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const r = answer.result;
  const hay = [
    answer.question,
    ...('claims' in r ? r.claims.map((c) => c.text) : []),
    ...r.evidence.map((e) => `${e.title} ${e.url}`),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((w) => hay.includes(w));
}
