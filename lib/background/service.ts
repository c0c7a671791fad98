import { browser } from 'wxt/browser';
import {
  SpanlightDb,
  JobRecordSchema,
  appendJobClaim,
  appendJobEvent,
  markInterruptedJobs,
  readAnswer,
  readJob,
  readSettings,
  saveAnswer,
  writeSettings,
  type AnswerRecord,
  type FollowUp,
  type JobRecord,
  type TabChoice,
} from '../db/database';
import { toPublicSettings, type Settings } from '../settings';
import type { SettingsUpdate, JobUpdate } from '../messaging/protocol';
import { callContent } from '../messaging/client';
import { answerQuestion } from '../pipeline/answer-question';
import { pipelineSettings } from '../pipeline/pipeline-settings';
import { fetchPage } from '../pipeline/fetch-page';
import { parseHtmlWithLinkedom } from '../pipeline/parse-html';
import { cachedPageReader } from '../pipeline/read-page';
import type { PipelineCache } from '../pipeline/cache';
import { dexieCache } from '../db/cache';
import { providersFor } from '../search/registry';
import { releaseSourcesFor } from '../releases/registry';
import { createOpenAiCompatibleModel } from '../model/openai-compatible';
import type { AnswerResult, ProviderFailure } from '../types';
import { failureOf } from '../shared/failure-text';
import { ProviderError } from '../shared/provider-error';
import { ensureContentScript, focusOrOpen, readTabs, showTextFragment, unreadableReason } from './tabs';
import { passageSelector } from '../anchor/passage-selector';
import { HistoryCalls } from './history-calls';
import { rewriteFollowUp } from '../pipeline/follow-up';
import { extractPage } from '../pipeline/extract';
import { factCheck } from '../factcheck/fact-check';
import { toFactCheckResult } from '../factcheck/result';
import type { ChatModel } from '../model/chat-model';
import { createBuiltinModel, detectBuiltinModel } from '../model/chrome-builtin';
import { missingSiteAccess } from './site-access';

/**
 * The chat model the settings name. Without one (keyless), the browser's built-in model when it has
 * one ready (Chrome's Prompt API), else null: the extractive composer, no model at all.
 */
async function chatModelFor(settings: Settings): Promise<ChatModel | null> {
  if (settings.model.kind === 'openai')
    return createOpenAiCompatibleModel({
      baseUrl: settings.model.baseUrl,
      apiKey: settings.model.apiKey,
      model: settings.model.model,
      ...(settings.model.capabilities ? { capabilities: settings.model.capabilities } : {}),
    });
  const builtin = await detectBuiltinModel();
  return builtin ? createBuiltinModel(builtin) : null;
}

/** A result for a failure of ours (not a provider's): shown like any unavailable answer, with a retry. */
function internalFailure(question: string, searched: string[], failure: ProviderFailure, reason: string): AnswerResult {
  return {
    mode: 'unavailable',
    question,
    trace: { stages: [] },
    evidence: [],
    searched,
    warnings: [],
    conflicts: [],
    failures: [failure],
    reason,
  };
}

/** A fact-check's claims as the page marks them: each sentence in its verdict's colour. */
function claimMarks(result: Extract<AnswerResult, { mode: 'fact-check' }>) {
  return { claims: result.claims.map((c) => ({ exact: c.sentence.slice(0, 5_000), verdict: c.verdict })) };
}

/** Refuses to start work that cannot succeed: without access to websites nothing can be searched or read. */
async function requireSiteAccess(): Promise<void> {
  const missing = await missingSiteAccess();
  if (missing) throw new Error(missing);
}

/** How long a finished job is still shown by a panel that reopens. */
export const RECENT_JOB_MS = 10 * 60_000;
/** How long an interrupted job is still offered for retry by a panel that reopens. */
export const INTERRUPTED_JOB_MS = 24 * 60 * 60_000;

