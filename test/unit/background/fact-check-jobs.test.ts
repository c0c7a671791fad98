import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpanlightDb, appendJobVerdicts, readAnswer, readJob } from '@/lib/db/database';
import type { FactCheckState, JobRecord } from '@/lib/shared/records';
import { AnswerResultSchema, type CheckedClaimRecord } from '@/lib/shared/types';
import { BackgroundService } from '@/lib/background/service';
import { rankedOf, toFactCheckResult, lastSpanNumber, type FactCheckResult } from '@/lib/factcheck/result';
import { span } from '../spans';

let db: SpanlightDb;
let service: BackgroundService;
let n = 0;
beforeEach(() => {
  db = new SpanlightDb(`fact-check-jobs-${++n}`);
  service = new BackgroundService(db);
});
afterEach(() => db.delete());

const found = (i: number) => ({
  text: `Exampleville opened library branch ${i} in ${2000 + i}.`,
  sentence: `Exampleville opened library branch ${i} in ${2000 + i}.`,
  start: i * 100,
  end: i * 100 + 45,
  rank: i,
  worth: 4,
});
const checked = (i: number, spanId: string): CheckedClaimRecord & { rank: number; worth: number } => ({
  ...found(i),
  verdict: 'supported',
  for: [spanId],
  against: [],
  reasons: [`${spanId} states it`],
});

function runningCheck(id: string, state: FactCheckState): JobRecord {
  return {
    id,
    question: 'Fact-check: Exampleville',
    tabs: 'none',
    status: 'running',
    createdAt: '2026-11-30T12:00:00Z',
    updatedAt: '2026-11-30T12:00:01Z',
    events: [],
    claims: [],
    factCheck: state,
  };
}

describe("a running check's verdicts as stored", () => {
  it('a claim settled again (its own sources read after its verdict) replaces its entry; the others keep theirs and their order', async () => {
    await db.jobs.put(
      runningCheck('live', {
        pageUrl: 'https://exampleville.test/post',
        pageTitle: 'Exampleville',
        found: [1, 2, 3].map(found),
        budget: 3,
        settled: [],
      }),
    );
    const first = { claim: { ...checked(2, 'S1'), ownSourcesReading: 1 }, evidence: [span('S1', found(2).text)] };
    await appendJobVerdicts(db, 'live', [first, { claim: checked(1, 'S2'), evidence: [span('S2', found(1).text)] }]);
    const own = {
      url: 'https://report.test/a',
      via: 'link' as const,
      reading: 'states' as const,
      spanId: 'S3',
      reason: 'S3 states it',
    };
    await appendJobVerdicts(db, 'live', [
      { claim: { ...checked(2, 'S1'), ownSources: [own] }, evidence: [...first.evidence, span('S3', found(2).text)] },
    ]);
    const settled = (await readJob(db, 'live'))!.factCheck!.settled;
    expect(settled.map((s) => s.claim.rank)).toEqual([2, 1]);
    expect(settled[0]!.claim.ownSourcesReading).toBeUndefined();
    expect(settled[0]!.claim.ownSources?.map((o) => o.reading)).toEqual(['states']);
    expect(settled[0]!.evidence.map((e) => e.spanId)).toEqual(['S1', 'S3']);
  });
});

