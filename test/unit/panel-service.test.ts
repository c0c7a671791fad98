import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpanlightDb, readJob, writeSettings } from '@/lib/db/database';
import type { AnswerRecord, JobRecord } from '@/lib/shared/records';
import { defaultSettings } from '@/lib/settings';
import { BackgroundService } from '@/lib/background/service';
import { INTERRUPTED_JOB_MS, RECENT_JOB_MS } from '@/lib/background/jobs';
import { storeAnswers } from '@/lib/db/history-index';
import { span } from './spans';

let db: SpanlightDb;
let service: BackgroundService;
let n = 0;
beforeEach(() => {
  db = new SpanlightDb(`panel-service-${++n}`);
  service = new BackgroundService(db);
});
afterEach(() => db.delete());

const NOW = Date.parse('2026-11-30T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function job(id: string, status: JobRecord['status'], updatedMsAgo: number, answerId?: string): JobRecord {
  return {
    id,
    question: `Question ${id}?`,
    tabs: 'none',
    status,
    createdAt: ago(updatedMsAgo + 1000),
    updatedAt: ago(updatedMsAgo),
    events: [],
    claims: [],
    ...(answerId ? { answerId } : {}),
  };
}

function answer(id: string, question: string, claim: string, createdAt = ago(0)): AnswerRecord {
  return {
    id,
    jobId: `job-${id}`,
    question,
    createdAt,
    result: {
      mode: 'grounded',
      question,
      trace: { stages: [] },
      evidence: [span('S1', claim)],
      searched: [question],
      warnings: [],
      conflicts: [],
      claims: [{ text: claim, cites: ['S1'], status: 'supported', reasons: [] }],
      sources: [],
      unsupported: [],
    },
  };
}

describe('what a reopened panel shows (latestJob)', () => {
  it('a running job, even when a newer one has finished', async () => {
    await db.jobs.bulkPut([job('old-running', 'running', 60_000), job('new-done', 'done', 1000)]);
    expect((await service.jobs.latest(NOW))?.job.id).toBe('old-running');
  });

  it('the newest job when it finished in the last minutes, with its answer; not once it is older, or deleted', async () => {
    await db.answers.put(answer('a1', 'Q?', 'A claim.'));
    await db.jobs.put(job('j1', 'done', 1000, 'a1'));
    const latest = await service.jobs.latest(NOW);
    expect(latest?.job.id).toBe('j1');
    expect(latest?.answer?.id).toBe('a1');
    expect(await service.jobs.latest(NOW + RECENT_JOB_MS)).toBeNull();
    await service.handlers.deleteAnswer({ answerId: 'a1' }, {});
    expect(await service.jobs.latest(NOW)).toBeNull();
  });

  it('an interrupted job (it can be retried) for a day; nothing when there are no jobs', async () => {
    expect(await service.jobs.latest(NOW)).toBeNull();
    await db.jobs.put(job('j2', 'interrupted', 1000));
    expect((await service.jobs.latest(NOW))?.job.status).toBe('interrupted');
    expect(await service.jobs.latest(NOW + INTERRUPTED_JOB_MS)).toBeNull();
  });

  it('waits for the jobs a stopped worker left "running" to be marked interrupted', async () => {
    await db.jobs.put(job('cut', 'running', 1000));
    void service.jobs.recoverInterrupted(new Date(NOW));
    expect((await service.jobs.latest(NOW))?.job.status).toBe('interrupted');
  });
});

describe('history calls', () => {
  it('search covers all of history, not only the newest page of it', async () => {
    for (let i = 0; i < 60; i++)
      await storeAnswers(db, [
        answer(`a${i}`, `Question ${i}?`, i === 0 ? 'Zeppelins landed here.' : 'Nothing.', ago((60 - i) * 1000)),
      ]);
    expect((await service.handlers.listHistory({}, {})).items).toHaveLength(50);
    const found = await service.handlers.listHistory({ query: 'zeppelins' }, {});
    expect(found.items.map((h) => h.answerId)).toEqual(['a0']);
    expect((await service.handlers.listHistory({ query: '  ' }, {})).items).toHaveLength(50);
  });

  it('delete, export and import through the service; a follow-up is listed with what was typed', async () => {
    await storeAnswers(db, [
      {
        ...answer('a1', 'population Exampleville: how fast did it grow?', 'It grew.'),
        followUp: { previousAnswerId: 'a0', asked: 'How fast did it grow?', method: 'heuristic' },
      },
    ]);
    expect((await service.handlers.listHistory({}, {})).items[0]).toMatchObject({
      answerId: 'a1',
      followUp: 'How fast did it grow?',
    });
    const exported = await service.history.exportPage({});
    expect(exported).toMatchObject({ next: null, total: 1 });
    expect(await service.handlers.deleteAnswer({ answerId: 'a1' }, {})).toEqual({ deleted: true });
    expect(await service.handlers.deleteAnswer({ answerId: 'a1' }, {})).toEqual({ deleted: false });
    const { importId } = await service.history.importBegin();
    expect(await service.history.importChunk({ importId, seq: 0, first: 0, answers: exported.answers })).toEqual({
      staged: 1,
      rejected: 0,
    });
    expect(
      await service.history.importCommit({ importId, header: { format: 'spanlight-history', version: 1, exportedAt: 'x' } }),
    ).toEqual({
      imported: 1,
      skipped: 0,
      rejected: [],
    });
    expect((await service.handlers.getAnswer({ answerId: 'a1' }, {})).followUp?.asked).toBe('How fast did it grow?');
  });
});

describe('follow-ups', () => {
  it('without a model: rewritten deterministically, then asked as a job that remembers what was typed', async () => {
    // No search provider: the job ends at once ("nothing found"), without the network.
    const settings = defaultSettings();
    settings.search.providers = [];
    await writeSettings(db, settings);
    await db.answers.put(answer('a0', 'What is the population of Exampleville?', 'Exampleville had 412,000 residents.'));
    const { jobId } = await service.handlers.followUp({ answerId: 'a0', text: ' How fast did it grow? ', tabs: 'none' }, {});
    const stored = await readJob(db, jobId);
    expect(stored?.question).toBe('population Exampleville: How fast did it grow?');
    expect(stored?.followUp).toMatchObject({ previousAnswerId: 'a0', asked: 'How fast did it grow?', method: 'heuristic' });
    await expect.poll(async () => (await readJob(db, jobId))?.status).toBe('done');
    const done = await service.handlers.getJob({ jobId }, {});
    expect(done.answer?.followUp?.asked).toBe('How fast did it grow?');
    expect(done.answer?.result.trace.stages[0]).toMatchObject({
      stage: 'follow-up',
      summary:
        "“How fast did it grow?” → “population Exampleville: How fast did it grow?”: the previous question's key terms added (no model)",
    });
  });

  it('a follow-up to an answer that is gone says so', async () => {
    await expect(service.handlers.followUp({ answerId: 'nope', text: 'Why?', tabs: 'none' }, {})).rejects.toThrow(
      'no longer in history',
    );
  });
});
