import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SpanlightDb, saveAnswer } from '@/lib/db/database';
import type { AnswerRecord } from '@/lib/shared/records';
import { deleteAnswer, deleteAnswersBefore, matchesHistoryQuery } from '@/lib/db/history-io';
import { importHistory } from '@/lib/db/history-import';
import { searchHistory } from '@/lib/db/history-index';
import { orderKey } from '@/lib/db/history-rows';
import { FIELD_WEIGHT, foldedWords, queryWords, searchableTexts, wordMatches, type HistoryField } from '@/lib/db/history-terms';
import { span } from '../unit/spans';

// The index against a plain scan of the same answers, through random sequences of everything that
// writes history: save, delete, delete-before-a-date, import, and the migration that builds the index.

const VOCABULARY = [
  'bridge',
  'bridges',
  'Mayor',
  'zeppelin',
  'café',
  'cafe',
  '412,000',
  'Exampleville',
  '東京',
  'river',
  'élection',
];
const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const DATES = ['2025-01-01T00:00:00Z', '2025-06-01T00:00:00.000Z', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'];
const HOSTS = ['news.example.org', 'bridge.example.com', 'tokyo.example.jp'];

const words = fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

const answerArb = fc
  .record({
    id: fc.constantFrom(...IDS),
    question: words,
    claim: words,
    title: words,
    host: fc.constantFrom(...HOSTS),
    createdAt: fc.constantFrom(...DATES),
    followUp: fc.option(words, { nil: undefined }),
  })
  .map((a): AnswerRecord => ({
    id: a.id,
    jobId: `job-${a.id}`,
    question: a.question,
    createdAt: a.createdAt,
    ...(a.followUp ? { followUp: { previousAnswerId: 'x', asked: a.followUp, method: 'heuristic' as const } } : {}),
    result: {
      mode: 'grounded',
      question: a.question,
      trace: { stages: [] },
      evidence: [{ ...span('S1', a.claim, `https://${a.host}/p`), title: a.title }],
      searched: [a.question],
      warnings: [],
      conflicts: [],
      claims: [{ text: a.claim, cites: ['S1'], status: 'supported', reasons: [] }],
      sources: [],
      unsupported: [],
    },
  }));

type Op =
  | { kind: 'save'; answer: AnswerRecord }
  | { kind: 'delete'; id: string }
  | { kind: 'deleteBefore'; date: string }
  | { kind: 'import'; answers: unknown[] }
  | { kind: 'migrate' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: answerArb.map((answer) => ({ kind: 'save' as const, answer })) },
  { weight: 2, arbitrary: fc.constantFrom(...IDS).map((id) => ({ kind: 'delete' as const, id })) },
  { weight: 1, arbitrary: fc.constantFrom('2025-03-01', '2026-01-01').map((date) => ({ kind: 'deleteBefore' as const, date })) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof({ weight: 5, arbitrary: answerArb }, { weight: 1, arbitrary: fc.constant({ id: 'broken' }) }), {
        maxLength: 6,
      })
      .map((answers) => ({ kind: 'import' as const, answers })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'migrate' as const }) },
);

const queryArb = fc.oneof(
  words,
  fc.constantFrom(...VOCABULARY).chain((w) => fc.integer({ min: 1, max: 4 }).map((k) => w.slice(0, k))),
  fc.constantFrom('example.org', 'EXAMPLEVILLE 412', 'cafe bridge', 'nothing-like-it'),
);

/** What the plain scan finds and in which order: the same rule the index ranks by, computed over every answer. */
function scan(model: Map<string, AnswerRecord>, query: string): string[] {
  const qw = queryWords(query);
  const scored = [...model.values()]
    .filter((a) => matchesHistoryQuery(a, query))
    .map((a) => {
      const texts = searchableTexts(a);
      let score = 0;
      for (const w of qw)
        for (const [field, list] of Object.entries(texts))
          if (list.flatMap(foldedWords).some((h) => wordMatches(w, h))) score += FIELD_WEIGHT[field as HistoryField];
      return { id: a.id, score, key: orderKey(a.createdAt, a.id) };
    });
  scored.sort((x, y) => y.score - x.score || (x.key < y.key ? 1 : x.key > y.key ? -1 : 0));
  return scored.slice(0, 50).map((s) => s.id);
}

/** A database as schema version 2 left it (no index), holding `answers`; then opened by today's code, which migrates it. */
async function migrated(name: string, answers: AnswerRecord[]): Promise<SpanlightDb> {
  const old = new Dexie(name);
  old.version(1).stores({ settings: 'id', jobs: 'id, status, createdAt', answers: 'id, jobId, createdAt' });
  old.version(2).stores({ answers: 'id, jobId, createdAt, mode', pageCache: 'url, fetchedAt', searchCache: 'key, expiresAt' });
  await old.table('answers').bulkPut(answers.map((a) => ({ ...a, mode: a.result.mode })));
  old.close();
  const db = new SpanlightDb(name);
  await db.open();
  return db;
}

let runs = 0;

describe('property: history search through its index equals a plain scan', () => {
  it('after any sequence of saves, deletes, imports and migrations', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { maxLength: 10 }),
        fc.array(queryArb, { minLength: 3, maxLength: 3 }),
        async (ops, queries) => {
          const base = `history-property-${++runs}`;
          let generation = 0;
          let db = new SpanlightDb(`${base}-0`);
          const model = new Map<string, AnswerRecord>();
          try {
            for (const op of ops) {
              if (op.kind === 'save') {
                expect(await saveAnswer(db, op.answer, op.answer.createdAt)).toEqual({ ok: true });
                model.set(op.answer.id, op.answer);
              } else if (op.kind === 'delete') {
                expect(await deleteAnswer(db, op.id)).toBe(model.delete(op.id));
              } else if (op.kind === 'deleteBefore') {
                const before = orderKey(op.date, '');
                const gone = [...model.values()].filter((a) => orderKey(a.createdAt, a.id) < before);
                expect(await deleteAnswersBefore(db, op.date)).toBe(gone.length);
                for (const a of gone) model.delete(a.id);
              } else if (op.kind === 'import') {
                await importHistory(db, { format: 'spanlight-history', version: 1, exportedAt: 'x', answers: op.answers });
                for (const a of op.answers) {
                  const id = (a as { id: string }).id;
                  if (id !== 'broken' && !model.has(id)) model.set(id, a as AnswerRecord);
                }
              } else {
                const answers = [...model.values()];
                await db.delete();
                db = await migrated(`${base}-${++generation}`, answers);
              }
              expect(await db.historyIndex.count()).toBe(model.size);
              for (const q of queries)
                expect(
                  (await searchHistory(db, q)).map((m) => m.row.answerId),
                  q,
                ).toEqual(scan(model, q));
            }
          } finally {
            await db.delete();
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
