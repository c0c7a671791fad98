import { readSettings, type SpanlightDb } from '../db/database';
import type { FollowUp } from '../shared/records';
import type { Received } from '../messaging/protocol';
import { answerQuestion } from '../answering/answer-question';
import { buildPipeline, chatModelFor, type PipelineHost } from '../answering/build-deps';
import { rewriteFollowUp } from '../planning/follow-up';
import { failureOf } from '../shared/failure-text';
import type { AnswerResult, Warning } from '../shared/types';
import { followUpStage } from './follow-up-stage';
import { internalFailure } from './internal-failure';
import type { Jobs } from './jobs';
import { requireSiteAccess } from './site-access';
import { storedAnswer } from './stored-answer';
import { readTabs } from './tabs';

/** Questions asked from the panel: each a job that runs the pipeline and stores its answer. */
export class AnswerJobs {
  constructor(
    private readonly db: SpanlightDb,
    private readonly jobs: Jobs,
    private readonly host: PipelineHost,
  ) {}

  /** Creates a job and runs it in the background; returns at once with its id. */
  async ask({ question, tabs, windowId }: Received<'ask'>, followUp?: FollowUp): Promise<{ jobId: string }> {
    await requireSiteAccess();
    // "Never read my tabs" holds whatever a page sends.
    const allowed = (await readSettings(this.db)).tabsPolicy === 'never' ? 'none' : tabs;
    const job = await this.jobs.create({ question, tabs: allowed, windowId, first: 'Starting…', followUp });
    void this.run(job.id);
    return { jobId: job.id };
  }

  /** Asks a job's question again, as a new job. */
  async retry({ jobId }: Received<'retry'>): Promise<{ jobId: string }> {
    const job = await this.jobs.read(jobId);
    if (!job) throw new Error('That question is no longer in history.');
    return this.ask({ question: job.question, tabs: job.tabs, windowId: job.windowId }, job.followUp);
  }

  /**
   * A follow-up in a thread: made to stand alone first (a small model call, or the deterministic
   * rewrite without a model), then asked as a new job that remembers what was typed and how it was rewritten.
   */
  async followUp({ answerId, text, tabs, windowId }: Received<'followUp'>): Promise<{ jobId: string }> {
    await requireSiteAccess();
    const previous = await storedAnswer(this.db, answerId);
    const settings = await readSettings(this.db);
    const r = previous.result;
    const claims =
      r.mode === 'grounded' || r.mode === 'partial'
        ? r.claims.filter((c) => c.status !== 'dropped').map((c) => c.text)
        : r.mode === 'fact-check'
          ? r.claims.map((c) => c.text)
          : [];
    const t0 = performance.now();
    const model = await chatModelFor(settings, this.host);
    const rewrite = await rewriteFollowUp(model, { question: previous.question, claims }, text);
    return this.ask(
      { question: rewrite.question, tabs, windowId },
      {
        previousAnswerId: answerId,
        asked: text.replace(/\s+/g, ' ').trim(),
        method: rewrite.method,
        ...(rewrite.note ? { note: rewrite.note } : {}),
        ...(rewrite.tokensIn === undefined ? {} : { tokensIn: rewrite.tokensIn }),
        ...(rewrite.tokensOut === undefined ? {} : { tokensOut: rewrite.tokensOut }),
        ms: Math.round(performance.now() - t0),
      },
    );
  }

  private async run(jobId: string): Promise<void> {
    const job = await this.jobs.read(jobId);
    if (!job) return;
    const settings = await readSettings(this.db);
    const skippedTabs: Warning[] = [];
    let result: AnswerResult;
    try {
      const pipeline = await buildPipeline(settings, this.host);
      result = await answerQuestion(
        job.question,
        {
          ...pipeline.deps,
          readTabs: () => readTabs(job.tabs, job.windowId, this.host.now, (w) => skippedTabs.push(w)),
          onProgress: this.jobs.progress(jobId),
          onClaim: this.jobs.claim(jobId),
        },
        pipeline.settings,
      );
    } catch (e) {
      // A bug of ours, not a provider's: still a result the panel can show and retry.
      result = internalFailure(
        job.question,
        [job.question],
        failureOf('internal', 'internal-error', { error: e instanceof Error ? e.message : String(e) }, { kind: 'bad-response' }),
        'Something went wrong inside Spanlight. Try again.',
      );
    }
    if (skippedTabs.length > 0) result = { ...result, warnings: [...result.warnings, ...skippedTabs] };
    if (job.followUp) result = { ...result, trace: { stages: [followUpStage(job, settings), ...result.trace.stages] } };
    await this.jobs.finish(job, result);
  }
}
