import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpanlightDb, listAnswers } from '@/lib/db/database';
import type { AnswerRecord } from '@/lib/shared/records';
import { storeAnswers } from '@/lib/db/history-index';
import { HistoryCalls } from '@/lib/background/history-calls';
import { createMessageListener } from '@/lib/messaging/server';
import { backgroundCalls, type Result } from '@/lib/messaging/protocol';
import type { CallBackground } from '@/lib/history/history-caller';
import { ExportSplitter, NotAnExport } from '@/lib/history/split-export';
import { importHistoryFile, type ImportProgress } from '@/lib/history/import-file';
import { exportHistoryFile } from '@/lib/history/export-file';
import { span } from './spans';

let db: SpanlightDb;
let history: HistoryCalls;
let n = 0;
/** Every message the panel sent, as the characters the browser would serialise. */
let sent: { type: string; chars: number; answerChars: number }[] = [];

/** The panel's calls, through the real message listener (zod on the payloads), serialised as a runtime message is. */
function caller(calls: HistoryCalls): CallBackground {
  const { exportHistoryPage, importBegin, importChunk, importCommit, importCancel } = backgroundCalls;
  const listener = createMessageListener({
    channel: 'spanlight:background',
    calls: { exportHistoryPage, importBegin, importChunk, importCommit, importCancel },
    allowSender: () => true,
    handlers: {
      exportHistoryPage: (p) => calls.exportPage(p),
      importBegin: () => calls.importBegin(),
      importChunk: (p) => calls.importChunk(p),
      importCommit: (p) => calls.importCommit(p),
      importCancel: (p) => calls.importCancel(p),
    },
  });
  return (async (type: string, payload: unknown) => {
    const message = JSON.stringify({ channel: 'spanlight:background', type, payload });
    const answers = (payload as { answers?: string[] }).answers ?? [];
    sent.push({ type, chars: message.length, answerChars: answers.reduce((k, a) => k + a.length, 0) });
    const reply = await listener(JSON.parse(message), {});
    return JSON.parse(JSON.stringify(reply)) as Result<unknown>;
  }) as CallBackground;
}

beforeEach(() => {
  db = new SpanlightDb(`history-file-${++n}`);
  history = new HistoryCalls(db);
  sent = [];
});
afterEach(() => db.delete());

function answer(i: number, word = 'bridge'): AnswerRecord {
  const claim = `Report ${i} says the ${word} carries ${i * 10} cars "a day" \\ on average.`;
  return {
    id: `answer-${i}`,
    jobId: `job-${i}`,
    question: `How busy is the ${word} ${i}?`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    result: {
      mode: 'grounded',
      question: `How busy is the ${word} ${i}?`,
      trace: { stages: [] },
      evidence: [span('S1', claim)],
      searched: [word],
      warnings: [],
      conflicts: [],
      claims: [{ text: claim, cites: ['S1'], status: 'supported', reasons: [] }],
      sources: [],
      unsupported: [],
    },
  };
}

/** An export as the panel wrote it before this change: one JSON document, pretty-printed. */
const todaysExport = (answers: unknown[]) =>
  new Blob([JSON.stringify({ format: 'spanlight-history', version: 1, exportedAt: '2026-11-30T00:00:00Z', answers }, null, 2)]);

describe('the export splitter', () => {
  it('gives back every element of the answers, whatever the values and wherever the chunks are cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 6 }),
        fc.jsonValue(),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        (answers, extra, size, pretty) => {
          const doc = { format: 'spanlight-history', extra, answers, version: 1 };
          const text = pretty ? JSON.stringify(doc, null, 2) : JSON.stringify(doc);
          const splitter = new ExportSplitter();
          const got: unknown[] = [];
          for (let i = 0; i < text.length; i += size)
            got.push(...splitter.push(text.slice(i, i + size)).map((t) => JSON.parse(t)));
          expect(got).toEqual(JSON.parse(JSON.stringify(answers)));
          expect(splitter.end()).toEqual(JSON.parse(JSON.stringify({ format: doc.format, extra, version: 1 })));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses what is not an export, saying why', () => {
    const run = (text: string) => {
      const s = new ExportSplitter();
      s.push(text);
      return s.end();
    };
    expect(() => run('[1, 2]')).toThrow(NotAnExport);
    expect(() => run('{"format": "spanlight-history", "answers": [1, 2')).toThrow('ends before the export does');
    expect(() => run('{"format": "spanlight-history"}')).toThrow('no list of answers');
    expect(() => run('{"answers": [] } trailing')).toThrow('unexpected “t”');
  });
});

