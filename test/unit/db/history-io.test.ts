import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpanlightDb, listAnswers, readSettings, saveAnswer, writeSettings } from '@/lib/db/database';
import type { AnswerRecord } from '@/lib/shared/records';
import {
  countAnswersBefore,
  deleteAnswer,
  deleteAnswersBefore,
  exportHistory,
  exportPage,
  historyStorage,
  matchesHistoryQuery,
} from '@/lib/db/history-io';
import { beginImport, commitImport, importHistory, stageImport } from '@/lib/db/history-import';
import { searchHistory, storeAnswers } from '@/lib/db/history-index';
import { foldedWords, queryWords } from '@/lib/db/history-terms';
import { defaultSettings } from '@/lib/settings';
import { span } from '../spans';

let db: SpanlightDb;
let n = 0;
beforeEach(() => {
  db = new SpanlightDb(`history-${++n}`);
});
afterEach(() => db.delete());

function answer(
  id: string,
  question: string,
  options: { claim?: string; title?: string; url?: string; createdAt?: string } = {},
): AnswerRecord {
  const claim = options.claim ?? 'Exampleville had 412,000 residents.';
  return {
    id,
    jobId: `job-${id}`,
    question,
    createdAt: options.createdAt ?? `2026-11-10T00:00:0${id.length}Z`,
    result: {
      mode: 'grounded',
      question,
      trace: { stages: [] },
      evidence: [{ ...span('S1', claim, options.url), ...(options.title ? { title: options.title } : {}) }],
      searched: [question],
      warnings: [],
      conflicts: [],
      claims: [{ text: claim, cites: ['S1'], status: 'supported', reasons: [] }],
      sources: [],
      unsupported: [],
    },
  };
}

const HEADER = { format: 'spanlight-history', version: 1, exportedAt: '2026-11-30T00:00:00Z' };
const ids = async (q: string) => (await searchHistory(db, q)).map((m) => m.row.answerId);

