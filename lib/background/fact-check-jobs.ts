import { readSettings, type SpanlightDb } from '../db/database';
import type { JobRecord } from '../shared/records';
import type { Received } from '../messaging/protocol';
import { callContent } from '../messaging/client';
import { buildPipeline, type PipelineHost } from '../pipeline/build-deps';
import { extractPage } from '../pipeline/extract';
import { parseHtmlWithLinkedom } from '../pipeline/parse-html';
import { factCheck } from '../factcheck/fact-check';
import { toFactCheckResult } from '../factcheck/result';
import { failureOf } from '../shared/failure-text';
import { ProviderError, failureOfThrown } from '../shared/provider-error';
import type { AnswerResult } from '../types';
import { internalFailure } from './internal-failure';
import type { Jobs } from './jobs';
import { requireSiteAccess } from './site-access';
import { storedAnswer } from './stored-answer';
import { ensureContentScript, focusOrOpen, pageTab } from './tabs';

/** Claims checked per job; "Check more" goes on from there. */
const CLAIMS_PER_CHECK = 8;

/** A fact-check's claims as the page marks them: each sentence in its verdict's colour. */
function claimMarks(result: Extract<AnswerResult, { mode: 'fact-check' }>) {
  return { claims: result.claims.map((c) => ({ exact: c.sentence.slice(0, 5_000), verdict: c.verdict })) };
}

/** The page in a tab as the fact-check reads it: its address, title, and the selection or its main text. */
async function readCheckedPage(tabId: number, selection: string | undefined, now: () => Date) {
  await ensureContentScript(tabId);
  const read = await callContent(tabId, 'readPage', {});
  if (!read.ok)
    throw new ProviderError(
      failureOf('page', 'page-unreadable', { error: read.error }, { kind: 'bad-response', provider: 'The page' }),
    );
  const { url, title, html } = read.value;
  if (selection?.trim()) return { url, title, text: selection };
  const page = { html, url, lastModified: null, retrievedAt: now().toISOString(), origin: 'tab' as const, tabId };
  return { url, title, text: (await extractPage(page, parseHtmlWithLinkedom)).page.text };
}

/** Fact-checks of the page being read: each a job whose verdicts are marked on the page when done. */
export class FactCheckJobs {
  constructor(
    private readonly db: SpanlightDb,
    private readonly jobs: Jobs,
    private readonly host: PipelineHost,
  ) {}

  /** Starts a fact-check of the page being read (or a selection of it); returns at once with the job id. */
  async factCheck({ windowId, selection, moreOf }: Received<'factCheck'>): Promise<{ jobId: string }> {
    await requireSiteAccess();
    let skip = 0;
    let pageUrl: string | undefined;
    if (moreOf) {
      const previous = (await storedAnswer(this.db, moreOf)).result;
      if (previous.mode !== 'fact-check') throw new Error('That answer is not a fact-check.');
      skip = previous.skipped + previous.claims.length;
      pageUrl = previous.pageUrl;
    }
    const tab = await pageTab(windowId, pageUrl);
    const job = await this.jobs.create({
      question: `Fact-check: ${tab.title || tab.url}`,
      tabs: 'none',
      windowId,
      first: 'Reading the page…',
    });
    void this.run(job, tab.id!, selection, skip);
    return { jobId: job.id };
  }

  private async run(job: JobRecord, tabId: number, selection: string | undefined, skip: number): Promise<void> {
    const settings = await readSettings(this.db);
    let result: AnswerResult;
    try {
      const page = await readCheckedPage(tabId, selection, this.host.now);
      const pipeline = await buildPipeline(settings, this.host);
      const outcome = await factCheck(
        {
          text: page.text,
          pageUrl: page.url,
          title: page.title,
          maxClaims: CLAIMS_PER_CHECK,
          skip,
          judge: settings.judge,
          settings: pipeline.settings,
        },
        { ...pipeline.deps, onProgress: this.jobs.progress(job.id) },
      );
      result = toFactCheckResult(outcome, { question: job.question, pageUrl: page.url, pageTitle: page.title, skipped: skip });
    } catch (e) {
      const failure = failureOfThrown(e);
      result = internalFailure(job.question, [], failure, failure.message);
    }
    await this.jobs.finish(job, result);
    if (result.mode === 'fact-check') await callContent(tabId, 'markClaims', claimMarks(result));
  }

  /** Focuses the checked page, marks its claims again (it may have reloaded) and scrolls to one. */
  async showClaim({ answerId, index }: Received<'showClaim'>): Promise<{ found: boolean; message: string }> {
    const r = (await storedAnswer(this.db, answerId)).result;
    if (r.mode !== 'fact-check' || !r.claims[index]) throw new Error('No such claim.');
    const tabId = await focusOrOpen(r.pageUrl);
    await ensureContentScript(tabId);
    await callContent(tabId, 'markClaims', claimMarks(r));
    const shown = await callContent(tabId, 'scrollToClaim', { index });
    return shown.ok && shown.value.found
      ? { found: true, message: 'Shown in the page.' }
      : { found: false, message: 'This claim was not found in the page as it is now.' };
  }
}
