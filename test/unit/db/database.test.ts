import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SpanlightDb,
  appendJobEvent,
  listAnswers,
  markInterruptedJobs,
  readJob,
  readSettings,
  saveAnswer,
  writeSettings,
} from '@/lib/db/database';
import type { AnswerRecord, JobRecord } from '@/lib/shared/records';
import { defaultSettings } from '@/lib/settings';
import { dexieCache } from '@/lib/db/cache';
import { searchHistory } from '@/lib/db/history-index';

let db: SpanlightDb;
let n = 0;

beforeEach(() => {
  db = new SpanlightDb(`test-${++n}`);
});
afterEach(async () => {
  await db.delete();
});

function answer(id: string, createdAt: string): AnswerRecord {
  return {
    id,
    jobId: `job-${id}`,
    question: `question ${id}`,
    createdAt,
    result: {
      mode: 'nothing-found',
      question: `question ${id}`,
      trace: { stages: [] },
      evidence: [],
      searched: [],
      warnings: [],
      conflicts: [],
      reason: 'none',
    },
  };
}

function job(id: string, status: JobRecord['status']): JobRecord {
  return {
    id,
    question: 'q',
    tabs: 'none',
    status,
    createdAt: '2026-11-30T00:00:00Z',
    updatedAt: '2026-11-30T00:00:00Z',
    events: [],
    claims: [],
  };
}

