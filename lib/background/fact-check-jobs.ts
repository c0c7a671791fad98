import { readAnswer, readSettings, type SpanlightDb } from '../db/database';
import { JobRecordSchema, type FactCheckState, type JobRecord, type SettledClaimRecord } from '../shared/records';
import type { Received } from '../messaging/protocol';
import { callContent } from '../messaging/client';
import { buildPipeline, type PipelineHost } from '../answering/build-deps';
import { extractPage } from '../pages/extract';
import { parseHtmlWithLinkedom } from '../pages/parse-html';
import { factCheck, findClaims } from '../factcheck/fact-check';
import type { SettledClaim } from '../factcheck/deps';
import {
  checkedRecord,
  foundRecord,
  lastSpanNumber,
  partsOf,
  partsOfSettled,
  rankedOf,
  toFactCheckResult,
  type FactCheckResult,
} from '../factcheck/result';
import { failureOf, warningOf } from '../shared/failure-text';
import { t } from '../i18n';
import { LARGE_PAGE_CHARS, MAX_PAGE_HTML_CHARS } from '../pages/page-limit';
import { ProviderError, failureOfThrown } from '../shared/provider-error';
import type { AnswerResult, CheckedClaimRecord } from '../shared/types';
import { internalFailure } from './internal-failure';
import type { Jobs } from './jobs';
import { requireSiteAccess } from './site-access';
import { storedAnswer } from './stored-answer';
import { ensureContentScript, focusOrOpen, pageTab } from './tabs';

/** A fact-check's claims as the page marks them: each sentence in its verdict's colour. */
function claimMarks(claims: Array<{ sentence: string; verdict: CheckedClaimRecord['verdict'] }>) {
  return claims.map((c) => ({ exact: c.sentence.slice(0, 5_000), verdict: c.verdict }));
}

/**
 * The page in a tab as the fact-check reads it: its address, title, and the selection or its main
 * text; a page over the size limit is read up to it, and `cut` says so (a warning of the result).
 */
async function readCheckedPage(
  tabId: number,
  selection: string | undefined,
  now: () => Date,
  progress: (stage: string, message: string) => Promise<void>,
) {
  await ensureContentScript(tabId);
  const read = await callContent(tabId, 'readPage', {});
  if (!read.ok)
    throw new ProviderError(
      failureOf('page', 'page-unreadable', { error: read.error }, { kind: 'bad-response', provider: 'The page' }),
    );
  const { url, title, html } = read.value;
  const cut = read.value.cut ? warningOf('page', 'page-truncated', { url, bytes: MAX_PAGE_HTML_CHARS }) : null;
  // Shown before the extraction holds the worker (a few seconds for a page of megabytes).
  if (cut) await progress('reading', cut.message);
  if (html.length > LARGE_PAGE_CHARS) await progress('reading', t('readingLargePage', (html.length / 1_000_000).toFixed(1)));
  const page = { html, url, lastModified: null, retrievedAt: now().toISOString(), origin: 'tab' as const, tabId };
  const { page: extracted, roles } = await extractPage(page, parseHtmlWithLinkedom);
  const published = extracted.published?.iso ?? null;
  // A selection is checked as it is, dated by its page: "next year" in it means the page's next year.
  if (selection?.trim()) return { url, title, text: selection, published, cut };
  const { links, citations } = extracted;
  return { url, title, text: extracted.text, claimReviews: extracted.claimReviews, published, roles, links, citations, cut };
}

/** An earlier pass a check continues: the answer, and its result. */
interface Earlier {
  answerId: string;
  result: FactCheckResult;
  /** "Retry": its unchecked claims are checked again, not the ones past its budget. */
  retry: boolean;
}

/**
 * The claims "check the rest" checks: the earlier result's kept list. A result stored before the
 * list was kept has only a count: its page's claims are found again, less the ones it checked.
 */
async function claimsLeft(
  earlier: FactCheckResult,
  page: Parameters<typeof findClaims>[0],
  model: Parameters<typeof findClaims>[1],
  retry = false,
) {
  if (retry) return rankedOf(earlier.claims.filter((c) => c.verdict === 'unchecked'));
  if (earlier.notChecked.length > 0 || earlier.checkable !== undefined) return rankedOf(earlier.notChecked);
  const checked = new Set(earlier.claims.map((c) => `${c.start}:${c.end}`));
  return (await findClaims(page, model)).claims.filter((c) => !checked.has(`${c.start}:${c.end}`));
}