describe('history: export, import, delete', () => {
  it('export → import round-trips the answers with their evidence, and never carries keys', async () => {
    const s = defaultSettings();
    s.search.brave.apiKey = 'brave-secret';
    s.model.apiKey = 'model-secret';
    await writeSettings(db, s);
    await storeAnswers(db, [answer('a', 'How many residents?'), answer('bb', 'Who is the mayor?')]);
    const doc = await exportHistory(db);
    const text = JSON.stringify(doc);
    expect(text).not.toContain('brave-secret');
    expect(text).not.toContain('model-secret');

    const other = new SpanlightDb(`history-import-${n}`);
    try {
      const r = await importHistory(other, JSON.parse(text));
      expect(r).toEqual({ imported: 2, skipped: 0, rejected: [] });
      expect((await listAnswers(other)).map((a) => a.result.evidence[0]!.text)).toEqual([
        'Exampleville had 412,000 residents.',
        'Exampleville had 412,000 residents.',
      ]);
      expect((await readSettings(other)).model.apiKey).toBe(''); // nothing but answers came in
      expect(await importHistory(other, JSON.parse(text))).toEqual({ imported: 0, skipped: 2, rejected: [] });
      // Imported answers are searchable at once: the import wrote their index rows in its transaction.
      expect((await searchHistory(other, 'mayor')).map((m) => m.row.answerId)).toEqual(['bb']);
    } finally {
      await other.delete();
    }
  });

  it('a file that is not an export is refused; invalid answers are listed, valid ones imported', async () => {
    await expect(importHistory(db, { hello: 'world' })).rejects.toThrow('not a Spanlight history export');
    const r = await importHistory(db, { ...HEADER, answers: [answer('a', 'q'), { id: 'broken' }] });
    expect(r.imported).toBe(1);
    expect(r.rejected).toEqual([expect.stringMatching(/^answer 2: /)]);
  });

  it('exports in pages of bounded size, newest first, covering every answer once', async () => {
    const all = Array.from({ length: 23 }, (_, i) =>
      answer(`id${i}`, `Question ${i}`, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() }),
    );
    await storeAnswers(db, all);
    const size = Math.max(...all.map((a) => JSON.stringify(a).length));
    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    do {
      const page = await exportPage(db, before, size * 4 + 1, 1000);
      expect(page.total).toBe(23);
      expect(page.answers.length).toBeLessThanOrEqual(5);
      seen.push(...page.answers.map((t) => (JSON.parse(t) as AnswerRecord).id));
      before = page.next ?? undefined;
      pages++;
    } while (before);
    expect(seen).toEqual(all.map((a) => a.id).reverse());
    expect(pages).toBeGreaterThanOrEqual(5);
  });

  it('an import stays staged until its commit: history is untouched before, and whole after', async () => {
    await storeAnswers(db, [answer('kept', 'Who is the mayor?')]);
    const id = await beginImport(db);
    await stageImport(db, id, 0, 0, [JSON.stringify(answer('x1', 'Zeppelins over Exampleville?'))]);
    await stageImport(db, id, 1, 1, ['{"truncated', JSON.stringify(answer('kept', 'changed'))]);
    expect(await db.answers.count()).toBe(1);
    expect(await ids('zeppelins')).toEqual([]);
    const r = await commitImport(db, id, HEADER);
    expect(r).toEqual({ imported: 1, skipped: 1, rejected: ['answer 2: not valid JSON'] });
    expect(await ids('zeppelins')).toEqual(['x1']);
    expect((await listAnswers(db)).find((a) => a.id === 'kept')?.question).toBe('Who is the mayor?');
    expect(await db.importChunks.count()).toBe(0);
    expect(await db.importSessions.count()).toBe(0);
  });

  it('a commit cancelled midway, or with a header that is not an export, leaves history as it was', async () => {
    await storeAnswers(db, [answer('kept', 'Who is the mayor?')]);
    const stage = async () => {
      const id = await beginImport(db);
      for (let seq = 0; seq < 3; seq++)
        await stageImport(db, id, seq, seq, [JSON.stringify(answer(`new${seq}`, `Zeppelin ${seq}`))]);
      return id;
    };
    let asked = 0;
    const first = await stage();
    // Cancelled after the first chunk was written inside the transaction.
    await expect(commitImport(db, first, HEADER, () => ++asked > 1)).rejects.toThrow('cancelled');
    const second = await stage();
    await expect(commitImport(db, second, { format: 'something-else' })).rejects.toThrow('not a Spanlight history export');
    expect((await listAnswers(db, Infinity)).map((a) => a.id)).toEqual(['kept']);
    expect(await ids('zeppelin')).toEqual([]);
    expect(await db.importChunks.count()).toBe(0);
    // A chunk for an import that is gone says what to do.
    await expect(stageImport(db, second, 9, 9, [])).rejects.toThrow('Start it again');
  });

  it('deletes one answer, or all before a date, with their index rows', async () => {
    await storeAnswers(db, [
      answer('old1', 'Old bridge', { createdAt: '2025-01-01T00:00:00Z' }),
      answer('old2', 'Old bridge again', { createdAt: '2025-06-01T00:00:00.000Z' }),
      answer('new', 'New bridge', { createdAt: '2026-06-01T00:00:00Z' }),
    ]);
    expect(await deleteAnswer(db, 'new')).toBe(true);
    expect(await deleteAnswer(db, 'new')).toBe(false);
    expect(await ids('bridge')).toEqual(['old2', 'old1']);
    expect(await countAnswersBefore(db, '2025-06-01')).toBe(1);
    expect(await deleteAnswersBefore(db, '2025-06-02')).toBe(2);
    expect(await ids('bridge')).toEqual([]);
    expect(await db.answers.count()).toBe(0);
    expect(await db.historyIndex.count()).toBe(0);
  });

  it('storage: answers, the oldest, and the space the browser reports', async () => {
    await storeAnswers(db, [answer('a', 'q', { createdAt: '2025-03-01T00:00:00Z' }), answer('b', 'q')]);
    expect(await historyStorage(db, async () => ({ usage: 5_000_000, quota: 1e9 }))).toEqual({
      answers: 2,
      oldest: '2025-03-01T00:00:00Z',
      usageBytes: 5_000_000,
      quotaBytes: 1e9,
    });
    expect((await historyStorage(db, async () => ({}))).usageBytes).toBeNull();
  });
});

