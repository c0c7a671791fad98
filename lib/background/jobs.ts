import {
  appendJobClaim,
  appendJobEvent,
  appendJobVerdicts,
  setJobFactCheck,
  markInterruptedJobs,
  readAnswer,
  readJob,
  saveAnswer,
  type SpanlightDb,
} from '../db/database';
import {
  JobRecordSchema,
  type AnswerRecord,
  type FactCheckState,
  type FollowUp,
  type JobRecord,
  type SettledClaimRecord,
  type TabChoice,
} from '../shared/records';
import type { JobUpdate, Received } from '../messaging/protocol';
import type { AnswerResult } from '../shared/types';

/** How long a finished job is still shown by a panel that reopens. */
export const RECENT_JOB_MS = 10 * 60_000;
/** How long an interrupted job is still offered for retry by a panel that reopens. */
export const INTERRUPTED_JOB_MS = 24 * 60 * 60_000;

/** What a new job is: its question, the tabs it may read, and where it came from. */
export interface NewJob {
  question: string;
  tabs: TabChoice;
  windowId?: number | undefined;
  /** The first progress line the panel shows. */
  first: string;
  followUp?: FollowUp | undefined;
}

/**
 * Jobs in the database: stored before any work starts (the worker may stop at any time), their
 * progress published to the panels that listen, their answers stored with them when done.
 */
export class Jobs {
  private readonly listeners = new Set<(update: JobUpdate) => void>();

  /** Settles once jobs cut off by a stopped worker are marked; reads of jobs wait for it. */
  private ready: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: SpanlightDb) {}

  /**
   * At worker start: no job is running in a fresh worker, so any "running" one was cut off. `then`
   * runs after they are marked (fact-checks keep what had settled); reads of jobs wait for both.
   */
  recoverInterrupted(now = new Date(), then?: () => Promise<unknown>): Promise<unknown> {
    this.ready = markInterruptedJobs(this.db, now.toISOString())
      .catch(() => 0)
      .then(() => then?.())
      .catch(() => 0);
    return this.ready;
  }

  /** Subscribes to job updates (the side panel's port); returns the unsubscribe. */
  subscribe(listener: (update: JobUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async publish(jobId: string) {
    const job = await readJob(this.db, jobId);
    if (!job) return;
    const answer = job.answerId ? await readAnswer(this.db, job.answerId) : undefined;
    const update: JobUpdate = { type: 'job', job, ...(answer ? { answer } : {}) };
    for (const l of this.listeners) l(update);
  }

  /** A new running job, stored before any work starts. */
  async create(n: NewJob): Promise<JobRecord> {
    const now = new Date().toISOString();
    const job: JobRecord = {
      id: crypto.randomUUID(),
      question: n.question,
      tabs: n.tabs,
      ...(n.windowId === undefined ? {} : { windowId: n.windowId }),
      status: 'running',
      createdAt: now,
      updatedAt: now,
      events: [{ at: now, stage: 'queued', message: n.first }],
      claims: [],
      ...(n.followUp ? { followUp: n.followUp } : {}),
    };
    await this.db.jobs.put(job);
    return job;
  }

  /** The job's progress callback: each line stored, then published. */
  progress(jobId: string): (stage: string, message: string) => void {
    return (stage, message) => void this.note(jobId, stage, message);
  }

  /** One progress line, stored and published: awaited before work that holds the worker for seconds. */
  async note(jobId: string, stage: string, message: string): Promise<void> {
    await appendJobEvent(this.db, jobId, { at: new Date().toISOString(), stage, message });
    await this.publish(jobId);
  }

  /** The job's claim callback: each claim verified while the model writes, stored, then published. */
  claim(jobId: string): (claim: JobRecord['claims'][number]) => void {
    return (claim) => void appendJobClaim(this.db, jobId, claim).then(() => this.publish(jobId));
  }

  /** Stores a fact-check's kept claim list, then tells the panels. */
  async setFactCheck(jobId: string, state: FactCheckState): Promise<void> {
    await setJobFactCheck(this.db, jobId, state);
    await this.publish(jobId);
  }

  /** Stores verdicts as they settle (a claim settled again replaces its entry), then tells the panels. */
  async appendVerdicts(jobId: string, settled: SettledClaimRecord[]): Promise<void> {
    await appendJobVerdicts(this.db, jobId, settled);
    await this.publish(jobId);
  }

  /** A stored job, or undefined. */
  read(jobId: string): Promise<JobRecord | undefined> {
    return readJob(this.db, jobId);
  }

  /**
   * Stores a job's answer and marks the job done in one transaction, then tells the panels. When
   * nothing could be written (storage full), the answer is shown from memory with the error.
   */
  async finish(job: JobRecord, result: AnswerResult): Promise<void> {
    const now = new Date().toISOString();
    const answer: AnswerRecord = {
      id: crypto.randomUUID(),
      jobId: job.id,
      question: job.question,
      createdAt: now,
      result,
      ...(job.followUp ? { followUp: job.followUp } : {}),
    };
    const saved = await saveAnswer(this.db, answer, now);
    if (saved.ok) return this.publish(job.id);
    const current = await readJob(this.db, job.id);
    if (current)
      for (const l of this.listeners) l({ type: 'job', job: { ...current, status: 'done' }, answer, error: saved.error });
  }

  /** A job with its answer when it has one. */
  async get({ jobId }: Received<'getJob'>): Promise<{ job: JobRecord; answer?: AnswerRecord }> {
    await this.ready;
    const job = await readJob(this.db, jobId);
    if (!job) throw new Error('No such job.');
    const answer = job.answerId ? await readAnswer(this.db, job.answerId) : undefined;
    return { job, ...(answer ? { answer } : {}) };
  }

  /**
   * The job a panel that opens should show: the newest one running; else the newest job, if it was
   * interrupted (within a day: it has no answer and can be retried) or finished in the last minutes.
   */
  async latest(now = Date.now()): Promise<{ job: JobRecord; answer?: AnswerRecord } | null> {
    await this.ready;
    const rows = await this.db.jobs.orderBy('createdAt').reverse().limit(50).toArray();
    const jobs = rows.flatMap((r) => {
      const p = JobRecordSchema.safeParse(r);
      return p.success ? [p.data] : [];
    });
    const age = (j: JobRecord) => now - Date.parse(j.updatedAt);
    const newest = jobs[0];
    const job =
      jobs.find((j) => j.status === 'running') ??
      (newest &&
      ((newest.status === 'interrupted' && age(newest) <= INTERRUPTED_JOB_MS) ||
        (newest.status === 'done' && age(newest) <= RECENT_JOB_MS))
        ? newest
        : undefined);
    if (!job) return null;
    const answer = job.answerId ? await readAnswer(this.db, job.answerId) : undefined;
    // An answer deleted since is not brought back.
    if (job.status === 'done' && !answer) return null;
    return { job, ...(answer ? { answer } : {}) };
  }
}