/** A verdict settled, or (`again`) a settled claim with its own sources added, as stored. */
type Buffered = SettledClaimRecord & { again?: boolean };

/** The record of a claim as it settles (or, `again`, as its own sources join it). */
const buffered = (s: SettledClaim, again = false): Buffered => ({
  claim: checkedRecord(s.claim) as SettledClaimRecord['claim'],
  evidence: s.evidence,
  ...(again ? { again } : {}),
});

/** Verdicts settled while the store is busy wait here and are stored (and marked) together. */
class SettledBuffer {
  private pending: Buffered[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  constructor(private readonly write: (batch: Buffered[]) => Promise<unknown>) {}
  /** Runs a write after the ones before it. */
  then(step: () => Promise<unknown>) {
    this.chain = this.chain.then(step).catch(() => undefined);
  }
  push(s: Buffered) {
    this.pending.push(s);
    if (this.pending.length === 1)
      this.then(() => {
        const batch = this.pending;
        this.pending = [];
        return this.write(batch);
      });
  }
  /** Settles when every verdict pushed so far is written. */
  drained(): Promise<unknown> {
    return this.chain;
  }
}

/**
 * Fact-checks of the page being read: each a job whose claims are found once and kept, whose
 * verdicts are stored, shown and marked on the page as each settles, and which Stop ends keeping them.
 */
export class FactCheckJobs {
  /** Checks running in this worker, by job id, for Stop. */
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly db: SpanlightDb,
    private readonly jobs: Jobs,
    private readonly host: PipelineHost,
  ) {}

  /** Starts a fact-check of the page being read (or a selection of it); returns at once with the job id. */
  async factCheck({ windowId, selection, moreOf, unchecked }: Received<'factCheck'>): Promise<{ jobId: string }> {
    await requireSiteAccess();
    let earlier: Earlier | undefined;
    if (moreOf) {
      const previous = (await storedAnswer(this.db, moreOf)).result;
      if (previous.mode !== 'fact-check') throw new Error('That answer is not a fact-check.');
      earlier = { answerId: moreOf, result: previous, retry: unchecked === true };
    }
    const tab = await pageTab(windowId, earlier?.result.pageUrl);
    const job = await this.jobs.create({
      question: `Fact-check: ${tab.title || tab.url}`,
      tabs: 'none',
      windowId,
      first: 'Reading the page…',
    });
    void this.run(job, tab.id!, selection, earlier);
    return { jobId: job.id };
  }

  /** Stops a check running in this worker: its settled verdicts become its result. */
  async stop({ jobId }: Received<'stopJob'>): Promise<{ stopped: boolean }> {
    const c = this.running.get(jobId);
    if (!c) return { stopped: false };
    c.abort();
    return { stopped: true };
  }