describe('history search through the index', () => {
  it('folds words: case, accents, digit groups, apostrophes, domains, scripts without spaces', () => {
    expect(foldedWords('Exampleville had 412,000 residents')).toEqual(['exampleville', 'had', '412000', 'residents']);
    expect(foldedWords('Café don’t en.wikipedia.org')).toEqual(['cafe', 'dont', 'en', 'wikipedia', 'org']);
    expect(foldedWords('東京都の人口')).toContain('人口');
    expect(queryWords('the THE the mayor')).toEqual(['the', 'mayor']);
  });

  it('finds by question, claim, source title and domain, every word, word starts; ranks question over claim over source, then newest', async () => {
    await storeAnswers(db, [
      answer('q-old', 'When did the bridge open?', { claim: 'It opened in 1990.', createdAt: '2026-01-01T00:00:00Z' }),
      answer('q-new', 'Is the bridge safe?', { claim: 'It was inspected.', createdAt: '2026-02-01T00:00:00Z' }),
      answer('claim', 'What changed in town?', { claim: 'A bridge was built.', createdAt: '2026-03-01T00:00:00Z' }),
      answer('source', 'What happened?', {
        claim: 'Nothing much.',
        title: 'Bridge news',
        url: 'https://news.exampleville.org/a',
        createdAt: '2026-04-01T00:00:00Z',
      }),
    ]);
    expect(await ids('BRIDGE')).toEqual(['q-new', 'q-old', 'claim', 'source']);
    expect(await ids('brid')).toEqual(['q-new', 'q-old', 'claim', 'source']);
    expect(await ids('exampleville.org')).toEqual(['source']);
    expect(await ids('bridge 1990')).toEqual(['q-old']);
    expect(await ids('bridge zeppelin')).toEqual([]);
    expect(await ids('   ')).toEqual([]);
    expect(matchesHistoryQuery(answer('x', 'Who is the mayor?'), 'MAYOR')).toBe(true);
    expect(matchesHistoryQuery(answer('x', 'Who is the mayor?'), '412,000 residents')).toBe(true);
    expect(matchesHistoryQuery(answer('x', 'Who is the mayor?'), 'bridge')).toBe(false);
  });

  it('a saved answer is indexed in the same transaction; a full quota writes neither', async () => {
    await db.jobs.put({
      id: 'j',
      question: 'q',
      tabs: 'none',
      status: 'running',
      createdAt: 'x',
      updatedAt: 'x',
      events: [],
      claims: [],
    });
    expect(await saveAnswer(db, { ...answer('a', 'Who is the mayor?'), jobId: 'j' }, '2026-11-30T00:00:00Z')).toEqual({
      ok: true,
    });
    expect(await ids('mayor')).toEqual(['a']);
    db.historyIndex.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const r = await saveAnswer(db, { ...answer('b', 'Who is the mayor now?'), jobId: 'j' }, '2026-11-30T00:00:01Z');
    expect(r.ok).toBe(false);
    expect(await db.answers.get('b')).toBeUndefined();
  });

  it('a superseded search stops and says so', async () => {
    await storeAnswers(db, [answer('a', 'Who is the mayor?')]);
    const controller = new AbortController();
    controller.abort();
    await expect(searchHistory(db, 'mayor', { signal: controller.signal })).rejects.toThrow('superseded');
  });
});