describe('the Dexie database', () => {
  it('gives keyless defaults before anything is saved, and round-trips settings', async () => {
    expect(await readSettings(db)).toEqual(defaultSettings());
    const s = defaultSettings();
    s.search.providers = ['brave'];
    s.search.brave.apiKey = 'k';
    await writeSettings(db, s);
    expect(await readSettings(db)).toEqual(s);
  });

  it('keeps what still parses when a stored settings record is from an older shape', async () => {
    await db.settings.put({ id: 'settings', value: { maxPages: 7 } as never });
    const s = await readSettings(db);
    expect(s.maxPages).toBe(7);
    expect(s.search.providers).toEqual(['wikipedia']);
  });

  it('settings stored before Fact Check Tools read with its keyless default, every other setting kept (issue #26)', async () => {
    const { factCheckTools, ...older } = { ...defaultSettings(), maxPages: 7 };
    expect(factCheckTools.apiKey).toBe('');
    await db.settings.put({ id: 'settings', value: older as never });
    expect(await readSettings(db)).toEqual({ ...older, factCheckTools });
  });

  it('refuses to store settings that do not validate', async () => {
    const s = { ...defaultSettings(), maxPages: 99 };
    await expect(writeSettings(db, s)).rejects.toThrow();
    expect(await db.settings.count()).toBe(0);
  });

  it('lists answers newest first and skips records that no longer validate, without deleting them', async () => {
    await db.answers.bulkPut([
      answer('a', '2026-11-01T00:00:00Z'),
      answer('b', '2026-11-03T00:00:00Z'),
      answer('c', '2026-11-02T00:00:00Z'),
    ]);
    await db.answers.put({ ...answer('bad', '2026-11-04T00:00:00Z'), result: { mode: 'bogus' } as never });
    expect((await listAnswers(db)).map((a) => a.id)).toEqual(['b', 'c', 'a']);
    expect(await db.answers.count()).toBe(4);
  });

  it('appends job events and marks jobs cut off by a worker stop as interrupted', async () => {
    await db.jobs.bulkPut([job('running', 'running'), job('done', 'done')]);
    await appendJobEvent(db, 'running', { at: '2026-11-30T00:00:01Z', stage: 'searching', message: 'Searching…' });
    expect((await readJob(db, 'running'))?.events).toHaveLength(1);
    expect(await markInterruptedJobs(db, '2026-11-30T00:01:00Z')).toBe(1);
    expect((await readJob(db, 'running'))?.status).toBe('interrupted');
    expect((await readJob(db, 'done'))?.status).toBe('done');
  });

  it('declares the tables of the design, at schema version 4', () => {
    expect(db.verno).toBe(4);
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'answers',
      'historyIndex',
      'importChunks',
      'importSessions',
      'jobs',
      'pageCache',
      'searchCache',
      'settings',
    ]);
  });

  it('backs the pipeline caches: search results expire, pages keep their ETag', async () => {
    const cache = dexieCache(db);
    const hit = { url: 'https://a.example/x', title: 't', snippet: 's', published: null, provider: 'brave', query: 'q', rank: 1 };
    await cache.putSearch('k', [hit], new Date('2026-11-30T01:00:00Z'));
    expect(await cache.getSearch('k', new Date('2026-11-30T00:30:00Z'))).toEqual([hit]);
    expect(await cache.getSearch('k', new Date('2026-11-30T01:00:01Z'))).toBeUndefined();
    const page = {
      url: 'https://a.example/x',
      title: 't',
      text: 'x',
      published: null,
      retrievedAt: '2026-11-30T00:00:00Z',
      contentHash: 'h',
      origin: 'web' as const,
    };
    await cache.putPage(page.url, page, '"abc"', new Date('2026-11-30T00:00:00Z'));
    expect(await cache.getPage(page.url)).toEqual({ page, etag: '"abc"', fetchedAt: '2026-11-30T00:00:00.000Z' });
  });

  it('a cached page keeps its ClaimReviews; a stored page whose reviews do not read keeps the rest (issue #26)', async () => {
    const cache = dexieCache(db);
    const page = {
      url: 'https://checker.example/fc',
      title: 'Fact check',
      text: 'x',
      published: null,
      retrievedAt: '2026-11-30T00:00:00Z',
      contentHash: 'h',
      origin: 'web' as const,
      claimReviews: [{ claimReviewed: 'The bridge was built in 1790.', rating: 'False', author: 'Example Fact Check' }],
    };
    await cache.putPage(page.url, page, undefined, new Date('2026-11-30T00:00:00Z'));
    expect((await cache.getPage(page.url))?.page).toEqual(page);
    await db.pageCache.put({
      url: 'https://checker.example/odd',
      page: { ...page, url: 'https://checker.example/odd', claimReviews: [{ url: 'javascript:alert(1)' }] },
      fetchedAt: '2026-11-30T00:00:00.000Z',
    } as never);
    const { claimReviews, ...rest } = page;
    expect(claimReviews).toHaveLength(1);
    expect((await cache.getPage('https://checker.example/odd'))?.page).toEqual({ ...rest, url: 'https://checker.example/odd' });
  });

  it('migrates a database written by schema version 1: answers gain their mode, nothing is lost', async () => {
    const name = `v1-${++n}`;
    const old = new Dexie(name);
    old.version(1).stores({
      settings: 'id',
      jobs: 'id, status, createdAt',
      answers: 'id, jobId, createdAt',
      pageCache: 'url, fetchedAt',
      searchCache: 'key, expiresAt',
    });
    await old.table('answers').bulkPut([answer('a', '2026-11-01T00:00:00Z'), answer('b', '2026-11-02T00:00:00Z')]);
    old.close();
    const upgraded = new SpanlightDb(name);
    try {
      expect((await listAnswers(upgraded)).map((a) => a.id)).toEqual(['b', 'a']);
      expect(await upgraded.answers.where('mode').equals('nothing-found').count()).toBe(2);
      expect(upgraded.verno).toBe(4);
      // v3 built the search index for the answers already there.
      expect((await searchHistory(upgraded, 'question')).map((m) => m.row.answerId)).toEqual(['b', 'a']);
    } finally {
      await upgraded.delete();
    }
  });

  it('migrates settings stored before the judge was on by default: the judge is on, every other setting kept', async () => {
    const name = `v2-${++n}`;
    const old = new Dexie(name);
    old.version(2).stores({
      settings: 'id',
      jobs: 'id, status, createdAt',
      answers: 'id, jobId, createdAt, mode',
      pageCache: 'url, fetchedAt',
      searchCache: 'key, expiresAt',
    });
    const stored = { ...defaultSettings(), judge: false, maxPages: 7 };
    await old.table('settings').put({ id: 'settings', value: stored });
    old.close();
    const upgraded = new SpanlightDb(name);
    try {
      expect(await readSettings(upgraded)).toEqual({ ...stored, judge: true });
      // Turned off after the upgrade, it stays off.
      await writeSettings(upgraded, { ...stored, judge: false });
      upgraded.close();
      const reopened = new SpanlightDb(name);
      expect((await readSettings(reopened)).judge).toBe(false);
      reopened.close();
    } finally {
      await new SpanlightDb(name).delete();
    }
  });

  it('a full quota gives a clear error and loses nothing already stored', async () => {
    await db.jobs.put(job('j1', 'running'));
    expect(await saveAnswer(db, { ...answer('first', '2026-11-01T00:00:00Z'), jobId: 'j1' }, '2026-11-01T00:00:00Z')).toEqual({
      ok: true,
    });
    await db.jobs.put(job('j2', 'running'));
    db.answers.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const r = await saveAnswer(db, { ...answer('second', '2026-11-02T00:00:00Z'), jobId: 'j2' }, '2026-11-02T00:00:00Z');
    expect(r).toEqual({ ok: false, error: expect.stringContaining("Spanlight's storage is full") });
    expect((await listAnswers(db)).map((a) => a.id)).toEqual(['first']);
    expect((await readJob(db, 'j2'))?.status).toBe('running'); // the transaction wrote nothing
  });
});
