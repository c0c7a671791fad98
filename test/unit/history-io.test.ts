import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpanlightDb, listAnswers, readSettings, writeSettings, type AnswerRecord } from '@/lib/db/database';
import { deleteAnswer, exportHistory, importHistory, matchesHistoryQuery } from '@/lib/db/history-io';
import { defaultSettings } from '@/lib/settings';
import { span } from './spans';

let db: SpanlightDb;
let n = 0;
beforeEach(() => {
  db = new SpanlightDb(`history-${++n}`);
});
afterEach(() => db.delete());

function answer(id: string, question: string): AnswerRecord {
  return {
    id,
    jobId: `job-${id}`,
    question,
    createdAt: `2026-11-${10 + n}T00:00:0${id.length}Z`,
    result: {
      mode: 'grounded',
      question,
      trace: { stages: [] },
      evidence: [span('S1', 'Exampleville had 412,000 residents.')],
      searched: [question],
      warnings: [],
      conflicts: [],
      claims: [{ text: 'Exampleville had 412,000 residents.', cites: ['S1'], status: 'supported', reasons: [] }],
      sources: [],
      unsupported: [],
    },
  };
}

describe('history: export, import, delete, search', () => {
  it('export → import round-trips the answers with their evidence, and never carries keys', async () => {
    const s = defaultSettings();
    s.search.brave.apiKey = 'brave-secret';
    s.model.apiKey = 'model-secret';
    await writeSettings(db, s);
    await db.answers.bulkPut([answer('a', 'How many residents?'), answer('bb', 'Who is the mayor?')]);
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
    } finally {
      await other.delete();
    }
  });

  it('a file that is not an export is refused; invalid answers are listed, valid ones imported', async () => {
    await expect(importHistory(db, { hello: 'world' })).rejects.toThrow('not a Spanlight history export');
    const r = await importHistory(db, {
      format: 'spanlight-history',
      version: 1,
      exportedAt: 'x',
      answers: [answer('a', 'q'), { id: 'broken' }],
    });
    expect(r.imported).toBe(1);
    expect(r.rejected).toHaveLength(1);
  });

  it('deletes one answer and searches by question, claim and source', async () => {
    await db.answers.bulkPut([answer('a', 'How many residents?'), answer('bb', 'Who is the mayor?')]);
    expect(await deleteAnswer(db, 'a')).toBe(true);
    expect((await listAnswers(db)).map((a) => a.id)).toEqual(['bb']);
    expect(matchesHistoryQuery(answer('x', 'Who is the mayor?'), 'MAYOR')).toBe(true);
    expect(matchesHistoryQuery(answer('x', 'Who is the mayor?'), '412,000 residents')).toBe(true);
    expect(matchesHistoryQuery(answer('x', 'Who is the mayor?'), 'bridge')).toBe(false);
  });
});