/** Merges an update from the options page; a key left undefined keeps the stored one, a field left out is kept. */
export function applySettingsUpdate(current: Settings, update: SettingsUpdate): Settings {
  const keyed = (now: { apiKey: string; baseUrl: string }, next?: { baseUrl: string; apiKey?: string | undefined }) =>
    next ? { baseUrl: next.baseUrl, apiKey: next.apiKey ?? now.apiKey } : now;
  const u = update;
  // Capability overrides left out are kept; `{}` clears them.
  const capabilities = u.model.capabilities ?? current.model.capabilities;
  const hasCapabilities = !!capabilities && Object.keys(capabilities).length > 0;
  return {
    search: {
      providers: u.search.providers,
      wikipedia: u.search.wikipedia,
      brave: keyed(current.search.brave, u.search.brave),
      tavily: keyed(current.search.tavily, u.search.tavily),
      exa: keyed(current.search.exa, u.search.exa),
      searxng: u.search.searxng ?? current.search.searxng,
      serper: keyed(current.search.serper, u.search.serper),
    },
    model: {
      kind: u.model.kind,
      baseUrl: u.model.baseUrl,
      model: u.model.model,
      apiKey: u.model.apiKey ?? current.model.apiKey,
      ...(hasCapabilities ? { capabilities } : {}),
    },
    maxPages: u.maxPages,
    maxSpans: u.maxSpans,
    allowPrivateNetwork: u.allowPrivateNetwork,
    minDomains: u.minDomains ?? current.minDomains,
    requirePrimary: u.requirePrimary ?? current.requirePrimary,
    primaryDomains: u.primaryDomains ?? current.primaryDomains,
    allowDomains: u.allowDomains ?? current.allowDomains,
    denyDomains: u.denyDomains ?? current.denyDomains,
    freshnessDays: u.freshnessDays === undefined ? current.freshnessDays : u.freshnessDays,
    judge: u.judge ?? current.judge,
    prices: u.prices ?? current.prices,
    tabsPolicy: u.tabsPolicy ?? current.tabsPolicy,
    releaseSources: u.releaseSources ?? current.releaseSources,
  };
}

/** The background's work: jobs, history, citations and settings, over one database. */
export class BackgroundService {
  private readonly listeners = new Set<(update: JobUpdate) => void>();

  private readonly cache: PipelineCache;

  /** Settles once jobs cut off by a stopped worker are marked; reads of jobs wait for it. */
  private ready: Promise<unknown> = Promise.resolve();

  constructor(readonly db: SpanlightDb) {
    this.cache = dexieCache(db);
    this.history = new HistoryCalls(db);
  }

