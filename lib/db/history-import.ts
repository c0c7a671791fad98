import Dexie from 'dexie';
import { AnswerRecordSchema, HistoryExportSchema, type AnswerRecord } from '../shared/records';
import { putAnswers } from './history-rows';
import type { SpanlightDb } from './database';

/**
 * Imports of any size, received in chunks (no runtime message carries a whole file). Each chunk is
 * validated and staged in its own table; the commit then moves every staged answer into history in
 * one transaction, so an import that fails or is cancelled, at any point, leaves history as it was.
 */

/** Everything of an export file but its answers (read at the end: its keys may come in any order). */
export const HistoryHeaderSchema = HistoryExportSchema.omit({ answers: true });

/** How an import went. */
export interface ImportOutcome {
  imported: number;
  /** Already in history (same id), or twice in the file: kept as they are, the first one. */
  skipped: number;
  /** Records that did not validate, with why. */
  rejected: string[];
}

/** Thrown when the person cancelled: the commit's transaction is aborted by it. */
export class ImportCancelled extends Error {
  constructor() {
    super('The import was cancelled; history is as it was.');
    this.name = 'ImportCancelled';
  }
}

/** A staged import left behind (its panel was closed) is dropped when a newer import starts this much later. */
const STALE_MS = 60 * 60_000;

const NOT_AN_EXPORT = 'This file is not a Spanlight history export.';
const GONE = 'This import was interrupted (the extension restarted, or it was cancelled); nothing was imported. Start it again.';

/** Drops a staged import: its chunks and its session. */
export async function discardImport(db: SpanlightDb, importId: string): Promise<boolean> {
  return db.transaction('rw', db.importSessions, db.importChunks, async () => {
    const had = (await db.importSessions.get(importId)) !== undefined;
    await db.importChunks.where('importId').equals(importId).delete();
    await db.importSessions.delete(importId);
    return had;
  });
}

/** Starts an import; staged imports abandoned long ago are dropped first. */
export async function beginImport(db: SpanlightDb, now = new Date()): Promise<string> {
  const stale = await db.importSessions
    .where('startedAt')
    .below(new Date(now.getTime() - STALE_MS).toISOString())
    .primaryKeys();
  for (const id of stale) await discardImport(db, id);
  const id = crypto.randomUUID();
  await db.importSessions.put({ id, startedAt: now.toISOString(), received: 0, rejected: [] });
  return id;
}

/**
 * Validates and stages one chunk: `texts` are the JSON texts of consecutive answers of the file,
 * the first being answer number `first` (from 0). Returns how many were staged and refused.
 */
export async function stageImport(
  db: SpanlightDb,
  importId: string,
  seq: number,
  first: number,
  texts: string[],
): Promise<{ staged: number; rejected: number }> {
  const valid: AnswerRecord[] = [];
  const rejected: string[] = [];
  texts.forEach((text, i) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      rejected.push(`answer ${first + i + 1}: not valid JSON`);
      return;
    }
    const p = AnswerRecordSchema.safeParse(value);
    if (p.success) valid.push(p.data);
    else rejected.push(`answer ${first + i + 1}: ${p.error.issues[0]?.message ?? 'invalid'}`);
  });
  await db.transaction('rw', db.importSessions, db.importChunks, async () => {
    const session = await db.importSessions.get(importId);
    if (!session) throw new Error(GONE);
    await db.importChunks.put({ key: `${importId} ${String(seq).padStart(9, '0')}`, importId, answers: valid });
    await db.importSessions.put({
      ...session,
      received: session.received + texts.length,
      rejected: [...session.rejected, ...rejected],
    });
  });
  return { staged: valid.length, rejected: rejected.length };
}

/**
 * Moves a staged import into history, in one transaction: answers already there (same id) are kept
 * as they are; nothing else is touched. A header that is not an export's refuses the whole file.
 * `cancelled` is asked between chunks; when it says yes, the transaction is aborted.
 */
export async function commitImport(
  db: SpanlightDb,
  importId: string,
  header: unknown,
  cancelled: () => boolean = () => false,
): Promise<ImportOutcome> {
  if (!HistoryHeaderSchema.safeParse(header).success) {
    await discardImport(db, importId);
    throw new Error(NOT_AN_EXPORT);
  }
  try {
    return await db.transaction('rw', [db.answers, db.historyIndex, db.importSessions, db.importChunks], async () => {
      const session = await db.importSessions.get(importId);
      if (!session) throw new Error(GONE);
      const keys = (await db.importChunks.where('importId').equals(importId).primaryKeys()).sort();
      const seen = new Set<string>();
      let imported = 0;
      let skipped = 0;
      for (const key of keys) {
        if (cancelled()) throw new ImportCancelled();
        const chunk = await db.importChunks.get(key);
        if (!chunk) continue;
        const present = new Set(
          await db.answers
            .where(':id')
            .anyOf(chunk.answers.map((a) => a.id))
            .primaryKeys(),
        );
        const fresh = chunk.answers.filter((a) => {
          const keep = !present.has(a.id) && !seen.has(a.id);
          seen.add(a.id);
          return keep;
        });
        skipped += chunk.answers.length - fresh.length;
        await putAnswers(db, fresh);
        imported += fresh.length;
      }
      if (cancelled()) throw new ImportCancelled();
      await db.importChunks.where('importId').equals(importId).delete();
      await db.importSessions.delete(importId);
      return { imported, skipped, rejected: session.rejected };
    });
  } catch (e) {
    await discardImport(db, importId).catch(() => false);
    throw e instanceof Dexie.AbortError && cancelled() ? new ImportCancelled() : e;
  }
}

/**
 * Imports an export document already in memory (tests, small files): the same validation, staging
 * and single commit as a file read in chunks.
 */
export async function importHistory(db: SpanlightDb, input: unknown): Promise<ImportOutcome> {
  const doc = HistoryExportSchema.safeParse(input);
  if (!doc.success) throw new Error(NOT_AN_EXPORT);
  const id = await beginImport(db);
  const texts = doc.data.answers.map((a) => JSON.stringify(a) ?? 'undefined');
  for (let i = 0, seq = 0; i < texts.length; i += 500, seq++) await stageImport(db, id, seq, i, texts.slice(i, i + 500));
  return commitImport(db, id, HistoryHeaderSchema.parse(doc.data));
}