  private async run(job: JobRecord, tabId: number, selection: string | undefined, earlier: Earlier | undefined): Promise<void> {
    const settings = await readSettings(this.db);
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const buffer = new SettledBuffer(async (batch) => {
      await this.jobs.appendVerdicts(
        job.id,
        batch.map((b) => ({ claim: b.claim, evidence: b.evidence })),
      );
      // A claim whose own sources came in after its verdict is marked already.
      const fresh = batch.filter((b) => !b.again).map((b) => b.claim);
      if (fresh.length > 0) await callContent(tabId, 'markClaims', { claims: claimMarks(fresh), append: true });
    });
    let result: AnswerResult;
    try {
      const page = await readCheckedPage(tabId, selection, this.host.now, (stage, message) =>
        this.jobs.note(job.id, stage, message),
      );
      const pipeline = await buildPipeline(settings, this.host);
      const kept = earlier ? await claimsLeft(earlier.result, page, pipeline.deps.model, earlier.retry) : undefined;
      const budget = kept ? kept.length : settings.factCheckBudget;
      if (!earlier) buffer.then(() => callContent(tabId, 'markClaims', { claims: [] }));
      else buffer.then(() => callContent(tabId, 'markClaims', { claims: claimMarks(earlier.result.claims).slice(0, 500) }));
      const outcome = await factCheck(
        {
          text: page.text,
          pageUrl: page.url,
          title: page.title,
          budget,
          ...(kept ? { claims: kept, spanOffset: lastSpanNumber(earlier!.result.evidence) } : {}),
          judge: settings.judge,
          settings: pipeline.settings,
          ownSourcesPerCheck: settings.ownSourcesPerCheck,
          signal: controller.signal,
          ...('claimReviews' in page && page.claimReviews ? { pageClaimReviews: page.claimReviews } : {}),
          published: page.published,
          ...('roles' in page ? { roles: page.roles, links: page.links, citations: page.citations } : {}),
        },
        {
          ...pipeline.deps,
          onProgress: this.jobs.progress(job.id),
          onClaims: (found) =>
            buffer.then(() =>
              this.jobs.setFactCheck(job.id, {
                pageUrl: page.url,
                pageTitle: page.title,
                found: found.map(foundRecord) as FactCheckState['found'],
                budget,
                settled: [],
                ...(earlier ? { earlierAnswerId: earlier.answerId } : {}),
                ...(earlier?.retry ? { retryUnchecked: true } : {}),
              }),
            ),
          onSettled: (s) => buffer.push(buffered(s)),
          onOwnSources: (s) => buffer.push(buffered(s, true)),
        },
      );
      const parts = partsOf(outcome);
      result = toFactCheckResult(page.cut ? { ...parts, warnings: [page.cut, ...parts.warnings] } : parts, {
        question: job.question,
        pageUrl: page.url,
        pageTitle: page.title,
        earlier: earlier?.result,
        retried: earlier?.retry,
      });
    } catch (e) {
      const failure = failureOfThrown(e);
      result = internalFailure(job.question, [], failure, failure.message);
    } finally {
      this.running.delete(job.id);
    }
    await buffer.drained();
    await this.jobs.finish(job, result);
    if (result.mode === 'fact-check') await callContent(tabId, 'markClaims', { claims: claimMarks(result.claims).slice(0, 500) });
  }

  /**
   * After a worker restart: each fact-check it cut off becomes a result of the verdicts it had
   * settled, its other claims listed as not checked ("check the rest" goes on from there).
   */
  async recover(): Promise<void> {
    const cut = (await this.db.jobs.where('status').equals('interrupted').toArray()).flatMap((r) => {
      const p = JobRecordSchema.safeParse(r);
      return p.success && p.data.factCheck && !p.data.answerId ? [p.data] : [];
    });
    for (const job of cut) {
      const state = job.factCheck!;
      const earlierRecord = state.earlierAnswerId ? await readAnswer(this.db, state.earlierAnswerId) : undefined;
      const earlier = earlierRecord?.result.mode === 'fact-check' ? earlierRecord.result : undefined;
      const parts = partsOfSettled(
        rankedOf(state.found),
        state.settled.map((s) => ({ claim: s.claim, evidence: s.evidence })),
        'the browser stopped the worker during the check: the verdicts settled before are kept',
      );
      await this.jobs.finish(
        job,
        toFactCheckResult(parts, {
          question: job.question,
          pageUrl: state.pageUrl,
          pageTitle: state.pageTitle,
          earlier,
          retried: state.retryUnchecked,
        }),
      );
    }
  }

  /** Focuses the checked page, marks its claims again (it may have reloaded) and scrolls to one. */
  async showClaim({ answerId, index }: Received<'showClaim'>): Promise<{ found: boolean; message: string }> {
    const r = (await storedAnswer(this.db, answerId)).result;
    if (r.mode !== 'fact-check' || !r.claims[index]) throw new Error('No such claim.');
    const tabId = await focusOrOpen(r.pageUrl);
    await ensureContentScript(tabId);
    await callContent(tabId, 'markClaims', { claims: claimMarks(r.claims).slice(0, 500) });
    const shown = await callContent(tabId, 'scrollToClaim', { index });
    return shown.ok && shown.value.found
      ? { found: true, message: 'Shown in the page.' }
      : { found: false, message: 'This claim was not found in the page as it is now.' };
  }
}