  /** At worker start: no job is running in a fresh worker, so any "running" one was cut off. */
  recoverInterruptedJobs(now = new Date()): Promise<unknown> {
    this.ready = markInterruptedJobs(this.db, now.toISOString()).catch(() => 0);
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

  /** Creates a job and runs it in the background; returns at once with its id. */
  async ask(question: string, asked: TabChoice, windowId: number | undefined, followUp?: FollowUp): Promise<{ jobId: string }> {
    await requireSiteAccess();
    // "Never read my tabs" holds whatever a page sends.
    const tabs = (await readSettings(this.db)).tabsPolicy === 'never' ? 'none' : asked;
    const job = await this.createJob(question, tabs, windowId, 'Starting…', followUp);
    void this.run(job.id);
    return { jobId: job.id };
  }

  /** A new running job, stored before any work starts (the worker may stop at any time). */
  private async createJob(
    question: string,
    tabs: TabChoice,
    windowId: number | undefined,
    first: string,
    followUp?: FollowUp,
  ): Promise<JobRecord> {
    const now = new Date().toISOString();
    const job: JobRecord = {
      id: crypto.randomUUID(),
      question,
      tabs,
      ...(windowId === undefined ? {} : { windowId }),
      status: 'running',
      createdAt: now,
      updatedAt: now,
      events: [{ at: now, stage: 'queued', message: first }],
      claims: [],
      ...(followUp ? { followUp } : {}),
    };
    await this.db.jobs.put(job);
    return job;
  }

  /** Asks a job's question again, as a new job. */
  async retry(jobId: string): Promise<{ jobId: string }> {
    const job = await readJob(this.db, jobId);
    if (!job) throw new Error('That question is no longer in history.');
    return this.ask(job.question, job.tabs, job.windowId, job.followUp);
  }

  /**
   * A follow-up in a thread: made to stand alone first (a small model call, or the deterministic
   * rewrite without a model), then asked as a new job that remembers what was typed and how it was rewritten.
   */
  async followUp(
    previousAnswerId: string,
    text: string,
    tabs: TabChoice,
    windowId: number | undefined,
  ): Promise<{ jobId: string }> {
    await requireSiteAccess();
    const previous = await this.getAnswer(previousAnswerId);
    const settings = await readSettings(this.db);
    const r = previous.result;
    const claims =
      r.mode === 'grounded' || r.mode === 'partial'
        ? r.claims.filter((c) => c.status !== 'dropped').map((c) => c.text)
        : r.mode === 'fact-check'
          ? r.claims.map((c) => c.text)
          : [];
    const t0 = performance.now();
    const rewrite = await rewriteFollowUp(await chatModelFor(settings), { question: previous.question, claims }, text);
    return this.ask(rewrite.question, tabs, windowId, {
      previousAnswerId,
      asked: text.replace(/\s+/g, ' ').trim(),
      method: rewrite.method,
      ...(rewrite.note ? { note: rewrite.note } : {}),
      ...(rewrite.tokensIn === undefined ? {} : { tokensIn: rewrite.tokensIn }),
      ...(rewrite.tokensOut === undefined ? {} : { tokensOut: rewrite.tokensOut }),
      ms: Math.round(performance.now() - t0),
    });
  }

  private async run(jobId: string): Promise<void> {
    const job = await readJob(this.db, jobId);
    if (!job) return;
    const settings = await readSettings(this.db);
    const skippedTabs: string[] = [];
    const configured = providersFor(settings);
    const progress = async (stage: string, message: string) => {
      await appendJobEvent(this.db, jobId, { at: new Date().toISOString(), stage, message });
      await this.publish(jobId);
    };
    let result: AnswerResult;
    try {
      result = await answerQuestion(
        job.question,
        {
          now: () => new Date(),
          fetch: (input, init) => fetch(input, init),
          providers: configured.providers,
          fetchPage: this.pageReader(settings),
          cache: this.cache,
          readTabs: () =>
            readTabs(
              job.tabs,
              job.windowId,
              () => new Date(),
              (url, reason) => skippedTabs.push(`${url}: ${reason}`),
            ),
          model: await chatModelFor(settings),
          releaseSources: releaseSourcesFor(settings),
          onProgress: (stage, message) => void progress(stage, message),
          onClaim: (claim) => void appendJobClaim(this.db, jobId, claim).then(() => this.publish(jobId)),
        },
        pipelineSettings(settings, configured.missingKeys),
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
    if (skippedTabs.length > 0)
      result = { ...result, warnings: [...result.warnings, ...skippedTabs.map((s) => `Tab skipped: ${s}`)] };
    if (job.followUp) result = { ...result, trace: { stages: [followUpStage(job, settings), ...result.trace.stages] } };
    await this.finish(job, result);
  }

  /**
   * Stores a job's answer and marks the job done in one transaction, then tells the panels. When
   * nothing could be written (storage full), the answer is shown from memory with the error.
   */
  private async finish(job: JobRecord, result: AnswerResult): Promise<void> {
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

  /** The web tab a fact-check reads: the one showing `url`, else the window's most recently used web tab. */
  private async pageTab(windowId: number | undefined, url?: string) {
    const tabs = (await browser.tabs.query(windowId === undefined ? {} : { windowId })).filter(
      (t) => t.id !== undefined && /^https?:/.test(t.url ?? ''),
    );
    const byUrl = url ? tabs.find((t) => t.url === url) : undefined;
    const recent = [...tabs].sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
    const tab = byUrl ?? recent;
    if (!tab) throw new Error('Open the page to check in a tab of this window first.');
    return tab;
  }

  /** Starts a fact-check of the page being read (or a selection of it); returns at once with the job id. */
  async factCheck(windowId: number | undefined, selection?: string, moreOf?: string): Promise<{ jobId: string }> {
    await requireSiteAccess();
    let skip = 0;
    let pageUrl: string | undefined;
    if (moreOf) {
      const previous = (await this.getAnswer(moreOf)).result;
      if (previous.mode !== 'fact-check') throw new Error('That answer is not a fact-check.');
      skip = previous.skipped + previous.claims.length;
      pageUrl = previous.pageUrl;
    }
    const tab = await this.pageTab(windowId, pageUrl);
    const job = await this.createJob(`Fact-check: ${tab.title || tab.url}`, 'none', windowId, 'Reading the page…');
    void this.runFactCheck(job, tab.id!, selection, skip);
    return { jobId: job.id };
  }

  private async runFactCheck(job: JobRecord, tabId: number, selection: string | undefined, skip: number): Promise<void> {
    const settings = await readSettings(this.db);
    const configured = providersFor(settings);
    const progress = async (stage: string, message: string) => {
      await appendJobEvent(this.db, job.id, { at: new Date().toISOString(), stage, message });
      await this.publish(job.id);
    };
    let result: AnswerResult;
    let pageUrl = '';
    try {
      await ensureContentScript(tabId);
      const read = await callContent(tabId, 'readPage', {});
      if (!read.ok)
        throw new ProviderError(
          failureOf('page', 'page-unreadable', { error: read.error }, { kind: 'bad-response', provider: 'The page' }),
        );
      pageUrl = read.value.url;
      const text = selection?.trim()
        ? selection
        : (
            await extractPage(
              {
                html: read.value.html,
                url: pageUrl,
                lastModified: null,
                retrievedAt: new Date().toISOString(),
                origin: 'tab',
                tabId,
              },
              parseHtmlWithLinkedom,
            )
          ).page.text;
      const outcome = await factCheck(
        {
          text,
          pageUrl,
          title: read.value.title,
          maxClaims: 8,
          skip,
          judge: settings.judge,
          settings: pipelineSettings(settings),
        },
        {
          now: () => new Date(),
          fetch: (input, init) => fetch(input, init),
          providers: configured.providers,
          fetchPage: this.pageReader(settings),
          cache: this.cache,
          model: await chatModelFor(settings),
          onProgress: (stage, message) => void progress(stage, message),
        },
      );
      result = toFactCheckResult(outcome, { question: job.question, pageUrl, pageTitle: read.value.title, skipped: skip });
    } catch (e) {
      const failure =
        e instanceof ProviderError
          ? e.failure
          : failureOf(
              'internal',
              'internal-error',
              { error: e instanceof Error ? e.message : String(e) },
              { kind: 'bad-response' },
            );
      result = internalFailure(job.question, [], failure, failure.message);
    }
    await this.finish(job, result);
    if (result.mode === 'fact-check') {
      await callContent(tabId, 'markClaims', claimMarks(result));
    }
  }

  /** Focuses the checked page, marks its claims again (it may have reloaded) and scrolls to one. */
  async showClaim(answerId: string, index: number): Promise<{ found: boolean; message: string }> {
    const r = (await this.getAnswer(answerId)).result;
    if (r.mode !== 'fact-check' || !r.claims[index]) throw new Error('No such claim.');
    const tabId = await focusOrOpen(r.pageUrl);
    await ensureContentScript(tabId);
    await callContent(tabId, 'markClaims', claimMarks(r));
    const shown = await callContent(tabId, 'scrollToClaim', { index });
    return shown.ok && shown.value.found
      ? { found: true, message: 'Shown in the page.' }
      : { found: false, message: 'This claim was not found in the page as it is now.' };
  }

  /** Fetch + extract with the page cache, as every job reads pages. */
  private pageReader(settings: Settings) {
    return cachedPageReader(
      (url, etag) =>
        fetchPage(url, {
          fetch: (input, init) => fetch(input, init),
          parseHtml: parseHtmlWithLinkedom,
          allowPrivateNetwork: settings.allowPrivateNetwork,
          now: () => new Date(),
          ...(etag ? { etag } : {}),
        }),
      this.cache,
      () => new Date(),
    );
  }

  async getJob(jobId: string): Promise<{ job: JobRecord; answer?: AnswerRecord }> {
    await this.ready;
    const job = await readJob(this.db, jobId);
    if (!job) throw new Error('No such job.');
    const answer = job.answerId ? await readAnswer(this.db, job.answerId) : undefined;
    return { job, ...(answer ? { answer } : {}) };
  }

  /** History: list and search, export and import in chunks, storage (lib/background/history-calls.ts). */
  readonly history: HistoryCalls;

  /** Newest first (50); with a query, the best matches over all of history, through its index. */
  listHistory(query = '', session?: string) {
    return this.history.list(query, session);
  }

  deleteAnswer(answerId: string): Promise<{ deleted: boolean }> {
    return this.history.deleteAnswer(answerId);
  }

  /**
   * The job a panel that opens should show: the newest one running; else the newest job, if it was
   * interrupted (within a day: it has no answer and can be retried) or finished in the last minutes.
   */
  async latestJob(now = Date.now()): Promise<{ job: JobRecord; answer?: AnswerRecord } | null> {
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

  async getAnswer(answerId: string): Promise<AnswerRecord> {
    const answer = await readAnswer(this.db, answerId);
    if (!answer) throw new Error('That answer is no longer in history.');
    return answer;
  }

  /**
   * Jumps to a cited passage: focus its tab, or open the page, find the stored quote in the page as it
   * is now (hinted by where it was) and highlight it, the answer's other passages of that page more
   * quietly. One look: our highlight; the browser's text fragment only where our script cannot run.
   * Not found → says so; the panel then shows the stored passage.
   */
  async openCitation(answerId: string, spanId: string): Promise<{ found: boolean; message: string }> {
    const answer = await this.getAnswer(answerId);
    const span = answer.result.evidence.find((e) => e.spanId === spanId);
    if (!span) throw new Error(`${spanId} is not in this answer's evidence.`);
    const quote = passageSelector(span);
    const tabId = await focusOrOpen(span.url, span.tabId, quote);
    try {
      await ensureContentScript(tabId);
    } catch {
      // Our highlight cannot run here: the browser's own text fragment is the fallback (a page
      // known to be closed to scripts was opened with it already).
      if (unreadableReason(span.url) === null) await showTextFragment(tabId, span.url, quote);
      return { found: false, message: 'This page does not allow extensions to read it; the stored passage is shown below.' };
    }
    // Passages of one page share its URL string.
    const others = answer.result.evidence
      .filter((e) => e.spanId !== spanId && e.url === span.url && e.text.length <= 20_000)
      .slice(0, 20)
      .map(passageSelector);
    const outcome = await callContent(tabId, 'highlight', { ...quote, others });
    const when = new Date(span.retrievedAt).toLocaleString();
    if (outcome.ok && outcome.value.found) {
      return {
        found: true,
        message:
          outcome.value.exact === false
            ? `Highlighted in “${span.title}”: the closest match, worded slightly differently from the passage retrieved ${when}.`
            : `Highlighted in “${span.title}”.`,
      };
    }
    return {
      found: false,
      message: `The passage was not found in the page as it is now; it may have changed since ${when}. The stored passage is shown below.`,
    };
  }

  async getSettings() {
    return toPublicSettings(await readSettings(this.db));
  }

  async saveSettings(update: SettingsUpdate) {
    const next = applySettingsUpdate(await readSettings(this.db), update);
    await writeSettings(this.db, next);
    return toPublicSettings(next);
  }
}

/** Whether a message comes from one of our own extension pages (not a content script or a web page). */
export function isOwnExtensionPage(sender: { id?: string; url?: string }): boolean {
  return sender.id === browser.runtime.id && !!sender.url && sender.url.startsWith(browser.runtime.getURL('/'));
}

/** The follow-up's rewrite as the first stage of its answer's trace. */
function followUpStage(job: JobRecord, settings: Settings): AnswerResult['trace']['stages'][number] {
  const f = job.followUp!;
  const tokensIn = f.tokensIn ?? 0;
  const tokensOut = f.tokensOut ?? 0;
  const how =
    f.method === 'model'
      ? 'rewritten by the model to stand alone'
      : f.method === 'heuristic'
        ? "the previous question's key terms added (no model)"
        : 'it stands alone: searched as written';
  return {
    stage: 'follow-up',
    startedAt: job.createdAt,
    ms: f.ms ?? 0,
    ok: true,
    summary: `“${f.asked}” → “${job.question}”: ${how}${f.note ? `. ${f.note}` : ''}`,
    detail: { previousAnswerId: f.previousAnswerId, asked: f.asked, question: job.question, method: f.method },
    ...(f.tokensIn === undefined ? {} : { tokensIn, tokensOut }),
    ...(f.method === 'model' || tokensIn > 0
      ? { costUsd: (tokensIn * settings.prices.inputPerMillion + tokensOut * settings.prices.outputPerMillion) / 1e6 }
      : {}),
  };
}
