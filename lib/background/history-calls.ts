import { listAnswers, type SpanlightDb } from '../db/database';
import { SearchSuperseded, searchHistory } from '../db/history-index';
import { countAnswersBefore, deleteAnswer, deleteAnswersBefore, exportPage, historyStorage } from '../db/history-io';
import { beginImport, commitImport, discardImport, stageImport } from '../db/history-import';
import type { HistoryItem, Received } from '../messaging/protocol';
import type { AnswerRecord } from '../shared/records';
import { storedAnswer } from './stored-answer';

/** How many rows the history list shows. */
const LIST_LIMIT = 50;

/**
 * The background's history calls: list and search (a newer search from the same panel cancels the
 * one it replaces), export in pages, import in chunks with one commit, storage and deleting by date.
 */
export class HistoryCalls {
  /** The search running for each panel session; in memory only: a search does not outlive the worker. */
  private readonly searches = new Map<string, AbortController>();
  /** Imports cancelled while their commit runs (the commit asks between chunks). */
  private readonly cancelled = new Set<string>();

  constructor(private readonly db: SpanlightDb) {}

  /** Newest first; with a query, the best matches of the whole history (see `searchHistory`). */
  async list({ query = '', session }: Received<'listHistory'>): Promise<{ items: HistoryItem[]; superseded?: boolean }> {
    if (!query.trim()) {
      const answers = await listAnswers(this.db, LIST_LIMIT);
      return {
        items: answers.map((a) => ({
          answerId: a.id,
          question: a.question,
          createdAt: a.createdAt,
          mode: a.result.mode,
          ...(a.followUp ? { followUp: a.followUp.asked } : {}),
        })),
      };
    }
    const controller = new AbortController();
    if (session) {
      this.searches.get(session)?.abort();
      this.searches.set(session, controller);
    }
    try {
      const matches = await searchHistory(this.db, query, { limit: LIST_LIMIT, signal: controller.signal });
      return {
        items: matches.map(({ row }) => ({
          answerId: row.answerId,
          question: row.question,
          createdAt: row.createdAt,
          mode: row.mode,
          ...(row.followUp ? { followUp: row.followUp } : {}),
        })),
      };
    } catch (e) {
      if (e instanceof SearchSuperseded) return { items: [], superseded: true };
      throw e;
    } finally {
      if (session && this.searches.get(session) === controller) this.searches.delete(session);
    }
  }

  /** One answer with its frozen evidence. */
  get({ answerId }: Received<'getAnswer'>): Promise<AnswerRecord> {
    return storedAnswer(this.db, answerId);
  }

  async deleteAnswer({ answerId }: Received<'deleteAnswer'>): Promise<{ deleted: boolean }> {
    return { deleted: await deleteAnswer(this.db, answerId) };
  }

  exportPage({ before }: Received<'exportHistoryPage'>) {
    return exportPage(this.db, before);
  }

  async importBegin(): Promise<{ importId: string }> {
    return { importId: await beginImport(this.db) };
  }

  importChunk({ importId, seq, first, answers }: Received<'importChunk'>) {
    return stageImport(this.db, importId, seq, first, answers);
  }

  async importCommit({ importId, header }: Received<'importCommit'>) {
    try {
      return await commitImport(this.db, importId, header, () => this.cancelled.has(importId));
    } finally {
      this.cancelled.delete(importId);
    }
  }

  /** Cancels an import: a commit under way aborts its transaction; a staged one is dropped. */
  async importCancel({ importId }: Received<'importCancel'>): Promise<{ cancelled: boolean }> {
    this.cancelled.add(importId);
    const had = await discardImport(this.db, importId);
    return { cancelled: had };
  }

  async storage({ before }: Received<'historyStorage'>) {
    const stats = await historyStorage(this.db);
    return before ? { ...stats, olderThan: await countAnswersBefore(this.db, before) } : stats;
  }

  async deleteBefore({ before }: Received<'deleteAnswersBefore'>): Promise<{ deleted: number }> {
    return { deleted: await deleteAnswersBefore(this.db, before) };
  }
}