describe('export and import files in chunks', () => {
  it('an export file written in pages imports back whole into another profile, in messages of bounded size', async () => {
    const all = Array.from({ length: 120 }, (_, i) => answer(i));
    await storeAnswers(db, all);
    const exported = await exportHistoryFile(caller(history), { now: new Date('2026-11-30T00:00:00Z') });
    if (exported.kind !== 'done') throw new Error(exported.kind);
    expect(exported.count).toBe(120);
    const doc = JSON.parse(await exported.blob.text()) as { format: string; answers: AnswerRecord[] };
    expect(doc.format).toBe('spanlight-history');
    expect(doc.answers.map((a) => a.id)).toEqual(all.map((a) => a.id).reverse());

    const other = new SpanlightDb(`history-file-other-${n}`);
    try {
      sent = [];
      const progress: ImportProgress[] = [];
      const r = await importHistoryFile(exported.blob, caller(new HistoryCalls(other)), {
        messageChars: 20_000,
        onProgress: (p) => progress.push(p),
      });
      expect(r).toEqual({ kind: 'done', outcome: { imported: 120, skipped: 0, rejected: [] } });
      expect(await listAnswers(other, Infinity)).toEqual(await listAnswers(db, Infinity));
      const chunks = sent.filter((m) => m.type === 'importChunk');
      const largest = Math.max(...all.map((a) => JSON.stringify(a).length));
      expect(chunks.length).toBeGreaterThanOrEqual(Math.floor(exported.blob.size / 20_000));
      // A chunk is its budget plus at most one answer.
      expect(Math.max(...chunks.map((m) => m.answerChars))).toBeLessThanOrEqual(20_000 + largest);
      expect(progress.at(-1)).toMatchObject({ phase: 'saving', bytesRead: exported.blob.size, answersRead: 120 });
    } finally {
      await other.delete();
    }
  });

  it("today's export format (one pretty-printed document) still imports, with invalid records listed", async () => {
    const r = await importHistoryFile(todaysExport([answer(1), { id: 'broken' }, answer(2)]), caller(history));
    expect(r).toMatchObject({
      kind: 'done',
      outcome: { imported: 2, skipped: 0, rejected: [expect.stringMatching(/^answer 2: /)] },
    });
  });

  it('cancelled while reading, or given a file that is not an export: history is as it was, nothing is left staged', async () => {
    await storeAnswers(db, [answer(0, 'tunnel')]);
    const before = await listAnswers(db, Infinity);
    const controller = new AbortController();
    const r = await importHistoryFile(todaysExport(Array.from({ length: 60 }, (_, i) => answer(i + 1))), caller(history), {
      messageChars: 5_000,
      onProgress: (p) => {
        if (p.answersRead > 10) controller.abort();
      },
      signal: controller.signal,
    });
    expect(r).toEqual({ kind: 'cancelled' });
    expect(sent.filter((m) => m.type === 'importChunk').length).toBeGreaterThan(0);
    expect(sent.some((m) => m.type === 'importCommit')).toBe(false);
    const bad = await importHistoryFile(new Blob(['{"format": "spanlight-history", "answers": [{"id": 1}, ']), caller(history));
    expect(bad).toEqual({ kind: 'failed', error: expect.stringContaining('not a Spanlight history export') });
    const text = await importHistoryFile(new Blob(['hello, world']), caller(history));
    expect(text).toEqual({ kind: 'failed', error: expect.stringContaining('not a Spanlight history export') });
    expect(await listAnswers(db, Infinity)).toEqual(before);
    expect(await db.importChunks.count()).toBe(0);
    expect(await db.importSessions.count()).toBe(0);
  });
});