describe('a fact-check cut off by a stopped worker keeps what had settled', () => {
  it('the settled verdicts become its result, the other claims are listed as not checked, in rank order', async () => {
    await db.jobs.put(
      runningCheck('cut', {
        pageUrl: 'https://exampleville.test/post',
        pageTitle: 'Exampleville',
        found: [1, 2, 3, 4, 5].map(found),
        budget: 4,
        // Settled out of rank order, as verdicts do when a lower-ranked claim's pages come first.
        settled: [
          { claim: checked(3, 'S1'), evidence: [span('S1', found(3).text)] },
          // Its verdict came before its own source was read; the cut-off left that unread.
          { claim: { ...checked(1, 'S2'), ownSourcesReading: 1 }, evidence: [span('S2', found(1).text)] },
        ],
      }),
    );
    await service.jobs.recoverInterrupted(new Date('2026-11-30T12:05:00Z'), () => service.factChecks.recover());
    const job = await readJob(db, 'cut');
    expect(job?.status).toBe('done');
    const r = (await readAnswer(db, job!.answerId!))!.result as FactCheckResult;
    expect(AnswerResultSchema.parse(r)).toBeTruthy();
    expect(r.stopped).toBe('interrupted');
    expect(r.claims.map((c) => c.rank)).toEqual([1, 3]);
    expect(r.claims[0]!.ownSourcesReading).toBeUndefined();
    expect(r.notChecked.map((c) => c.rank)).toEqual([2, 4, 5]);
    expect(r.more).toBe(3);
    expect(r.checkable).toBe(5);
    expect(r.evidence.map((e) => e.spanId).sort()).toEqual(['S1', 'S2']);
    // A second start of the worker finds nothing more to recover: the job has its answer.
    await service.factChecks.recover();
    expect(await db.answers.count()).toBe(1);
  });

  it('a cut-off pass that checked the rest of an earlier one is merged with it: one result for the whole page', async () => {
    const earlier: FactCheckResult = toFactCheckResult(
      {
        claims: [{ ...checked(1, 'S1'), for: ['S1'] }],
        evidence: [span('S1', found(1).text)],
        notChecked: rankedOf([2, 3].map(found)),
        checkable: 3,
        warnings: [],
        failures: [],
        stages: [],
      },
      { question: 'Fact-check: Exampleville', pageUrl: 'https://exampleville.test/post', pageTitle: 'Exampleville' },
    );
    await db.answers.put({
      id: 'first',
      jobId: 'j0',
      question: 'Fact-check: Exampleville',
      createdAt: '2026-11-30T12:00:00Z',
      result: earlier,
    });
    expect(lastSpanNumber(earlier.evidence)).toBe(1);
    await db.jobs.put(
      runningCheck('rest', {
        pageUrl: 'https://exampleville.test/post',
        pageTitle: 'Exampleville',
        found: [2, 3].map(found),
        budget: 2,
        settled: [{ claim: checked(2, 'S2'), evidence: [span('S2', found(2).text)] }],
        earlierAnswerId: 'first',
      }),
    );
    await service.jobs.recoverInterrupted(new Date('2026-11-30T12:05:00Z'), () => service.factChecks.recover());
    const job = await readJob(db, 'rest');
    const r = (await readAnswer(db, job!.answerId!))!.result as FactCheckResult;
    expect(r.claims.map((c) => c.rank)).toEqual([1, 2]);
    expect(r.notChecked.map((c) => c.rank)).toEqual([3]);
    expect(r.checkable).toBe(3);
    expect(r.evidence.map((e) => e.spanId)).toEqual(['S1', 'S2']);
  });

  it('a cut-off Retry of unchecked claims (#33): its verdicts replace their unchecked entries in place; the others stay unchecked', async () => {
    const failure = { provider: 'Wikipedia', kind: 'network', message: 'Wikipedia is unreachable', code: 'unreachable' };
    const unchecked = (i: number) => ({
      ...checked(i, 'S0'),
      verdict: 'unchecked' as const,
      for: [],
      reasons: [failure.message],
      failure,
    });
    const earlier: FactCheckResult = toFactCheckResult(
      {
        claims: [{ ...checked(1, 'S1') }, unchecked(2), unchecked(3)] as never,
        evidence: [span('S1', found(1).text)],
        notChecked: rankedOf([4].map(found)),
        checkable: 4,
        warnings: [],
        failures: [],
        stages: [],
      },
      { question: 'Fact-check: Exampleville', pageUrl: 'https://exampleville.test/post', pageTitle: 'Exampleville' },
    );
    expect(AnswerResultSchema.parse(earlier)).toBeTruthy();
    await db.answers.put({
      id: 'first',
      jobId: 'j0',
      question: 'Fact-check: Exampleville',
      createdAt: '2026-11-30T12:00:00Z',
      result: earlier,
    });
    await db.jobs.put(
      runningCheck('retry', {
        pageUrl: 'https://exampleville.test/post',
        pageTitle: 'Exampleville',
        found: [2, 3].map(found),
        budget: 2,
        settled: [{ claim: checked(3, 'S2'), evidence: [span('S2', found(3).text)] }],
        earlierAnswerId: 'first',
        retryUnchecked: true,
      }),
    );
    await service.jobs.recoverInterrupted(new Date('2026-11-30T12:05:00Z'), () => service.factChecks.recover());
    const job = await readJob(db, 'retry');
    const r = (await readAnswer(db, job!.answerId!))!.result as FactCheckResult;
    expect(r.claims.map((c) => [c.rank, c.verdict])).toEqual([
      [1, 'supported'],
      [2, 'unchecked'],
      [3, 'supported'],
    ]);
    expect(r.claims[1]!.failure?.message).toBe('Wikipedia is unreachable');
    expect(r.notChecked.map((c) => c.rank)).toEqual([4]);
    expect(r.checkable).toBe(4);
    expect(r.evidence.map((e) => e.spanId)).toEqual(['S1', 'S2']);
  });

  it('Stop for a check that is not running in this worker says so', async () => {
    expect(await service.handlers.stopJob({ jobId: 'nothing' }, {})).toEqual({ stopped: false });
  });

  it('results stored before claims were ranked and kept still parse; their "more" is a count alone', () => {
    const old = {
      mode: 'fact-check',
      question: 'q',
      trace: { stages: [] },
      evidence: [],
      searched: [],
      warnings: [],
      conflicts: [],
      pageUrl: 'https://exampleville.test/post',
      pageTitle: 't',
      claims: [{ text: 'c', sentence: 'c', start: 0, end: 1, verdict: 'not-found', for: [], against: [], reasons: [] }],
      more: 4,
      skipped: 8,
      failures: [],
    };
    const parsed = AnswerResultSchema.parse(old) as FactCheckResult;
    expect(parsed.notChecked).toEqual([]);
    expect(parsed.checkable).toBeUndefined();
    expect(parsed.more).toBe(4);
  });
});
